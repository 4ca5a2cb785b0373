import CAdwaita
import Glibc
import MorningProtocol
@testable import MorningWindow
import Testing

/// The History page's real widgets in this process, against the fake bmd: what it
/// shows of a routine's weeks, stats and heatmap, what its buttons ask of bmd, and the
/// questions before a restart or a delete.
// Rule U4: the window's History page.
@Suite(.serialized) @MainActor struct HistoryWidgetTests {
    typealias Window = WindowWidgetTests.Window

    init() throws {
        try #require(Display.ready, "the window's widget tests need a display: run them as make test does, under xvfb-run and dbus-run-session")
    }

    /// A window on the History page once it shows Lark's week, stats and heatmap.
    func history(_ bmd: FakeBmd = FakeBmd(), own: [Morning.RoutineStats] = Fixture.stats.routines) -> (Window, HistoryPage) {
        // The routines the History page's stats are about (the Routines page lists them too).
        bmd.own = own
        let w = Window(bmd)
        w.controller.send(.showPage(.history))
        let page = w.view.history
        #expect(spin { page.bars.count == 7 && !page.cells.isEmpty && page.statsShown.count == 6 }, "the History page never loaded")
        return (w, page)
    }

    func text(_ label: Label) -> String { String(cString: gtk_label_get_text(OpaquePointer(label.pointer))) }
    func counts(_ page: HistoryPage) -> [Double] { page.bars.map { gtk_level_bar_get_value(OpaquePointer($0.bar.pointer)) } }
    func sensitive(_ widget: some WidgetWrapper) -> Bool { gtk_widget_get_sensitive(widget.pointer) != 0 }

