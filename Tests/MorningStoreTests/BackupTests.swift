import Foundation
@testable import MorningStore
import Testing

@Suite("A copy of the state before every migration (hardening)")
struct BackupTests {
    func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bm-backup-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("A file from an older build is copied, as it was, before it is migrated")
    func olderFile() throws {
        // Given a file an older build left: only v1 applied, one routine stored.
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/bmd.sqlite"
        try Store.createFile(at: path, migratedUpTo: "v1", sql: """
            INSERT INTO routine (id, slug, name, kind, isActive, createdDate, startDate, activationSerial)
            VALUES (1, 'kant', 'Immanuel Kant', 'celebrity', 1, '2026-03-02', '2026-03-03', 1)
            """)
        // When this build opens it,
        let store = try Store(path: path)
        // then the file is migrated, and a copy as it was sits beside it.
        #expect(try store.appliedMigrations() == ["v1", "v2-drafts", "v3-draft-revision"])
        let copy = path + ".before-v2-drafts"
        #expect(try Store.migrations(inFileAt: copy) == ["v1"])
        #expect(try Store.routineCount(inFileAt: copy) == 1)
        #expect(!FileManager.default.fileExists(atPath: copy + ".partial"))
    }

    @Test("A new file, or one already up to date, gets no copy")
    func noCopy() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/bmd.sqlite"
        _ = try Store(path: path)
        _ = try Store(path: path)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.contains(".before-") }
        #expect(files.isEmpty, "\(files)")
    }
}
