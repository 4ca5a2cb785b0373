import Testing
@testable import MorningCore

/// Imports that are well formed but could not have come from bmd: dates far from the
/// clock, a celebrity id worn by another routine, more than any reply can list. Each is
/// refused, with a clear error, before anything changes: no import may make bmd write
/// for seconds, take a celebrity's place, or leave a state no reply can hold. These use
/// the shipped catalog, as bmd's import does.
@Suite("Import: what bmd could not have exported is refused")
struct ImportSanityTests {
    static let today = day("2026-11-25")

    /// Franklin as bmd exports it: activated on the 20th, running from the 21st, three
    /// days recorded and a check today.
    static func franklin() -> ArchivedRoutine {
        let entry = Catalog.entries.first { $0.id == "franklin" }!
        return ArchivedRoutine(slug: "franklin", name: entry.name, kind: .celebrity, tasks: entry.tasks, isActive: true,
                               createdDate: day("2026-11-20"), startDate: day("2026-11-21"),
                               days: [ArchivedDay(date: day("2026-11-21"), done: [1]), ArchivedDay(date: day("2026-11-22"), done: []),
                                      ArchivedDay(date: day("2026-11-23"), done: [1, 2]), ArchivedDay(date: day("2026-11-24"), done: [])],
                               open: [ArchivedDay(date: today, done: [2])])
    }

    static func custom(_ slug: String, name: String = "My morning", active: Bool = false) -> ArchivedRoutine {
        ArchivedRoutine(slug: slug, name: name, kind: .custom,
                        tasks: [RoutineTask(time: TimeOfDay(minutes: 360)!, title: "Run")], isActive: active,
                        createdDate: day("2026-10-01"), startDate: day("2026-10-02"), days: [], open: [])
    }

    func refused(_ archived: [ArchivedRoutine], today: Day = today) -> String? {
        var book = Book()
        let closedToday = book.closed(today)
        let closed = book
        do {
            _ = try book.importArchive(archived, replace: false, today: closedToday)
        } catch Morning.Error.invalidImport(let reason) {
            #expect(book == closed, "nothing changes when an import is refused")
            return reason
        } catch {
            Issue.record("refused with \(error), not as an invalid import")
            return nil
        }
        return nil
    }

    // What bmd could have written itself is never refused.
    @Test("What bmd exports imports")
    func plainRoundTrip() throws {
        #expect(refused([Self.franklin(), Self.custom("mine")]) == nil)
    }

    // A date bmd could never have written (long before any export, or a routine made
    // after it started) is refused, not turned into centuries of closed days.
    @Test("Dates far in the past, or out of order, are refused", arguments: [
        ("an active routine started on 0001-01-01", "before 2000-01-01"),
        ("created after it starts", "before the day it was created"),
        ("a record before the routine was created", "is before the day the routine was created"),
    ])
    func absurdDates(_ broken: String, _ message: String) throws {
        var routine = Self.franklin()
        switch broken {
        case "an active routine started on 0001-01-01":
            routine.createdDate = Day(year: 1, month: 1, day: 1)!
            routine.startDate = Day(year: 1, month: 1, day: 2)!
            routine.days = []
            routine.open = []
        case "created after it starts": routine.createdDate = day("2026-11-22")
        case "a record before the routine was created":
            routine.days.insert(ArchivedDay(date: day("2026-11-19"), done: []), at: 0)
        default: Issue.record("unknown case \(broken)")
        }
        let reason = try #require(refused([routine]), "\(broken) was imported")
        #expect(reason.contains(message), "\(broken): \(reason)")
    }