    @Test("History shows the active routine's week, its stats and heatmap, the chart and heatmap named in words")
    func shows() {
        let saved = getenv("LC_ALL").map { String(cString: $0) }
        setenv("LC_ALL", "en_GB.UTF-8", 1)
        defer { if let saved { setenv("LC_ALL", saved, 1) } else { unsetenv("LC_ALL") } }
        let (w, page) = history()
        defer { w.close() }
        #expect(text(page.weekLabel) == "23 – 29 Nov · this week")
        #expect(counts(page) == [3, 1, 1, 0, 0, 0, 0])
        #expect(page.bars.map { page.chart.names[$0.column.widget] } == [
            "Mon 23 Nov: 3 of 3", "Tue 24 Nov: 1 of 3", "Wed 25 Nov: today, 1 of 3 so far", "Thu 26 Nov: to come",
            "Fri 27 Nov: to come", "Sat 28 Nov: to come", "Sun 29 Nov: to come",
        ])
        #expect(page.chart.names[page.chart.root.widget]?.hasPrefix("Lark, 23 – 29 Nov · this week. Mon 23 Nov: 3 of 3;") == true)
        #expect(page.statsShown.first! == ("tasks completed", "10"))
        #expect(page.statsShown.map(\.name).last == "best run")
        #expect(page.heatmap.names[page.heatmap.grid.widget] == "Heatmap of Lark: 2026-09-01 – 2026-11-25, 6 days tracked, 1 perfect")
        #expect(page.heatmap.names[page.cells.first { $0.day.date == "2026-11-22" }!.cell.widget] == "Sun 22 Nov: 3 of 3")
        #expect(page.cells.first?.day.date == "2026-09-01")  // no cell is named before the heatmap's range
        #expect(!sensitive(page.thisWeek))
        // The weeks start by the locale, as bmctl's do.
        #expect(w.bmd.calls.contains("Data") && w.bmd.calls.contains("Stats") && w.bmd.calls.contains("History lark 3"))
        #expect(!w.bmd.records.locales.isEmpty && w.bmd.records.locales.allSatisfy { $0 == "en_GB.UTF-8" })
    }

    @Test("the week buttons step back to the routine's first week and forward; This Week comes back")
    func weeks() {
        let (w, page) = history()
        defer { w.close() }
        #expect(sensitive(page.previous) && !sensitive(page.next))
        gtk_widget_activate(page.previous.pointer)
        #expect(spin { text(page.weekLabel) == "16 – 22 Nov · last week" })
        #expect(w.bmd.calls.contains("Week lark -1"))
        #expect(counts(page) == [0, 0, 0, 0, 2, 3, 0])
        #expect(page.chart.names[page.bars[0].column.widget] == "Mon 16 Nov: before Lark started")
        #expect(text(page.startNote) == "Lark started on Fri 2026-11-20: the days before it have no record.")
        #expect(!sensitive(page.previous) && sensitive(page.next))
        #expect(sensitive(page.thisWeek))
        gtk_widget_activate(page.thisWeek.pointer)
        #expect(spin { text(page.weekLabel) == "23 – 29 Nov · this week" })
        #expect(counts(page) == [3, 1, 1, 0, 0, 0, 0])
    }

    @Test("choosing another routine shows its week and its heatmap")
    func choose() {
        let (w, page) = history()
        defer { w.close() }
        adw_combo_row_set_selected(cast(page.routineRow.pointer), 1)
        #expect(spin { w.bmd.calls.contains("History kant 3") && page.heatmap.names[page.heatmap.grid.widget]?.hasPrefix("Heatmap of Kant") == true })
        #expect(w.controller.model.history.card?.routine == "Kant")
        #expect(counts(page) == [0, 0, 0, 0, 0, 0, 0])
        #expect(page.statsShown.first! == ("tasks completed", "80"))
    }

    @Test("Start Over asks with the terminal app's words; Cancel keeps everything, Start Over restarts")
    func restart() {
        let (w, page) = history()
        defer { w.close() }
        gtk_widget_activate(page.restart.pointer)
        #expect(spin { page.dialog != nil })
        let dialog = page.dialog!.pointer
        #expect(String(cString: adw_message_dialog_get_heading(cast(dialog))) == "Start Lark over?")
        #expect(String(cString: adw_message_dialog_get_body(cast(dialog)))
                == "Start Lark over from tomorrow (2026-11-26)? Its history stays.\nToday's day ends now with 1 of 3 done.")
        adw_message_dialog_response(cast(dialog), "cancel")
        #expect(spin { page.dialog == nil })
        // bmd answers in order: once a later call has come, a Restart would have come first.
        let before = w.bmd.calls.count
        w.controller.send(.history(.previousWeek))
        #expect(spin { w.bmd.calls.count > before })
        #expect(!w.bmd.calls.contains { $0.hasPrefix("Restart") })
        gtk_widget_activate(page.restart.pointer)
        #expect(spin { page.dialog != nil })
        adw_message_dialog_response(cast(page.dialog!.pointer), "confirm")
        #expect(spin { gtk_widget_get_visible(page.notice.pointer).bool })
        #expect(w.bmd.calls.contains("Restart lark"))
        #expect(text(page.notice) == "Restarted Lark: it starts over tomorrow (2026-11-26); its history stays. Today's Lark ended with 1 of 3 done.")
    }

    @Test("Delete asks, saying the days of records lost; then the routine leaves the list")
    func delete() {
        let (w, page) = history()
        defer { w.close() }
        adw_combo_row_set_selected(cast(page.routineRow.pointer), 1)
        #expect(spin { w.controller.model.history.card?.routine == "Kant" })
        gtk_widget_activate(page.delete.pointer)
        #expect(spin { page.dialog != nil })
        #expect(String(cString: adw_message_dialog_get_body(cast(page.dialog!.pointer)))
                == "Delete Kant and its history: 40 days of records? This cannot be undone.\nIt stays on the Routines page, to be chosen again.")
        adw_message_dialog_response(cast(page.dialog!.pointer), "confirm")
        #expect(spin { text(page.notice) == "Deleted Kant and its 40 day records." })
        #expect(w.bmd.calls.contains("Delete kant"))
        #expect(spin { w.controller.model.history.cards?.count == 1 })
        #expect(w.controller.model.history.card?.routine == "Lark")
    }

    @Test("a refused restart is said on the page")
    func refused() {
        let bmd = FakeBmd()
        bmd.records.refusals["Restart"] = .stateFileBusy(seconds: 5)
        let (w, page) = history(bmd)
        defer { w.close() }
        gtk_widget_activate(page.restart.pointer)
        #expect(spin { page.dialog != nil })
        adw_message_dialog_response(cast(page.dialog!.pointer), "confirm")
        #expect(spin { gtk_widget_get_visible(page.message.pointer).bool })
        #expect(text(page.message) == "Another program holds Better Morning's state file: bmd waited 5 seconds and nothing was changed. "
                + "Close the program that has it open and try again.")
    }

    @Test("a routine deleted from a terminal while the page was away is gone when it shows again")
    func deletedElsewhere() {
        let (w, page) = history()
        defer { w.close() }
        #expect(w.controller.model.history.cards?.count == 2)
        w.controller.send(.showPage(.today))
        w.bmd.records.cards.removeLast()
        w.controller.send(.showPage(.history))
        #expect(spin { w.controller.model.history.cards?.count == 1 })
        #expect(g_list_model_get_n_items(adw_combo_row_get_model(cast(page.routineRow.pointer))) == 1)
    }

    @Test("the routine list marks the active routine again when another stored routine becomes active")
    func activeMarkFollows() {
        let (w, page) = history()
        defer { w.close() }
        func names() -> [String] {
            let list = adw_combo_row_get_model(cast(page.routineRow.pointer))
            return (0..<g_list_model_get_n_items(list)).map { gtk_string_list_get_string(list, $0).map { String(cString: $0) } ?? "" }
        }
        #expect(names() == ["Lark (active)", "Kant"])
        // Kant adopted from a terminal: the same routines, another one active.
        w.bmd.records.cards[0].active = false
        w.bmd.records.cards[1].active = true
        w.bmd.status.routine?.id = "kant"
        w.bmd.status.routine?.name = "Kant"
        w.bmd.push()
        #expect(spin { w.controller.model.history.cards?.last?.active == true })
        #expect(names() == ["Lark", "Kant (active)"])
    }

    @Test("while bmd is away the page says so and nothing can be changed; once back, it can")
    func away() {
        let (w, page) = history()
        defer { w.close() }
        w.bmd.away = "nothing answers at /run/user/1000/better-morning/bmd.sock"
        w.bmd.stop()
        #expect(spin { gtk_widget_get_visible(page.away.pointer).bool })
        #expect(text(page.away) == "bmd is away: bmd closed the connection. Trying again…")
        #expect(counts(page) == [3, 1, 1, 0, 0, 0, 0])  // the week stays on show
        #expect([page.restart, page.delete, page.previous].allSatisfy { !sensitive($0) })
        w.bmd.away = nil
        #expect(spin { !gtk_widget_get_visible(page.away.pointer).bool })
        #expect(sensitive(page.restart) && sensitive(page.delete) && sensitive(page.previous))
    }

    @Test("a check made elsewhere shows in this week's chart while the page is on show")
    func elsewhere() {
        let (w, page) = history()
        defer { w.close() }
        w.bmd.records.cards[0].week.days[2].completed = 2
        w.bmd.checkElsewhere(2)
        #expect(spin { counts(page) == [3, 1, 2, 0, 0, 0, 0] })
        #expect(page.chart.names[page.bars[2].column.widget] == "Wed 25 Nov: today, 2 of 3 so far")
    }

    /// A window on Lark's last week, reached from this week by keyboard, where each
    /// button of the week's navigation acts: Lark has records from the 12th, before it
    /// was last started (the 20th), so a week before the last one is there to see.
    func lastWeek() -> (Window, HistoryPage) {
        var own = Fixture.stats.routines
        own[0].stats.firstDate = "2026-11-12"
        let (w, page) = history(own: own)
        let keys = Keyboard(window: w.window)
        #expect(keys.tab(to: page.previous.pointer), "Tab never reaches Previous week")
        #expect(keys.press("space"))
        #expect(spin { text(page.weekLabel) == "16 – 22 Nov · last week" })
        #expect(w.bmd.calls.contains("Week lark -1"))
        #expect([page.previous, page.next, page.thisWeek].allSatisfy(sensitive))
        return (w, page)
    }

    @Test("Tab reaches every control of the page, in the order it shows them")
    func keyboard() {
        let (w, page) = lastWeek()
        defer { w.close() }
        Keyboard(window: w.window).expectTabReaches([
            ("the routine", page.routineRow.pointer), ("Previous week", page.previous.pointer), ("Next week", page.next.pointer),
            ("This Week", page.thisWeek.pointer), ("Start Over…", page.restart.pointer), ("Delete…", page.delete.pointer),
        ], in: "the page")
    }

    @Test("by keyboard alone: weeks browsed, another routine chosen, a restart asked, cancelled and made")
    func keyboardActions() throws {
        let (w, page) = lastWeek()
        defer { w.close() }
        let keys = Keyboard(window: w.window)
        // Enter on Next week, then on This Week from last week again.
        #expect(keys.tab(to: page.next.pointer) && keys.press("Return"))
        #expect(spin { text(page.weekLabel) == "23 – 29 Nov · this week" })
        #expect(counts(page) == [3, 1, 1, 0, 0, 0, 0])
        #expect(keys.tab(to: page.previous.pointer) && keys.press("space"))
        #expect(spin { text(page.weekLabel) == "16 – 22 Nov · last week" })
        #expect(keys.tab(to: page.thisWeek.pointer) && keys.press("space"))
        #expect(spin { text(page.weekLabel) == "23 – 29 Nov · this week" })

        // Space on the routine opens its list; Down and Enter choose Kant.
        #expect(keys.tab(to: page.routineRow.pointer) && keys.press("space"))
        #expect(keys.press("Down"))
        #expect(keys.press("Return"))
        #expect(spin { w.controller.model.history.card?.routine == "Kant" })
        #expect(spin { w.bmd.calls.contains("History kant 3") && page.heatmap.names[page.heatmap.grid.widget]?.hasPrefix("Heatmap of Kant") == true })

        // Start Over…: the question comes; Escape keeps everything.
        #expect(keys.tab(to: page.restart.pointer) && keys.press("space"))
        #expect(spin { page.dialog != nil })
        let asked = try #require(page.dialog?.pointer)
        #expect(Keyboard(window: asked).press("Escape"))
        #expect(spin { page.dialog == nil })
        // Again, and Tab to the question's Start Over and Space: Kant restarts.
        #expect(keys.tab(to: page.restart.pointer) && keys.press("space"))
        #expect(spin { page.dialog != nil })
        let dialog = try #require(page.dialog?.pointer)
        let confirm = try #require(button(labelled: "Start Over", in: dialog))
        let answer = Keyboard(window: dialog)
        #expect(answer.tab(to: confirm) && answer.press("space"))
        #expect(spin { w.bmd.calls.contains("Restart kant") })
        #expect(w.bmd.calls.filter { $0.hasPrefix("Restart") } == ["Restart kant"])
        #expect(spin { text(page.notice).hasPrefix("Restarted Kant: it starts over tomorrow") })
    }
}

extension gboolean {
    var bool: Bool { self != 0 }
}
