import Foundation
import Testing
@testable import MorningCore

/// A book and the Day Records a store would hold for it, moved through days by a test's
/// own clock: each step catches up as bmd does, the rule of a clock that ran ahead included.
private struct Life {
    var book = Book()
    var records: [DayRecord] = []

    mutating func store(_ changes: [Change]) {
        for change in changes {
            switch change {
            case .finalizeDay(let record): records.append(record)
            case .removeDayRecord(let id, let date): records.removeAll { $0.routineID == id && $0.date == date }
            default: break
            }
        }
    }

    /// What bmd does when it sees the wall clock jump (further than time passed) to `today`.
    mutating func jump(_ today: String) {
        store(book.noteJumpAhead(today: day(today)))
        wake(today)
    }

    /// What bmd does at a wake on `today`, and before every write: gives the day a rule
    /// is then applied on.
    @discardableResult
    mutating func wake(_ today: String) -> Book.Today {
        let today = day(today)
        let later = LaterRecords(all: records, today: today)
        let closing = book.closeDays(today: today, exists: everyDateExists) { later }
        store(closing.changes)
        return closing.today
    }

    mutating func activate(_ id: String, _ today: String) throws -> Book.Activation {
        let closed = wake(today)
        let later = LaterRecords(all: records, today: day(today))
        let a = try book.activate(id, today: closed, catalog: testCatalog) { later }
        store(a.changes)
        return a
    }

    mutating func restart(_ id: String, _ today: String) throws -> Book.Activation {
        let closed = wake(today)
        let later = LaterRecords(all: records, today: day(today))
        let a = try book.restart(id, today: closed, catalog: testCatalog) { later }
        store(a.changes)
        return a
    }

    mutating func check(_ task: String, _ today: String) throws {
        let closed = wake(today)
        store(try book.check(task, done: true, today: closed).changes)
    }

    /// What bmd's write door does on `today`: closes the days and activates in one write,
    /// so the closing is not stored yet when the rule reads the store. Returns the changes
    /// the write stores.
    mutating func activateInOneWrite(_ id: String, _ today: String) throws -> [Change] {
        let today = day(today)
        let stored = LaterRecords(all: records, today: today)
        let closing = book.closeDays(today: today, exists: everyDateExists) { stored }
        let a = try book.activate(id, today: closing.today, catalog: testCatalog) {
            stored.applying(closing.changes, today: today)
        }
        store(closing.changes + a.changes)
        return closing.changes + a.changes
    }

    func dates(_ id: RoutineID = 1) -> [String] {
        records.filter { $0.routineID == id }.map(\.date.description).sorted()
    }
}

// Rule T5.
@Suite("A clock that ran ahead for a while leaves no trace once it is right")
struct ClockRanAheadTests {
    @Test("Five years ahead for a minute: the days it closed are gone and today can be checked again")
    func fiveYearsAhead() throws {
        var life = Life()
        _ = try life.activate("lark", "2026-11-20")          // runs from the 21st
        try life.check("1", "2026-11-22")                    // the 21st ends empty
        life.jump("2031-11-22")                              // the clock jumps five years
        #expect(life.records.count > 1_800, "the wrong clock closed every day up to it")
        life.wake("2026-11-22")                              // and comes back
        #expect(life.dates() == ["2026-11-21"], "only the day that really ended stays")
        #expect(life.book.checks(of: 1, on: day("2026-11-22")) == 1, "today's check stays")
        try life.check("2", "2026-11-22")
        #expect(life.book.checks(of: 1, on: day("2026-11-22")) == 0b11)
        // Settled once, nothing more to do.
        #expect(!life.book.clockReadsBeforeClosedDays(today: day("2026-11-22")))
    }

    @Test("A check made while the clock was ahead stays, on the day that clock showed")
    func checkWhileAhead() throws {
        var life = Life()
        _ = try life.activate("lark", "2026-11-20")
        life.jump("2030-01-05")
        try life.check("2", "2030-01-05")                    // checked on the wrong day
        life.wake("2030-01-06")                              // which then ended with its check
        life.wake("2026-11-22")
        #expect(life.dates() == ["2026-11-21"])
        #expect(life.book.checks(of: 1, on: day("2030-01-05")) == 0b10, "the check is the user's")
        #expect(try life.book.dayView(of: day("2026-11-22"), today: day("2026-11-22"), record: nil).mode == .today)
        // When that day really comes, it ends with the check made on it.
        life.wake("2030-01-06")
        #expect(life.records.first { $0.date == day("2030-01-05") }?.doneMask == 0b10)
    }

    @Test("Restart after the clock came back counts from the real today")
    func restartFromRealToday() throws {
        var life = Life()
        _ = try life.activate("lark", "2026-11-20")
        life.jump("2031-06-01")
        _ = try life.restart("lark", "2031-06-01")           // restarted while five years ahead
        let a = try life.restart("lark", "2026-11-23")
        #expect(a.routine.startDate == day("2026-11-24"))
        #expect(life.dates() == ["2026-11-21", "2026-11-22", "2026-11-23"], "the real days, each once")
        #expect(life.book.routines[0].createdDate == day("2026-11-20"))
    }

