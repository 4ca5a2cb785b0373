import CAdwaita
import Glibc
import MorningProtocol
@testable import MorningWindow
import Testing

/// GTK and libadwaita, started once for the process: on the display the test run was
/// given (make test runs this suite under Xvfb and dbus-run-session).
@MainActor
enum Display {
    static let ready: Bool = {
        guard getenv("DISPLAY") != nil || getenv("WAYLAND_DISPLAY") != nil else { return false }
        guard gtk_init_check() != 0 else { return false }
        adw_init()
        return true
    }()
}

/// The real widgets of the window, in this process, against a fake bmd on socket pairs:
/// what the Today page shows, and what clicking it asks of bmd.
// Rule U4: the window, a view of bmd that follows it live.
@Suite(.serialized) @MainActor struct WindowWidgetTests {
    /// A window showing the morning of `bmd`, once it shows today's tasks.
    @MainActor final class Window {
        let bmd: FakeBmd
        let controller: WindowController
        let view: WindowView
        let window: UnsafeMutablePointer<GtkWidget>
        var quit = false

        init(_ bmd: FakeBmd = FakeBmd(), patience: UInt32 = WindowModel.patience, waitFor: ((Window) -> Bool)? = nil) {
            self.bmd = bmd
            controller = WindowController(connector: bmd.connector, patience: patience)
            var quitFlag: (() -> Void)?
            view = WindowView(controller: controller) { quitFlag?() }
            window = gtk_window_new()
            gtk_window_set_default_size(cast(window), 480, 720)
            gtk_window_set_child(cast(window), view.content.pointer)
            gtk_window_present(cast(window))
            quitFlag = { [unowned self] in self.quit = true }
            controller.send(.started)
            let ready = waitFor ?? { $0.controller.model.shownDay != nil && $0.rows.count == 3 }
            #expect(spin { ready(self) }, "the window never showed what it waits for")
        }

        var today: TodayPage { view.today }
        var rows: [(task: Morning.DayTask, row: UnsafeMutablePointer<GtkWidget>, check: UnsafeMutablePointer<GtkWidget>?)] {
            today.rows.map { ($0.task, $0.row.pointer, $0.check?.pointer) }
        }

        func text(_ label: Label) -> String {
            String(cString: gtk_label_get_text(OpaquePointer(label.pointer)))
        }

        func shown(_ widget: some WidgetWrapper) -> Bool { gtk_widget_get_visible(widget.pointer) != 0 }

        func checked(_ index: Int) -> Bool { rows[index].check.map { gtk_check_button_get_active(cast($0)) != 0 } ?? false }

        func title(_ index: Int) -> String { String(cString: adw_preferences_row_get_title(cast(rows[index].row))) }

        func subtitle(_ index: Int) -> String { String(cString: adw_action_row_get_subtitle(cast(rows[index].row))) }

        func sensitive(_ index: Int) -> Bool { rows[index].check.map { gtk_widget_get_sensitive($0) != 0 } ?? false }

        func close() {
            controller.link.stop()
            gtk_window_destroy(cast(window))
        }
    }

    init() throws {
        try #require(Display.ready, "the window's widget tests need a display: run them as make test does, under xvfb-run and dbus-run-session")
    }

    @Test("Today shows where the morning stands, the task to do now, the countdown and today's tasks")
    func today() {
        let w = Window()
        defer { w.close() }
        #expect(w.text(w.today.headline) == "Lark · 1 of 3 done · on track")
        #expect(w.text(w.today.now) == "Now: 05:30 Walk")
        #expect(w.text(w.today.next) == "Next: 06:00 Read in 12 min")
        #expect(w.text(w.today.dayHeading) == "Wednesday 2026-11-25 · today · 1 of 3 done")
        #expect((0..<3).map(w.title) == ["Rise", "Walk", "Read"])
        #expect((0..<3).map(w.checked) == [true, false, false])
        #expect(!w.shown(w.today.away))
        // The scroller: the routine's start to 14 days ahead, today chosen.
        #expect(w.today.dateButtons.count == 20)
        let chosen = w.today.dateButtons.filter { gtk_widget_has_css_class($0.button.pointer, "suggested-action") != 0 }
        #expect(chosen.map { $0.day.description } == ["2026-11-25"])
    }

