import MorningProtocol
@testable import MorningWindow
import Testing

/// Routines as bmd sends them, for the Routines page's tests.
enum RoutinesFixture {
    static let franklin = Morning.CatalogRoutine(
        id: "franklin", name: "Benjamin Franklin", bio: "Printer, writer and statesman who planned each day.",
        source: "The Autobiography of Benjamin Franklin",
        tasks: [Morning.TaskTime(time: "05:00", title: "Rise, wash"), Morning.TaskTime(time: "06:00", title: "Plan the day")])
    static let angelou = Morning.CatalogRoutine(
        id: "angelou", name: "Maya Angelou", bio: "Poet who wrote in a rented hotel room.",
        source: "The Paris Review, 1990",
        tasks: [Morning.TaskTime(time: "05:30", title: "Coffee with her husband"), Morning.TaskTime(time: "06:30", title: "Off to the hotel room"),
                Morning.TaskTime(time: "07:00", title: "Write")])
    static let catalog = [franklin, angelou]

    static func stats(_ id: String, _ name: String, type: Morning.RoutineType = .custom, active: Bool, tasks: Int = 3, days: Int = 0) -> Morning.RoutineStats {
        Morning.RoutineStats(routine: name, routineId: id, type: type, active: active, tasks: tasks,
                             stats: Morning.StatsTotals(tasksCompleted: days, tasksPlanned: days * tasks, daysTracked: days,
                                                        averagePerDay: 1, completionRate: 0.3, perfectDays: 0, bestRun: 0))
    }

    /// Lark, the active routine of `Fixture.status()`, and an older copy of Franklin's.
    static let own = [stats("lark", "Lark", active: true, days: 5), stats("franklin", "Benjamin Franklin", type: .celebrity, active: false, tasks: 2, days: 1)]

    static func draft(_ title: String?, _ tasks: [(String, String)]) -> Morning.Draft {
        Morning.Draft(title: title, tasks: tasks.enumerated().map { Morning.DraftTask(position: $0.offset + 1, time: $0.element.0, title: $0.element.1) })
    }

    static func activation(_ name: String, id: String, start: String = "2026-11-26", previous: Bool = true, done: Int = 1) -> Morning.Activation {
        let routine = Morning.RoutineInfo(id: id, name: name, type: .celebrity, active: true, createdDate: "2026-11-25",
                                          startDate: start, tasks: [Morning.TaskTime(time: "05:00", title: "Rise")])
        return Morning.Activation(routine: routine, previous: previous ? Fixture.routine() : nil,
                                  finalized: previous ? Morning.Progress(date: "2026-11-25", completed: done, total: 3) : nil)
    }
}

/// The Routines page's model, event by event: what it asks of bmd, what it lists, what it
/// asks before a switch and the words it shows.
// Rule U4: the window's Routines page; U2: a switch says what it ends; C3: the draft's limits.
@Suite struct RoutinesModelTests {
    /// The window's model with Lark running today (1 of 3 done) and the page opened.
    func opened(_ status: Morning.StatusReply = Fixture.status()) -> WindowModel {
        var model = WindowModel()
        _ = model.handle(.started)
        _ = model.handle(.status(status))
        _ = model.handle(.routines(.opened))
        _ = model.handle(.routines(.catalog(RoutinesFixture.catalog)))
        _ = model.handle(.routines(.own(RoutinesFixture.own)))
        _ = model.handle(.routines(.draft(RoutinesFixture.draft(nil, []))))
        return model
    }

    @Test("opening the page asks bmd for the famous routines, the person's own and the draft")
    func opening() {
        var model = WindowModel()
        #expect(model.handle(.routines(.opened)) == [.routines(.loadCatalog), .routines(.loadOwn), .routines(.loadDraft)])
    }

