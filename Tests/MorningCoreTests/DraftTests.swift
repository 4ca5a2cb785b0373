import Testing
@testable import MorningCore

/// Creating a custom routine (§5): the draft, its limits, times as people type them,
/// routine files, and saving through the activation flow.
// Rules C2–C5, D2, D4.
@Suite("Creating a custom routine")
struct DraftTests {
    let today = day("2026-11-22")

    /// A book whose draft holds `count` tasks at 05:00, 05:05, …
    func bookWithTasks(_ count: Int, title: String? = "Mine") throws -> Book {
        var book = Book()
        if let title { _ = try book.draftTitle(title) }
        for n in 0..<count {
            _ = try book.draftAdd(time: TimeOfDay(minutes: 300 + 5 * n)!.description, title: "Task \(n + 1)")
        }
        return book
    }

    // Rule C2.
    @Test("every change to the draft is one setDraft change holding the whole draft")
    func everyChangeIsStored() throws {
        var book = Book()
        #expect(try book.draftTitle("  Early riser ") == [.setDraft(Draft(title: "Early riser"))])
        let added = try book.draftAdd(time: "06:00", title: " Wake up ")
        let draft = Draft(title: "Early riser", tasks: [RoutineTask(time: TimeOfDay("06:00")!, title: "Wake up")])
        #expect(added.position == 1 && added.changes == [.setDraft(draft)])
        #expect(book.draft == draft)
        let removed = try book.draftRemove(position: 1)
        #expect(removed.removed.title == "Wake up" && removed.changes == [.setDraft(Draft(title: "Early riser"))])
        #expect(book.draftDiscard().changes == [.setDraft(nil)])
        #expect(book.draft == nil)
        #expect(book.draftDiscard().changes.isEmpty)   // nothing to discard, nothing to store
    }

    // Rule C4.
    @Test("each stored change of the draft is one revision, and a change for an older revision changes nothing")
    func revisions() throws {
        var book = try bookWithTasks(2)
        #expect(book.draftRevision == 3)
        let seen = book.draftRevision
        _ = try book.draftAdd(time: "05:00", title: "Xray")
        let closedToday = book.closed(today, exists: { _ in true })
        let before = book
        #expect(throws: Morning.Error.self) { try book.draftRemove(position: 2, revision: seen) }
        #expect(throws: Morning.Error.self) { try book.saveDraft(today: closedToday, revision: seen) }
        #expect(book == before)
        do {
            _ = try book.draftRemove(position: 2, revision: seen)
        } catch let Morning.Error.draftChanged(revision, current, title, tasks) {
            #expect(revision == 3 && current == 4 && title == "Mine")
            #expect(tasks.map { "\($0.position) \($0.time) \($0.title)" } == ["1 05:00 Task 1", "2 05:00 Xray", "3 05:05 Task 2"])
        }
        // Resetting drops the draft as one more revision, so nothing titles a new draft in the old one's name.
        #expect(book.reset() == [.deleteEverything, .setDraft(nil)])
        #expect(book.draftRevision == 5 && book.draft == nil)
    }

    // Rule C2.
    @Test("adding a task starts a draft with no title")
    func addStartsADraft() throws {
        var book = Book()
        _ = try book.draftAdd(time: "7:00", title: "Coffee")
        #expect(book.draft?.title == nil && book.draft?.tasks.count == 1)
    }

    // Rule D2.
    @Test("tasks are kept sorted by time; equal times stay in the order added")
    func sortedInsertion() throws {
        var book = Book()
        let positions = try [("07:00", "Coffee"), ("06:00", "Wake up"), ("06:30", "Run"), ("06:00", "Water"), ("23:55", "Sleep"), ("00:00", "Dream")]
            .map { try book.draftAdd(time: $0.0, title: $0.1).position }
        #expect(positions == [1, 1, 2, 2, 5, 1])
        #expect(book.draft?.tasks.map(\.title) == ["Dream", "Wake up", "Water", "Run", "Coffee", "Sleep"])
    }

