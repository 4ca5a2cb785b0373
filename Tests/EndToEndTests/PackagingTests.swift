import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The repository's root, where Makefile, packaging/ and man/ live.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

@Suite("Packaging: systemd units, installation, man pages")
struct PackagingTests {
    static let analyze = "/usr/bin/systemd-analyze"
    static let mandoc = "/usr/bin/mandoc"
    /// The sizes of the app's icon in the hicolor theme, beside the scalable SVG.
    static let iconSizes = [16, 22, 24, 32, 48, 64, 128, 256]

    @Test("The icon's PNGs are the size their hicolor folder says, with an alpha channel for any panel's colour")
    func iconSizesMatch() throws {
        for size in Self.iconSizes {
            let url = packageRoot.appendingPathComponent("packaging/desktop/icons/hicolor/\(size)x\(size)/apps/better-morning.png")
            let data = try Data(contentsOf: url)
            // The PNG signature, then the IHDR chunk: width and height (big-endian), bit depth, colour type.
            #expect(data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "\(url.path)")
            let bytes = [UInt8](data.prefix(26))
            try #require(bytes.count == 26)
            let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
            let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
            #expect(width == size && height == size, "\(url.lastPathComponent) at \(size): \(width)x\(height)")
            #expect(bytes[25] == 6, "\(size)x\(size): colour type \(bytes[25]), not RGBA")
        }
    }

    @Test("The user units verify without a single warning", .enabled(if: FileManager.default.isExecutableFile(atPath: analyze)))
    func unitsVerify() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        let folder = box.root.appendingPathComponent("units")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let service = try String(contentsOf: packageRoot.appendingPathComponent("packaging/systemd/bmd.service.in"), encoding: .utf8)
            .replacingOccurrences(of: "@bindir@", with: Binaries.dir.path)
        try service.write(to: folder.appendingPathComponent("bmd.service"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("packaging/systemd/bmd.socket"),
                                         to: folder.appendingPathComponent("bmd.socket"))
        let verified = try box.run(Self.analyze, ["--user", "verify", "--man=no",
                                                  folder.appendingPathComponent("bmd.socket").path,
                                                  folder.appendingPathComponent("bmd.service").path],
                                   environment: box.baseEnvironment)
        #expect(verified.status == 0)
        #expect(verified.stdout.isEmpty && verified.stderr.isEmpty, "\(verified.stdout)\(verified.stderr)")
        #expect(service.contains("Type=notify") && service.contains("Documentation=man:bmd(1)"))
    }

    @Test("make install DESTDIR=… puts every file where it belongs; make uninstall removes them and the folders it made")
    func install() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        let dest = box.root.appendingPathComponent("dest").path
        var env = box.baseEnvironment
        env["MAKEFLAGS"] = nil
        let installed = try box.run("/usr/bin/make", ["-s", "-C", packageRoot.path, "install", "DESTDIR=\(dest)",
                                                      "PREFIX=/usr", "BIN_DIR=\(Binaries.dir.path)"], environment: env)
        #expect(installed.status == 0, "\(installed.stderr)")
        let expected: [(String, Int)] = [
            ("usr/bin/bmd", 0o755), ("usr/bin/bmctl", 0o755),
            ("usr/lib/systemd/user/bmd.service", 0o644), ("usr/lib/systemd/user/bmd.socket", 0o644),
            ("usr/share/man/man1/bmd.1", 0o644), ("usr/share/man/man1/bmctl.1", 0o644),
            ("usr/share/bash-completion/completions/bmctl", 0o644), ("usr/share/zsh/site-functions/_bmctl", 0o644),
            ("usr/share/fish/vendor_completions.d/bmctl.fish", 0o644),
            ("usr/share/applications/better-morning.desktop", 0o644),
            ("usr/share/icons/hicolor/scalable/apps/better-morning.svg", 0o644),
        ] + Self.iconSizes.map { ("usr/share/icons/hicolor/\($0)x\($0)/apps/better-morning.png", 0o644) }
        for (path, expectedMode) in expected {
            #expect(try mode(dest + "/" + path) == expectedMode, "\(path)")
        }
        let service = try String(contentsOfFile: dest + "/usr/lib/systemd/user/bmd.service", encoding: .utf8)
        #expect(service.contains("ExecStart=/usr/bin/bmd\n"))
        let bash = try String(contentsOfFile: dest + "/usr/share/bash-completion/completions/bmctl", encoding: .utf8)
        #expect(bash.contains("complete") && bash.contains("activate"))
        // bash sources the file: a #! line would claim it runs on its own.
        #expect(!bash.hasPrefix("#!"), "\(bash.prefix(40))")

