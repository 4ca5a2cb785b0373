import Foundation
import MorningCore
@testable import MorningDaemon
import Testing

/// Closing the days that ended, as a value given each reading of the clock: no engine.
@Suite("Closing the days, over a book and the clock's readings")
struct DayClosingTests {
    static let utc = LocalTime(zone: TimeZone(identifier: "UTC")!)

    /// A book with Darwin chosen on Wednesday 2026-11-18, running from Thursday.
    static func darwin() throws -> Book {
        var book = Book()
        let wednesday = Day(iso: "2026-11-18")!
        let closed = book.closeDays(today: wednesday, exists: utc.exists) { LaterRecords(all: [], today: wednesday) }
        _ = try book.activate("darwin", today: closed.today) { LaterRecords(all: [], today: wednesday) }
        return book
    }

    @Test("a day that ended is closed into a record; closing again changes nothing")
    func closesEndedDays() throws {
        var book = try Self.darwin()
        var closing = DayClosing()
        let thursday = Date(timeIntervalSince1970: 1_795_478_400)  // 2026-11-20T00:00:00Z, Friday's start
        let changes = try closing.changes(closing: &book, today: Day(iso: "2026-11-20")!, local: Self.utc,
                                          wall: thursday, elapsed: 1000) { LaterRecords(all: [], today: Day(iso: "2026-11-20")!) }.changes
        #expect(changes.contains { if case .finalizeDay(let record) = $0 { record.date == Day(iso: "2026-11-19") } else { false } })
        let again = try closing.changes(closing: &book, today: Day(iso: "2026-11-20")!, local: Self.utc,
                                        wall: thursday.addingTimeInterval(60), elapsed: 1060) { LaterRecords(all: [], today: Day(iso: "2026-11-20")!) }.changes
        #expect(again.isEmpty)
        #expect(!closing.sawJump)
    }

    @Test("a wall clock that moves further than the time that passed is seen to jump ahead")
    func seesJumpAhead() throws {
        var book = try Self.darwin()
        var closing = DayClosing()
        let friday = Date(timeIntervalSince1970: 1_795_478_400)
        let today = Day(iso: "2026-11-20")!
        _ = try closing.changes(closing: &book, today: today, local: Self.utc, wall: friday, elapsed: 1000) { LaterRecords(all: [], today: today) }
        // Two days on the wall clock, a minute of real time: the jump is noted, to be taken
        // back should the clock return to the timeline it was on.
        let sunday = Day(iso: "2026-11-22")!
        let changes = try closing.changes(closing: &book, today: sunday, local: Self.utc, wall: friday.addingTimeInterval(2 * 86_400),
                                          elapsed: 1060) { LaterRecords(all: [], today: sunday) }.changes
        #expect(closing.sawJump)
        #expect(!changes.isEmpty)
        #expect(book.clockTimeline == friday.addingTimeInterval(2 * 86_400).timeIntervalSince1970 - 1060)
        #expect(closing.lastSeen?.elapsed == 1060)
    }
}
