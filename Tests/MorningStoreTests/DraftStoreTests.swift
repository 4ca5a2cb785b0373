import Foundation
import MorningCore
import Testing
@testable import MorningStore

/// The draft in the state file (C2): written whole with each change, read back by loadBook.
@Suite struct DraftStoreTests {
    let store: Store

    init() throws {
        store = try Store.inMemory()
    }

    // Rule C2.
    @Test func setDraftIsReadBackWithTasksInTimeOrder() throws {
        // Given a draft whose tasks were added out of time order, two at the same time
        var book = Book()
        var changes = try book.draftTitle("Early riser")
        for (time, title) in [("07:00", "Coffee"), ("06:00", "Wake up"), ("06:00", "Water")] {
            changes += try book.draftAdd(time: time, title: title).changes
        }

        // When its changes are stored
        try store.apply(changes)

        // Then loadBook gives the same draft: sorted, equal times in the order added
        let loaded = try store.loadBook()
        #expect(loaded == book)
        #expect(loaded.draft?.title == "Early riser")
        #expect(loaded.draft?.tasks.map(\.title) == ["Wake up", "Water", "Coffee"])
    }

    // Rule C2.
    @Test func aDraftWithoutTitleOrTasksIsStillADraft() throws {
        // Given / When a draft with a task but no title, then one with neither
        try store.apply([.setDraft(Draft(tasks: [task("06:00", "Run")]))])
        #expect(try store.loadBook().draft == Draft(tasks: [task("06:00", "Run")]))
        try store.apply([.setDraft(Draft())])

        // Then both read back as they were
        #expect(try store.loadBook().draft == Draft())
    }

    // Rule C2.
    @Test func removingATaskAndDiscardingAreStoredToo() throws {
        // Given a stored draft of two tasks
        var book = Book()
        try store.apply(try book.draftAdd(time: "06:00", title: "Run").changes + book.draftAdd(time: "07:00", title: "Read").changes)

        // When the first is removed
        try store.apply(try book.draftRemove(position: 1).changes)

        // Then only the second is left, at position 1
        #expect(try store.loadBook().draft?.tasks == [task("07:00", "Read")])

        // And when the draft is discarded, none is left
        try store.apply(book.draftDiscard().changes)
        #expect(try store.loadBook().draft == nil)
    }

    // Rule C5.
    @Test func savingStoresTheRoutineAndDropsTheDraftInOneBatch() throws {
        // Given a stored draft
        var book = Book()
        try store.apply(try book.draftTitle("Mine") + book.draftAdd(time: "06:00", title: "Run").changes)

        // When it is saved
        // The days closed first, as bmd closes them in the same transaction.
        let closing = book.closeDays(today: day("2026-11-22"), exists: everyDateExists) { nil }
        let saved = try book.saveDraft(today: closing.today, catalog: [])
        try store.apply(closing.changes + saved.changes)

        // Then the routine is stored, active from tomorrow, and the draft is gone
        let loaded = try store.loadBook()
        #expect(loaded == book)
        #expect(loaded.draft == nil)
        #expect(loaded.active?.name == "Mine" && loaded.active?.kind == .custom)
    }

    // Rule C2.
    @Test func aFailingBatchKeepsTheDraftThatWasStored() throws {
        // Given a stored draft
        try store.apply([.setDraft(Draft(title: "Kept"))])

        // When a batch that replaces it fails further on
        #expect(throws: StoreError.noSuchRoutine(9)) {
            try store.apply([.setDraft(Draft(title: "Lost")), .deleteRoutine(9)])
        }

        // Then the draft is the one stored before
        #expect(try store.loadBook().draft == Draft(title: "Kept"))
    }

    // Rule A6.
    @Test func deleteEverythingRemovesTheDraft() throws {
        // Given a stored draft with a task
        try store.apply([.setDraft(Draft(title: "Mine", tasks: [task("06:00", "Run")]))])

        // When everything is deleted
        try store.apply([.deleteEverything])

        // Then no draft is left
        #expect(try store.loadBook().draft == nil)
    }

    // Rule F1.
    @Test func aFileFromBeforeDraftsGainsThemAndKeepsEverything() throws {
        try withTemporaryFolder { folder in
            // Given a state file as a build without drafts left it: routines, and no draft tables
            do {
                let store = try Store(path: folder.stateFile)
                try store.apply([.insertRoutine(routine(1, active: true))])
                try store.execute(sql: """
                    DROP TABLE draftRevision; DROP TABLE draftTask; DROP TABLE draft;
                    DELETE FROM grdb_migrations WHERE identifier IN ('v2-drafts', 'v3-draft-revision')
                    """)
                #expect(try store.appliedMigrations() == ["v1"])
            }

            // When this build opens it
            let store = try Store(path: folder.stateFile)

            // Then the drafts migration has run, the routine is still there, and a draft can be kept
            #expect(try store.appliedMigrations() == ["v1", "v2-drafts", "v3-draft-revision"])
            #expect(try store.loadBook().routines == [routine(1, active: true)])
            try store.apply([.setDraft(Draft(title: "Mine"))])
            #expect(try Store(path: folder.stateFile).loadBook().draft == Draft(title: "Mine"))
        }
    }

    // Rule C4.
    @Test func theDraftRevisionCountsEveryStoredChangeAndOutlivesTheDraft() throws {
        try withTemporaryFolder { folder in
            // Given three stored changes of the draft, the last one dropping it
            do {
                let store = try Store(path: folder.stateFile)
                try store.apply([.setDraft(Draft(title: "Mine"))])
                try store.apply([.setDraft(Draft(title: "Mine", tasks: [task("06:00", "Run")]))])
                try store.apply([.setDraft(nil)])
            }
            // When the file is opened again, the draft is gone and its revision is still 3
            let book = try Store(path: folder.stateFile).loadBook()
            #expect(book.draft == nil)
            #expect(book.draftRevision == 3)
        }
    }

    // Rule C4.
    @Test func aFileFromBeforeRevisionsStartsCountingAtZeroAndKeepsItsDraft() throws {
        try withTemporaryFolder { folder in
            do {
                let store = try Store(path: folder.stateFile)
                try store.apply([.setDraft(Draft(title: "Kept"))])
                try store.execute(sql: """
                    DROP TABLE draftRevision;
                    DELETE FROM grdb_migrations WHERE identifier = 'v3-draft-revision'
                    """)
            }
            let store = try Store(path: folder.stateFile)
            #expect(try store.appliedMigrations() == ["v1", "v2-drafts", "v3-draft-revision"])
            #expect(try store.loadBook().draft == Draft(title: "Kept"))
            #expect(try store.loadBook().draftRevision == 0)
            try store.apply([.setDraft(Draft(title: "Next"))])
            #expect(try store.loadBook().draftRevision == 1)
        }
    }
}
