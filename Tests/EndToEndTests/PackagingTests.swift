import Foundation
import Testing

/// The repository's root, where Makefile, packaging/ and man/ live.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

@Suite("Packaging: systemd units, installation, man pages")
struct PackagingTests {
    static let analyze = "/usr/bin/systemd-analyze"
    static let mandoc = "/usr/bin/mandoc"

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

    @Test("make install DESTDIR=… puts every file where it belongs; make uninstall removes them")
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
        ]
        for (path, expectedMode) in expected {
            #expect(try mode(dest + "/" + path) == expectedMode, "\(path)")
        }
        let service = try String(contentsOfFile: dest + "/usr/lib/systemd/user/bmd.service", encoding: .utf8)
        #expect(service.contains("ExecStart=/usr/bin/bmd\n"))
        let bash = try String(contentsOfFile: dest + "/usr/share/bash-completion/completions/bmctl", encoding: .utf8)
        #expect(bash.contains("complete") && bash.contains("activate"))

        let removed = try box.run("/usr/bin/make", ["-s", "-C", packageRoot.path, "uninstall", "DESTDIR=\(dest)", "PREFIX=/usr"],
                                  environment: env)
        #expect(removed.status == 0)
        let left = FileManager.default.enumerator(atPath: dest)?.compactMap { $0 as? String }
            .filter { (try? FileManager.default.attributesOfItem(atPath: dest + "/" + $0)[.type] as? FileAttributeType) == .typeRegular } ?? []
        #expect(left.isEmpty, "\(left)")
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
