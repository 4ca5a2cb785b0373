import Foundation
import MorningCore
import Testing
@testable import MorningStore

/// Opening the state file: migrations, durability, and files this build must not touch (F1).
@Suite struct OpeningTests {
    @Test func emptyFileMigratesToTheLatestSchemaAndAnEmptyBook() throws {
        try withTemporaryFolder { folder in
            // Given a state folder without a state file
            // When the store opens it
            let store = try Store(path: folder.stateFile)

            // Then the file has every migration's tables, and the Book is empty with default settings
            #expect(FileManager.default.fileExists(atPath: folder.stateFile))
            #expect(try store.appliedMigrations() == ["v1", "v2-drafts", "v3-draft-revision"])
            #expect(try store.tableNames() == ["routine", "task", "dayRecord", "openDay", "setting", "draft", "draftTask", "draftRevision"])
            let book = try store.loadBook()
            #expect(book == Book())
            #expect(book.settings == Settings())
        }
    }

    @Test("Folding the WAL leaves every change in the state file itself, while the store stays open")
    func foldingTheWAL() throws {
        try withTemporaryFolder { folder in
            let store = try Store(path: folder.stateFile)
            try store.apply([.insertRoutine(routine(1, active: true))])
            let wal = folder.stateFile + "-wal"
            #expect(try FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int ?? 0 > 0)
            try store.foldWAL()
            #expect(try FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int == 0)
            // The state file alone, copied without its WAL, holds the change.
            let copy = folder.appendingPathComponent("copy.sqlite").path
            try FileManager.default.copyItem(atPath: folder.stateFile, toPath: copy)
            #expect(try Store(path: copy).loadBook().routines.map(\.id) == [1])
            // And the store goes on working.
            try store.apply([.insertRoutine(routine(2, slug: "second"))])
            #expect(try store.loadBook().routines.count == 2)
        }
    }

    @Test func inMemoryStoreHasTheSameSchema() throws {
        // Given / When an in-memory store
        let store = try Store.inMemory()

        // Then it has the same migrations and tables as a file
        #expect(try store.appliedMigrations() == ["v1", "v2-drafts", "v3-draft-revision"])
        #expect(try store.tableNames() == ["routine", "task", "dayRecord", "openDay", "setting", "draft", "draftTask", "draftRevision"])
        #expect(try store.journalMode() == "memory")
    }

    // Rule F1.
    @Test func fileStoreIsInWALModeWithSynchronousFull() throws {
        try withTemporaryFolder { folder in
            // Given a file store
            let store = try Store(path: folder.stateFile)

            // Then it is WAL with synchronous=FULL (GRDB's NORMAL was overridden)
            #expect(try store.journalMode() == "wal")
            #expect(try store.synchronousMode() == 2)

            // When it writes, and when it is reopened
            try store.apply([.insertRoutine(routine(1, active: true)), .setSettings(Settings(welcomeShown: true))])
            #expect(try store.synchronousMode() == 2)
            let reopened = try Store(path: folder.stateFile)

            // Then FULL still holds on both
            #expect(try reopened.synchronousMode() == 2)
            #expect(try reopened.journalMode() == "wal")
        }
    }

    @Test func reopeningAFileKeepsEverything() throws {
        try withTemporaryFolder { folder in
            // Given a file store holding routines, records, open days and settings
            let changes: [Change] = [
                .insertRoutine(routine(1, start: "2026-11-01", serial: 1)),
                .finalizeDay(DayRecord(routineID: 1, date: day("2026-11-01"), doneMask: 0b11, taskCount: 2)),
                .insertRoutine(routine(2, active: true, start: "2026-11-23", serial: 2)),
                .setOpenDay(2, day("2026-11-23"), doneMask: 0b10),
                .setSettings(Settings(notificationsEnabled: false, welcomeShown: true)),
            ]
            let before: Book
            do {
                let store = try Store(path: folder.stateFile)
                try store.apply(changes)
                before = try store.loadBook()
            }

            // When a new Store opens the same path
            let store = try Store(path: folder.stateFile)

            // Then everything is still there
            #expect(try store.loadBook() == before)
            #expect(before.routines.count == 2)
            #expect(before.routine(id: 1)?.lastRecordDate == day("2026-11-01"))
            #expect(before.checks(of: 2, on: day("2026-11-23")) == 0b10)
            #expect(before.settings == Settings(notificationsEnabled: false, welcomeShown: true))
            #expect(try store.record(of: 1, on: day("2026-11-01"))?.doneMask == 0b11)
            #expect(try store.appliedMigrations() == ["v1", "v2-drafts", "v3-draft-revision"])
        }
    }

    // Rule F1.
    @Test func fileWithAnUnknownMigrationIsRefusedAndLeftUnchanged() throws {
        try withTemporaryFolder { folder in
            // Given a state file that a newer build migrated further
            do {
                let store = try Store(path: folder.stateFile)
                try store.apply([.insertRoutine(routine(1, active: true))])
                try store.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v2-from-the-future')")
            }
            let bytes = try Data(contentsOf: URL(fileURLWithPath: folder.stateFile))
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()

            // When this build opens it
            // Then it refuses, naming the unknown migration
            #expect(throws: StoreError.newerSchema(found: "v2-from-the-future")) {
                try Store(path: folder.stateFile)
            }
            // And the file is byte-for-byte what it was, with no file added or removed
            #expect(try Data(contentsOf: URL(fileURLWithPath: folder.stateFile)) == bytes)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == files)
        }
    }

    @Test func fileThatIsNotADatabaseIsRefusedAndLeftUnchanged() throws {
        try withTemporaryFolder { folder in
            // Given a state file that holds something else
            let bytes = Data(String(repeating: "not a database\n", count: 100).utf8)
            try bytes.write(to: URL(fileURLWithPath: folder.stateFile))

            // When the store opens it
            // Then it throws a StoreError, and the file is untouched
            #expect(throws: StoreError.self) { try Store(path: folder.stateFile) }
            #expect(try Data(contentsOf: URL(fileURLWithPath: folder.stateFile)) == bytes)
        }
    }

    @Test func missingFolderIsAnErrorNotACrash() throws {
        try withTemporaryFolder { folder in
            // Given a path whose folder does not exist
            let path = folder.appendingPathComponent("absent/bmd.sqlite").path

            // When / Then opening throws a StoreError
            #expect(throws: StoreError.self) { try Store(path: path) }
        }
    }
}
