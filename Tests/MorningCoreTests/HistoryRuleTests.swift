import Testing
@testable import MorningCore

/// A record of `done` of `total` tasks, the first `done` positions checked.
private func record(_ routine: RoutineID, _ date: String, _ done: Int, of total: Int) -> DayRecord {
    DayRecord(routineID: routine, date: day(date), doneMask: UInt32((1 << done) - 1), taskCount: total)
}

// Rules H3.
@Suite("Stats of finished days")
struct StatsTests {
    /// Four tasks a day: perfect on the 2nd and 3rd, half on the 4th, perfect from the
    /// 5th to the 7th, nothing recorded on the 8th, perfect on the 9th, nothing done on the 10th.
    let routine1 = [
        record(1, "2026-11-02", 4, of: 4), record(1, "2026-11-03", 4, of: 4), record(1, "2026-11-04", 2, of: 4),
        record(1, "2026-11-05", 4, of: 4), record(1, "2026-11-06", 4, of: 4), record(1, "2026-11-07", 4, of: 4),
        record(1, "2026-11-09", 4, of: 4), record(1, "2026-11-10", 0, of: 4),
    ]

    // Rule H3.
    @Test("one routine's totals match the values worked out by hand")
    func oneRoutine() {
        let stats = Stats(records: routine1.shuffled())
        #expect(stats.tasksCompleted == 26)          // 4+4+2+4+4+4+4+0
        #expect(stats.tasksPlanned == 32)            // 8 days × 4
        #expect(stats.daysTracked == 8)
        #expect(stats.averagePerDay == 3.25)         // 26 / 8
        #expect(stats.completionRate == 0.8125)      // 26 / 32
        #expect(stats.perfectDays == 6)
        // The 4th breaks the first run, the missing 8th the second: the 5th to the 7th.
        #expect(stats.bestRun == day("2026-11-05")...day("2026-11-07"))
        #expect(stats.bestRunLength == 3)
        #expect(stats.firstDate == day("2026-11-02") && stats.lastDate == day("2026-11-10"))
    }

    // Rule H3.
    @Test("all routines together count a date once, perfect only when every record that date is")
    func everyRoutine() {
        let routine2 = [record(2, "2026-11-09", 1, of: 2), record(2, "2026-11-11", 2, of: 2)]
        let stats = Stats(records: routine1 + routine2)
        #expect(stats.tasksCompleted == 29)
        #expect(stats.tasksPlanned == 36)
        #expect(stats.daysTracked == 9)              // the 9th has records of both
        #expect(stats.perfectDays == 6)              // the 9th is no longer perfect, the 11th is
        #expect(stats.averagePerDay == 29.0 / 9.0)
        #expect(stats.bestRun == day("2026-11-05")...day("2026-11-07"))
    }

    // Rule H3.
    @Test("of equally long runs the earliest counts; no records give zeros, not a division by zero")
    func edges() {
        let twoRuns = [record(1, "2026-01-01", 1, of: 1), record(1, "2026-01-02", 1, of: 1),
                       record(1, "2026-01-04", 1, of: 1), record(1, "2026-01-05", 1, of: 1)]
        #expect(Stats(records: twoRuns).bestRun == day("2026-01-01")...day("2026-01-02"))
        let none = Stats(records: [])
        #expect(none == Stats())
        #expect(none.averagePerDay == 0 && none.completionRate == 0 && none.bestRunLength == 0)
        let nothingDone = Stats(records: [record(1, "2026-01-01", 0, of: 3)])
        #expect(nothingDone.perfectDays == 0 && nothingDone.bestRun == nil && nothingDone.daysTracked == 1)
    }
}

// Rules H4.
@Suite("The heatmap's days")
struct HistoryViewTests {
    // Rule H4.
    @Test("months are whole calendar months up to today's, across a new year")
    func range() {
        #expect(HistoryView.firstDay(months: 12, today: day("2026-11-19")) == day("2025-12-01"))
        #expect(HistoryView.firstDay(months: 6, today: day("2026-11-19")) == day("2026-06-01"))
        #expect(HistoryView.firstDay(months: 1, today: day("2026-11-19")) == day("2026-11-01"))
        #expect(HistoryView.firstDay(months: 12, today: day("2026-01-31")) == day("2025-02-01"))
    }

