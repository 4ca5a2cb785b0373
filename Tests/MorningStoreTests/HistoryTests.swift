import MorningCore
import Testing
@testable import MorningStore

/// Reading finished days: one record, counts over a range, totals (H1–H3).
@Suite struct HistoryTests {
    let store: Store

    /// Three routines: records on 2026-11-20 … 11-26 for routine 1, one day for routine 2,
    /// none for routine 3.
    init() throws {
        store = try Store.inMemory()
        var changes: [Change] = [.insertRoutine(routine(1, serial: 1)), .insertRoutine(routine(2, active: true, serial: 2)),
                                .insertRoutine(routine(3, serial: 3))]
        for (offset, mask) in [UInt32(0b00), 0b01, 0b11, 0b10, 0b00, 0b11, 0b01].enumerated() {
            changes.append(.finalizeDay(DayRecord(routineID: 1, date: day("2026-11-20").adding(days: offset),
                                                  doneMask: mask, taskCount: 2)))
        }
        changes.append(.finalizeDay(DayRecord(routineID: 2, date: day("2026-11-22"), doneMask: 0b1, taskCount: 2)))
        try store.apply(changes)
    }

    // Rule D5.
    @Test func recordKeepsPerTaskStates() throws {
        // When one day's record is read
        let record = try #require(try store.record(of: 1, on: day("2026-11-23")))

        // Then it says which task was done and which was missed
        #expect(record == DayRecord(routineID: 1, date: day("2026-11-23"), doneMask: 0b10, taskCount: 2))
        #expect(!record.isDone(position: 1))
        #expect(record.isDone(position: 2))
        #expect(record.completed == 1)
    }

    @Test func recordOfADayWithoutOneIsNil() throws {
        #expect(try store.record(of: 1, on: day("2026-11-19")) == nil)
        #expect(try store.record(of: 2, on: day("2026-11-23")) == nil)
        #expect(try store.record(of: 99, on: day("2026-11-23")) == nil)
    }

    // Rule H2.
    @Test func completedCountsCoverOnlyTheRangeAskedAndTheRoutineAsked() throws {
        // When a range inside the records is asked for
        let counts = try store.completedCounts(of: 1, from: day("2026-11-21"), through: day("2026-11-24"))

        // Then exactly those days come back, both ends included, with their completed counts
        #expect(counts == [day("2026-11-21"): 1, day("2026-11-22"): 2, day("2026-11-23"): 1, day("2026-11-24"): 0])

        // And a week reaching past the records holds only the days that have one
        let week = try store.completedCounts(of: 2, from: day("2026-11-16"), through: day("2026-11-22"))
        #expect(week == [day("2026-11-22"): 1])
        #expect(try store.completedCounts(of: 1, from: day("2026-12-01"), through: day("2026-12-07")).isEmpty)
    }

    // Rule H3.
    @Test func recordCountCountsOneRoutine() throws {
        #expect(try store.recordCount(of: 1) == 7)
        #expect(try store.recordCount(of: 2) == 1)
        #expect(try store.recordCount(of: 3) == 0)
    }

    // Rule T3.
    @Test func lastRecordDateIsTheLatestRecordOfEachRoutine() throws {
        let book = try store.loadBook()
        #expect(book.routine(id: 1)?.lastRecordDate == day("2026-11-26"))
        #expect(book.routine(id: 2)?.lastRecordDate == day("2026-11-22"))
        // A routine with no record yet has none, and is loaded all the same.
        #expect(book.routine(id: 3) != nil)
        #expect(book.routine(id: 3)?.lastRecordDate == nil)
    }
}
