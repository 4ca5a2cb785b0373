import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// One test at a time: when no BM_DEB is given, the first of them waits minutes for the
/// release build, and the others would each hold a thread of the test pool meanwhile.
@Suite("Packaging: the Debian package make deb builds", .serialized)
struct DebPackagingTests {
    @Test("make deb: the package's name, version, architecture and the Debian libraries it depends on",
          .timeLimit(.minutes(20)))
    func debMetadata() throws {
        let deb = try DebianPackage.path()
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        let version = try DebianPackage.sourceVersion(box)
        let arch = try box.run("/usr/bin/dpkg", ["--print-architecture"], environment: box.baseEnvironment).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(URL(fileURLWithPath: deb).lastPathComponent == "better-morning_\(version)_\(arch).deb")

        let info = try box.run("/usr/bin/dpkg-deb", ["--info", deb], environment: box.baseEnvironment)
        #expect(info.status == 0, "\(info.stderr)")
        let fields = DebianPackage.fields(info.stdout)
        #expect(fields["Package"] == "better-morning")
        #expect(fields["Version"] == version)
        #expect(fields["Architecture"] == arch)
        #expect(fields["Section"] == "utils")
        #expect(fields["Priority"] == "optional")
        #expect(fields["Maintainer"]?.contains("@") == true)
        // A project address of the package's own, the same in every file that names it, and
        // not on a name set aside for examples and tests.
        let maintainer = fields["Maintainer"] ?? ""
        let domain = maintainer.split(separator: "@").last?.trimmingCharacters(in: CharacterSet(charactersIn: "> ")) ?? ""
        #expect(!["example", "invalid", "test", "localhost"].contains { domain.hasSuffix($0) }, "Maintainer: \(maintainer)")
        for file in ["packaging/debian/changelog", "packaging/debian/copyright"] {
            let text = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
            #expect(text.contains(maintainer), "\(file) does not name \(maintainer)")
        }
        #expect(!(fields["Description"] ?? "").isEmpty)
        let depends = DebianPackage.names(fields["Depends"] ?? "")
        for library in ["libc6", "libsqlite3-0", "libsystemd0", "libnotify4", "libglib2.0-0"] {
            #expect(depends.contains(library), "Depends: \(fields["Depends"] ?? "none")")
        }
        // Only libraries bmd calls: libnotify names GdkPixbuf for its headers, bmd uses none of it.
        #expect(!depends.contains { $0.hasPrefix("libgdk-pixbuf") }, "Depends: \(fields["Depends"] ?? "none")")
        // Swift's runtime is linked in: nothing from the toolchain is asked of Debian.
        #expect(!depends.contains { $0.lowercased().contains("swift") }, "\(depends)")
    }

