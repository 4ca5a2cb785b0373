import Foundation
import MorningCore
@testable import MorningDaemon
import MorningProtocol
import MorningStore
import Testing

/// The history's views as functions of a reading and the store: no engine, no lock.
@Suite("The history's views over a book and a store")
struct HistoryViewsTests {
    @Test("a week's chart and the stats come from the book as read and the records stored")
    func weekAndStats() throws {
        let store = try Store.inMemory()
        let utc = LocalTime(zone: TimeZone(identifier: "UTC")!)
        var book = Book()
        let wednesday = Day(iso: "2026-11-18")!
        // Darwin chosen on Wednesday, from Thursday; two tasks checked Thursday, one Friday.
        // Each write stores the closing of the days that ended with its rule's changes, as bmd does.
        func closed(_ date: Day) throws -> Book.Today {
            let closing = book.closeDays(today: date, exists: utc.exists) { LaterRecords(all: [], today: date) }
            try store.apply(closing.changes)
            return closing.today
        }
        try store.apply(try book.activate("darwin", today: closed(wednesday)) { LaterRecords(all: [], today: wednesday) }.changes)
        for (date, tasks) in [("2026-11-19", ["1", "2"]), ("2026-11-20", ["1"])] {
            for task in tasks {
                try store.apply(try book.check(task, done: true, today: closed(Day(iso: date)!)).changes)
            }
        }
        // Saturday: Thursday and Friday are closed and stored as records.
        let saturday = Day(iso: "2026-11-21")!
        try store.apply(book.closeDays(today: saturday, exists: utc.exists) { nil }.changes)
        let views = HistoryViews(now: Engine.Reading(instant: Date(), local: utc, today: saturday, book: book),
                                 store: store, catalog: Catalog.entries,
                                 summary: { HistorySummary(records: try store.records()) })
        let week = try views.week(Morning.WeekParameters(locale: "en_GB.UTF-8"))
        #expect(week.weekStart == "2026-11-16")
        #expect(week.days.map(\.completed) == [nil, nil, nil, 2, 1, 0, nil])
        let stats = try views.stats(Morning.StatsParameters(routine: "darwin"))
        #expect(stats.routines.first?.stats.daysTracked == 2)
        #expect(stats.routines.first?.stats.firstDate == "2026-11-19")
    }
}
