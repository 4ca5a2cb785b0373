import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What installing the package does beyond placing files: its maintainer scripts turn bmd
/// on for every user, as Debian's own helpers do for a package's user units, and purging
/// it turns it off again; where no systemd user manager runs, an autostart entry starts bmd.
@Suite("Packaging: installing the package turns the reminder on", .serialized)
struct DebMaintainerScriptTests {
    /// The user units the scripts enable, each as the link `systemctl --global enable` makes.
    static let links = [
        "sockets.target.wants/bmd.socket": "/usr/lib/systemd/user/bmd.socket",
        "default.target.wants/bmd.service": "/usr/lib/systemd/user/bmd.service",
    ]

    /// A root for `dpkg --root` with the package installed in it, and the environment that
    /// runs its maintainer scripts against that root: Debian's real `deb-systemd-helper`
    /// with `DPKG_ROOT` set to it (dpkg itself sets `DPKG_ROOT`, and then the scripts leave
    /// the units alone), and a `deb-systemd-invoke` that only writes down what it was asked,
    /// as no user manager runs here to stop bmd in.
    struct Installed {
        let box: Sandbox
        let target: String
        let scripts: String
        let invoked: String
        let dpkg: [String]
        let env: [String: String]
        let scriptEnv: [String: String]

        init(_ deb: String) throws {
            box = try Sandbox(time: "2026-03-02 08:00:00")
            var env = box.baseEnvironment
            env["LD_LIBRARY_PATH"] = nil
            env["PATH"] = (env["PATH"] ?? "/usr/bin:/bin") + ":/usr/sbin:/sbin"
            self.env = env
            target = box.root.appendingPathComponent("target").path
            let fields = DebianPackage.fields(try box.run("/usr/bin/dpkg-deb", ["--info", deb], environment: env).stdout)
            _ = try DebianPackage.installRoot(target, holding: DebianPackage.names(fields["Depends"] ?? ""), in: box, environment: env)
            // As root, dpkg --root runs the scripts inside the root (chroot), where no shell is.
            dpkg = ["--root=\(target)", "--force-not-root", "--force-script-chrootless", "--log=/dev/null"]
            let installed = try box.run("/usr/bin/dpkg", dpkg + ["--install", deb], environment: env)
            #expect(installed.status == 0, "\(installed.stdout)\(installed.stderr)")

            let helpers = box.root.appendingPathComponent("helpers").path
            try FileManager.default.createDirectory(atPath: helpers, withIntermediateDirectories: true)
            invoked = box.root.appendingPathComponent("invoked").path
            let helper = "#!/bin/sh\nDPKG_ROOT='\(target)' exec /usr/bin/deb-systemd-helper \"$@\"\n"
            let invoke = "#!/bin/sh\necho \"$*\" >> '\(invoked)'\n"
            for (name, text) in [("deb-systemd-helper", helper), ("deb-systemd-invoke", invoke)] {
                try text.write(toFile: helpers + "/" + name, atomically: true, encoding: .utf8)
                chmod(helpers + "/" + name, 0o755)
            }
            var scriptEnv = env
            scriptEnv["PATH"] = helpers + ":" + (env["PATH"] ?? "/usr/bin:/bin")
            scriptEnv["DPKG_MAINTSCRIPT_PACKAGE"] = "better-morning"
            scriptEnv["DPKG_ROOT"] = nil
            self.scriptEnv = scriptEnv
            // The scripts as installed, kept: dpkg deletes them with the package.
            scripts = box.root.appendingPathComponent("scripts").path
            try FileManager.default.createDirectory(atPath: scripts, withIntermediateDirectories: true)
            for name in ["postinst", "prerm", "postrm"] {
                try FileManager.default.copyItem(atPath: "\(target)/var/lib/dpkg/info/better-morning.\(name)", toPath: scripts + "/" + name)
            }
        }

        /// Runs the package's maintainer script `name` with `arguments`, as dpkg would on this system.
        func script(_ name: String, _ arguments: String...) throws -> Output {
            let run = try box.run("/bin/sh", [scripts + "/" + name] + arguments, environment: scriptEnv)
            #expect(run.status == 0, "\(name) \(arguments): \(run.stdout)\(run.stderr)")
            return run
        }

