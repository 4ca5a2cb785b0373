import Foundation
import Testing

/// Text that is not text, through the real bmctl and bmd: refused naming the line or
/// field, and what is acknowledged is exactly what is stored.
@Suite("End to end: titles are plain text")
struct TitleTextEndToEndTests {
    @Test("A routine file of binary garbage is refused naming line 1; a BOM is dropped; a 64 KiB title is 'too long'; nothing is saved")
    func routineFiles() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        try box.startDaemon()
        let path = box.root.appendingPathComponent("routine.txt").path

        // Bytes that are not UTF-8 and control characters, as a binary file holds them.
        try Data([0x01, 0x02, 0xFF, 0xFE, 0x0A] + Array("06:00 Run\n".utf8)).write(to: URL(fileURLWithPath: path))
        let garbage = try box.bmctl("create", "--from", path)
        #expect(garbage.status == 1)
        #expect(garbage.stderr.contains("line 1 of \(path)") && garbage.stderr.contains("U+0001"), "\(garbage.stderr)")
        #expect(!garbage.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "control characters echoed: \(garbage.stderr.debugDescription)")

        let huge = try box.bmctl("draft", "title", String(repeating: "x", count: 64 * 1024))
        #expect(huge.status == 1)
        #expect(huge.stderr.contains("too long"), "\(huge.stderr.prefix(300))")
        try (String(repeating: "y", count: 64 * 1024) + "\n06:00 Run\n").write(toFile: path, atomically: true, encoding: .utf8)
        let hugeFile = try box.bmctl("create", "--from", path)
        #expect(hugeFile.status == 1)
        #expect(hugeFile.stderr.contains("line 1") && hugeFile.stderr.contains("too long"), "\(hugeFile.stderr.prefix(300))")
        #expect(try box.bmctl("data", "--json").stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")

        // A byte-order mark before a comment: the comment stays a comment.
        try Data([0xEF, 0xBB, 0xBF] + Array("# mine\nMine\n06:00 Run\n".utf8)).write(to: URL(fileURLWithPath: path))
        let created = try box.bmctl("create", "--from", path, "--json")
        #expect(created.status == 0, "\(created.stderr)")
        let routine = try #require(try created.object["routine"] as? [String: Any])
        #expect(routine["name"] as? String == "Mine")
        try box.stopDaemon()
    }

    @Test("Routines named Straße and Strasse: each is named by its id (week, stats, delete), and bmd's export of them imports")
    func sharpSIDs() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        try box.startDaemon()
        for title in ["Straße", "Strasse"] {
            let created = try box.bmctl("create", "--title", title, "--task", "06:00 Walk")
            #expect(created.status == 0, "\(created)")
        }
        let export = box.root.appendingPathComponent("export.json").path
        #expect(try box.bmctl("export", "--output", export).status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: export)))
            as? [String: Any])
        let routines = try #require(document["routines"] as? [[String: Any]])
        let ids = routines.compactMap { $0["id"] as? String }
        #expect(ids.count == 2)
        for id in ids {
            for command in ["week", "stats"] {
                let named = try box.bmctl(command, id)
                #expect(named.status == 0, "\(command) \(id): \(named)")
            }
        }
        let imported = try box.bmctl("import", "--replace", export)
        #expect(imported.status == 0, "\(imported)")
        let inactive = try #require(routines.first { $0["active"] as? Bool != true }?["id"] as? String)
        let deleted = try box.bmctl("delete", inactive, "--yes")
        #expect(deleted.status == 0, "\(deleted)")
        try box.stopDaemon()
    }
}
