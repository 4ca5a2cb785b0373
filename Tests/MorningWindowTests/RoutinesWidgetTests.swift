import CAdwaita
import MorningProtocol
@testable import MorningWindow
import Testing

/// The Routines page's real widgets, in this process, against a fake bmd on socket pairs:
/// what it lists, the question before a switch, and the draft, driven as a keyboard does
/// (activating a focused button or entry is what Space and Enter do).
// Rule U4: the window's Routines page; U2: a switch says what it ends; C3: the draft's limits.
@Suite(.serialized) @MainActor struct RoutinesWidgetTests {
    typealias Window = WindowWidgetTests.Window

    init() throws {
        try #require(Display.ready, "the window's widget tests need a display: run them as make test does, under xvfb-run and dbus-run-session")
    }

    /// A window on the Routines page (Alt+2), once it shows the famous routines, the
    /// person's own and the draft.
    func open(_ bmd: FakeBmd = FakeBmd()) -> Window {
        let w = Window(bmd)
        w.controller.send(.showPage(.routines))
        #expect(spin { w.page.famousRows.count == bmd.catalog.count && w.page.ownRows.count == bmd.own.count && w.controller.model.routines.draft != nil },
                "the Routines page never loaded")
        return w
    }

    @Test("the page lists the famous routines with bio, source and tasks, and the person's own")
    func lists() {
        let w = open()
        defer { w.close() }
        #expect(w.bmd.calls.contains("Explore") && w.bmd.calls.contains("Stats") && w.bmd.calls.contains("DraftShow"))
        #expect(w.page.famousRows.map { w.rowTitle($0.row.pointer) } == ["Benjamin Franklin", "Maya Angelou"])
        #expect(w.page.famousRows.map { String(cString: adw_expander_row_get_subtitle(cast($0.row.pointer))) }
                == ["2 tasks, first at 05:00", "3 tasks, first at 05:30"])
        #expect(w.page.famousRows[1].texts.map(w.text) == [
            "Poet who wrote in a rented hotel room.", "Source: The Paris Review, 1990",
            "Coffee with her husband", "Off to the hotel room", "Write",
        ])
        #expect(w.page.ownRows.map { w.rowTitle($0.row.pointer) } == ["Lark", "Benjamin Franklin"])
        #expect(w.page.ownRows.map { String(cString: adw_action_row_get_subtitle(cast($0.row.pointer))) } == [
            "3 tasks · your own · 5 days tracked · your routine now",
            "2 tasks · a famous routine · 1 day tracked",
        ])
        // The routine that is the person's now has nothing to adopt; the others do.
        #expect(w.page.ownRows.map { $0.adopt != nil } == [false, true])
    }

    // A title is never markup.
    @Test("routines and draft tasks titled with markup's characters show exactly their titles, and GTK warns of nothing")
    func titlesAreNotMarkup() {
        _ = LogWatch.installed
        let bmd = FakeBmd()
        bmd.catalog[1].name = "Ben & <i>Jerry</i>"
        bmd.catalog[1].tasks[0].title = "Tea & toast"
        bmd.own[0].routine = "Tea & toast <b>"
        bmd.draft = RoutinesFixture.draft("A & B", [("06:00", "Run & <b>jump</b>")])
        LogWatch.warnings = []
        let w = open(bmd)
        defer { w.close() }
        #expect(w.page.famousRows.map { w.rowTitle($0.row.pointer) } == ["Benjamin Franklin", "Ben & <i>Jerry</i>"])
        #expect(w.page.ownRows.map { w.rowTitle($0.row.pointer) }.first == "Tea & toast <b>")
        for text in ["Ben & <i>Jerry</i>", "Tea & toast <b>", "Run & <b>jump</b>"] {
            #expect(LogWatch.labelTexts(in: w.page.root.pointer).contains(text), "\(text) is not shown as typed")
        }
        #expect(LogWatch.warnings == [])
    }

    @Test("a status that changes no routine leaves the famous rows as they were drawn")
    func famousRowsRest() {
        let w = open()
        defer { w.close() }
        var relabelled = 0
        for row in w.page.famousRows {
            on(UnsafeMutableRawPointer(row.adopt.pointer), "notify::label", arguments: 3) { relabelled += 1 }
        }
        // A check made elsewhere: bmd sends a new status, the person's routine unchanged.
        w.bmd.checkElsewhere(2)
        #expect(spin { w.controller.model.status?.today?.completed == 2 })
        #expect(relabelled == 0)
        #expect(w.page.famousRows.map { gtk_button_get_label(cast($0.adopt.pointer)).map { String(cString: $0) } } == ["Adopt", "Adopt"])
    }

    @Test("adopting asks in a dialog what it ends; Switch activates it and Today follows")
    func adopt() throws {
        let w = open()
        defer { w.close() }
        // The person opens Maya Angelou's row, reads it, and adopts it.
        adw_expander_row_set_expanded(cast(w.page.famousRows[1].row.pointer), 1)
        #expect(spin { gtk_widget_get_mapped(w.page.famousRows[1].adopt.pointer) != 0 })
        gtk_widget_activate(w.page.famousRows[1].adopt.pointer)
        let dialog = try #require(w.dialog())
        #expect(String(cString: adw_message_dialog_get_heading(cast(dialog))) == "Make Maya Angelou your routine?")
        #expect(String(cString: adw_message_dialog_get_body(cast(dialog)))
                == "It starts tomorrow (2026-11-26). Today's Lark ends now with 1 of 3 done; the 2 unchecked count as missed.")
        #expect(!w.bmd.calls.contains("Activate angelou"))
        adw_message_dialog_response(cast(dialog), "confirm")
        #expect(spin { w.shown(w.page.notice) })
        #expect(w.bmd.calls.contains("Activate angelou"))
        #expect(w.text(w.page.notice) == "Maya Angelou is your routine from tomorrow (2026-11-26). Today's Lark ended with 1 of 3 done.")
        // The status stream carries the switch to Today, and the lists follow.
        #expect(spin { w.text(w.today.headline) == "Your new routine Maya Angelou starts tomorrow (2026-11-26)." })
        #expect(spin { w.page.ownRows.first.map { w.rowTitle($0.row.pointer) } == "Maya Angelou" })
        #expect(gtk_widget_get_sensitive(w.page.famousRows[1].adopt.pointer) == 0)
        #expect(gtk_button_get_label(cast(w.page.famousRows[1].adopt.pointer)).map { String(cString: $0) } == "Your Routine")
        // The button pressed is greyed now: the focus goes to the routine that is the person's.
        #expect(gtk_window_get_focus(cast(w.window)) == w.page.ownRows.first?.row.pointer)
    }

    @Test("a routine adopted elsewhere (bmctl) shows in the list while the page is open")
    func adoptedElsewhere() {
        let bmd = FakeBmd()
        let w = open(bmd)
        defer { w.close() }
        var status = Fixture.waiting()
        status.routine?.id = "angelou"
        status.routine?.name = "Maya Angelou"
        bmd.own.insert(RoutinesFixture.stats("angelou", "Maya Angelou", type: .celebrity, active: true), at: 0)
        bmd.status = status
        bmd.push()
        #expect(spin { w.page.ownRows.first.map { w.rowTitle($0.row.pointer) } == "Maya Angelou" })
        #expect(gtk_widget_get_sensitive(w.page.famousRows[1].adopt.pointer) == 0)
    }

    @Test("cancelling the question (Escape) leaves the routine as it is")
    func adoptCancelled() throws {
        let w = open()
        defer { w.close() }
        gtk_widget_activate(w.page.ownRows[1].adopt!.pointer)
        let dialog = try #require(w.dialog())
        #expect(String(cString: adw_message_dialog_get_heading(cast(dialog))) == "Make Benjamin Franklin your routine?")
        // A check made in the shell meanwhile: the dialog says what a switch would end now.
        w.bmd.checkElsewhere(2)
        #expect(spin { String(cString: adw_message_dialog_get_body(cast(dialog)))
                       == "It starts tomorrow (2026-11-26). Today's Lark ends now with 2 of 3 done; the 1 unchecked count as missed." })
        #expect(w.page.dialog?.pointer == dialog)
        adw_message_dialog_response(cast(dialog), "cancel")
        #expect(w.page.dialog == nil)
        #expect(w.controller.model.routines.question == nil)
        // bmd answers in order: once a later call is answered, an Activate would have come.
        w.controller.send(.routines(.opened))
        #expect(spin { w.bmd.calls.filter { $0 == "DraftShow" }.count == 2 })
        #expect(!w.bmd.calls.contains { $0.hasPrefix("Activate") })
    }

    @Test("a draft is written by keyboard: a title, tasks at times on the five-minute grid, one removed")
    func writeDraft() {
        let w = open()
        defer { w.close() }
        gtk_editable_set_text(OpaquePointer(w.page.titleEntry.pointer), "Owl")
        w.enter(w.page.titleEntry.pointer)
        #expect(spin { w.controller.model.routines.draft?.title == "Owl" })
        // The minute's steps are five minutes: one step up from 06:00 is 06:05.
        gtk_spin_button_set_value(OpaquePointer(w.page.hour.pointer), 6)
        gtk_spin_button_set_value(OpaquePointer(w.page.minute.pointer), 0)
        gtk_spin_button_spin(OpaquePointer(w.page.minute.pointer), GTK_SPIN_STEP_FORWARD, 0)
        #expect(w.text(w.page.minute.pointer, entry: true) == "05")
        gtk_editable_set_text(OpaquePointer(w.page.taskEntry.pointer), "Stretch")
        w.enter(w.page.taskEntry.pointer)
        #expect(spin { w.page.draftRows.count == 1 })
        #expect(w.bmd.calls.contains("DraftAdd 06:05 Stretch"))
        #expect(w.text(w.page.taskEntry.pointer, entry: true) == "")  // ready for the next task
        gtk_spin_button_set_value(OpaquePointer(w.page.hour.pointer), 5)
        gtk_editable_set_text(OpaquePointer(w.page.taskEntry.pointer), "Tea")
        gtk_widget_activate(w.page.addButton.pointer)
        #expect(spin { w.page.draftRows.count == 2 })
        // In time order, as bmd keeps them.
        #expect(w.page.draftRows.map { "\($0.task.time) \($0.task.title)" } == ["05:05 Tea", "06:05 Stretch"])
        #expect(w.text(w.page.draftCount) == "2 of 20 tasks")
        gtk_widget_activate(w.page.draftRows[0].remove.pointer)
        #expect(spin { w.page.draftRows.count == 1 })
        #expect(w.bmd.calls.contains("DraftRemove 1"))
        #expect(w.page.draftRows.map { w.rowTitle($0.row.pointer) } == ["Stretch"])
    }

    /// A window on the Routines page showing Run: 06:00 Wake and 06:20 Stretch, revision 4.
    func openRun() -> Window {
        let bmd = FakeBmd()
        bmd.draft = Morning.Draft(title: "Run", tasks: [Morning.DraftTask(position: 1, time: "06:00", title: "Wake"),
                                                       Morning.DraftTask(position: 2, time: "06:20", title: "Stretch")], revision: 4)
        bmd.status.draftRevision = 4
        return open(bmd)
    }

    // Rule C4.
    @Test("the trash button of a task removes that task: with one added in a terminal unseen, bmd refuses and the page shows it")
    func trashRemovesWhatWasSeen() throws {
        let w = openRun()
        defer { w.close() }
        #expect(w.page.draftRows.map { w.rowTitle($0.row.pointer) } == ["Wake", "Stretch"])
        // A terminal adds 06:10 Xray; its status has not reached the page yet.
        w.bmd.changeDraftElsewhere { $0.tasks.append(Morning.DraftTask(position: 0, time: "06:10", title: "Xray")) }
        // The person removes Stretch, the task they see second.
        gtk_widget_activate(w.page.draftRows[1].remove.pointer)
        #expect(spin { w.page.draftRows.count == 3 })
        // Nothing was removed: Xray is kept, and the page shows the draft as it is now.
        #expect(w.bmd.draft.tasks.map(\.title) == ["Wake", "Xray", "Stretch"])
        #expect(w.page.draftRows.map { w.rowTitle($0.row.pointer) } == ["Wake", "Xray", "Stretch"])
        #expect(w.text(w.page.draftMessage).hasPrefix("The draft changed elsewhere"))
        // Now the same button removes Stretch, as it says.
        try #require(w.page.draftRows.count == 3)
        gtk_widget_activate(w.page.draftRows[2].remove.pointer)
        #expect(spin { w.page.draftRows.count == 2 })
        #expect(w.bmd.draft.tasks.map(\.title) == ["Wake", "Xray"])
    }

    // Rule C4.
    @Test("the page follows the draft: renamed and given a task in a terminal, it shows Gym with 3 tasks and saves that")
    func followsAndSavesWhatItShows() {
        let w = openRun()
        defer { w.close() }
        w.bmd.changeDraftElsewhere {
            $0.title = "Gym"
            $0.tasks.append(Morning.DraftTask(position: 0, time: "06:10", title: "Xray"))
        }
        w.bmd.push()
        #expect(spin { w.page.draftRows.count == 3 })
        #expect(w.text(w.page.titleEntry.pointer, entry: true) == "Gym")
        gtk_widget_activate(w.page.saveButton.pointer)
        #expect(spin { w.page.dialog != nil })
        #expect(w.controller.model.routines.question?.heading.hasPrefix("Save Gym with 3 tasks") == true)
    }

    // Rule C4.
    @Test("a question about a draft that changes while it is open is taken back, and its answer saves nothing")
    func staleQuestionTakenBack() {
        let w = openRun()
        defer { w.close() }
        gtk_widget_activate(w.page.saveButton.pointer)
        #expect(spin { w.page.dialog != nil })
        #expect(w.controller.model.routines.question?.heading.hasPrefix("Save Run with 2 tasks") == true)
        w.bmd.changeDraftElsewhere { $0.title = "Gym" }
        w.bmd.push()
        #expect(spin { w.page.dialog == nil })
        #expect(!w.bmd.calls.contains("DraftSave"))
        #expect(w.bmd.draft.title == "Gym")
        #expect(w.text(w.page.draftMessage).hasPrefix("The draft changed elsewhere while the question was open"))
    }

    // Rule C4.
    @Test("Save is not offered for a draft bmd would refuse: greyed, its tooltip saying what is missing")
    func saveNotOffered() {
        let w = open()
        defer { w.close() }
        #expect(gtk_widget_get_sensitive(w.page.saveButton.pointer) == 0)
        #expect(gtk_widget_get_tooltip_text(w.page.saveButton.pointer).map { String(cString: $0) } == "Give the routine a title and add its tasks to save it.")
        gtk_editable_set_text(OpaquePointer(w.page.titleEntry.pointer), "Owl")
        #expect(gtk_widget_get_sensitive(w.page.saveButton.pointer) == 0)
        #expect(gtk_widget_get_tooltip_text(w.page.saveButton.pointer).map { String(cString: $0) } == "Add a task to save the routine: a routine needs at least one.")
        gtk_editable_set_text(OpaquePointer(w.page.taskEntry.pointer), "Stretch")
        gtk_widget_activate(w.page.addButton.pointer)
        #expect(spin { w.page.draftRows.count == 1 })
        #expect(gtk_widget_get_sensitive(w.page.saveButton.pointer) == 1)
        #expect(!w.bmd.calls.contains("DraftSave"))
    }

    // Rule C4.
    @Test("a routine deleted elsewhere leaves the page when its Adopt button is pressed, with words that say so")
    func deletedElsewhere() throws {
        let bmd = FakeBmd(status: Fixture.noRoutine)
        bmd.own = [RoutinesFixture.stats("owl", "Owl", active: false, days: 2)]
        // With no routine running, adopting asks nothing: Adopt goes to bmd at once.
        let w = Window(bmd, waitFor: { $0.controller.model.status != nil })
        defer { w.close() }
        w.controller.send(.showPage(.routines))
        #expect(spin { w.page.ownRows.count == 1 && w.controller.model.routines.draft != nil })
        let adopt = try #require(w.page.ownRows.first?.adopt?.pointer)
        bmd.own = []   // `bmctl delete owl` in a terminal
        gtk_widget_activate(adopt)
        #expect(spin { w.page.ownRows.isEmpty })
        #expect(w.text(w.page.message) == "bmd knows no routine \"owl\"; it may have been deleted.")
    }

    @Test("bmd's refusals of the draft show in words, never a protocol name")
    func refusals() {
        let bmd = FakeBmd()
        bmd.draft = Morning.Draft(title: "Full", tasks: (1...20).map { Morning.DraftTask(position: $0, time: "05:00", title: "T\($0)") })
        let w = open(bmd)
        defer { w.close() }
        gtk_editable_set_text(OpaquePointer(w.page.taskEntry.pointer), "One more")
        gtk_widget_activate(w.page.addButton.pointer)
        #expect(spin { w.shown(w.page.draftMessage) })
        #expect(w.text(w.page.draftMessage) == "The draft already has 20 tasks, the most a routine can have; remove one to make room.")
        bmd.draft.tasks = []
        let long = String(repeating: "a", count: 71)
        gtk_editable_set_text(OpaquePointer(w.page.taskEntry.pointer), long)
        gtk_widget_activate(w.page.addButton.pointer)
        #expect(spin { w.text(w.page.draftMessage).hasPrefix("A task's title has 1 to 70 characters") })
        #expect(w.text(w.page.draftMessage) == "A task's title has 1 to 70 characters; \"\(long)\" has 71.")
        // The refusal is the page's: Today shows nothing of it.
        #expect(w.controller.model.message == nil)
    }

    @Test("the draft bmd holds is what the page shows when it opens, so it outlives a crash")
    func draftKept() {
        let bmd = FakeBmd()
        bmd.draft = RoutinesFixture.draft("Owl", [("05:30", "Tea"), ("06:00", "Stretch")])
        let w = open(bmd)
        defer { w.close() }
        #expect(w.text(w.page.titleEntry.pointer, entry: true) == "Owl")
        #expect(w.page.draftRows.map { w.rowTitle($0.row.pointer) } == ["Tea", "Stretch"])
        #expect(w.page.draftRows.map { String(cString: adw_action_row_get_subtitle(cast($0.row.pointer))) } == ["05:30", "06:00"])
        #expect(w.text(w.page.draftCount) == "2 of 20 tasks")
    }

    @Test("closing the window gives bmd the title and the task typed and not entered, and only then ends")
    func closingKeepsWhatWasTyped() {
        let w = open()
        defer { w.close() }
        gtk_editable_set_text(OpaquePointer(w.page.titleEntry.pointer), "Owl")
        gtk_spin_button_set_value(OpaquePointer(w.page.hour.pointer), 6)
        gtk_spin_button_set_value(OpaquePointer(w.page.minute.pointer), 0)
        gtk_editable_set_text(OpaquePointer(w.page.taskEntry.pointer), "Tea")
        var closed = false, answered = false
        // Patience longer than the wait: only bmd's answers can let the window go.
        w.view.close(patience: 60_000) { closed = true; answered = $0 }
        #expect(spin { closed })
        #expect(answered, "the closing ended without bmd's answer")
        // By the time the window may go, bmd holds both.
        #expect(w.bmd.draft.title == "Owl")
        #expect(w.bmd.draft.tasks.map { "\($0.time) \($0.title)" } == ["06:00 Tea"])
    }

    @Test("closing with nothing new typed asks bmd nothing; a bmd that never answers holds the closing a moment, not for ever")
    func closingWaitsBriefly() {
        let bmd = FakeBmd()
        bmd.draft = RoutinesFixture.draft("Owl", [])
        let w = open(bmd)
        defer { w.close() }
        // The entries hold what bmd holds: nothing to give.
        var closed = false, answered = false
        w.view.close { closed = true; answered = $0 }
        #expect(spin { closed })
        #expect(answered, "nothing to give, yet the closing waited out its patience")
        #expect(!w.bmd.calls.contains { $0.hasPrefix("DraftTitle") || $0.hasPrefix("DraftAdd") })
        // bmd hangs on the typed task: the window waits for it, then ends all the same.
        bmd.silentOnDraft = true
        gtk_editable_set_text(OpaquePointer(w.page.taskEntry.pointer), "Tea")
        closed = false
        let started = g_get_monotonic_time()
        w.view.close(patience: 300) { closed = true; answered = $0 }
        #expect(spin(seconds: 10) { closed })
        #expect(!answered, "a bmd that never answered was taken as answering")
        // It waited for the answer as long as its patience, and no longer than it took to end.
        let waited = (g_get_monotonic_time() - started) / 1000
        #expect(w.bmd.calls.contains("DraftAdd"))
        #expect(waited >= 300, "waited \(waited) ms")
    }

    @Test("Tab reaches every control of the page, in the order it shows them")
    func keyboard() {
        let bmd = FakeBmd()
        bmd.draft = RoutinesFixture.draft("Owl", [("05:30", "Tea"), ("06:00", "Stretch")])
        let w = open(bmd)
        defer { w.close() }
        adw_expander_row_set_expanded(cast(w.page.famousRows[0].row.pointer), 1)
        #expect(spin { gtk_widget_get_mapped(w.page.famousRows[0].adopt.pointer) != 0 })
        Keyboard(window: w.window).expectTabReaches([
            ("adopt Franklin from your routines", w.page.ownRows[1].adopt?.pointer),
            ("Franklin's row", w.page.famousRows[0].row.pointer),
            ("Franklin's Adopt", w.page.famousRows[0].adopt.pointer),
            ("Angelou's row", w.page.famousRows[1].row.pointer),
            ("the title", w.page.titleEntry.pointer), ("Set Title", w.page.titleButton.pointer),
            ("remove Tea", w.page.draftRows[0].remove.pointer), ("remove Stretch", w.page.draftRows[1].remove.pointer),
            ("the hour", w.page.hour.pointer), ("the minute", w.page.minute.pointer),
            ("the task's title", w.page.taskEntry.pointer), ("Add", w.page.addButton.pointer),
            ("Discard", w.page.discardButton.pointer), ("Save Routine", w.page.saveButton.pointer),
        ], in: "the page")
    }

    @Test("when bmd comes back after being away, the page shows the draft bmd holds")
    func bmdBack() {
        let bmd = FakeBmd()
        let w = open(bmd)
        defer { w.close() }
        #expect(w.page.draftRows.isEmpty)
        bmd.away = "nothing answers"
        bmd.stop()
        #expect(spin { w.controller.model.link != .live })
        // bmd starts again with the draft it kept (written from a shell meanwhile).
        bmd.draft = RoutinesFixture.draft("Owl", [("05:30", "Tea")])
        bmd.away = nil
        #expect(spin { w.page.draftRows.count == 1 })
        #expect(w.text(w.page.titleEntry.pointer, entry: true) == "Owl")
    }

    @Test("saving asks what it ends, then saves: the routine is the person's from tomorrow")
    func save() throws {
        let bmd = FakeBmd()
        bmd.draft = RoutinesFixture.draft("Owl", [("05:30", "Tea"), ("06:00", "Stretch")])
        let w = open(bmd)
        defer { w.close() }
        gtk_widget_activate(w.page.saveButton.pointer)
        let dialog = try #require(w.dialog())
        #expect(String(cString: adw_message_dialog_get_heading(cast(dialog))) == "Save Owl with 2 tasks and start it tomorrow (2026-11-26)?")
        #expect(String(cString: adw_message_dialog_get_body(cast(dialog)))
                == "Today's Lark ends now with 1 of 3 done; the 2 unchecked count as missed.")
        adw_message_dialog_response(cast(dialog), "confirm")
        #expect(spin { w.shown(w.page.notice) })
        #expect(w.bmd.calls.contains("DraftSave"))
        #expect(w.text(w.page.notice) == "Saved Owl with 2 tasks. Owl is your routine from tomorrow (2026-11-26). Today's Lark ended with 1 of 3 done.")
        #expect(w.page.draftRows.isEmpty)
        #expect(w.text(w.page.titleEntry.pointer, entry: true) == "")
        #expect(spin { w.page.ownRows.first.map { w.rowTitle($0.row.pointer) } == "Owl" })
    }

    @Test("a title typed and not yet given is given to bmd before saving")
    func saveTypedTitle() throws {
        let bmd = FakeBmd(status: Fixture.noRoutine, days: [])
        bmd.draft = RoutinesFixture.draft(nil, [("06:00", "Stretch")])
        let w = Window(bmd) { $0.controller.model.status != nil }
        defer { w.close() }
        w.controller.send(.showPage(.routines))
        #expect(spin { w.controller.model.routines.draft != nil })
        gtk_editable_set_text(OpaquePointer(w.page.titleEntry.pointer), "Lark2")
        gtk_widget_activate(w.page.saveButton.pointer)
        // Nothing runs: nothing to ask, it saves.
        #expect(spin { w.bmd.calls.contains("DraftSave") })
        #expect(w.page.dialog == nil)
        let asked = w.bmd.calls.filter { $0.hasPrefix("Draft") && $0 != "DraftShow" }
        #expect(asked == ["DraftTitle Lark2", "DraftSave"])
    }

    @Test("discarding asks first; Discard throws the draft away")
    func discard() throws {
        let bmd = FakeBmd()
        bmd.draft = RoutinesFixture.draft("Owl", [("05:30", "Tea")])
        let w = open(bmd)
        defer { w.close() }
        gtk_widget_activate(w.page.discardButton.pointer)
        let dialog = try #require(w.dialog())
        #expect(String(cString: adw_message_dialog_get_heading(cast(dialog))) == "Discard the draft Owl?")
        adw_message_dialog_response(cast(dialog), "confirm")
        #expect(spin { w.page.draftRows.isEmpty })
        #expect(bmd.calls.contains("DraftDiscard"))
        #expect(w.text(w.page.titleEntry.pointer, entry: true) == "")
    }
}

extension WindowWidgetTests.Window {
    var page: RoutinesPage { view.routines }

    /// The question the page shows, once it does: a button's click comes when its press
    /// has been shown.
    func dialog() -> UnsafeMutablePointer<GtkWidget>? {
        _ = spin { self.page.dialog != nil }
        return page.dialog?.pointer
    }

    /// Enter in an entry.
    func enter(_ entry: UnsafeMutablePointer<GtkWidget>) {
        bm_emit_activate(entry)
    }

    func rowTitle(_ row: UnsafeMutablePointer<GtkWidget>) -> String {
        String(cString: adw_preferences_row_get_title(cast(row)))
    }

    /// An entry's or a spin button's text.
    func text(_ editable: UnsafeMutablePointer<GtkWidget>, entry: Bool) -> String {
        String(cString: gtk_editable_get_text(OpaquePointer(editable)))
    }
}
