import Foundation
import Testing
@testable import MorningCore

// Rules A1–A6, D1.
@Suite("Activation, switching, restart, delete and reset")
struct ActivationTests {
    // Rule A1.
    @Test("activating with none active starts the routine tomorrow and leaves today alone")
    func firstActivation() throws {
        var book = Book()
        let a = try book.activateOrFail("lark", "2026-11-22")
        #expect(a.routine.startDate == day("2026-11-23"))
        #expect(a.routine.createdDate == day("2026-11-22"))
        #expect(a.previous == nil && a.finalized == nil)
        #expect(book.phase(today: day("2026-11-22")) == .waiting)
        #expect(throws: Morning.Error.notStarted(routine: "Early Lark", startDate: day("2026-11-23"))) {
            try book.dayView(of: day("2026-11-22"), today: day("2026-11-22"), record: nil)
        }
        #expect(book.phase(today: day("2026-11-23")) == .running)
        #expect(!a.changes.contains { if case .finalizeDay = $0 { true } else { false } })
    }

    // Rule A2.
    @Test("switching mid-day finalizes the old routine's today, keeps ✓, makes the rest ✗")
    func switchMidDay() throws {
        var book = Book()
        _ = try book.activateOrFail("lark", "2026-11-22")
        let today = day("2026-11-24")
        let closing = book.closeDays(today: today, exists: everyDateExists) { nil }
        let checked = try book.check("2", done: true, today: closing.today)
        let a = try book.activateOrFail("owl", "2026-11-24")
        // Yesterday was caught up (all ✗) as the check was made, today finalized with its one ✓.
        let records = (closing.changes + checked.changes + a.changes).compactMap { if case .finalizeDay(let r) = $0 { r } else { nil } }
        #expect(records.map(\.date) == [day("2026-11-23"), day("2026-11-24")])
        #expect(records.map(\.completed) == [0, 1])
        #expect(records[1].isDone(position: 2) && !records[1].isDone(position: 1))
        #expect(a.finalized == records[1])
        #expect(a.previous?.name == "Early Lark" && a.previous?.isActive == false)
        #expect(a.routine.name == "Night Owl" && a.routine.startDate == day("2026-11-25"))
        #expect(book.routines.filter(\.isActive).map(\.name) == ["Night Owl"])
        // Today is locked for the old routine: nothing more can be checked today.
        #expect(throws: Morning.Error.notStarted(routine: "Night Owl", startDate: day("2026-11-25"))) {
            _ = try book.check("1", done: true, today: book.closed(today))
        }
    }

    // Rule A2.
    @Test("switching away from a routine that has not started yet writes no record")
    func switchBeforeStart() throws {
        var book = Book()
        _ = try book.activateOrFail("lark", "2026-11-22")
        let a = try book.activateOrFail("owl", "2026-11-22")
        #expect(a.finalized == nil)
        #expect(!a.changes.contains { if case .finalizeDay = $0 { true } else { false } })
    }

    // Rule A3.
    @Test("activating the active routine is refused and changes nothing")
    func activateActive() throws {
        var book = Book()
        _ = try book.activateOrFail("lark", "2026-11-22")
        let before = book
        var copy = book
        #expect(throws: Morning.Error.alreadyActive(routine: "Early Lark")) {
            _ = try copy.activateOrFail("Early Lark", "2026-11-23")
        }
        #expect(book == before)
    }

    // Rule A4.
    @Test("restarting the active routine finalizes today and starts again tomorrow, history kept")
    func restartActive() throws {
        var book = Book()
        _ = try book.activateOrFail("lark", "2026-11-22")
        _ = try book.check("1", done: true, today: book.closed(day("2026-11-23")))
        let r = try book.restart("lark", today: book.closed(day("2026-11-23"), later: noRecordsAhead), catalog: testCatalog, later: noRecordsAhead)
        #expect(r.finalized?.date == day("2026-11-23") && r.finalized?.completed == 1)
        #expect(r.routine.startDate == day("2026-11-24"))
        #expect(r.routine.tasks.map(\.title) == ["Wake up", "Stretch", "Write"])
        #expect(r.routine.lastRecordDate == day("2026-11-23"))
        #expect(book.phase(today: day("2026-11-23")) == .waiting)
    }

    // Rule A4.
    @Test("restarting an inactive routine is a switch to it; a never-activated catalog routine is refused")
    func restartInactive() throws {
        var book = Book()
        _ = try book.activateOrFail("lark", "2026-11-22")
        _ = try book.activateOrFail("owl", "2026-11-23")
        let r = try book.restart("lark", today: book.closed(day("2026-11-26"), later: noRecordsAhead), catalog: testCatalog, later: noRecordsAhead)
        #expect(r.previous?.name == "Night Owl")
        #expect(r.routine.isActive && r.routine.startDate == day("2026-11-27"))
        #expect(throws: Morning.Error.notStored(routine: "Owlet Young", id: "owlet")) {
            _ = try book.restart("owlet", today: book.closed(day("2026-11-26"), later: noRecordsAhead), catalog: testCatalog, later: noRecordsAhead)
        }
    }

    // Rule A5.
    @Test("deleting the active routine leaves none active and no reminder")
    func deleteActive() throws {
        var book = Book()
        _ = try book.activateOrFail("lark", "2026-11-22")
        _ = try book.check("1", done: true, today: book.closed(day("2026-11-23")))
        let (routine, changes) = try book.delete("lark", today: book.closed(day("2026-11-23")), catalog: testCatalog)
        #expect(routine.name == "Early Lark")
        #expect(changes.last == .deleteRoutine(routine.id))
        #expect(book.active == nil && book.routines.isEmpty && book.openDays.isEmpty)
        #expect(book.plan(now: utc("2026-11-23T12:00:00Z"), local: zone("UTC")).nextReminder == nil)
        // The catalog definition remains: it can be activated again.
        #expect(throws: Never.self) { _ = try book.activateOrFail("lark", "2026-11-23") }
    }

    // Rule A6.
    @Test("reset forgets routines, records and settings, and re-arms the welcome")
    func reset() throws {
        var book = Book()
        _ = try book.activateOrFail("lark", "2026-11-22")
        _ = book.setNotifications(false)
        _ = book.markWelcomeShown()
        #expect(book.reset() == [.deleteEverything])
        #expect(book == Book())
        #expect(book.settings.notificationsEnabled && !book.settings.welcomeShown)
    }

    // Rule D1.
    @Test("at most one routine is active through any sequence of activations")
    func oneActive() throws {
        var book = Book()
        for (i, q) in ["lark", "owl", "owlet", "lark", "owl"].enumerated() {
            _ = try book.activate(q, today: book.closed(day("2026-11-22").adding(days: i), later: noRecordsAhead), catalog: testCatalog, later: noRecordsAhead)
            #expect(book.routines.filter(\.isActive).count == 1)
        }
        #expect(book.routines.count == 3)
        // H1 ordering: active first, then the most recently active.
        #expect(book.routinesByRecency.map(\.slug) == ["owl", "lark", "owlet"])
    }
}