        /// Each link under the root's /etc/systemd/user, with what it points at.
        var userLinks: [String: String] {
            let folder = target + "/etc/systemd/user"
            let found = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
            var links: [String: String] = [:]
            for path in found {
                if let dest = try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + path) { links[path] = dest }
            }
            return links
        }

        /// What systemd, reading the root, says of each unit for every user.
        func enabled() throws -> String {
            try box.run("/usr/bin/systemctl", ["--root=\(target)", "--global", "is-enabled", "bmd.socket", "bmd.service"],
                        environment: env).stdout
        }
    }

    @Test("The package's scripts enable bmd.socket and bmd.service for every user, and only them; a purge takes both away",
          .timeLimit(.minutes(20)))
    func scriptsEnableTheUnits() throws {
        let installed = try Installed(try DebianPackage.path())
        // Under dpkg --root the scripts ran with DPKG_ROOT set, and touched nothing.
        #expect(installed.userLinks.isEmpty, "\(installed.userLinks)")
        _ = try installed.script("postinst", "configure")
        #expect(installed.userLinks == Self.links)
        #expect(try installed.enabled() == "enabled\nenabled\n")
        // Both units are sound as packaged; only the program's folder is the root's.
        let units = installed.box.root.appendingPathComponent("units").path
        try FileManager.default.createDirectory(atPath: units, withIntermediateDirectories: true)
        for unit in ["bmd.socket", "bmd.service"] {
            let text = try String(contentsOfFile: installed.target + "/usr/lib/systemd/user/" + unit, encoding: .utf8)
            try text.replacingOccurrences(of: "=/usr/bin/", with: "=\(installed.target)/usr/bin/")
                .write(toFile: units + "/" + unit, atomically: true, encoding: .utf8)
        }
        let verified = try installed.box.run(PackagingTests.analyze, ["--user", "verify", "--man=no", units + "/bmd.socket", units + "/bmd.service"],
                                             environment: installed.env)
        #expect(verified.status == 0 && verified.stdout.isEmpty && verified.stderr.isEmpty, "\(verified.stdout)\(verified.stderr)")

        // Removing stops bmd in every running session, and keeps the links until the purge.
        _ = try installed.script("prerm", "remove")
        #expect((try? String(contentsOfFile: installed.invoked, encoding: .utf8)) == "--user stop bmd.socket bmd.service\n")
        let removed = try installed.box.run("/usr/bin/dpkg", installed.dpkg + ["--remove", "better-morning"], environment: installed.env)
        #expect(removed.status == 0, "\(removed.stdout)\(removed.stderr)")
        #expect(installed.userLinks == Self.links)
        _ = try installed.script("postrm", "purge")
        #expect(installed.userLinks.isEmpty, "\(installed.userLinks)")
        #expect(!FileManager.default.fileExists(atPath: installed.target + "/var/lib/systemd/deb-systemd-user-helper-enabled"))
        let purged = try installed.box.run("/usr/bin/dpkg", installed.dpkg + ["--purge", "better-morning"], environment: installed.env)
        #expect(purged.status == 0, "\(purged.stdout)\(purged.stderr)")
        #expect(!FileManager.default.fileExists(atPath: installed.target + "/etc/xdg/autostart/better-morning-bmd.desktop"))
    }

    @Test("An upgrade leaves bmd off for every user where it was turned off, and turns nothing else on",
          .timeLimit(.minutes(20)))
    func upgradeKeepsItOff() throws {
        let installed = try Installed(try DebianPackage.path())
        _ = try installed.script("postinst", "configure")
        let disabled = try installed.box.run("/usr/bin/systemctl", ["--root=\(installed.target)", "--global", "disable", "bmd.socket", "bmd.service"],
                                             environment: installed.env)
        #expect(disabled.status == 0, "\(disabled.stderr)")
        _ = try installed.script("postinst", "configure", "0.1.0")
        #expect(installed.userLinks.isEmpty, "\(installed.userLinks)")
        #expect(try installed.enabled() == "disabled\ndisabled\n")
    }

    @Test("The autostart entry starts bmd only where no systemd user manager runs; systemd's generator skips it",
          .timeLimit(.minutes(20)))
    func autostartEntry() throws {
        let deb = try DebianPackage.path()
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        let root = box.root.appendingPathComponent("unpacked").path
        #expect(try box.run("/usr/bin/dpkg-deb", ["-x", deb, root], environment: box.baseEnvironment).status == 0)
        let entry = root + "/etc/xdg/autostart/better-morning-bmd.desktop"
        let validated = try box.run("/usr/bin/desktop-file-validate", [entry], environment: box.baseEnvironment)
        #expect(validated.status == 0 && validated.stdout.isEmpty && validated.stderr.isEmpty, "\(validated.stdout)\(validated.stderr)")
        let conffiles = try box.run("/usr/bin/dpkg-deb", ["--info", deb, "conffiles"], environment: box.baseEnvironment).stdout
        #expect(conffiles == "/etc/xdg/autostart/better-morning-bmd.desktop\n", "\(conffiles)")

        // A session under systemd starts autostart entries through units its generator
        // writes: none for this one, as bmd.socket starts bmd there.
        let generator = "/usr/lib/systemd/user-generators/systemd-xdg-autostart-generator"
        if FileManager.default.isExecutableFile(atPath: generator) {
            let out = box.root.appendingPathComponent("generated").path
            var env = box.baseEnvironment
            env["XDG_CONFIG_DIRS"] = root + "/etc/xdg"
            env["XDG_CONFIG_HOME"] = box.root.appendingPathComponent("config").path
            let generated = try box.run(generator, [out, out, out], environment: env)
            #expect(generated.status == 0, "\(generated.stderr)")
            let units = (FileManager.default.enumerator(atPath: out)?.compactMap { $0 as? String } ?? []).filter { $0.contains("bmd") }
            #expect(units.isEmpty, "\(units)")
        }

        // A desktop that starts the entry itself runs its command: bmd only when no systemd
        // user manager answers. Stand-ins for systemctl and bmd say which ran.
        let keys = DesktopEntry.keys(try String(contentsOfFile: entry, encoding: .utf8))
        let exec = try #require(keys["Exec"])
        let prefix = "sh -c \"", suffix = "\""
        try #require(exec.hasPrefix(prefix) && exec.hasSuffix(suffix), "\(exec)")
        let command = String(exec.dropFirst(prefix.count).dropLast(suffix.count))
        #expect(command.hasSuffix("exec /usr/bin/bmd"), "\(command)")
        #expect(keys["TryExec"] == "/usr/bin/bmd")
        let fakes = box.root.appendingPathComponent("fakes").path
        try FileManager.default.createDirectory(atPath: fakes, withIntermediateDirectories: true)
        let started = box.root.appendingPathComponent("started").path
        try "#!/bin/sh\necho bmd >> '\(started)'\n".write(toFile: fakes + "/bmd", atomically: true, encoding: .utf8)
        chmod(fakes + "/bmd", 0o755)
        let local = command.replacingOccurrences(of: "/usr/bin/bmd", with: fakes + "/bmd")
        for (managerAnswers, starts) in [(true, false), (false, true)] {
            try "#!/bin/sh\nexit \(managerAnswers ? 0 : 1)\n".write(toFile: fakes + "/systemctl", atomically: true, encoding: .utf8)
            chmod(fakes + "/systemctl", 0o755)
            try? FileManager.default.removeItem(atPath: started)
            var env = box.baseEnvironment
            env["PATH"] = fakes + ":" + (env["PATH"] ?? "/usr/bin:/bin")
            let ran = try box.run("/bin/sh", ["-c", local], environment: env)
            #expect(ran.status == 0, "\(ran.stderr)")
            #expect(FileManager.default.fileExists(atPath: started) == starts, "a user manager answers: \(managerAnswers)")
        }
    }
}
