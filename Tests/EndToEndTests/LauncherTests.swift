import Foundation
import Testing

/// The desktop entry: how a person who never opens a terminal finds the app.
@Suite("Packaging: the launcher in the application menu")
struct LauncherTests {
    static let validate = "/usr/bin/desktop-file-validate"
    static let entry = packageRoot.appendingPathComponent("packaging/desktop/better-morning.desktop")

    /// The `[Desktop Entry]` group's keys and values.
    static func keys() throws -> [String: String] {
        DesktopEntry.keys(try String(contentsOf: entry, encoding: .utf8))
    }

    @Test("The menu lists \"Better Morning (Terminal)\", which opens the full-screen app in a terminal with the app's icon, apart from the window's entry")
    func listedInTheMenu() throws {
        let keys = try Self.keys()
        // The window's own entry is "Better Morning": two entries of one name could not be told apart.
        #expect(keys["Name"] == "Better Morning (Terminal)")
        // A menu hides an entry that says NoDisplay or Hidden.
        #expect(keys["NoDisplay"] == nil && keys["Hidden"] == nil, "\(keys)")
        // bmctl with no arguments on a terminal is the app.
        #expect(keys["Exec"] == "bmctl")
        #expect(keys["Terminal"] == "true")
        #expect(keys["Icon"] == "better-morning")
        #expect(keys["Type"] == "Application")
    }

    @Test("desktop-file-validate finds nothing to say about the entry",
          .enabled(if: FileManager.default.isExecutableFile(atPath: validate)))
    func validates() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        let checked = try box.run(Self.validate, [Self.entry.path], environment: box.baseEnvironment)
        #expect(checked.status == 0)
        #expect(checked.stdout.isEmpty && checked.stderr.isEmpty, "\(checked.stdout)\(checked.stderr)")
    }
}
