import MorningCore
import Testing
@testable import MorningStore

/// Reading records for stats, the heatmap and export, and writing an import (H3–H5).
@Suite struct ImportStoreTests {
    let store: Store

    /// Routine 1 with records on the 20th to the 22nd, routine 2 on the 21st.
    init() throws {
        store = try Store.inMemory()
        try store.apply([
            .insertRoutine(routine(1, serial: 1)), .insertRoutine(routine(2, active: true, serial: 2)),
            .finalizeDay(DayRecord(routineID: 1, date: day("2026-11-22"), doneMask: 0b11, taskCount: 2)),
            .finalizeDay(DayRecord(routineID: 1, date: day("2026-11-20"), doneMask: 0b01, taskCount: 2)),
            .finalizeDay(DayRecord(routineID: 1, date: day("2026-11-21"), doneMask: 0b10, taskCount: 2)),
            .finalizeDay(DayRecord(routineID: 2, date: day("2026-11-21"), doneMask: 0b00, taskCount: 2)),
        ])
    }

    // Rule H3.
    @Test func recordsOfARoutineComeBackWithTheirMasksInDateOrder() throws {
        let records = try store.records(of: 1)
        #expect(records.map(\.date) == [day("2026-11-20"), day("2026-11-21"), day("2026-11-22")])
        #expect(records.map(\.doneMask) == [0b01, 0b10, 0b11])
        #expect(records.allSatisfy { $0.taskCount == 2 && $0.routineID == 1 })
    }

    // Rule H4.
    @Test func recordsInARangeOfEveryRoutine() throws {
        let range = try store.records(from: day("2026-11-21"), through: day("2026-11-21"))
        #expect(range.map(\.routineID) == [1, 2])
        #expect(try store.records().count == 4)
        #expect(try store.records(of: 1, from: day("2026-11-22")).map(\.date) == [day("2026-11-22")])
        #expect(try store.records(of: 3).isEmpty)
    }

    @Test func aDamagedDateIsUnreadableNotAWrongDay() throws {
        for bad in ["2026-11-3", "2026/11/30", "2026-02-30", "2026-11-30x"] {
            try store.execute(sql: "UPDATE dayRecord SET date = '\(bad)' WHERE routineId = 2")
            #expect(throws: StoreError.unreadable("dayRecord holds the date \"\(bad)\", not YYYY-MM-DD")) {
                try store.records()
            }
        }
        try store.execute(sql: "UPDATE dayRecord SET date = '2026-02-28' WHERE routineId = 2")
        #expect(try store.records(of: 2).map(\.date) == [day("2026-02-28")])
    }

    // Rule H5.
    @Test func importEverythingStoresRoutinesRecordsAndOpenDaysAfterADeleteInOneTransaction() throws {
        // Given an archive of one active routine with two records and today's checks
        let imported = Routine(id: 1, slug: "mine", name: "Mine", kind: .custom,
                               tasks: [task("05:00", "Up"), task("05:10", "Run")], isActive: true,
                               createdDate: day("2026-10-01"), startDate: day("2026-10-02"), activationSerial: 1,
                               lastRecordDate: day("2026-10-03"))
        let records = [DayRecord(routineID: 1, date: day("2026-10-02"), doneMask: 0b10, taskCount: 2),
                       DayRecord(routineID: 1, date: day("2026-10-03"), doneMask: 0b11, taskCount: 2)]
        let archive = Archive(routines: [imported], records: records,
                              openDays: [Book.OpenDay(routineID: 1, date: day("2026-10-04")): 0b01])

        // When it replaces everything
        try store.apply([.deleteEverything, .setSettings(Settings(notificationsEnabled: false)), .importEverything(archive)])

        // Then the book and the records are exactly the archive's
        let book = try store.loadBook()
        #expect(book.routines == [imported])
        #expect(book.openDays == archive.openDays)
        #expect(book.settings.notificationsEnabled == false)
        #expect(try store.records() == records)
    }

    // Rule H5.
    @Test func aFailingImportLeavesEverythingAsItWas() throws {
        // Given the stored routines and records
        let before = try store.loadBook()
        // When an import's batch fails halfway (a second active routine breaks a constraint)
        let two = [routine(7, slug: "a", active: true), routine(8, slug: "b", active: true)]
        #expect(throws: StoreError.self) {
            try store.apply([.deleteEverything, .importEverything(Archive(routines: two, records: [], openDays: [:]))])
        }
        // Then the delete was rolled back too
        #expect(try store.loadBook() == before)
        #expect(try store.records().count == 4)
    }
}