    // Rule H4.
    @Test("days run from the locale's week start to today; records of one date add up; before the range is empty")
    func days() throws {
        var book = Book()
        _ = try book.activate("lark", today: book.closed(day("2026-10-30"), later: noRecordsAhead), catalog: testCatalog, later: noRecordsAhead)   // 3 tasks from the 31st
        let today = day("2026-11-19")                                                 // a Thursday
        _ = try book.check("1", done: true, today: book.closed(today))
        let lark = try #require(book.active)
        let records = [record(lark.id, "2026-10-31", 3, of: 3), record(lark.id, "2026-11-02", 1, of: 3),
                       record(99, "2026-11-02", 2, of: 2)]

        // Monday first: 1 November is a Sunday, so the grid starts on Monday 26 October.
        let monday = book.history(of: nil, months: 1, today: today, firstWeekday: 2, records: records)
        #expect(monday.from == day("2026-11-01") && monday.gridStart == day("2026-10-26"))
        #expect(monday.days.count == 25 && monday.days.last?.date == today)
        // The 31st has a record but is before the range.
        #expect(monday.days.first { $0.date == day("2026-10-31") }?.completed == nil)
        // Two routines on the 2nd add up; today shows its live check.
        #expect(monday.days.first { $0.date == day("2026-11-02") }.map { [$0.completed, $0.total] } == [3, 5])
        #expect(monday.days.last.map { [$0.completed, $0.total] } == [1, 3])
        #expect(monday.days.first { $0.date == day("2026-11-03") }?.completed == nil)

        // Sunday first: the grid starts on the 1st itself; one routine leaves out the other's records.
        let sunday = book.history(of: lark, months: 1, today: today, firstWeekday: 1, records: records)
        #expect(sunday.gridStart == day("2026-11-01") && sunday.days.count == 19)
        #expect(sunday.days.first { $0.date == day("2026-11-02") }.map { [$0.completed, $0.total] } == [1, 3])
    }
}

// Rules H5.
@Suite("Export and import")
struct ArchiveTests {
    /// Lark run from the 23rd with days finished, then Owl active with today's checks.
    func livedBook() throws -> (Book, [DayRecord], Day) {
        var book = Book()
        var records: [DayRecord] = []
        func keep(_ changes: [Change]) {
            records += changes.compactMap { if case .finalizeDay(let r) = $0 { r } else { nil } }
        }
        /// Closes the days that ended, as bmd does before each write, keeping what it finalized.
        func closed(_ date: Day) -> Book.Today {
            let closing = book.closeDays(today: date, exists: everyDateExists, later: noRecordsAhead)
            keep(closing.changes)
            return closing.today
        }
        keep(try book.activate("lark", today: closed(day("2026-11-22")), catalog: testCatalog, later: noRecordsAhead).changes)
        keep(try book.check("2", done: true, today: closed(day("2026-11-23"))).changes)
        keep(try book.check("Wake", done: true, today: closed(day("2026-11-24"))).changes)
        keep(try book.activate("owl", today: closed(day("2026-11-25")), catalog: testCatalog, later: noRecordsAhead).changes)
        let today = day("2026-11-27")
        keep(try book.check("4", done: true, today: closed(today)).changes)
        return (book, records, today)
    }

    // Rule H5.
    @Test("an export imported into an empty book gives back the same routines, order, records and checks")
    func roundTrip() throws {
        let (book, records, today) = try livedBook()
        let archived = book.archive(records: records)
        #expect(archived.map(\.slug) == ["owl", "lark"])              // data-card order
        #expect(archived[1].days.map(\.done) == [[2], [1], [], ], "23rd: task 2; 24th: task 1; 25th: nothing")
        #expect(archived[0].open == [ArchivedDay(date: today, done: [4])])

        var restored = Book()
        let result = try restored.importArchive(archived, replace: false, today: restored.closed(today), catalog: testCatalog)
        #expect(result.routines == 2 && result.records == records.count)
        #expect(restored.archive(records: storedRecords(result.changes)) == archived)
        #expect(restored.routinesByRecency.map(\.name) == book.routinesByRecency.map(\.name))
        #expect(restored.checks(of: try #require(restored.active).id, on: today) == 0b1000)
        #expect(restored.phase(today: today) == .running)
        #expect(!result.changes.contains(.deleteEverything))
    }

