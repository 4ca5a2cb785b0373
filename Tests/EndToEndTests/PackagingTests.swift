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
            ("usr/share/bash-completion/completions/bmctl", 0o644), ("usr/share/zsh/vendor-completions/_bmctl", 0o644),
            ("usr/share/fish/vendor_completions.d/bmctl.fish", 0o644),
            ("usr/share/applications/better-morning.desktop", 0o644),
            ("usr/share/icons/hicolor/scalable/apps/better-morning.svg", 0o644),
            ("etc/xdg/autostart/better-morning-bmd.desktop", 0o644),
        ] + Self.iconSizes.map { ("usr/share/icons/hicolor/\($0)x\($0)/apps/better-morning.png", 0o644) }
        for (path, expectedMode) in expected {
            #expect(try mode(dest + "/" + path) == expectedMode, "\(path)")
        }
        // The window comes too where it was built (libadwaita is installed, as make test sees
        // to), started by the bus from where it was installed.
        let id = "org.bettermorning.BetterMorning"
        let window: [(String, Int)] = [
            ("usr/bin/better-morning", 0o755), ("usr/share/man/man1/better-morning.1", 0o644),
            ("usr/share/applications/\(id).desktop", 0o644), ("usr/share/dbus-1/services/\(id).service", 0o644),
            ("usr/share/metainfo/\(id).metainfo.xml", 0o644), ("usr/share/icons/hicolor/scalable/apps/\(id).svg", 0o644),
            ("usr/share/icons/hicolor/symbolic/apps/\(id)-symbolic.svg", 0o644),
            ("usr/share/gnome-shell/search-providers/\(id).search-provider.ini", 0o644),
        ]
        let built = Binaries.dir.appendingPathComponent("better-morning").path
        try #require(FileManager.default.isExecutableFile(atPath: built), "no \(built): make test builds it (libadwaita-1-dev)")
        for (path, expectedMode) in window {
            #expect(try mode(dest + "/" + path) == expectedMode, "\(path)")
        }
        let bus = try String(contentsOfFile: dest + "/usr/share/dbus-1/services/\(id).service", encoding: .utf8)
        #expect(bus.contains("Exec=/usr/bin/better-morning --gapplication-service\n"), "\(bus)")
        let service = try String(contentsOfFile: dest + "/usr/lib/systemd/user/bmd.service", encoding: .utf8)
        #expect(service.contains("ExecStart=/usr/bin/bmd\n"))
        // Where no systemd user manager starts bmd, the desktop's autostart does, from where it was installed.
        let autostart = try String(contentsOfFile: dest + "/etc/xdg/autostart/better-morning-bmd.desktop", encoding: .utf8)
        #expect(autostart.contains("exec /usr/bin/bmd\"\n") && autostart.contains("X-systemd-skip=true\n"), "\(autostart)")
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

        // Under /usr/local, zsh's completion goes where Debian's zsh looks for local ones.
        let local = box.root.appendingPathComponent("local").path
        let installedLocally = try box.run("/usr/bin/make", ["-s", "-C", packageRoot.path, "install", "DESTDIR=\(local)",
                                                             "PREFIX=/usr/local", "BIN_DIR=\(Binaries.dir.path)"], environment: env)
        #expect(installedLocally.status == 0, "\(installedLocally.stderr)")
        #expect(try mode(local + "/usr/local/share/zsh/site-functions/_bmctl") == 0o644)
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

    static let groff = "/usr/bin/groff"

    /// Each man page as a reader sees it, one line per line of text: through groff, as
    /// Debian's man renders it, and through mandoc, both wide enough not to wrap.
    static func rendered(_ page: String, in box: Sandbox) throws -> [(renderer: String, text: String)] {
        let path = packageRoot.appendingPathComponent("man/" + page).path
        var env = box.baseEnvironment
        env["LANG"] = "C.UTF-8"
        let byGroff = try box.run(groff, ["-mandoc", "-Tutf8", "-P-cbou", "-rLL=300n", path], environment: env)
        #expect(byGroff.status == 0, "\(page): \(byGroff.stderr)")
        let byMandoc = try box.run(mandoc, ["-Tascii", "-O", "width=300", path], environment: env)
        #expect(byMandoc.status == 0, "\(page): \(byMandoc.stderr)")
        // mandoc's ASCII marks bold by overstriking: a character, a backspace, the character.
        var plain = ""
        for character in byMandoc.stdout {
            if character == "\u{08}" { _ = plain.popLast() } else { plain.append(character) }
        }
        return [("groff", byGroff.stdout), ("mandoc", plain)]
    }

    @Test("Man pages say they are Better Morning's with its version, never a BSD manual, in Debian's man and in mandoc",
          .enabled(if: FileManager.default.isExecutableFile(atPath: groff) && FileManager.default.isExecutableFile(atPath: mandoc)))
    func manPagesNameTheProject() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        let version = try box.bmctl("--version").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            .split(separator: " ").last.map(String.init) ?? ""
        #expect(!version.isEmpty)
        for page in ["bmd.1", "bmctl.1", "better-morning-routine.5"] {
            for (renderer, text) in try Self.rendered(page, in: box) {
                let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                let header = lines.first ?? "", footer = lines.last ?? ""
                #expect(!header.contains("BSD") && !footer.contains("BSD"), "\(page) in \(renderer): \(header) … \(footer)")
                #expect(footer.hasPrefix("Better Morning \(version)"), "\(page) in \(renderer): \(footer)")
            }
        }
    }

    @Test("Every quoted word a man page shows in a literal, as a JSON field name, keeps its quotes when rendered",
          .enabled(if: FileManager.default.isExecutableFile(atPath: groff) && FileManager.default.isExecutableFile(atPath: mandoc)))
    func literalsKeepTheirQuotes() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        for page in ["bmd.1", "bmctl.1", "better-morning-routine.5"] {
            let source = try String(contentsOf: packageRoot.appendingPathComponent("man/" + page), encoding: .utf8)
            var literals: [String] = []
            for line in source.split(separator: "\n") where line.hasPrefix(".Ql ") && line.contains("\"") {
                // A literal that holds quotes is one quoted argument, with each quote in it doubled;
                // unquoted, mdoc would read each quote as the start of an argument and drop it.
                let argument = line.dropFirst(4)
                #expect(argument.hasPrefix("\""), "\(page): \(line)")
                guard argument.hasPrefix("\""), let end = argument.dropFirst().range(of: "\"", options: .backwards) else { continue }
                literals.append(String(argument.dropFirst()[..<end.lowerBound]).replacingOccurrences(of: "\"\"", with: "\""))
            }
            if page == "bmctl.1" {
                #expect(literals.contains(#"{"routines", "records"}"#), "\(literals)")
            }
            for (renderer, text) in try Self.rendered(page, in: box) {
                for literal in literals {
                    #expect(text.contains(literal), "\(page) in \(renderer) does not show \(literal)")
                }
            }
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