        let removed = try box.run("/usr/bin/make", ["-s", "-C", packageRoot.path, "uninstall", "DESTDIR=\(dest)", "PREFIX=/usr"],
                                  environment: env)
        #expect(removed.status == 0)
        let left = FileManager.default.enumerator(atPath: dest)?.compactMap { $0 as? String }
            .filter { (try? FileManager.default.attributesOfItem(atPath: dest + "/" + $0)[.type] as? FileAttributeType) == .typeRegular } ?? []
        #expect(left.isEmpty, "\(left)")
        // The folders the install made go too once empty; the prefix's own top folders stay.
        let folders = FileManager.default.enumerator(atPath: dest)?.compactMap { $0 as? String } ?? []
        #expect(Set(folders).isSubset(of: ["usr", "usr/bin", "usr/lib", "usr/share", "usr/share/man"]), "\(folders.sorted())")
    }

    @Test("The README shows the reminder on a light and a dark theme, and every picture it shows is a PNG in the repository")
    func readmePictures() throws {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let shown = readme.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("!["), let open = line.lastIndex(of: "("), line.hasSuffix(")") else { return nil }
            return String(line[line.index(after: open)..<line.index(before: line.endIndex)])
        }
        #expect(shown.contains("docs/pictures/reminder.png") && shown.contains("docs/pictures/reminder-dark.png"), "\(shown)")
        for path in shown {
            let data = try Data(contentsOf: packageRoot.appendingPathComponent(path))
            #expect(data.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]), "\(path) is not a PNG")
        }
    }

    @Test("Man pages are clean under mandoc -Tlint", .enabled(if: FileManager.default.isExecutableFile(atPath: mandoc)))
    func lint() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        let pages = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("man").path)
            .filter { $0.range(of: #"\.[1-8]$"#, options: .regularExpression) != nil }
        #expect(pages.contains("bmd.1") && pages.contains("bmctl.1"))
        for page in pages {
            let linted = try box.run(Self.mandoc, ["-Tlint", "-W", "warning", packageRoot.appendingPathComponent("man/" + page).path],
                                     environment: box.baseEnvironment)
            #expect(linted.status == 0 && linted.stdout.isEmpty, "\(page): \(linted.stdout)\(linted.stderr)")
        }
    }

    @Test("bmctl(1) documents every bmctl subcommand")
    func everyCommandDocumented() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        let help = try box.bmctl("--help").stdout
        // The SUBCOMMANDS section lists one command per line, indented by two spaces.
        let after = try #require(help.components(separatedBy: "SUBCOMMANDS:").last)
        let section = after.components(separatedBy: "\n\n").first ?? after
        let commands = section.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }
            return line.split(separator: " ").first.map(String.init)
        }.filter { $0 != "help" }
        #expect(commands.count >= 13)
        let page = try String(contentsOf: packageRoot.appendingPathComponent("man/bmctl.1"), encoding: .utf8)
        for command in commands {
            #expect(page.contains(".It Cm \(command)"), "bmctl(1) does not document \(command)")
        }
    }
}

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
        let listed = try box.run("/usr/bin/dpkg-deb", ["--contents", deb], environment: box.baseEnvironment)
        #expect(listed.status == 0, "\(listed.stderr)")
        // "-rwxr-xr-x root/root 68951800 2026-11-23 18:42 ./usr/bin/bmd"
        var entries: [String: (mode: String, owner: String)] = [:]
        for line in listed.stdout.split(separator: "\n") {
            let columns = line.split(separator: " ", omittingEmptySubsequences: true)
            guard columns.count >= 6, let path = columns.last else { continue }
            entries[String(path.dropFirst(2))] = (String(columns[0]), String(columns[1]))
        }
        let expected: [(String, String)] = [
            ("usr/bin/bmd", "-rwxr-xr-x"), ("usr/bin/bmctl", "-rwxr-xr-x"),
            ("usr/lib/systemd/user/bmd.service", "-rw-r--r--"), ("usr/lib/systemd/user/bmd.socket", "-rw-r--r--"),
            ("usr/share/man/man1/bmd.1.gz", "-rw-r--r--"), ("usr/share/man/man1/bmctl.1.gz", "-rw-r--r--"),
            ("usr/share/man/man5/better-morning-routine.5.gz", "-rw-r--r--"),
            ("usr/share/bash-completion/completions/bmctl", "-rw-r--r--"),
            ("usr/share/zsh/site-functions/_bmctl", "-rw-r--r--"),
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
        // Nothing outside /usr, and nothing on the build machine's paths.
        #expect(entries.keys.allSatisfy { $0.isEmpty || $0.hasPrefix("usr/") }, "\(entries.keys.sorted())")
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

    @Test("make deb: dpkg installs the package beside this system's libraries; bmd and bmctl run from it without Swift's toolchain and keep the local time zone; dpkg removes every file",
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
        let admin = target + "/var/lib/dpkg"
        for folder in ["info", "updates"] {
            try FileManager.default.createDirectory(atPath: admin + "/" + folder, withIntermediateDirectories: true)
        }
        // The new root's package database holds this system's entries for the packages the
        // .deb depends on, so that dpkg checks Depends against what is really installed here.
        let fields = DebianPackage.fields(try box.run("/usr/bin/dpkg-deb", ["--info", deb], environment: env).stdout)
        let depends = DebianPackage.names(fields["Depends"] ?? "")
        #expect(!depends.isEmpty)
        let status = try box.run("/usr/bin/dpkg-query", ["--status"] + depends, environment: env)
        #expect(status.status == 0, "a library the package needs is not installed here: \(status.stderr)")
        try status.stdout.write(toFile: admin + "/status", atomically: true, encoding: .utf8)
        let installedNames = try box.run("/usr/bin/dpkg-query", ["--show", "--showformat=${binary:Package}\\n"] + depends, environment: env)
        for name in installedNames.stdout.split(separator: "\n") {
            _ = FileManager.default.createFile(atPath: admin + "/info/\(name).list", contents: Data())
        }

        let dpkg = ["--root=\(target)", "--force-not-root", "--log=/dev/null"]
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
        let left = FileManager.default.enumerator(atPath: target)?.compactMap { $0 as? String }
            .filter { !$0.hasPrefix("var/lib/dpkg") }
            .filter { (try? FileManager.default.attributesOfItem(atPath: target + "/" + $0)[.type] as? FileAttributeType) != .typeDirectory } ?? []
        #expect(left.isEmpty, "\(left)")
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

    @Test("make deb: the package installs at most 70 MiB", .timeLimit(.minutes(20)))
    func debInstalledSize() throws {
        let deb = try DebianPackage.path()
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        let info = try box.run("/usr/bin/dpkg-deb", ["--field", deb, "Installed-Size"], environment: box.baseEnvironment)
        #expect(info.status == 0, "\(info.stderr)")
        let kib = try #require(Int(info.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), "\(info.stdout)")
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

    @Test("make deb: the packaged bmd, idle, has written at most 1.5 MiB of private memory (Private_Dirty)",
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
        #expect(kib <= 1536, "bmd has written \(kib) KiB; its largest mappings: \(DebianPackage.largestDirty(mappings))")
        try box.stopDaemon()
    }
}

/// The .deb the tests check: the one `make test` built with scripts/deb (BM_DEB), or
/// else one scripts/deb builds now, once, into out/ as `make deb` does.
enum DebianPackage {
    struct BuildFailed: Error, CustomStringConvertible {
        var description: String
    }

    private static let built: Result<String, BuildFailed> = {
        if let given = ProcessInfo.processInfo.environment["BM_DEB"], !given.isEmpty {
            return .success(given)
        }
        var env = ProcessInfo.processInfo.environment
        env["MAKEFLAGS"] = nil
        // swift test holds its build folder's lock while the tests run: scripts/deb building
        // in that same folder would wait for it forever.
        let scratch = URL(fileURLWithPath: env["RELEASE_SCRATCH"] ?? packageRoot.appendingPathComponent(".build-release").path,
                          relativeTo: packageRoot).standardizedFileURL.resolvingSymlinksInPath().path
        let tests = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.resolvingSymlinksInPath().path
        if tests.hasPrefix(scratch + "/") {
            return .failure(BuildFailed(description: "these tests run from \(scratch), where scripts/deb would build: "
                                        + "set BM_DEB to a built .deb or RELEASE_SCRATCH to another folder"))
        }
        guard let run = try? ChildProcess.run(packageRoot.appendingPathComponent("scripts/deb").path, [], environment: env) else {
            return .failure(BuildFailed(description: "scripts/deb could not be started"))
        }
        let path = run.stdout.split(separator: "\n").last.map(String.init) ?? ""
        guard run.status == 0, path.hasSuffix(".deb") else {
            return .failure(BuildFailed(description: "scripts/deb exited with \(run.status): \(run.stderr.suffix(4000))"))
        }
        return .success(path)
    }()

    static func path() throws -> String {
        let path = try built.get()
        #expect(FileManager.default.fileExists(atPath: path), "\(path)")
        return path
    }

    /// Unpacks `deb` into the sandbox, starts its bmd on the real clock, activates a
    /// routine and asks for the status with its bmctl, and returns the running bmd.
    static func startIdle(_ deb: String, in box: Sandbox) throws -> ChildProcess {
        let target = box.root.appendingPathComponent("unpacked").path
        let unpacked = try box.run("/usr/bin/dpkg-deb", ["-x", deb, target], environment: box.baseEnvironment)
        #expect(unpacked.status == 0, "\(unpacked.stderr)")
        let bin = target + "/usr/bin"
        // Pages of a file just written stay dirty in the page cache until written back, and
        // a process that maps them alone counts them as its own Private_Dirty: write them now.
        #expect(try box.run("/usr/bin/sync", [bin + "/bmd"], environment: box.baseEnvironment).status == 0)
        var env = box.baseEnvironment
        env["LD_LIBRARY_PATH"] = nil
        // The real clock: libfaketime stops timers that read the clock it fakes, and it
        // would add its own memory.
        let daemon = try box.startDaemon(environment: ["LD_LIBRARY_PATH": ""], fakeClock: false, executable: bin + "/bmd")
        let activated = try box.run(bin + "/bmctl", ["--no-autostart", "activate", "darwin"], environment: env)
        #expect(activated.status == 0, "\(activated.stderr)")
        #expect(try box.run(bin + "/bmctl", ["--no-autostart", "status"], environment: env).status == 0)
        return daemon
    }

    /// The five mappings of a /proc/PID/smaps text with the most Private_Dirty, as "KiB name".
    static func largestDirty(_ smaps: String) -> [String] {
        var name = "", found: [(Int, String)] = []
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let first = fields.first, first.contains("-"), first.allSatisfy({ $0.isHexDigit || $0 == "-" }) {
                name = fields.count > 5 ? String(fields[5]) : "[anonymous] \(first)"
            } else if fields.first == "Private_Dirty:", fields.count > 1, let kib = Int(fields[1]), kib > 0 {
                found.append((kib, name))
            }
        }
        return found.sorted { $0.0 > $1.0 }.prefix(5).map { "\($0.0) \($0.1)" }
    }

    /// The version the source gives (`bmd --version` of the build under test).
    static func sourceVersion(_ box: Sandbox) throws -> String {
        let said = try box.run(Binaries.bmd, ["--version"], environment: box.baseEnvironment).stdout
        let version = said.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "bmd ", with: "")
        #expect(!version.isEmpty, "bmd --version said \(said)")
        return version
    }

    /// "Field: value" lines of `dpkg-deb --info` (one space indented); continuation lines are left out.
    static func fields(_ info: String) -> [String: String] {
        var fields: [String: String] = [:]
        for line in info.split(separator: "\n") where line.hasPrefix(" ") && !line.hasPrefix("  ") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[line.startIndex..<colon].trimmingCharacters(in: .whitespaces)
            guard !name.contains(" ") else { continue }
            fields[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }

    /// The package names in a Depends field, alternatives included, without versions.
    static func names(_ depends: String) -> [String] {
        depends.split(whereSeparator: { $0 == "," || $0 == "|" }).compactMap {
            $0.split(separator: " ").first.map(String.init)
        }
    }
}