    @Test("the person's routines say their tasks, kind, days tracked, and which is theirs now")
    func ownRoutines() {
        let model = opened().routines
        #expect(model.own?.map(model.line) == [
            "3 tasks · your own · 5 days tracked · your routine now",
            "2 tasks · a famous routine · 1 day tracked",
        ])
        // The status decides which is active, so an adoption made elsewhere shows at once.
        var waiting = opened(Fixture.waiting()).routines
        waiting.own = [RoutinesFixture.stats("lark", "Lark", active: true)]
        #expect(waiting.own?.map(waiting.line) == ["3 tasks · your own · no day tracked yet · your routine from 2026-11-26"])
    }

    @Test("a routine made active elsewhere that the list lacks has the list asked for again, once")
    func activeElsewhere() {
        var model = opened()
        #expect(!model.routines.ownLacksActive)
        var kant = Fixture.waiting()
        kant.routine?.id = "kant"
        _ = model.handle(.status(kant))
        #expect(model.routines.ownLacksActive)
        #expect(model.handle(.routines(.refreshOwn)) == [.routines(.loadOwn)])
        // bmd's list may still lack it: the page does not ask again and again.
        #expect(!model.routines.ownLacksActive)
        #expect(model.handle(.routines(.refreshOwn)) == [])
    }

    @Test("adopting while a routine runs today asks first, saying what it ends; yes activates")
    func adoptAsks() {
        var model = opened()
        #expect(model.handle(.routines(.adopt(routine: "franklin"))) == [])
        let question = model.routines.question
        #expect(question?.heading == "Make Benjamin Franklin your routine?")
        #expect(question?.body == "It starts tomorrow (2026-11-26). Today's Lark ends now with 1 of 3 done; the 2 unchecked count as missed.")
        #expect(question?.action == "Switch")
        #expect(model.handle(.routines(.confirm)) == [.routines(.activate(routine: "franklin"))])
        #expect(model.routines.question == nil)
        #expect(model.handle(.routines(.activated(RoutinesFixture.activation("Benjamin Franklin", id: "franklin")))) == [.routines(.loadOwn)])
        #expect(model.routines.notice == "Benjamin Franklin is your routine from tomorrow (2026-11-26). Today's Lark ended with 1 of 3 done.")
    }

    @Test("a morning all done, or a routine due tomorrow: the question says which ends and how")
    func sameWords() {
        var model = opened(Fixture.status(done: 3))
        _ = model.handle(.routines(.adopt(routine: "angelou")))
        #expect(model.routines.question?.body == "It starts tomorrow (2026-11-26). Today's Lark ends now with 3 of 3 done.")
        var waiting = opened(Fixture.waiting())
        _ = waiting.handle(.routines(.adopt(routine: "angelou")))
        #expect(waiting.routines.question?.body == "It starts tomorrow (2026-11-26). Lark, due to start tomorrow, will not.")
    }

    @Test("a check made while the question shows changes what it says the switch ends")
    func questionFollows() {
        var model = opened()
        _ = model.handle(.routines(.adopt(routine: "franklin")))
        _ = model.handle(.status(Fixture.status(done: 2)))
        #expect(model.routines.question?.body == "It starts tomorrow (2026-11-26). Today's Lark ends now with 2 of 3 done; the 1 unchecked count as missed.")
        #expect(model.handle(.routines(.confirm)) == [.routines(.activate(routine: "franklin"))])
    }

    @Test("cancelling the question changes nothing")
    func adoptCancelled() {
        var model = opened()
        _ = model.handle(.routines(.adopt(routine: "franklin")))
        #expect(model.handle(.routines(.cancel)) == [])
        #expect(model.routines.question == nil)
        #expect(model.handle(.routines(.confirm)) == [])
    }

    @Test("with no routine active, adopting goes ahead without a question")
    func adoptWithoutRoutine() {
        var model = opened(Fixture.noRoutine)
        #expect(model.handle(.routines(.adopt(routine: "angelou"))) == [.routines(.activate(routine: "angelou"))])
        #expect(model.routines.question == nil)
        _ = model.handle(.routines(.activated(RoutinesFixture.activation("Maya Angelou", id: "angelou", previous: false))))
        #expect(model.routines.notice == "Maya Angelou is your routine from tomorrow (2026-11-26).")
    }

    @Test("adopting the routine that is already yours says so and asks nothing of bmd")
    func adoptActive() {
        var model = opened()
        #expect(model.handle(.routines(.adopt(routine: "lark"))) == [])
        #expect(model.routines.message == "Lark is already your routine.")
        #expect(model.routines.question == nil)
    }

    @Test("a refused adoption shows bmd's refusal in words on the page, not on Today")
    func adoptRefused() {
        var model = opened(Fixture.noRoutine)
        _ = model.handle(.routines(.adopt(routine: "gone")))
        // The list is asked for again: the routine may have been deleted elsewhere.
        #expect(model.handle(.routines(.refused(.routineNotFound(query: "gone")))) == [.routines(.loadOwn)])
        #expect(model.routines.message == "bmd knows no routine \"gone\"; it may have been deleted.")
        #expect(model.message == nil)
        #expect(!model.routines.awaiting)
        // Later refusals are Today's again.
        _ = model.handle(.refused(.notToday(date: "2026-11-24", today: "2026-11-25")))
        #expect(model.message == "Only today's tasks can be checked; today is 2026-11-25.")
    }

    @Test("a refusal of Today's check that comes while a change of the page is awaited stays Today's")
    func todaysRefusalWhileAwaiting() {
        var model = opened()
        _ = model.handle(.routines(.add(hour: 6, minute: 5, title: "Stretch")))
        #expect(model.routines.awaiting)
        _ = model.handle(.refused(.notToday(date: "2026-11-24", today: "2026-11-25")))
        #expect(model.message == "Only today's tasks can be checked; today is 2026-11-25.")
        #expect(model.routines.draftMessage == nil && model.routines.message == nil)
        // The page's own refusal still finds the change it answers.
        #expect(model.routines.awaiting)
        #expect(model.handle(.routines(.refused(.draftFull(limit: 20)))) == [.routines(.loadDraft)])
        #expect(model.routines.draftMessage == "The draft already has 20 tasks, the most a routine can have; remove one to make room.")
    }

    @Test("a task is added at its time on the five-minute grid; the draft is bmd's answer")
    func addTask() {
        var model = opened()
        #expect(model.handle(.routines(.add(hour: 6, minute: 5, title: "Stretch"))) == [.routines(.draftAdd(time: "06:05", title: "Stretch"))])
        let change = Morning.DraftChange(title: nil, tasks: [Morning.DraftTask(position: 1, time: "06:05", title: "Stretch")],
                                         task: Morning.DraftTask(position: 1, time: "06:05", title: "Stretch"))
        _ = model.handle(.routines(.added(change)))
        #expect(model.routines.draft?.tasks.map(\.title) == ["Stretch"])
        #expect(model.routines.draftCount == "1 of 20 tasks")
        #expect(model.routines.addedCount == 1)
        #expect(model.handle(.routines(.remove(position: 1))) == [.routines(.draftRemove(position: 1))])
        _ = model.handle(.routines(.removed(Morning.DraftChange(title: nil, tasks: [], task: change.task))))
        #expect(model.routines.draftCount == "0 of 20 tasks")
    }

    @Test("bmd's refusals of the draft show in words with the draft, and the draft is asked for again")
    func draftRefusals() {
        let refusals: [(Morning.Error, String)] = [
            (.draftFull(limit: 20), "The draft already has 20 tasks, the most a routine can have; remove one to make room."),
            (.invalidTime(text: "06:07", earlier: "06:05", later: "06:10"), "06:07 is not on the five-minute grid; use 06:05 or 06:10."),
            (.invalidRoutine(reason: "a task's title has 1 to 70 characters; this one has 71"),
             "A task's title has 1 to 70 characters; this one has 71."),
            (.invalidRoutine(reason: "a routine's title has 1 to 20 characters; the draft has no title yet"),
             "A routine's title has 1 to 20 characters; the draft has no title yet."),
            (.noDraftTask(position: 4, total: 3), "The draft has no task 4 any more; it has 3 tasks."),
            (.stateFileBusy(seconds: 5), "Another program holds Better Morning's state file: bmd waited 5 seconds and nothing was changed. "
                + "Close the program that has it open and try again."),
        ]
        for (error, words) in refusals {
            var model = opened()
            _ = model.handle(.routines(.add(hour: 6, minute: 5, title: "Stretch")))
            #expect(model.handle(.routines(.refused(error))) == [.routines(.loadDraft)])
            #expect(model.routines.draftMessage == words)
            #expect(model.routines.message == nil && model.message == nil)
        }
        // No protocol name ever shows, even for an error the window has no words of its own for.
        #expect(!RefusalWords.sentence(for: .importRefused(routines: 2)).contains("ImportRefused"))
    }

    @Test("closing the window gives bmd what was typed for the draft and not yet given: a new title, a task")
    func closing() {
        var model = opened()
        _ = model.handle(.routines(.titled(RoutinesFixture.draft("Owl", []))))
        // Nothing typed, or only the title bmd holds: nothing to give.
        #expect(model.handle(.routines(.closing(title: "", hour: 6, minute: 0, taskTitle: ""))) == [])
        #expect(model.handle(.routines(.closing(title: " Owl ", hour: 6, minute: 0, taskTitle: "  "))) == [])
        // A title changed and a task typed, neither entered: both go, as Enter would send them.
        #expect(model.handle(.routines(.closing(title: "Late Owl", hour: 6, minute: 5, taskTitle: "Tea")))
                == [.routines(.draftTitle("Late Owl")), .routines(.draftAdd(time: "06:05", title: "Tea"))])
        // bmd's answers are the draft's, as any change's are.
        #expect(model.routines.pending == [.draft, .draft])
        #expect(model.handle(.routines(.refused(.draftFull(limit: 20)))) == [.routines(.loadDraft)])
        #expect(model.routines.draftMessage?.hasPrefix("The draft already has 20 tasks") == true)
    }

    @Test("closing right after Enter does not add the task again while bmd has not answered it")
    func closingAfterEnter() {
        var model = opened()
        _ = model.handle(.routines(.add(hour: 6, minute: 5, title: "Tea")))
        // The entry still says "Tea" until bmd answers: closing now asks nothing more.
        #expect(model.handle(.routines(.closing(title: "", hour: 6, minute: 5, taskTitle: "Tea"))) == [])
        // Another task typed meanwhile still goes.
        #expect(model.handle(.routines(.closing(title: "", hour: 7, minute: 0, taskTitle: "Walk")))
                == [.routines(.draftAdd(time: "07:00", title: "Walk"))])
        // Once bmd took it, the entry is emptied; were it refused, the entry keeps it, and
        // closing then gives it again.
        var refused = opened()
        _ = refused.handle(.routines(.add(hour: 6, minute: 5, title: "Tea")))
        _ = refused.handle(.routines(.refused(.storageFailed(reason: "disk full"))))
        #expect(refused.handle(.routines(.closing(title: "", hour: 6, minute: 5, taskTitle: "Tea")))
                == [.routines(.draftAdd(time: "06:05", title: "Tea"))])
    }

    @Test("a refusal reads the same with the draft as anywhere else in the window")
    func oneVoice() {
        let errors: [Morning.Error] = [.stateFileBusy(seconds: 5), .storageFailed(reason: "disk full"),
                                       .routineNotFound(query: "gone"), .tooManyConnections(limit: 128)]
        for error in errors {
            // Refused on Today (a check) …
            var today = opened()
            _ = today.handle(.refused(error))
            // … and refused with the draft.
            var draft = opened()
            _ = draft.handle(.routines(.add(hour: 6, minute: 5, title: "Stretch")))
            _ = draft.handle(.routines(.refused(error)))
            #expect(today.message != nil && draft.routines.draftMessage == today.message, "\(error)")
        }
    }

    @Test("the twentieth task says the draft is full")
    func full() {
        var model = opened()
        let tasks = (0..<20).map { Morning.DraftTask(position: $0 + 1, time: RoutinesModel.time(hour: 5, minute: 0), title: "T\($0)") }
        _ = model.handle(.routines(.add(hour: 5, minute: 0, title: "T19")))
        _ = model.handle(.routines(.added(Morning.DraftChange(title: nil, tasks: tasks, task: tasks[19]))))
        #expect(model.routines.draftCount == "20 of 20 tasks")
        #expect(model.routines.draftMessage == "That is the most a routine can have: 20 tasks.")
    }

    @Test("saving gives bmd the title typed first, then asks what it ends, then saves")
    func save() {
        var model = opened()
        _ = model.handle(.routines(.draft(RoutinesFixture.draft(nil, [("06:00", "Stretch"), ("06:30", "Read")]))))
        #expect(model.handle(.routines(.save(title: "  Owl  "))) == [.routines(.draftTitle("Owl"))])
        #expect(model.routines.question == nil)
        _ = model.handle(.routines(.titled(RoutinesFixture.draft("Owl", [("06:00", "Stretch"), ("06:30", "Read")]))))
        let question = model.routines.question
        #expect(question?.heading == "Save Owl with 2 tasks and start it tomorrow (2026-11-26)?")
        #expect(question?.body == "Today's Lark ends now with 1 of 3 done; the 2 unchecked count as missed.")
        #expect(question?.action == "Save and Switch")
        #expect(model.handle(.routines(.confirm)) == [.routines(.draftSave(revision: nil))])
        #expect(model.handle(.routines(.saved(RoutinesFixture.activation("Owl", id: "owl")))) == [.routines(.loadOwn)])
        #expect(model.routines.notice == "Saved Owl with 1 task. Owl is your routine from tomorrow (2026-11-26). Today's Lark ended with 1 of 3 done.")
        #expect(model.routines.draft == RoutinesFixture.draft(nil, []))
    }

    @Test("saving with the title bmd already holds and nothing running saves at once")
    func saveAtOnce() {
        var model = opened(Fixture.noRoutine)
        _ = model.handle(.routines(.draft(RoutinesFixture.draft("Owl", [("06:00", "Stretch")]))))
        #expect(model.handle(.routines(.save(title: "Owl"))) == [.routines(.draftSave(revision: nil))])
    }

    @Test("a refused title stops the save and says why with the draft")
    func saveRefusedTitle() {
        var model = opened()
        _ = model.handle(.routines(.draft(RoutinesFixture.draft(nil, [("06:00", "Stretch")]))))
        _ = model.handle(.routines(.save(title: "A title far longer than twenty")))
        _ = model.handle(.routines(.refused(.invalidRoutine(reason: "a routine's title has 1 to 20 characters; \"A title far longer than twenty\" has 30"))))
        #expect(model.routines.draftMessage == "A routine's title has 1 to 20 characters; \"A title far longer than twenty\" has 30.")
        #expect(model.routines.question == nil)
        #expect(!model.routines.saveAfterTitle)
    }

    @Test("a refused save says why with the draft, where the person is")
    func saveRefused() {
        var model = opened()
        // (A draft with no title is not offered for saving any more: see saveNotOffered.)
        _ = model.handle(.routines(.draft(RoutinesFixture.draft("Owl", [("06:00", "Stretch")]))))
        _ = model.handle(.routines(.save(title: "Owl")))
        #expect(model.handle(.routines(.confirm)) == [.routines(.draftSave(revision: nil))])
        _ = model.handle(.routines(.refused(.invalidRoutine(reason: "Better Morning keeps at most 50 routines; delete one you no longer need"))))
        #expect(model.routines.draftMessage == "Better Morning keeps at most 50 routines; delete one you no longer need.")
        #expect(model.routines.message == nil)
    }

    // Rule C4.
    @Test("a save bmd would refuse is not offered: no question about 0 tasks, and the words say what is missing")
    func saveNotOffered() {
        var model = opened()
        // An empty draft, with today's checks that a switch would lock.
        #expect(model.routines.saveUnavailable(typedTitle: "") == "Give the routine a title and add its tasks to save it.")
        #expect(model.routines.saveUnavailable(typedTitle: "Owl") == "Add a task to save the routine: a routine needs at least one.")
        #expect(model.handle(.routines(.save(title: "Owl"))) == [])
        #expect(model.routines.question == nil)
        #expect(model.routines.draftMessage == "Add a task to save the routine: a routine needs at least one.")
        _ = model.handle(.routines(.draft(RoutinesFixture.draft(nil, [("06:00", "Stretch")]))))
        #expect(model.routines.saveUnavailable(typedTitle: " ") == "Give the routine a title to save it.")
        #expect(model.routines.saveUnavailable(typedTitle: "Owl") == nil)
    }

    // Rule C4.
    @Test("the trash button removes the task the page showed: with a task added elsewhere, bmd refuses and the page reads the draft again")
    func removeNamesWhatWasSeen() {
        var model = opened()
        let shown = Morning.Draft(title: "Run", tasks: [Morning.DraftTask(position: 1, time: "06:00", title: "Wake"),
                                                        Morning.DraftTask(position: 2, time: "06:20", title: "Stretch")], revision: 4)
        _ = model.handle(.routines(.draft(shown)))
        // A terminal adds 06:10 Xray (revision 5); the page still shows Stretch as task 2.
        #expect(model.handle(.routines(.remove(position: 2))) == [.routines(.draftRemove(position: 2, revision: 4))])
        let now = Morning.Draft(title: "Run", tasks: [Morning.DraftTask(position: 1, time: "06:00", title: "Wake"),
                                                      Morning.DraftTask(position: 2, time: "06:10", title: "Xray"),
                                                      Morning.DraftTask(position: 3, time: "06:20", title: "Stretch")], revision: 5)
        #expect(model.handle(.routines(.refused(.draftChanged(revision: 4, current: 5, title: now.title, tasks: now.tasks))))
                == [.routines(.loadDraft)])
        #expect(model.routines.draftMessage == "The draft changed elsewhere (in a terminal or another window) since this page showed it; "
                + "nothing was changed. It shows the draft as it is now.")
        _ = model.handle(.routines(.draft(now)))
        #expect(model.routines.draft?.tasks.map(\.title) == ["Wake", "Xray", "Stretch"])
        // Changes asked one after another count the ones before them.
        #expect(model.handle(.routines(.add(hour: 7, minute: 0, title: "Tea"))) == [.routines(.draftAdd(time: "07:00", title: "Tea", revision: 5))])
        #expect(model.handle(.routines(.remove(position: 3))) == [.routines(.draftRemove(position: 3, revision: 6))])
    }

    // Rule C4.
    @Test("the page follows the draft: a status with a newer revision reads it again, and a save names the revision it asked about")
    func followsTheDraft() {
        var model = opened()
        let run = Morning.Draft(title: "Run", tasks: [Morning.DraftTask(position: 1, time: "06:00", title: "Wake"),
                                                      Morning.DraftTask(position: 2, time: "06:20", title: "Stretch")], revision: 4)
        _ = model.handle(.routines(.draft(run)))
        var status = Fixture.status()
        status.draftRevision = 4
        #expect(model.handle(.status(status)) == [.loadDay("2026-11-25")])
        _ = model.handle(.routines(.save(title: "Run")))
        #expect(model.routines.question?.heading == "Save Run with 2 tasks and start it tomorrow (2026-11-26)?")
        // The draft is renamed Gym and given a task in a terminal while the question is open.
        status.draftRevision = 6
        #expect(model.handle(.status(status)) == [.routines(.loadDraft), .loadDay("2026-11-25")])
        let gym = Morning.Draft(title: "Gym", tasks: run.tasks + [Morning.DraftTask(position: 3, time: "06:30", title: "Xray")], revision: 6)
        _ = model.handle(.routines(.draft(gym)))
        // The question about Run is taken back; nothing is saved.
        #expect(model.routines.question == nil)
        #expect(model.handle(.routines(.confirm)) == [])
        #expect(model.routines.draft?.title == "Gym")
        // Asked again, the question names Gym with 3 tasks, and its answer saves revision 6.
        _ = model.handle(.routines(.save(title: "Gym")))
        #expect(model.routines.question?.heading == "Save Gym with 3 tasks and start it tomorrow (2026-11-26)?")
        #expect(model.handle(.routines(.confirm)) == [.routines(.draftSave(revision: 6))])
        // An older status never reads the draft again.
        status.draftRevision = 5
        #expect(model.handle(.status(status)) == [.loadDay("2026-11-25")])
    }

    // Rule C4.
    @Test("a routine deleted elsewhere leaves the list: adopting it is refused and the list is read again")
    func deletedElsewhere() {
        var model = opened(Fixture.noRoutine)
        #expect(model.handle(.routines(.adopt(routine: "franklin"))) == [.routines(.activate(routine: "franklin"))])
        #expect(model.handle(.routines(.refused(.routineNotFound(query: "franklin")))) == [.routines(.loadOwn)])
        #expect(model.routines.message == "bmd knows no routine \"franklin\"; it may have been deleted.")
    }

    @Test("discarding asks first, as it cannot be undone")
    func discard() {
        var model = opened()
        _ = model.handle(.routines(.draft(RoutinesFixture.draft("Owl", [("06:00", "Stretch")]))))
        _ = model.handle(.routines(.discard))
        #expect(model.routines.question?.heading == "Discard the draft Owl?")
        #expect(model.routines.question?.body == "Its 1 task is thrown away; this cannot be undone.")
        #expect(model.routines.question?.destructive == true)
        #expect(model.handle(.routines(.confirm)) == [.routines(.draftDiscard(revision: nil))])
        _ = model.handle(.routines(.discarded(RoutinesFixture.draft("Owl", [("06:00", "Stretch")]))))
        #expect(model.routines.draft == RoutinesFixture.draft(nil, []))
    }

    @Test("when bmd goes away, changes asked of it are no longer awaited")
    func lost() {
        var model = opened()
        _ = model.handle(.routines(.add(hour: 6, minute: 0, title: "Stretch")))
        #expect(model.routines.awaiting)
        _ = model.handle(.lost("bmd closed the connection"))
        #expect(!model.routines.awaiting)
    }
}
