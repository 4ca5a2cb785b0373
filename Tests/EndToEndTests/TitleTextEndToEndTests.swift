import Foundation
import Testing

/// Text that is not text, through the real bmctl and bmd (issue 18, item 5).
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
}