    // No single call may hold bmd for seconds: an import is bounded in the days it brings.
    @Test("An import never makes bmd finalize more days than one import may hold")
    func tooManyDaysToCatchUp() throws {
        // Well formed and within the date bounds, but 120,000 Day Records over 30 routines.
        var routines: [ArchivedRoutine] = []
        var date = day("2000-01-02")
        for n in 0..<30 {
            var r = Self.custom("old-\(n)")
            r.createdDate = day("2000-01-01")
            r.startDate = day("2000-01-02")
            r.days = (0..<4_000).map { _ in
                defer { date = date.next }
                return ArchivedDay(date: date, done: [1])
            }
            date = day("2000-01-02")
            routines.append(r)
        }
        let reason = try #require(refused(routines), "120,000 records were imported")
        #expect(reason.contains("\(Book.importRecordLimit) Day Records"), "\(reason)")
    }

    // The days closed on arrival are written too, so they count against the same bound.
    @Test("The days an import would finalize at once count against the same limit")
    func catchUpCounts() throws {
        // An active routine left on 2000-01-02: importing it today finalizes 9,800 days.
        var left = Self.custom("left", active: true)
        left.createdDate = day("2000-01-01")
        left.startDate = day("2000-01-02")
        var book = Book()
        let alone = try book.importArchive([left], replace: false, today: book.closed(Self.today))
        #expect(alone.changes.count > 9_000, "allowed alone")
        // And 99,000 records besides: fine alone, together more than one import may hold.
        let others = (1...11).map { "other-\($0)" }.map { id in
            var other = Self.custom(id)
            other.createdDate = day("2000-01-01")
            other.startDate = day("2000-01-02")
            other.days = (0..<9_000).map { ArchivedDay(date: day("2000-01-02").adding(days: $0), done: [1]) }
            return other
        }
        #expect(refused(others) == nil)
        let reason = try #require(refused([left] + others), "108,800 records were imported")
        #expect(reason.contains("the days to finalize since the export included"), "\(reason)")
    }

    // A celebrity's routine can always be activated: no imported routine takes its id.
    @Test("A custom routine cannot wear a celebrity's id")
    func customWithCelebrityID() throws {
        let reason = try #require(refused([Self.custom("kant", name: "Not Kant")]), "a custom routine took kant's id")
        #expect(reason.contains("\"kant\" belongs to a celebrity routine"), "\(reason)")
    }

    // Celebrity routines come from the catalog alone; an import cannot invent one.
    @Test("Celebrity routines the catalog lacks are refused")
    func inventedCelebrity() throws {
        var invented = Self.custom("elvis", name: "Elvis Presley")
        invented.kind = .celebrity
        let reason = try #require(refused([invented]), "an invented celebrity was imported")
        #expect(reason.contains("catalog has none with the id \"elvis\""), "\(reason)")
    }

    // Whatever is imported, every celebrity of the catalog stays one activation away.
    @Test("After an import, every celebrity of the catalog can still be activated")
    func celebritiesStayActivatable() throws {
        var book = Book()
        _ = try book.importArchive([Self.franklin(), Self.custom("mine")], replace: false, today: book.closed(Self.today))
        for entry in Catalog.entries where entry.id != "franklin" {
            var copy = book
            let a = try copy.activate(entry.id, today: copy.closed(Self.today, later: noRecordsAhead), later: noRecordsAhead)
            #expect(a.routine.slug == entry.id && a.routine.kind == .celebrity)
        }
    }

    // Every state bmd accepts must stay readable: no reply may outgrow a frame.
    @Test("An import of more routines than every reply can list is refused")
    func tooManyRoutines() throws {
        let many = (0...1_000).map { Self.custom("r\($0)", name: "R \($0)") }
        let reason = try #require(refused(many), "\(many.count) routines were imported")
        #expect(reason.contains("at most 1000"), "\(reason)")
    }

    // The same bound holds for routines saved one by one, and the refusal says what to do.
    @Test("Saving a custom routine past the limit is refused with what to do")
    func tooManySaved() throws {
        var book = Book()
        let many = (0..<1_000).map { Self.custom("r\($0)", name: "R \($0)") }
        _ = try book.importArchive(many, replace: false, today: book.closed(Self.today))
        let before = book
        #expect(throws: Morning.Error.self) {
            _ = try book.create(title: "One more", tasks: [("06:00", "Run")], today: book.closed(Self.today))
        }
        #expect(book == before)
    }
}