    @Test("A routine first activated while the clock was ahead starts tomorrow, made no later than today")
    func activatedWhileAhead() throws {
        var life = Life()
        life.wake("2026-11-22")
        life.jump("2029-03-03")
        _ = try life.activate("owl", "2029-03-03")
        life.wake("2026-11-22")
        let owl = try #require(life.book.active)
        #expect(owl.startDate == day("2026-11-23"))
        #expect(owl.createdDate == day("2026-11-22"))
        #expect(life.book.phase(today: day("2026-11-23")) == .running)
    }

    @Test("A routine switched away from while the clock was ahead keeps its checked day and loses its empty ones")
    func switchedAwayWhileAhead() throws {
        var life = Life()
        _ = try life.activate("lark", "2026-11-20")
        life.jump("2028-02-02")
        try life.check("1", "2028-02-02")
        _ = try life.activate("owl", "2028-02-02")           // lark's 2028-02-02 is finalized with its check
        life.wake("2026-11-22")
        // The 22nd ended for lark today, as a switch today would end it: it stays.
        #expect(life.dates(1) == ["2026-11-21", "2026-11-22", "2028-02-02"])
        #expect(life.book.routines[0].lastRecordDate == day("2028-02-02"))
        let owl = try #require(life.book.active)
        #expect(owl.startDate == day("2026-11-23"))
        // Lark again, from the real tomorrow; its checked day ahead is open again within the run.
        _ = try life.activate("lark", "2026-11-22")
        life.wake("2026-11-23")
        #expect(life.dates(1) == ["2026-11-21", "2026-11-22"])
        #expect(life.book.checks(of: 1, on: day("2028-02-02")) == 1)
        try life.check("1", "2026-11-23")
    }

    @Test("Activating again a routine with a checked day ahead opens that day at once, and every day of the new run then ends once")
    func activatedAgainWithADayAhead() throws {
        var life = Life()
        _ = try life.activate("lark", "2026-11-20")
        try life.check("1", "2026-11-22")                    // the 21st ends empty
        _ = try life.activate("owl", "2026-11-20")           // the clock went back: lark's 22nd ends, checked
        #expect(life.dates(1) == ["2026-11-22"])
        _ = try life.activate("lark", "2026-11-20")          // lark again, from the 21st
        #expect(life.dates(1).isEmpty, "the 22nd lies in the new run: it is open again at once")
        #expect(life.book.checks(of: 1, on: day("2026-11-22")) == 1, "with its check")
        #expect(life.book.routines[0].lastRecordDate == nil)
        // The next wake comes days later, past the 22nd.
        life.wake("2026-11-25")
        #expect(life.dates(1) == ["2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24"], "no day of the run without its record")
        #expect(life.records.first { $0.routineID == 1 && $0.date == day("2026-11-22") }?.doneMask == 1)
    }

    @Test("A day closed by switching routines today is no clock's doing and stays")
    func switchTodayStays() throws {
        var life = Life()
        _ = try life.activate("lark", "2026-11-20")
        _ = try life.activate("owl", "2026-11-22")           // lark's 22nd ends now, empty
        life.wake("2026-11-22")
        #expect(life.dates(1) == ["2026-11-21", "2026-11-22"])
        #expect(!life.book.clockReadsBeforeClosedDays(today: day("2026-11-22")))
    }

    @Test("Midnight passed early by a clock a few minutes fast: yesterday opens again with its checks")
    func minutesFast() throws {
        var life = Life()
        _ = try life.activate("lark", "2026-11-20")
        try life.check("1", "2026-11-21")
        life.wake("2026-11-22")                              // 00:02 on a fast clock
        #expect(life.dates() == ["2026-11-21"])
        life.wake("2026-11-21")                              // 23:58 once set right
        #expect(life.dates().isEmpty)
        #expect(life.book.checks(of: 1, on: day("2026-11-21")) == 1)
        try life.check("2", "2026-11-21")
    }

    /// Lark ran five years ahead, was switched away from there after a check, and the
    /// clock came back.
    fileprivate static func switchedWhileAhead() throws -> Life {
        var life = Life()
        _ = try life.activate("lark", "2026-11-20")
        life.jump("2028-02-02")
        try life.check("1", "2028-02-02")
        _ = try life.activate("owl", "2028-02-02")
        return life
    }

    @Test("Closing and activating in one write stores what closing first, on its own, then activating stores")
    func closingAndRuleInOneWrite() throws {
        var apart = try Self.switchedWhileAhead()
        let today = day("2026-11-22")
        let closing = apart.book.closeDays(today: today, exists: everyDateExists) { LaterRecords(all: apart.records, today: today) }
        apart.store(closing.changes)
        let read = LaterRecords(all: apart.records, today: today)
        let activation = try apart.book.activate("lark", today: closing.today, catalog: testCatalog) { read }
        apart.store(activation.changes)
        var together = try Self.switchedWhileAhead()
        let changes = try together.activateInOneWrite("lark", "2026-11-22")
        // The empty days the jump closed are removed once, and the checked one opens again.
        #expect(changes == closing.changes + activation.changes)
        #expect(together.dates() == apart.dates() && together.book == apart.book)
        #expect(together.book.checks(of: 1, on: day("2028-02-02")) == 0b001)
    }
}