// Rules T1–T3, D5.
@Suite("The day")
struct DayRuleTests {
    func running() throws -> Book {
        var book = Book()
        _ = try book.activateOrFail("lark", "2026-11-22")
        return book
    }

    // Rule T1.
    @Test("check and uncheck by position and by unique case-insensitive title prefix")
    func checkUncheck() throws {
        var book = try running()
        let today = day("2026-11-23")
        #expect(try book.check("st", done: true, today: book.closed(today)).position == 2)
        #expect(try book.check("1", done: true, today: book.closed(today)).changed)
        #expect(try book.check("WAKE", done: true, today: book.closed(today)).changed == false)
        _ = try book.check("wake up", done: false, today: book.closed(today))
        let view = try book.dayView(of: today, today: today, record: nil)
        #expect(view.mode == .today)
        #expect(view.states == [.untouched, .done, .untouched])
        #expect(throws: Morning.Error.taskNotFound(query: "4", total: 3)) { _ = try book.check("4", done: true, today: book.closed(today)) }
        #expect(throws: Morning.Error.taskNotFound(query: "run", total: 3)) { _ = try book.check("run", done: true, today: book.closed(today)) }
    }

    // Rule T1.
    @Test("an ambiguous task prefix is refused with the candidates")
    func ambiguousTask() throws {
        let tasks = [("06:00", "Read news"), ("07:00", "Read a book"), ("08:00", "Run")]
            .map { RoutineTask(time: TimeOfDay($0.0)!, title: $0.1) }
        #expect(throws: Morning.Error.ambiguousTask(query: "read", candidates: ["1 Read news", "2 Read a book"])) {
            _ = try Book.resolveTask("read", in: tasks)
        }
        #expect(try Book.resolveTask("r", in: [tasks[2]]) == 1)
        // An exact title beats a longer title it prefixes.
        let exact = [("06:00", "Run"), ("07:00", "Run more")].map { RoutineTask(time: TimeOfDay($0.0)!, title: $0.1) }
        #expect(try Book.resolveTask("run", in: exact) == 1)
    }

    // Rule T2.
    @Test("past days are read-only ✓/✗, future days upcoming up to 14 ahead, earlier than start out of range")
    func dayModes() throws {
        var book = try running()
        _ = try book.check("3", done: true, today: book.closed(day("2026-11-23")))
        let changes = book.closeDays(today: day("2026-11-25"), exists: everyDateExists) { nil }.changes
        let record = changes.compactMap { if case .finalizeDay(let r) = $0, r.date == day("2026-11-23") { r } else { nil } }.first
        let today = day("2026-11-25")
        let past = try book.dayView(of: day("2026-11-23"), today: today, record: record)
        #expect(past.mode == .past && past.states == [.missed, .missed, .done])
        let future = try book.dayView(of: day("2026-12-09"), today: today, record: nil)
        #expect(future.mode == .future && future.states == [.upcoming, .upcoming, .upcoming])
        #expect(throws: Morning.Error.dateOutOfRange(date: day("2026-12-10"), earliest: day("2026-11-23"), latest: day("2026-12-09"))) {
            try book.dayView(of: day("2026-12-10"), today: today, record: nil)
        }
        #expect(throws: Morning.Error.dateOutOfRange(date: day("2026-11-22"), earliest: day("2026-11-23"), latest: day("2026-12-09"))) {
            try book.dayView(of: day("2026-11-22"), today: today, record: nil)
        }
    }

    // Rule T3.
    @Test("catching up finalizes each missed day exactly once, with what was checked")
    func catchUp() throws {
        var book = try running()
        _ = try book.check("1", done: true, today: book.closed(day("2026-11-23")))
        _ = try book.check("2", done: true, today: book.closed(day("2026-11-23")))
        // bmd was off from the evening of the 23rd until the 27th.
        let changes = book.closeDays(today: day("2026-11-27"), exists: everyDateExists) { nil }.changes
        let records = changes.compactMap { if case .finalizeDay(let r) = $0 { r } else { nil } }
        #expect(records.map(\.date.description) == ["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26"])
        #expect(records.map(\.completed) == [2, 0, 0, 0])
        #expect(book.openDays.isEmpty)
        #expect(book.closeDays(today: day("2026-11-27"), exists: everyDateExists) { nil }.changes.isEmpty)
        #expect(book.active?.lastRecordDate == day("2026-11-26"))
    }

    // Rule T3.
    @Test("a clock that goes back never reopens a finalized day")
    func clockBack() throws {
        var book = try running()
        _ = book.closeDays(today: day("2026-11-26"), exists: everyDateExists) { nil }.changes
        #expect(throws: Morning.Error.dayLocked(date: day("2026-11-25"))) {
            _ = try book.check("1", done: true, today: book.closed(day("2026-11-25")))
        }
        #expect(book.closeDays(today: day("2026-11-25"), exists: everyDateExists) { nil }.changes.isEmpty)
    }

    // Rule D5.
    @Test("a record keeps which task was ✓ and which ✗, and its count")
    func record() {
        let r = DayRecord(routineID: 1, date: day("2026-11-23"), doneMask: 0b101, taskCount: 3)
        #expect(r.completed == 2)
        #expect([1, 2, 3].map(r.isDone) == [true, false, true])
    }

    @Test("Week chart: records by date, today's live count, nothing before the start")
    func week() throws {
        var book = try running()
        _ = book.closeDays(today: day("2026-11-25"), exists: everyDateExists) { nil }.changes
        _ = try book.check("1", done: true, today: book.closed(day("2026-11-25")))
        let routine = book.active!
        let w = book.week(of: routine, startingOn: day("2026-11-22"), today: day("2026-11-25"),
                          recorded: [day("2026-11-23"): 0, day("2026-11-24"): 2])
        #expect(w.days.map(\.completed) == [nil, 0, 2, 1, nil, nil, nil])
    }
}