    // Rule C3.
    @Test("a routine's title has 1 to 20 characters; nothing changes when refused", arguments: ["", "   ", String(repeating: "x", count: 21)])
    func titleLimit(title: String) throws {
        var book = try bookWithTasks(1)
        let before = book
        #expect(throws: Morning.Error.invalidRoutine(reason: "a routine's title has 1 to 20 characters; \"\(title)\" has \(title.trimmingWhitespace.count)")) {
            _ = try book.draftTitle(title)
        }
        #expect(book == before)
        _ = try book.draftTitle(String(repeating: "x", count: 20))
        #expect(book.draft?.title?.count == 20)
    }

    // Rule C3.
    @Test("a task's title has 1 to 70 characters; nothing changes when refused", arguments: ["", " ", String(repeating: "y", count: 71)])
    func taskTitleLimit(title: String) throws {
        var book = try bookWithTasks(1)
        let before = book
        #expect(throws: Morning.Error.invalidRoutine(reason: "a task's title has 1 to 70 characters; \"\(title)\" has \(title.trimmingWhitespace.count)")) {
            _ = try book.draftAdd(time: "06:00", title: title)
        }
        #expect(book == before)
        _ = try book.draftAdd(time: "06:00", title: String(repeating: "y", count: 70))
        #expect(book.draft?.tasks.count == 2)
    }

    // Rule C3.
    @Test("after the 20th task adding says the maximum is reached, whatever the task")
    func atMostTwentyTasks() throws {
        var book = try bookWithTasks(20)
        let before = book
        #expect(throws: Morning.Error.draftFull(limit: 20)) { _ = try book.draftAdd(time: "09:00", title: "One more") }
        #expect(throws: Morning.Error.draftFull(limit: 20)) { _ = try book.draftAdd(time: "09:01", title: "") }
        #expect(book == before)
        #expect(Morning.Error.draftFull(limit: 20).reason == "the maximum of 20 tasks is reached")
        // Removing one makes room again.
        _ = try book.draftRemove(position: 20)
        _ = try book.draftAdd(time: "09:00", title: "One more")
        #expect(book.draft?.tasks.count == 20)
    }

    // Rule C3.
    @Test("saving needs a title and at least one task; nothing changes when refused")
    func saveNeedsTitleAndTask() throws {
        var untitled = try bookWithTasks(2, title: nil)
        var closedToday = untitled.closed(today)
        var before = untitled
        #expect(throws: Morning.Error.invalidRoutine(reason: "a routine's title has 1 to 20 characters; the draft has no title yet")) {
            _ = try untitled.saveDraft(today: closedToday, catalog: testCatalog)
        }
        #expect(untitled == before)
        var empty = try bookWithTasks(0)
        closedToday = empty.closed(today)
        before = empty
        #expect(throws: Morning.Error.invalidRoutine(reason: "a routine needs at least one task")) {
            _ = try empty.saveDraft(today: closedToday, catalog: testCatalog)
        }
        #expect(empty == before)
        var none = Book()
        #expect(throws: Morning.Error.noDraft) { _ = try none.saveDraft(today: none.closed(today), catalog: testCatalog) }
    }

    // Rule C3.
    @Test("removing a position the draft does not have is refused")
    func removeUnknownPosition() throws {
        var book = try bookWithTasks(2)
        for position in [0, 3, -1] {
            #expect(throws: Morning.Error.noDraftTask(position: position, total: 2)) { _ = try book.draftRemove(position: position) }
        }
        var none = Book()
        #expect(throws: Morning.Error.noDraftTask(position: 1, total: 0)) { _ = try none.draftRemove(position: 1) }
    }

    // Rules C3, D2.
    @Test("24-hour and 12-hour times are read", arguments: [
        ("06:45", "06:45"), ("6:45", "06:45"), (" 23:55 ", "23:55"), ("00:00", "00:00"),
        ("6:45am", "06:45"), ("6:45 pm", "18:45"), ("6am", "06:00"), ("6 PM", "18:00"), ("12am", "00:00"),
        ("12:30am", "00:30"), ("12pm", "12:00"), ("12:05 p.m.", "12:05"), ("11:55PM", "23:55"), ("06am", "06:00"),
    ])
    func timesAccepted(text: String, expected: String) throws {
        #expect(try TimeOfDay.parse(text).description == expected)
    }

    // Rule D2.
    @Test("a time off the five-minute grid is refused with the two nearest grid times", arguments: [
        ("06:07", "06:05", "06:10"), ("6:07am", "06:05", "06:10"), ("6:59 pm", "18:55", "19:00"), ("00:01", "00:00", "00:05"),
    ])
    func offGridSuggestsNeighbours(text: String, earlier: String, later: String) {
        let refusal = Morning.Error.invalidTime(text: text, earlier: TimeOfDay(earlier)?.description, later: TimeOfDay(later)?.description)
        #expect(throws: refusal) { _ = try TimeOfDay.parse(text) }
        #expect(refusal.reason == "\(text) is not on the five-minute grid; use \(earlier) or \(later)")
    }

    // Rule D2.
    @Test("after 23:55 only the earlier grid time exists")
    func offGridAtTheEndOfTheDay() {
        #expect(throws: Morning.Error.invalidTime(text: "23:58", earlier: "23:55", later: nil)) {
            _ = try TimeOfDay.parse("23:58")
        }
        #expect(Morning.Error.invalidTime(text: "23:58", earlier: "23:55", later: nil).reason
                == "23:58 is not on the five-minute grid; use 23:55")
    }

    // Rule C3.
    @Test("what is not a time is refused without suggestions", arguments: [
        "", "6", "645", "24:00", "6:60", "13pm", "0am", "6:5am", "soon", "+6:45", "6:45:00", "06:45 tomorrow", "٦:٤٥",
    ])
    func notATime(text: String) {
        #expect(throws: Morning.Error.invalidTime(text: text.trimmingWhitespace, earlier: nil, later: nil)) {
            _ = try TimeOfDay.parse(text)
        }
    }

    // Rules C5, A1.
    @Test("saving makes a custom routine active from tomorrow and drops the draft in the same changes")
    func saveActivatesFromTomorrow() throws {
        var book = try bookWithTasks(3)
        let a = try book.saveDraft(today: book.closed(today), catalog: testCatalog)
        #expect(a.routine.kind == .custom && a.routine.name == "Mine" && a.routine.slug == "mine")
        #expect(a.routine.isActive && a.routine.startDate == day("2026-11-23"))
        #expect(a.routine.tasks.map(\.title) == ["Task 1", "Task 2", "Task 3"])
        #expect(a.previous == nil && a.finalized == nil)
        #expect(a.changes.last == .setDraft(nil))
        #expect(a.changes.contains(.insertRoutine(a.routine)))
        #expect(book.draft == nil && book.active == a.routine)
    }

    // Rules C5, A2.
    @Test("saving while another routine runs finalizes its today first")
    func saveFinalizesTheRunningRoutine() throws {
        var book = Book()
        _ = try book.activateOrFail("lark", "2026-11-21")
        _ = try book.check("1", done: true, today: book.closed(today))
        _ = try book.draftTitle("Mine")
        _ = try book.draftAdd(time: "06:00", title: "Run")
        let a = try book.saveDraft(today: book.closed(today), catalog: testCatalog)
        #expect(a.previous?.name == "Early Lark" && a.previous?.isActive == false)
        #expect(a.finalized?.date == today && a.finalized?.completed == 1 && a.finalized?.taskCount == 3)
        #expect(book.routines.filter(\.isActive).map(\.name) == ["Mine"])
    }

    // Rule D4.
    @Test("a saved routine keeps its tasks; a new draft never reaches it")
    func savedRoutineIsLocked() throws {
        var book = try bookWithTasks(2)
        let saved = try book.saveDraft(today: book.closed(today), catalog: testCatalog).routine
        _ = try book.draftTitle("Mine")
        _ = try book.draftAdd(time: "04:00", title: "Other")
        #expect(book.routine(id: saved.id) == saved)
        // A second routine of the same title is another routine, with its own id.
        let again = try book.saveDraft(today: book.closed(today), catalog: testCatalog).routine
        #expect(again.id != saved.id && again.slug == "mine-2")
        #expect(book.routine(id: saved.id)?.tasks == saved.tasks)
    }

    // Rule C4.
    @Test("create saves in one go and leaves the draft alone")
    func createLeavesTheDraft() throws {
        var book = try bookWithTasks(1, title: "Draft")
        let draft = book.draft
        let a = try book.create(title: " Quick ", tasks: [("7am", "Coffee"), ("6:30", "Wake up")], today: book.closed(today), catalog: testCatalog)
        #expect(a.routine.name == "Quick" && a.routine.tasks.map(\.title) == ["Wake up", "Coffee"])
        #expect(book.draft == draft)
        #expect(!a.changes.contains { if case .setDraft = $0 { true } else { false } })
    }

    // Rule C3.
    @Test("create refuses each limit and changes nothing")
    func createLimits() throws {
        var book = Book()
        let closedToday = book.closed(today)
        let before = book
        let run = [("06:00", "Run")]
        #expect(throws: Morning.Error.invalidRoutine(reason: "a routine's title has 1 to 20 characters; \"\" has 0")) {
            _ = try book.create(title: "", tasks: run, today: closedToday, catalog: testCatalog)
        }
        #expect(throws: Morning.Error.invalidRoutine(reason: "a routine needs at least one task")) {
            _ = try book.create(title: "Mine", tasks: [], today: closedToday, catalog: testCatalog)
        }
        #expect(throws: Morning.Error.invalidRoutine(reason: "a routine has at most 20 tasks; this one has 21")) {
            _ = try book.create(title: "Mine", tasks: Array(repeating: ("06:00", "Run"), count: 21), today: closedToday, catalog: testCatalog)
        }
        #expect(throws: Morning.Error.invalidTime(text: "06:07", earlier: "06:05", later: "06:10")) {
            _ = try book.create(title: "Mine", tasks: [("06:07", "Run")], today: closedToday, catalog: testCatalog)
        }
        #expect(book == before)
    }

    // Rule A6.
    @Test("reset forgets the draft too")
    func resetForgetsTheDraft() throws {
        var book = try bookWithTasks(2)
        _ = book.reset()
        #expect(book.draft == nil)
    }
}