    @Test("make deb: the package holds the programs, user units, man pages, completions, desktop entry and icon",
          .timeLimit(.minutes(20)))
    func debContents() throws {
        let deb = try DebianPackage.path()
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        let entries = try DebianPackage.contents(deb, in: box)
        let expected: [(String, String)] = [
            ("usr/bin/bmd", "-rwxr-xr-x"), ("usr/bin/bmctl", "-rwxr-xr-x"),
            ("usr/lib/systemd/user/bmd.service", "-rw-r--r--"), ("usr/lib/systemd/user/bmd.socket", "-rw-r--r--"),
            ("usr/share/man/man1/bmd.1.gz", "-rw-r--r--"), ("usr/share/man/man1/bmctl.1.gz", "-rw-r--r--"),
            ("usr/share/man/man5/better-morning-routine.5.gz", "-rw-r--r--"),
            ("usr/share/bash-completion/completions/bmctl", "-rw-r--r--"),
            ("usr/share/zsh/vendor-completions/_bmctl", "-rw-r--r--"),
            ("usr/share/fish/vendor_completions.d/bmctl.fish", "-rw-r--r--"),
            ("usr/share/applications/better-morning.desktop", "-rw-r--r--"),
            ("usr/share/icons/hicolor/scalable/apps/better-morning.svg", "-rw-r--r--"),
            ("usr/share/doc/better-morning/copyright", "-rw-r--r--"),
            ("usr/share/doc/better-morning/changelog.gz", "-rw-r--r--"),
            ("usr/share/lintian/overrides/better-morning", "-rw-r--r--"),
        ] + PackagingTests.iconSizes.map { ("usr/share/icons/hicolor/\($0)x\($0)/apps/better-morning.png", "-rw-r--r--") }
        for (path, mode) in expected {
            #expect(entries[path]?.mode == mode, "\(path): \(entries[path].map { "\($0)" } ?? "missing")")
        }
        #expect(entries.values.allSatisfy { $0.owner == "root/root" }, "\(entries.filter { $0.value.owner != "root/root" })")
        // The autostart entry, for sessions without a systemd user manager, where desktops look for it.
        #expect(entries["etc/xdg/autostart/better-morning-bmd.desktop"]?.mode == "-rw-r--r--", "\(entries.keys.sorted())")
        // Nothing else outside /usr, and nothing on the build machine's paths.
        let autostart: Set = ["etc/", "etc/xdg/", "etc/xdg/autostart/", "etc/xdg/autostart/better-morning-bmd.desktop"]
        #expect(entries.keys.allSatisfy { $0.isEmpty || $0.hasPrefix("usr/") || autostart.contains($0) }, "\(entries.keys.sorted())")
    }