@Suite("Naming routines")
struct NamingTests {
    @Test("A routine is found by catalog id, by name, or by a unique prefix; ambiguity is refused")
    func resolve() throws {
        let book = Book()
        func name(_ q: String) throws -> String {
            switch try book.resolveActivatable(q, catalog: testCatalog) {
            case .catalog(let e): e.name
            case .stored(let r): r.name
            }
        }
        #expect(try name("lark") == "Early Lark")
        #expect(try name("NIGHT OWL") == "Night Owl")
        #expect(try name("ea") == "Early Lark")
        #expect(try name("owl") == "Night Owl")          // exact id beats the prefix of "owlet"
        #expect(try name("young") == "Owlet Young")      // a word of the name
        #expect(throws: Morning.Error.ambiguousRoutine(query: "o", candidates: ["owl (Night Owl)", "owlet (Owlet Young)"])) {
            _ = try name("o")
        }
        #expect(throws: Morning.Error.routineNotFound(query: "zebra")) { _ = try name("zebra") }
    }

    // Rules C3/D1.
    @Test("custom routines are validated and get unique ids")
    func custom() throws {
        var book = Book()
        let tasks = [RoutineTask(time: TimeOfDay("06:00")!, title: "Run")]
        let a = try book.saveCustom(name: "Early Lark", tasks: tasks, today: book.closed(day("2026-11-22")), catalog: testCatalog)
        #expect(a.routine.slug == "early-lark" && a.routine.kind == .custom)
        let b = try book.saveCustom(name: "Early  Lark!", tasks: tasks, today: book.closed(day("2026-11-22")), catalog: testCatalog)
        #expect(b.routine.slug == "early-lark-2")
        #expect(throws: Morning.Error.self) {
            _ = try book.saveCustom(name: String(repeating: "x", count: 21), tasks: tasks, today: book.closed(day("2026-11-22")), catalog: testCatalog)
        }
        #expect(throws: Morning.Error.self) {
            _ = try book.saveCustom(name: "Empty", tasks: [], today: book.closed(day("2026-11-22")), catalog: testCatalog)
        }
    }
}