    @Test("clicking a task's check box checks it in bmd, and the page says so")
    func check() {
        let w = Window()
        defer { w.close() }
        gtk_widget_activate(w.rows[2].check!)
        #expect(spin { w.text(w.today.headline) == "Lark · 2 of 3 done · on track" })
        #expect(w.bmd.calls.contains("Check 3"))
        #expect(w.checked(2))
        #expect(w.text(w.today.dayHeading) == "Wednesday 2026-11-25 · today · 2 of 3 done")
        gtk_widget_activate(w.rows[2].check!)
        #expect(spin { w.text(w.today.headline) == "Lark · 1 of 3 done · on track" })
        #expect(w.bmd.calls.contains("Uncheck 3"))
        #expect(!w.checked(2))
    }

    // Rule U4: a tick stays visible while bmd has not answered it.
    @Test("a tick bmd has not answered stays ticked, waiting; the page says bmd does not answer; then the tick lands")
    func tickWhileBmdIsSilent() {
        let w = Window(patience: 200)
        defer { w.close() }
        w.bmd.holding = true
        gtk_widget_activate(w.rows[2].check!)
        #expect(spin { w.bmd.heldCalls == ["Check"] })
        #expect(w.checked(2))
        #expect(!w.sensitive(2))
        #expect(w.subtitle(2) == "06:00 · waiting for bmd")
        #expect(spin { w.shown(w.today.away) })
        #expect(w.text(w.today.away) == "bmd does not answer. It took the window's call but has said nothing for 5 seconds; "
                + "it may be stopped or stuck. What shows may be out of date.")
        #expect(w.checked(2))
        w.bmd.answerHeld()
        #expect(spin { !w.shown(w.today.away) && w.subtitle(2) == "06:00" })
        #expect(w.checked(2))
        #expect(w.sensitive(2))
        #expect(w.text(w.today.headline) == "Lark · 2 of 3 done · on track")
    }

    // A title or a path is never markup.
    @Test("a task titled with markup's characters shows exactly its title, and GTK warns of nothing")
    func titleIsNotMarkup() {
        _ = LogWatch.installed
        var today = Fixture.day("2026-11-25")
        today.tasks[2].title = "Tea & toast <b>"
        let bmd = FakeBmd(days: [today])
        LogWatch.warnings = []
        let w = Window(bmd)
        defer { w.close() }
        #expect(w.title(2) == "Tea & toast <b>")
        // What the row's own label shows, as a screen reader reads it.
        #expect(LogWatch.labelTexts(in: w.rows[2].row).contains("Tea & toast <b>"))
        #expect(LogWatch.warnings == [])
    }

    @Test("while the window asks bmd for the first time, Today says so with no offline sign; once bmd is away, with it")
    func askingShowsNoOfflineSign() {
        let bmd = FakeBmd()
        bmd.holding = true
        let w = Window(bmd) { $0.today.emptyTitle == "Asking bmd…" }
        #expect(w.today.emptyIcon == nil, "the page shows \(w.today.emptyIcon ?? "") while it only asks")
        w.close()
        let gone = FakeBmd()
        gone.away = "nothing answers at /tmp/bmd.sock"
        let away = Window(gone) { if case .away = $0.controller.model.link { true } else { false } }
        defer { away.close() }
        #expect(spin { away.today.emptyTitle == "bmd is away" })
        #expect(away.today.emptyIcon == "network-offline-symbolic")
    }

    @Test("a reason with markup's characters (a socket's path) shows exactly, and GTK warns of nothing")
    func reasonIsNotMarkup() {
        _ = LogWatch.installed
        let bmd = FakeBmd()
        bmd.away = "nothing answers at /tmp/a&b<c>/bmd.sock"
        LogWatch.warnings = []
        let w = Window(bmd) { if case .away = $0.controller.model.link { true } else { false } }
        defer { w.close() }
        #expect(spin { w.today.emptyTitle == "bmd is away" })
        // What the empty page's labels show, as drawn and as a screen reader reads them.
        #expect(LogWatch.labelTexts(in: w.today.root.pointer).contains("Nothing answers at /tmp/a&b<c>/bmd.sock. Trying again…"))
        #expect(LogWatch.warnings == [])
    }

    @Test("activating a row (Space on the focused row) checks its task")
    func rowActivation() {
        let w = Window()
        defer { w.close() }
        gtk_widget_activate(w.rows[1].row)
        #expect(spin { w.bmd.calls.contains("Check 2") })
        #expect(spin { w.checked(1) && w.text(w.today.headline) == "Lark · 2 of 3 done · on track" })
    }

    @Test("a check made elsewhere shows in the window")
    func elsewhere() {
        let w = Window()
        defer { w.close() }
        w.bmd.status.now = Morning.Now(pace: .inProgress, task: nil, minutesToNext: 12)
        w.bmd.checkElsewhere(2)
        #expect(spin { w.checked(1) })
        #expect(w.text(w.today.headline) == "Lark · 2 of 3 done · on track")
        #expect(w.text(w.today.now) == "Now: nothing, every task whose time has come is done")
    }

    @Test("Today says when the reminder is off or silent, and, behind, the task the clock is at")
    func reminderAndClock() {
        let w = Window()
        defer { w.close() }
        #expect(!w.shown(w.today.reminder))
        w.bmd.status.notifications = Morning.Notifications(enabled: false, sound: true, available: true)
        w.bmd.push()
        #expect(spin { w.shown(w.today.reminder) })
        #expect(w.text(w.today.reminder) == "Notifications are off. No reminder comes.")
        w.bmd.status.notifications = Morning.Notifications(enabled: true, sound: false, available: true)
        let rise = Morning.DayTask(position: 1, time: "05:00", title: "Rise", state: .untouched)
        w.bmd.status.state = .behind
        w.bmd.status.behind = 2
        w.bmd.status.now = Morning.Now(pace: .behind, task: rise, slot: w.bmd.status.nextTask)
        w.bmd.push()
        #expect(spin { w.text(w.today.reminder) == "Notifications are on, silent. The reminder comes without a sound." })
        #expect(w.text(w.today.now) == "Now: 05:00 Rise · the clock is at 06:00 Read")
        w.bmd.status.notifications = Morning.Notifications(enabled: true, sound: true, available: true)
        w.bmd.push()
        #expect(spin { !w.shown(w.today.reminder) })
    }

    @Test("the dates are one Tab stop, the chosen date, moved with the arrow keys; today's first task is 2 Tabs on")
    func datesByKeyboard() {
        let w = Window()
        defer { w.close() }
        let keys = Keyboard(window: w.window)
        func date(_ iso: String) -> UnsafeMutablePointer<GtkWidget> { w.today.dateButtons.first { $0.day.description == iso }!.button.pointer }
        let dates = Set(w.today.dateButtons.map(\.button.pointer))
        let stops = keys.tabOrder(rounds: 1).filter { dates.contains($0) }
        #expect(stops == [date("2026-11-25")], "Tab stops on \(stops.count) dates")
        gtk_widget_grab_focus(date("2026-11-25"))
        keys.tab()
        keys.tab()
        let first = w.rows[0]
        #expect(keys.focus.map { $0 == first.row || $0 == first.check } == true, "today's first task is not 2 Tabs after the dates")
        gtk_widget_grab_focus(date("2026-11-25"))
        #expect(keys.press("Left"))
        #expect(spin { w.text(w.today.dayHeading) == "Tuesday 2026-11-24 · past, read-only · 1 of 3 done" })
        #expect(keys.focus == date("2026-11-24"), "the focus did not follow the chosen date")
        #expect(gtk_widget_has_css_class(date("2026-11-24"), "suggested-action") != 0)
        keys.press("Right")
        keys.press("Right")
        #expect(spin { w.text(w.today.dayHeading) == "Thursday 2026-11-26 · upcoming · 3 tasks" })
        #expect(keys.focus == date("2026-11-26"))
        keys.press("Home")
        #expect(spin { w.controller.model.scroller.selected?.description == "2026-11-20" })
        #expect(keys.focus == date("2026-11-20"))
        keys.press("Left")
        #expect(w.controller.model.scroller.selected?.description == "2026-11-20")
        // Tab again stops on the chosen date only.
        #expect(keys.tabOrder(rounds: 1).filter { dates.contains($0) } == [date("2026-11-20")])
    }

    @Test("a past day is read-only with ✓ and ✗; a future day is upcoming")
    func otherDays() {
        let w = Window()
        defer { w.close() }
        let past = w.today.dateButtons.first { $0.day.description == "2026-11-22" }!.button.pointer
        gtk_widget_activate(past)
        #expect(spin { w.text(w.today.dayHeading) == "Sunday 2026-11-22 · past, read-only · 1 of 3 done" })
        #expect(w.rows.allSatisfy { $0.check == nil })
        #expect(w.today.rows.map { w.today.markText($0.row) } == ["✓", "✗", "✗"])
        let future = w.today.dateButtons.first { $0.day.description == "2026-11-27" }!.button.pointer
        gtk_widget_activate(future)
        #expect(spin { w.text(w.today.dayHeading) == "Friday 2026-11-27 · upcoming · 3 tasks" })
        #expect(w.rows.allSatisfy { $0.check == nil })
        #expect(w.today.rows.map { w.today.markText($0.row) } == ["", "", ""])
        #expect(!w.bmd.calls.contains { $0.hasPrefix("Check") })
    }

    @Test("when bmd stops the page says bmd is away, and it clears once bmd is back")
    func away() {
        let w = Window()
        defer { w.close() }
        w.bmd.away = "nothing answers at /run/user/1000/better-morning/bmd.sock"
        w.bmd.stop()
        #expect(spin { w.shown(w.today.away) })
        #expect(w.text(w.today.away) == "bmd is away: bmd closed the connection. Trying again…")
        // The morning stays on show meanwhile, and cannot be checked.
        #expect(w.text(w.today.headline) == "Lark · 1 of 3 done · on track")
        #expect(w.rows.allSatisfy { gtk_widget_get_sensitive($0.check!) == 0 })
        w.bmd.away = nil
        #expect(spin { !w.shown(w.today.away) })
        #expect(w.rows.allSatisfy { gtk_widget_get_sensitive($0.check!) != 0 })
    }

    @Test("with no active routine the page says so instead of showing days")
    func noRoutine() {
        let w = Window(FakeBmd(status: Fixture.noRoutine, days: [])) { $0.controller.model.status != nil }
        defer { w.close() }
        let page = w.today.root.pointer
        #expect(String(cString: gtk_stack_get_visible_child_name(OpaquePointer(page))) == "empty")
        #expect(w.today.emptyTitle == "No active routine")
    }

    @Test("with no active routine the empty page's button opens the Routines page")
    func noRoutineLeadsToRoutines() {
        let w = Window(FakeBmd(status: Fixture.noRoutine, days: [])) { $0.controller.model.status != nil }
        defer { w.close() }
        #expect(w.shown(w.today.routinesButton))
        #expect(String(cString: gtk_button_get_label(cast(w.today.routinesButton.pointer))) == "Choose a Routine")
        gtk_widget_activate(w.today.routinesButton.pointer)
        #expect(spin { w.controller.model.page == .routines })
        #expect(String(cString: adw_view_stack_get_visible_child_name(OpaquePointer(w.view.stack.pointer))) == "routines")
    }

    @Test("on the first run the window itself shows the welcome, the famous routines one click away; bmd marks it shown")
    func firstRunWelcome() throws {
        let bmd = FakeBmd()
        bmd.records.welcomePending = true
        let w = Window(bmd)
        defer { w.close() }
        #expect(spin { w.view.welcomeDialog != nil })
        let dialog = try #require(w.view.welcomeDialog?.pointer)
        #expect(String(cString: adw_message_dialog_get_heading(cast(dialog))) == "Welcome to Better Morning")
        // No user manager on the test run's bus: the welcome says so.
        #expect(String(cString: adw_message_dialog_get_body(cast(dialog))).hasPrefix(PreferencesModel.welcomeText + "\n\nWhether bmd starts when you log in is not known: "))
        #expect(spin { bmd.calls.contains("Welcome") && !bmd.records.welcomePending })
        adw_message_dialog_response(cast(dialog), "routines")
        #expect(spin { w.view.welcomeDialog == nil && w.controller.model.page == .routines })
        #expect(bmd.calls.filter { $0 == "WelcomePending" }.count == 1, "the window asked more than once")
    }

    @Test("the window opens with Today alone made; Routines and History are made as each is first shown, with what bmd holds")
    func pagesMadeAsShown() {
        let bmd = FakeBmd()
        bmd.own = Fixture.stats.routines
        let w = Window(bmd)
        defer { w.close() }
        #expect(w.view.madeRoutines == nil, "the Routines page was made before it was shown")
        #expect(w.view.madeHistory == nil, "the History page was made before it was shown")
        w.controller.send(.showPage(.routines))
        #expect(w.view.madeRoutines != nil, "showing the Routines page did not make it")
        #expect(spin { w.view.routines.famousRows.count == bmd.catalog.count }, "the Routines page never listed the famous routines")
        #expect(w.view.madeHistory == nil, "the History page was made with the Routines page")
        adw_view_stack_set_visible_child_name(OpaquePointer(w.view.stack.pointer), "history")
        #expect(w.view.madeHistory != nil, "clicking the History tab did not make the page")
        #expect(spin { w.view.history.bars.count == 7 && w.view.history.statsShown.count == 6 }, "the History page never loaded")
    }

    @Test("the pages switch from the model (Alt+1/2/3) and from the tabs")
    func pages() {
        let w = Window()
        defer { w.close() }
        func visible() -> String { String(cString: adw_view_stack_get_visible_child_name(OpaquePointer(w.view.stack.pointer))) }
        w.controller.send(.showPage(.history))
        #expect(visible() == "history")
        adw_view_stack_set_visible_child_name(OpaquePointer(w.view.stack.pointer), "routines")
        #expect(w.controller.model.page == .routines)
        w.controller.send(.showPage(.today))
        #expect(visible() == "today")
    }
}