    @Test("make deb: lintian --pedantic finds no error and no warning; the one deliberate exception is an override that lintian uses",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/lintian")), .timeLimit(.minutes(20)))
    func lintianClean() throws {
        let deb = try DebianPackage.path()
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        var env = box.baseEnvironment
        env["LANG"] = "C.UTF-8"  // lintian is Perl, which complains of a locale that is not installed
        let judged = try box.run("/usr/bin/lintian", ["--pedantic", "--fail-on", "error,warning", deb], environment: env)
        #expect(judged.status == 0, "\(judged.stdout)\(judged.stderr)")
        // Again, showing the overridden tags too (lintian 2.116 then exits with 2 whatever it finds).
        let linted = try box.run("/usr/bin/lintian", ["--pedantic", "--show-overrides", deb], environment: env)
        let lines = linted.stdout.split(separator: "\n").map(String.init)
        let faults = lines.filter { $0.hasPrefix("E: ") || $0.hasPrefix("W: ") }
        #expect(faults.isEmpty, "\(faults.joined(separator: "\n"))")
        // bmctl is static on purpose, and says so in an override that lintian matched.
        #expect(lines.contains("O: better-morning: statically-linked-binary [usr/bin/bmctl]"), "\(linted.stdout)")
        #expect(!lines.contains { $0.contains("unused-override") || $0.contains("mismatched-override") }, "\(linted.stdout)")
        // Hardening: bmd's global offset table is read-only once it runs.
        #expect(!lines.contains { $0.contains("hardening-no-bindnow") || $0.contains("hardening-no-relro") }, "\(linted.stdout)")
    }

    // The window's package, better-morning-window.

    @Test("make deb: the window's package: its name and version, the main package at that version and the GTK libraries it loads",
          .timeLimit(.minutes(20)))
    func windowMetadata() throws {
        let deb = try DebianPackage.windowPath()
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        let version = try DebianPackage.sourceVersion(box)
        let info = try box.run("/usr/bin/dpkg-deb", ["--info", deb], environment: box.baseEnvironment)
        #expect(info.status == 0, "\(info.stderr)")
        let fields = DebianPackage.fields(info.stdout)
        #expect(fields["Package"] == "better-morning-window")
        #expect(fields["Version"] == version)
        let depends = fields["Depends"] ?? ""
        #expect(depends.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                    .contains("better-morning (= \(version))"), "Depends: \(depends)")
        let names = DebianPackage.names(depends)
        for library in ["libadwaita-1-0", "libgtk-4-1", "libglib2.0-0", "libc6"] {
            #expect(names.contains(library), "Depends: \(depends)")
        }
        #expect(!names.contains { $0.lowercased().contains("swift") }, "\(names)")
        #expect(!(fields["Description"] ?? "").isEmpty)
    }

    @Test("make deb: the window's package holds the program, a D-Bus activatable desktop entry, the service file that starts it, AppStream metainfo and the icons; all validate",
          .timeLimit(.minutes(20)))
    func windowContents() throws {
        let deb = try DebianPackage.windowPath()
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        let id = "org.bettermorning.BetterMorning"
        let entries = try DebianPackage.contents(deb, in: box)
        let expected: [(String, String)] = [
            ("usr/bin/better-morning", "-rwxr-xr-x"),
            ("usr/share/applications/\(id).desktop", "-rw-r--r--"),
            ("usr/share/dbus-1/services/\(id).service", "-rw-r--r--"),
            ("usr/share/metainfo/\(id).metainfo.xml", "-rw-r--r--"),
            ("usr/share/gnome-shell/search-providers/\(id).search-provider.ini", "-rw-r--r--"),
            ("usr/share/icons/hicolor/scalable/apps/\(id).svg", "-rw-r--r--"),
            ("usr/share/icons/hicolor/symbolic/apps/\(id)-symbolic.svg", "-rw-r--r--"),
            ("usr/share/man/man1/better-morning.1.gz", "-rw-r--r--"),
            ("usr/share/doc/better-morning-window/copyright", "-rw-r--r--"),
            ("usr/share/doc/better-morning-window/changelog.gz", "-rw-r--r--"),
        ]
        for (path, mode) in expected {
            #expect(entries[path]?.mode == mode, "\(path): \(entries[path].map { "\($0)" } ?? "missing")")
        }
        #expect(entries.values.allSatisfy { $0.owner == "root/root" })
        #expect(entries.keys.allSatisfy { $0.isEmpty || $0.hasPrefix("usr/") }, "\(entries.keys.sorted())")
        // Nothing of the main package's: the two install side by side.
        let main = try DebianPackage.contents(try DebianPackage.path(), in: box)
        let both = Set(main.keys).intersection(entries.keys).filter { !$0.hasSuffix("/") && !$0.isEmpty }
        #expect(both.isEmpty, "in both packages: \(both.sorted())")

        let root = box.root.appendingPathComponent("window").path
        #expect(try box.run("/usr/bin/dpkg-deb", ["-x", deb, root], environment: box.baseEnvironment).status == 0)
        let share = root + "/usr/share"
        // The bus starts the installed program as a service when asked for the app id.
        let service = try String(contentsOfFile: "\(share)/dbus-1/services/\(id).service", encoding: .utf8)
        #expect(service.split(separator: "\n") == ["[D-BUS Service]", "Name=\(id)", "Exec=/usr/bin/better-morning --gapplication-service"],
                "\(service)")
        // The menu's entry is activated over D-Bus by the same id, and runs the program elsewhere.
        let keys = DesktopEntry.keys(try String(contentsOfFile: "\(share)/applications/\(id).desktop", encoding: .utf8))
        #expect(keys["Name"] == "Better Morning" && keys["DBusActivatable"] == "true" && keys["Exec"] == "better-morning", "\(keys)")
        #expect(keys["Icon"] == id && keys["Terminal"] == "false", "\(keys)")
        #expect(keys["Categories"]?.contains("Utility;") == true && keys["Keywords"]?.contains("routine;") == true, "\(keys)")
        let validated = try box.run("/usr/bin/desktop-file-validate", ["\(share)/applications/\(id).desktop"], environment: box.baseEnvironment)
        #expect(validated.status == 0 && validated.stdout.isEmpty && validated.stderr.isEmpty, "\(validated.stdout)\(validated.stderr)")
        // The metainfo, with the desktop entry and the icon beside it, as a software centre
        // reads them. No network here: the links it names are not fetched.
        var env = box.baseEnvironment
        env["LANG"] = "C.UTF-8"
        let checked = try box.run("/usr/bin/appstreamcli", ["validate-tree", "--no-net", "--explain", root], environment: env)
        #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
        let faults = checked.stdout.split(separator: "\n").filter { $0.hasPrefix("E:") || $0.hasPrefix("W:") || $0.hasPrefix("I:") }
        #expect(faults.isEmpty, "\(checked.stdout)")
        let metainfo = try String(contentsOfFile: "\(share)/metainfo/\(id).metainfo.xml", encoding: .utf8)
        #expect(metainfo.contains("<release version=\"\(try DebianPackage.sourceVersion(box))\""), "no release of this version")
        #expect(metainfo.contains("<launchable type=\"desktop-id\">\(id).desktop</launchable>"))
    }