// Rule C4.
@Suite("Routine files, as better-morning-routine(5) describes them")
struct RoutineFileTests {
    // Rule C4.
    @Test("A title line, task lines in any order and time form, comments and blank lines")
    func parsesAFile() throws {
        let file = try RoutineFile.parse("""
            # My weekday morning
            Early riser

              06:30 Coffee on the balcony   
            6:05am Glass of water
            # comments may sit anywhere; a # inside a title is text
            6:00 AM Wake up #1
            06:05\tStretch\r
            """)
        #expect(file.title == "Early riser")
        #expect(file.tasks.map(\.time.description) == ["06:00", "06:05", "06:05", "06:30"])
        #expect(file.tasks.map(\.title) == ["Wake up #1", "Glass of water", "Stretch", "Coffee on the balcony"])
    }

    // Rule C4.
    @Test("A title may start with a time written without a colon")
    func titleLikeATime() throws {
        let file = try RoutineFile.parse("5am Club\n05:00 Rise\n")
        #expect(file.title == "5am Club" && file.tasks.map(\.title) == ["Rise"])
    }

    // Rule C4.
    @Test("Windows line ends are read as line ends")
    func crlf() throws {
        let file = try RoutineFile.parse("Mine\r\n06:00 Run\r\n07:00 Read\r\n")
        #expect(file.title == "Mine" && file.tasks.map(\.title) == ["Run", "Read"])
    }