    // Rule H5.
    @Test("a book with routines refuses an import unless it replaces; replacing keeps the settings")
    func refuseOrReplace() throws {
        let (book, records, today) = try livedBook()
        let archived = book.archive(records: records)
        var target = Book()
        _ = try target.activate("owlet", today: target.closed(today, later: noRecordsAhead), catalog: testCatalog, later: noRecordsAhead)
        _ = target.setNotifications(false)
        let before = target
        #expect(throws: Morning.Error.importRefused(routines: 1)) {
            _ = try target.importArchive(archived, replace: false, today: target.closed(today), catalog: testCatalog)
        }
        #expect(target == before)
        let replaced = try target.importArchive(archived, replace: true, today: target.closed(today), catalog: testCatalog)
        #expect(Array(replaced.changes.prefix(2)) == [.deleteEverything, .setSettings(before.settings)])
        #expect(target.routines.map(\.slug).sorted() == ["lark", "owl"])
        #expect(target.settings.notificationsEnabled == false)
    }

    // Rule H5.
    // Rules T3.
    @Test("days that ended since the export are finalized at once, all ✗")
    func catchUpAfterImport() throws {
        let (book, records, today) = try livedBook()
        var restored = Book()
        let later = today.adding(days: 3)
        let result = try restored.importArchive(book.archive(records: records), replace: false, today: restored.closed(later), catalog: testCatalog)
        let finalized = result.changes.compactMap { if case .finalizeDay(let r) = $0 { r } else { nil } }
        // The day in progress keeps its ✓; the two days nobody saw are all ✗.
        #expect(finalized.map(\.date) == [today, today.next, today.adding(days: 2)])
        #expect(finalized.map(\.completed) == [1, 0, 0])
        // The reply counts every record the import stored, the days it finalized included.
        #expect(result.records == records.count + 3)
    }

    // Rule H5.
    @Test("every broken rule is refused with what is wrong, and nothing changes", arguments: [
        (Broken.duplicateID, "the id \"lark\" is used twice"),
        (.twoActive, "only one routine can be active"),
        (.outOfOrder, "tasks must be in time order"),
        (.tooManyTasks, "at most 20 tasks"),
        (.noTasks, "at least one task"),
        (.longTitle, "1 to 20 characters"),
        (.longTaskTitle, "1 to 70 characters"),
        (.positionOutOfRange, "marks task 4 done, but the routine has tasks 1 to 3"),
        (.positionTwice, "marks a task done twice"),
        (.dateTwice, "the day 2026-11-23 appears twice"),
        (.openOnInactive, "only the active routine has a day in progress"),
        (.openBeforeLastRecord, "before the start or already finished"),
        (.blankID, "an id has 1 to 64 characters"),
    ])
    func invalid(broken: Broken, message: String) throws {
        let (book, records, today) = try livedBook()
        let archived = broken.apply(book.archive(records: records))
        var target = Book()
        let closedToday = target.closed(today)
        let closed = target
        do {
            _ = try target.importArchive(archived, replace: false, today: closedToday, catalog: testCatalog)
            Issue.record("\(broken) was imported")
        } catch Morning.Error.invalidImport(let reason) {
            #expect(reason.contains(message), "\(reason)")
        }
        #expect(target == closed)
    }

    enum Broken: Sendable {
        case duplicateID, twoActive, outOfOrder, tooManyTasks, noTasks, longTitle, longTaskTitle
        case positionOutOfRange, positionTwice, dateTwice, openOnInactive, openBeforeLastRecord, blankID

        /// `archived` ([owl active, lark]) broken this way.
        func apply(_ archived: [ArchivedRoutine]) -> [ArchivedRoutine] {
            var a = archived
            switch self {
            case .duplicateID: a[0].slug = "lark"
            case .twoActive: a[1].isActive = true
            case .outOfOrder: a[1].tasks.swapAt(0, 2)
            case .tooManyTasks: a[1].tasks = (0..<21).map { RoutineTask(time: TimeOfDay(minutes: $0 * 5)!, title: "T\($0)") }
            case .noTasks: a[1].tasks = []
            case .longTitle: a[1].name = String(repeating: "x", count: 21)
            case .longTaskTitle: a[1].tasks[0].title = String(repeating: "x", count: 71)
            case .positionOutOfRange: a[1].days[0].done = [4]
            case .positionTwice: a[1].days[0].done = [1, 1]
            case .dateTwice: a[1].days[1].date = a[1].days[0].date
            case .openOnInactive: a[1].open = [ArchivedDay(date: day("2026-11-27"), done: [1])]
            case .openBeforeLastRecord: a[0].open[0].date = day("2026-11-25")
            case .blankID: a[1].slug = "two words"
            }
            return a
        }
    }
}

/// The Day Records an import stores: those of its archive and of the days it finalized.
func storedRecords(_ changes: [Change]) -> [DayRecord] {
    changes.flatMap { change -> [DayRecord] in
        switch change {
        case .importEverything(let archive): archive.records
        case .finalizeDay(let record): [record]
        default: []
        }
    }
}