    @Test("make deb: lintian --pedantic finds no error and no warning in the window's package; its one exception is an override lintian uses",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/lintian")), .timeLimit(.minutes(20)))
    func windowLintianClean() throws {
        let deb = try DebianPackage.windowPath()
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        var env = box.baseEnvironment
        env["LANG"] = "C.UTF-8"
        let linted = try box.run("/usr/bin/lintian", ["--pedantic", "--show-overrides", deb], environment: env)
        let lines = linted.stdout.split(separator: "\n").map(String.init)
        let faults = lines.filter { $0.hasPrefix("E: ") || $0.hasPrefix("W: ") }
        #expect(faults.isEmpty, "\(faults.joined(separator: "\n"))")
        #expect(lines.contains("O: better-morning-window: hardening-no-pie [usr/bin/better-morning]"), "\(linted.stdout)")
        #expect(!lines.contains { $0.contains("unused-override") || $0.contains("mismatched-override") }, "\(linted.stdout)")
        #expect(!lines.contains { $0.contains("hardening-no-bindnow") || $0.contains("hardening-no-relro") }, "\(linted.stdout)")
    }

    @Test("make deb: the window's package installs at most 10 MiB", .timeLimit(.minutes(20)))
    func windowInstalledSize() throws {
        let deb = try DebianPackage.windowPath()
        let kib = try DebianPackage.installedKiB(deb, in: Sandbox(time: "2026-03-02 08:00:00"))
        #expect(kib <= 10 * 1024, "the window's package installs \(kib) KiB")
    }

    @Test("make deb: dpkg installs the window's package only beside the main one of its version; the window loads nothing Debian lacks; dpkg removes every file",
          .timeLimit(.minutes(20)))
    func windowInstalls() throws {
        let main = try DebianPackage.path()
        let window = try DebianPackage.windowPath()
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        var env = box.baseEnvironment
        env["LD_LIBRARY_PATH"] = nil
        env["PATH"] = (env["PATH"] ?? "/usr/bin:/bin") + ":/usr/sbin:/sbin"
        let target = box.root.appendingPathComponent("target").path
        // This system's entries for the libraries both packages load.
        var depends: [String] = []
        for deb in [main, window] {
            let fields = DebianPackage.fields(try box.run("/usr/bin/dpkg-deb", ["--info", deb], environment: env).stdout)
            depends += DebianPackage.names(fields["Depends"] ?? "").filter { $0 != "better-morning" }
        }
        let admin = try DebianPackage.installRoot(target, holding: depends, in: box, environment: env)
        // As root, dpkg --root would run the maintainer scripts inside the new root, where no
        // shell is; run here, they see DPKG_ROOT and leave this system alone.
        let dpkg = ["--root=\(target)", "--force-not-root", "--force-script-chrootless", "--log=/dev/null"]
        // Alone, the window asks for the main package at its own version, and for nothing else.
        let alone = try box.run("/usr/bin/dpkg", dpkg + ["--install", window], environment: env)
        let version = try DebianPackage.sourceVersion(box)
        let unmet = alone.stderr.split(separator: "\n").filter { $0.contains(" depends on ") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(alone.status != 0, "\(alone.stdout)\(alone.stderr)")
        #expect(unmet == ["better-morning-window depends on better-morning (= \(version)); however:"], "\(alone.stderr)")
        #expect(alone.stderr.contains("\n  Package better-morning is not installed.\n"), "\(alone.stderr)")
        #expect(try box.run("/usr/bin/dpkg", dpkg + ["--purge", "better-morning-window"], environment: env).status == 0)
        let both = try box.run("/usr/bin/dpkg", dpkg + ["--install", main, window], environment: env)
        #expect(both.status == 0 && !both.stderr.contains("dependency problems"), "\(both.stdout)\(both.stderr)")
        let state = try box.run("/usr/bin/dpkg-query", ["--admindir=\(admin)", "--show", "--showformat=${Status}",
                                                        "better-morning-window"], environment: env)
        #expect(state.stdout == "install ok installed", "\(state.stdout)\(state.stderr)")

        let program = target + "/usr/bin/better-morning"
        let linked = try box.run("/usr/bin/ldd", [program], environment: env)
        #expect(linked.status == 0, "\(linked.stdout)\(linked.stderr)")
        let foreign = linked.stdout.split(separator: "\n").filter { line in
            ["not found", "/opt/swift", "libswift", "libFoundation", "libdispatch", "libBlocksRuntime", "libicu"].contains { line.contains($0) }
        }
        #expect(foreign.isEmpty, "the window needs what Debian does not carry: \(foreign)")
        #expect(linked.stdout.contains("libadwaita-1.so.0"), "\(linked.stdout)")
        let sections = try box.run("/usr/bin/readelf", ["-S", "-W", program], environment: env).stdout
        #expect(!sections.contains(" .symtab ") && !sections.contains(" .debug_info "), "the window is not stripped")

        #expect(try box.run("/usr/bin/dpkg", dpkg + ["--purge", "better-morning-window", "better-morning"], environment: env).status == 0)
        let left = FileManager.default.enumerator(atPath: target + "/usr")?.compactMap { $0 as? String }
            .filter { (try? FileManager.default.attributesOfItem(atPath: target + "/usr/" + $0)[.type] as? FileAttributeType) == .typeRegular } ?? []
        #expect(left.isEmpty, "\(left)")
    }

    @Test("make deb: the copyright file is machine-readable and names the licence of every package linked in")
    func copyrightCoversEveryPackage() throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("packaging/debian/copyright"), encoding: .utf8)
        let paragraphs = text.components(separatedBy: "\n\n").map { DebianPackage.fields(" " + $0.replacingOccurrences(of: "\n", with: "\n ")) }
        #expect(paragraphs.first?["Format"] == "https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/")
        let files = paragraphs.filter { $0["Files"] != nil }
        #expect(files.first?["Files"] == "*" && files.first?["License"] == "Apache-2.0", "\(files.first ?? [:])")
        // Every licence a Files paragraph names is spelled out, or is one Debian ships.
        let defined = Set(paragraphs.filter { $0["Files"] == nil }.compactMap { $0["License"] })
        for paragraph in files {
            #expect(paragraph["Copyright"]?.isEmpty == false, "\(paragraph)")
            let license = try #require(paragraph["License"])
            let common = FileManager.default.fileExists(atPath: "/usr/share/common-licenses/" + license)
            #expect(defined.contains(license) || common, "no text for \(license)")
        }
        // Each Swift package this build resolved, by its checkout folder, and the toolchain's parts.
        let checkouts = Binaries.dir.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("checkouts")
        let packages = (try? FileManager.default.contentsOfDirectory(atPath: checkouts.path)) ?? []
        #expect(packages.count >= 5, "no checkouts in \(checkouts.path)")
        for package in packages where !package.hasPrefix(".") {
            #expect(text.contains(".build/checkouts/\(package)/*"), "packaging/debian/copyright does not name \(package)")
        }
        for part in ["libswift", "libFoundation", "lib_FoundationICU", "libdispatch"] {
            #expect(text.contains(part), "\(part)")
        }
        // The repository's own licence, named where a reader looks.
        let license = try String(contentsOf: packageRoot.appendingPathComponent("LICENSE"), encoding: .utf8)
        #expect(license.contains("Apache License") && license.contains("Version 2.0"))
        for file in ["README.md", "Package.swift"] {
            let said = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
            #expect(said.contains("Apache-2.0") || said.contains("Apache License"), "\(file) does not name the licence")
        }
    }