    // Rule C3.
    @Test("every error names its line", arguments: [
        ("Mine\n06:00 Run\n\n06:07 Stretch\n", 4, "06:07 is not on the five-minute grid; use 06:05 or 06:10"),
        ("Mine\nsoon Run\n", 2, "\"soon\" is not a time; use HH:MM (such as 06:45) or 12-hour time (such as 6:45am)"),
        ("# comment\n06:00 Run\n07:00 Read\n", 2, "the first line is the routine's title, not a task; put a title above the tasks"),
        ("A title that is far too long\n06:00 Run\n", 1, "a routine's title has 1 to 20 characters; \"A title that is far too long\" has 28"),
        ("Mine\n06:00\n", 2, "the task at 06:00 has no title; a task line is TIME TITLE, such as 06:45 Stretch"),
        ("Mine\n06:00 " + String(repeating: "z", count: 71) + "\n", 2, "a task's title has 1 to 70 characters; \"" + String(repeating: "z", count: 71) + "\" has 71"),
        ("Mine\n# no tasks yet\n", 2, "the file has no task; a routine needs at least one, as TIME TITLE lines after the title"),
        ("", 1, "the file has no title; its first line is the routine's title"),
        ("\n# only a comment\n", 2, "the file has no title; its first line is the routine's title"),
    ])
    func errorsNameTheLine(text: String, line: Int, reason: String) {
        #expect(throws: Morning.Error.routineFileError(line: line, reason: reason)) { _ = try RoutineFile.parse(text) }
    }

    // Rule C3.
    @Test("the 21st task's line says the maximum is reached")
    func twentyOneTasks() {
        let lines = (0..<21).map { "\(TimeOfDay(minutes: 300 + 5 * $0)!) Task \($0 + 1)" }
        #expect(throws: Morning.Error.routineFileError(line: 23, reason: "the maximum of 20 tasks is reached")) {
            _ = try RoutineFile.parse("Mine\n\n" + lines.joined(separator: "\n"))
        }
        #expect(throws: Never.self) { _ = try RoutineFile.parse("Mine\n" + lines.dropLast().joined(separator: "\n")) }
    }

    // Rule C4.
    @Test("creating from a file saves the routine and leaves the draft alone")
    func createFromFile() throws {
        var book = Book()
        _ = try book.draftAdd(time: "05:00", title: "Draft task")
        let a = try book.create(routineFile: "Mine\n07:00 Read\n6:30am Run\n", today: book.closed(day("2026-11-22")), catalog: testCatalog)
        #expect(a.routine.name == "Mine" && a.routine.tasks.map(\.title) == ["Run", "Read"])
        #expect(book.draft?.tasks.map(\.title) == ["Draft task"])
    }
}
