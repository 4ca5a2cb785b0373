import Foundation
@testable import MorningCore

/// A small catalog for rule tests, so they do not depend on the shipped one.
let testCatalog = [
    CatalogEntry(id: "lark", name: "Early Lark", bio: "Up first.", source: "A test.",
                 tasks: [("05:00", "Wake up"), ("05:30", "Stretch"), ("06:00", "Write")]),
    CatalogEntry(id: "owl", name: "Night Owl", bio: "Up late.", source: "A test.",
                 tasks: [("09:00", "Coffee"), ("09:30", "Read"), ("10:00", "Walk"), ("10:30", "Work")]),
    CatalogEntry(id: "owlet", name: "Owlet Young", bio: "Small.", source: "A test.",
                 tasks: [("07:00", "Milk"), ("07:05", "Nap"), ("07:10", "Play")]),
]

func day(_ text: String) -> Day { Day(iso: text)! }

func utc(_ text: String) -> Date {
    // "2026-03-08T07:00:00Z" or "2026-03-08T07:00:00.004Z"
    let f = ISO8601DateFormatter()
    if text.contains(".") { f.formatOptions.insert(.withFractionalSeconds) }
    return f.date(from: text)!
}

func zone(_ id: String) -> LocalTime { LocalTime(zone: TimeZone(identifier: id)!) }

/// What the store of a rule test holds from today on, for a book whose routines hold
/// no day ahead of the clock: `activate` and `restart` read it only when one does.
func noRecordsAhead() -> LaterRecords { LaterRecords(records: [], latestBefore: [:]) }

extension Book {
    /// Applies a rule the way the daemon does: the days that ended closed first, then the
    /// rule; the changes of both, in the order they are stored.
    mutating func activateOrFail(_ q: String, _ today: String) throws -> Book.Activation {
        let closing = closeDays(today: day(today), exists: everyDateExists, later: noRecordsAhead)
        var a = try activate(q, today: closing.today, catalog: testCatalog, later: noRecordsAhead)
        a.changes = closing.changes + a.changes
        return a
    }

    /// Closes the days that ended before `today`, as bmd does at every write before its
    /// rule, and gives the day the rule is applied on. A test that looks at what the
    /// closing changed takes it from `closeDays` itself.
    mutating func closed(_ today: Day, exists: @escaping (Day) -> Bool = everyDateExists,
                         later: () -> LaterRecords? = { nil }) -> Today {
        closeDays(today: today, exists: exists, later: later).today
    }
}

/// The zone's rule of which dates have a day, for tests in a zone that skips none
/// (zones that skip a date have tests of their own, with `LocalTime.exists`).
func everyDateExists(_ day: Day) -> Bool { true }