    @Test("make deb: dpkg installs the package beside this system's libraries; bmd and bmctl run from it without Swift's toolchain and keep the local time zone; dpkg removes every file, the purge the autostart entry too",
          .timeLimit(.minutes(20)))
    func debInstalls() throws {
        let deb = try DebianPackage.path()
        // Early March in New York is UTC-5: a runtime without time-zone data would say +00:00.
        let box = try Sandbox(zone: "America/New_York", time: "2026-03-02 08:00:00")
        var env = box.baseEnvironment
        env["LD_LIBRARY_PATH"] = nil
        // dpkg looks for ldconfig and friends on PATH when run as root.
        env["PATH"] = (env["PATH"] ?? "/usr/bin:/bin") + ":/usr/sbin:/sbin"
        let target = box.root.appendingPathComponent("target").path
        // The new root knows this system's packages the .deb depends on.
        let fields = DebianPackage.fields(try box.run("/usr/bin/dpkg-deb", ["--info", deb], environment: env).stdout)
        let admin = try DebianPackage.installRoot(target, holding: DebianPackage.names(fields["Depends"] ?? ""), in: box, environment: env)

        // As root, dpkg --root would run the maintainer scripts inside the new root, where no
        // shell is; run here, they see DPKG_ROOT and leave this system alone.
        let dpkg = ["--root=\(target)", "--force-not-root", "--force-script-chrootless", "--log=/dev/null"]
        let installed = try box.run("/usr/bin/dpkg", dpkg + ["--install", deb], environment: env)
        #expect(installed.status == 0, "\(installed.stdout)\(installed.stderr)")
        #expect(!installed.stderr.contains("dependency problems"), "\(installed.stderr)")
        let state = try box.run("/usr/bin/dpkg-query", ["--admindir=\(admin)", "--show", "--showformat=${Status} ${Version}", "better-morning"],
                                environment: env)
        let version = try DebianPackage.sourceVersion(box)
        #expect(state.stdout == "install ok installed \(version)", "\(state.stdout)\(state.stderr)")

        let bin = target + "/usr/bin"
        for program in ["bmd", "bmctl"] {
            let linked = try box.run("/usr/bin/ldd", [bin + "/" + program], environment: env)
            // bmctl is one static executable: it loads nothing at all.
            let loadsNothing = (linked.stdout + linked.stderr).contains("not a dynamic executable")
            #expect(linked.status == 0 || (program == "bmctl" && loadsNothing), "\(program): \(linked.stdout)\(linked.stderr)")
            let foreign = linked.stdout.split(separator: "\n").filter { line in
                ["not found", "/opt/swift", "libswift", "libFoundation", "libdispatch", "libBlocksRuntime"].contains { line.contains($0) }
            }
            #expect(foreign.isEmpty, "\(program) needs what Debian does not carry: \(foreign)")
        }
        // The programs make install and make deb share (scripts/release): stripped, no run path
        // into the toolchain, and bmd bound at start so its relocated data is read-only.
        for program in ["bmd", "bmctl"] {
            let sections = try box.run("/usr/bin/readelf", ["-S", "-W", bin + "/" + program], environment: env).stdout
            for section in [".debug_info", ".symtab", ".comment"] {
                #expect(!sections.contains(" \(section) "), "\(program) still has \(section)")
            }
            let dynamic = try box.run("/usr/bin/readelf", ["-d", bin + "/" + program], environment: env).stdout
            #expect(!dynamic.contains("RUNPATH") && !dynamic.contains("RPATH"), "\(program): \(dynamic)")
            if program == "bmd" { #expect(dynamic.contains("BIND_NOW"), "\(dynamic)") }
        }
        let reported = try box.run(bin + "/bmd", ["--version"], environment: env)
        #expect(reported.status == 0 && reported.stdout == "bmd \(version)\n", "\(reported.stdout)\(reported.stderr)")

        // The packaged bmd serves the packaged bmctl, in New York time.
        let notify = try NotifyListener(path: box.root.appendingPathComponent("notify").path)
        var daemonEnv = box.daemonEnvironment
        daemonEnv["LD_LIBRARY_PATH"] = nil
        daemonEnv["NOTIFY_SOCKET"] = notify.path
        let log = open(box.root.appendingPathComponent("bmd.log").path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        let daemon = try ChildProcess(bin + "/bmd", [], environment: daemonEnv, stderr: log)
        close(log)
        var stopped = false
        defer {
            if !stopped {
                daemon.signal(SIGKILL)
                daemon.wait()
            }
        }
        var message = ""
        while !message.contains("READY=1") {
            guard let next = try? notify.receive(timeout: 20) else { break }
            message = next
        }
        #expect(message.contains("READY=1"), "bmd log: \(box.daemonLog)")
        let activated = try box.run(bin + "/bmctl", ["--no-autostart", "activate", "franklin"], environment: env)
        #expect(activated.status == 0, "\(activated.stderr)")
        let shown = try box.run(bin + "/bmctl", ["--no-autostart", "status", "--json"], environment: env)
        #expect(try shown.object["nextReminder"] as? String == "2026-03-03T05:00:00-05:00", "\(shown.stdout)\(shown.stderr)")
        daemon.signal(SIGTERM)
        stopped = true
        #expect(daemon.wait() == 0, "bmd log: \(box.daemonLog)")

        let removed = try box.run("/usr/bin/dpkg", dpkg + ["--remove", "better-morning"], environment: env)
        #expect(removed.status == 0, "\(removed.stdout)\(removed.stderr)")
        func left() -> [String] {
            FileManager.default.enumerator(atPath: target)?.compactMap { $0 as? String }
                .filter { !$0.hasPrefix("var/lib/dpkg") }
                .filter { (try? FileManager.default.attributesOfItem(atPath: target + "/" + $0)[.type] as? FileAttributeType) != .typeDirectory } ?? []
        }
        // A removal keeps the configuration, the autostart entry under /etc, as Debian does;
        // the purge takes it too.
        #expect(left() == ["etc/xdg/autostart/better-morning-bmd.desktop"], "\(left())")
        let purged = try box.run("/usr/bin/dpkg", dpkg + ["--purge", "better-morning"], environment: env)
        #expect(purged.status == 0, "\(purged.stdout)\(purged.stderr)")
        #expect(left().isEmpty, "\(left())")
    }

    @Test("make deb: the packaged bmd, Swift's runtime linked in, sleeps while idle as the debug build does: no thread wakes",
          .timeLimit(.minutes(20)))
    func packagedDaemonSleeps() throws {
        let deb = try DebianPackage.path()
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        let daemon = try DebianPackage.startIdle(deb, in: box)
        // Unless this runs as the day or the reminder comes (one window of four may see
        // that), nothing is due.
        let windows = try ThreadSwitches.idleWindows(pid: daemon.pid)
        #expect(windows.last?.isEmpty == true, "threads of the packaged bmd that woke, per 2.5 s window: \(windows)")
        try box.stopDaemon()
    }

    /// An interactive zsh, in a pseudo-terminal of its own, whose function path is Debian's
    /// own with the unpacked package's root put before each folder: `bmctl TYPED<Tab><Enter>`.
    /// bmctl is a function that answers the completion calls with the packaged bmctl and
    /// prints any other call's words.
    static let zshFromPackage = #"""
        zmodload zsh/zpty
        zpty -b z zsh -f -i
        zpty -w z 'PS1="%% "; fpath=(${fpath/#\//$ROOT/} $fpath); autoload -Uz compinit; compinit -u -D'
        zpty -w z 'bmctl() { if [[ $1 == ---completion ]]; then command bmctl "$@"; else print -r -- "ARGS=${#@}<${(j:|:)@}>"; fi }'
        zpty -w -n z "bmctl $TYPED"$'\t'
        zpty -w -n z $'\n'
        zpty -w z 'print -r -- EN""D'
        zpty -r z out '*END*'
        print -r -- "$out"
        zpty -d z
        """#

    @Test("make deb: zsh, as Debian sets it up, completes bmctl's commands from the installed package",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh")), .timeLimit(.minutes(20)))
    func zshCompletesFromPackage() throws {
        let deb = try DebianPackage.path()
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        let root = box.root.appendingPathComponent("unpacked").path
        let unpacked = try box.run("/usr/bin/dpkg-deb", ["-x", deb, root], environment: box.baseEnvironment)
        #expect(unpacked.status == 0, "\(unpacked.stderr)")
        var env = box.baseEnvironment
        env["ROOT"] = root
        env["PATH"] = root + "/usr/bin:" + (env["PATH"] ?? "/usr/bin:/bin")
        env["TYPED"] = "notif"
        let run = try box.run("/usr/bin/zsh", ["-f", "-c", Self.zshFromPackage], environment: env)
        let ran = run.stdout.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("ARGS=") }
        #expect(ran == ["ARGS=1<notifications>"], "zsh ran \(ran): \(run.stdout)\(run.stderr)")
    }

    @Test("make deb: the package installs at most 70 MiB", .timeLimit(.minutes(20)))
    func debInstalledSize() throws {
        let deb = try DebianPackage.path()
        let kib = try DebianPackage.installedKiB(deb, in: Sandbox(time: "2026-03-02 08:00:00"))
        #expect(kib <= 70 * 1024, "the package installs \(kib) KiB")
    }

    @Test("make deb: the packaged bmd starts a week where each region's calendar does, from the locale data it carries",
          .timeLimit(.minutes(20)))
    func packagedDaemonKnowsWeekStarts() throws {
        let deb = try DebianPackage.path()
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        _ = try DebianPackage.startIdle(deb, in: box)
        let bin = box.root.appendingPathComponent("unpacked/usr/bin").path
        // None of these locales is installed here, so bmd asks Foundation's copy of CLDR.
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        for (locale, weekday) in [("en_US.UTF-8", 1), ("en_GB.UTF-8", 2), ("ar_EG.UTF-8", 7), ("dv_MV.UTF-8", 6)] {
            var env = box.baseEnvironment
            env["LD_LIBRARY_PATH"] = nil
            env["LANG"] = locale
            let week = try box.run(bin + "/bmctl", ["--no-autostart", "week", "--json"], environment: env)
            let start = try #require(try week.object["weekStart"] as? String, "\(week.stdout)\(week.stderr)")
            let parts = start.split(separator: "-").compactMap { Int($0) }
            try #require(parts.count == 3, "\(start)")
            let day = try #require(utc.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2])), "\(start)")
            #expect(utc.component(.weekday, from: day) == weekday, "\(locale): the week starts on \(start)")
        }
        try box.stopDaemon()
    }

    @Test("make deb: the packaged bmd, idle, has written at most 1,152 KiB of private memory (Private_Dirty)",
          .timeLimit(.minutes(20)))
    func packagedDaemonIsSmall() throws {
        let deb = try DebianPackage.path()
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        let daemon = try DebianPackage.startIdle(deb, in: box)
        // What it wrote is its own: the heap, stacks, and data the loader or the runtime
        // changed. Code and read-only data stay the file's, shared and dropped under pressure.
        let rollup = try String(contentsOfFile: "/proc/\(daemon.pid)/smaps_rollup", encoding: .utf8)
        let dirty = rollup.split(separator: "\n").first { $0.hasPrefix("Private_Dirty:") }
            .flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true)[1]) }
        let kib = try #require(dirty, "\(rollup)")
        // Foundation reads a /proc file only as far as its first block.
        let mappings = try box.run("/bin/cat", ["/proc/\(daemon.pid)/smaps"], environment: box.baseEnvironment).stdout
        #expect(kib <= 1152, "bmd has written \(kib) KiB; its largest mappings: \(DebianPackage.largestDirty(mappings))")
        try box.stopDaemon()
    }
}