/// The warnings and criticals GLib logs in this process (GTK's among them), caught by a
/// log writer set once for the whole run; each is also printed as usual.
@MainActor
enum LogWatch {
    nonisolated(unsafe) static var warnings: [String] = []

    static let installed: Bool = {
        g_log_set_writer_func({ level, fields, count, _ in
            if level.rawValue & (G_LOG_LEVEL_WARNING.rawValue | G_LOG_LEVEL_CRITICAL.rawValue) != 0, let fields {
                for index in 0..<Int(count) where String(cString: fields[index].key) == "MESSAGE" {
                    if let value = fields[index].value {
                        LogWatch.warnings.append(String(cString: value.assumingMemoryBound(to: CChar.self)))
                    }
                }
            }
            return g_log_writer_default(level, fields, count, nil)
        }, nil, nil)
        return true
    }()

    /// The text of every label inside `widget`, as drawn.
    static func labelTexts(in widget: UnsafeMutablePointer<GtkWidget>) -> [String] {
        var texts: [String] = []
        if g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(widget)), gtk_label_get_type()) != 0 {
            texts.append(String(cString: gtk_label_get_text(OpaquePointer(widget))))
        }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            texts += labelTexts(in: current)
            child = gtk_widget_get_next_sibling(current)
        }
        return texts
    }
}
