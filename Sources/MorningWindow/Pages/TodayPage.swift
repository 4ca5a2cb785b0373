import CAdwaita
import MorningProtocol
import MorningWords

/// The Today page: where the morning stands, the date scroller, and the tasks of the day
/// chosen, which can be checked today. It draws the model and sends the person's actions
/// to the controller; what it keeps is what it last drew (so that only what changed is
/// drawn again), whether the focus went to today's tasks yet, and a scroll waiting for
/// the next frame.
@MainActor
final class TodayPage {
    let root: UnsafeMutablePointer<GtkWidget>
    private let send: @MainActor (WindowEvent) -> Void
    /// Either the empty state or the day.
    private let switcher: UnsafeMutablePointer<GtkWidget>
    private let empty: UnsafeMutablePointer<GtkWidget>
    /// On the empty state with no routine active: to the Routines page.
    let routinesButton: UnsafeMutablePointer<GtkWidget>
    let away: UnsafeMutablePointer<GtkWidget>
    let headline: UnsafeMutablePointer<GtkWidget>
    let now: UnsafeMutablePointer<GtkWidget>
    let next: UnsafeMutablePointer<GtkWidget>
    /// The reminder off, silent or unable to show, said where the morning is followed.
    let reminder: UnsafeMutablePointer<GtkWidget>
    private let scroller: UnsafeMutablePointer<GtkWidget>
    private let dateBox: UnsafeMutablePointer<GtkWidget>
    let dayHeading: UnsafeMutablePointer<GtkWidget>
    let list: UnsafeMutablePointer<GtkWidget>
    let message: UnsafeMutablePointer<GtkWidget>

    /// The date buttons, by date, and the dates they were made for.
    private(set) var dateButtons: [(day: Day, button: UnsafeMutablePointer<GtkWidget>)] = []
    private var shownDates: [Day] = []
    private var shownToday: Day?
    /// The task rows, by position, and what they were made for.
    private(set) var rows: [(task: Morning.DayTask, row: UnsafeMutablePointer<GtkWidget>, check: UnsafeMutablePointer<GtkWidget>?)] = []
    /// The ✓ or ✗ label of each row of a past or future day.
    private var marks: [UnsafeMutablePointer<GtkWidget>: UnsafeMutablePointer<GtkWidget>] = [:]
    private var rowsKey: String?
    /// The model last drawn: a toggle the model already shows is not sent again.
    private var model = WindowModel()
    private var scrollPending = false
    /// Whether the focus has been put on today's tasks yet: once, when they first show.
    private var focused = false
    /// The width of a date on the scroller, and the space between dates.
    static let dateWidth: Int32 = 76
    static let dateSpacing: Int32 = 6

    init(send: @escaping @MainActor (WindowEvent) -> Void) {
        self.send = send
        Self.loadStyle()
        empty = adw_status_page_new()
        routinesButton = gtk_button_new_with_mnemonic("")!
        gtk_widget_set_halign(routinesButton, GTK_ALIGN_CENTER)
        // A pill in the theme's plain colours: white on the accent's background colour
        // would read at 3.8:1.
        style(routinesButton, "pill")
        adw_status_page_set_child(OpaquePointer(empty), routinesButton)
        away = label(wrap: true)
        style(away, "warning")
        headline = label(wrap: true)
        style(headline, "title-3")
        now = label(wrap: true)
        style(now, "heading")
        next = label(wrap: true)
        style(next, "dim-label")
        reminder = label(wrap: true)
        style(reminder, "warning")
        dateBox = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, TodayPage.dateSpacing)
        scroller = gtk_scrolled_window_new()
        gtk_scrolled_window_set_policy(OpaquePointer(scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER)
        gtk_scrolled_window_set_child(OpaquePointer(scroller), dateBox)
        bm_set_accessible_label(scroller, "Dates")
        dayHeading = label(wrap: true)
        style(dayHeading, "heading")
        list = boxedList("Tasks")
        message = label(wrap: true)
        style(message, "error")

        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        for child in [away, headline, now, next, reminder, scroller, dayHeading, list, message] {
            gtk_box_append(cast(column), child)
        }
        let scrolled = scrollingPage(column)

        switcher = gtk_stack_new()
        gtk_stack_add_named(OpaquePointer(switcher), empty, "empty")
        gtk_stack_add_named(OpaquePointer(switcher), scrolled, "day")
        root = switcher

        // The scroller keeps the chosen date in view as its size changes. The adjustment
        // changes while the scroller is being laid out, when a new value would be drawn
        // only at the next layout: it is set before the next frame is laid out.
        // The dates are one Tab stop, the chosen date; the arrow keys choose another, as
        // in a row of tabs, so the tasks are not fifteen Tabs away.
        for (entry, step) in [(WindowShortcuts.previousDate, -1), (WindowShortcuts.nextDate, 1),
                              (WindowShortcuts.firstDate, Int.min), (WindowShortcuts.lastDate, Int.max)] {
            shortcut(dateBox, entry.keys, local: true) { [weak self] in self?.step(step) }
        }
        on(UnsafeMutableRawPointer(routinesButton), "clicked") { [weak self] in self?.send(.showPage(.routines)) }
        let adjustment = gtk_scrolled_window_get_hadjustment(OpaquePointer(scroller))
        on(UnsafeMutableRawPointer(adjustment!), "changed") { [weak self] in
            guard let self, !self.scrollPending else { return }
            self.scrollPending = true
            nextFrame(self.scroller) { [weak self] in
                self?.scrollPending = false
                self?.scrollToSelected()
            }
        }
    }

    /// The mark a row of a past or future day shows, as shown.
    func markText(_ row: UnsafeMutablePointer<GtkWidget>) -> String? {
        marks[row].map { String(cString: gtk_label_get_text(OpaquePointer($0))) }
    }

    /// The empty state's title, as shown.
    var emptyTitle: String { String(cString: adw_status_page_get_title(OpaquePointer(empty))) }

    /// The empty state's icon, as shown, if any.
    var emptyIcon: String? { adw_status_page_get_icon_name(OpaquePointer(empty)).map { String(cString: $0) } }

    func render(_ model: WindowModel) {
        self.model = model
        gtk_widget_set_visible(away, TodayText.away(model) != nil && model.status != nil ? 1 : 0)
        gtk_label_set_text(OpaquePointer(away), TodayText.away(model) ?? "")
        if let empty = TodayText.empty(model) {
            adw_status_page_set_title(OpaquePointer(self.empty), empty.title)
            adw_status_page_set_description(OpaquePointer(self.empty), markupShowing(empty.description))
            adw_status_page_set_icon_name(OpaquePointer(self.empty), TodayText.emptyIcon(model))
            gtk_button_set_label(cast(routinesButton), empty.routinesButton ?? "")
            // Its label once: GTK 4.8 would read the label and then the label it is labelled by.
            bm_set_accessible_label(routinesButton, empty.routinesButton ?? "")
            gtk_widget_set_visible(routinesButton, empty.routinesButton == nil ? 0 : 1)
            gtk_stack_set_visible_child_name(OpaquePointer(switcher), "empty")
            return
        }
        gtk_stack_set_visible_child_name(OpaquePointer(switcher), "day")
        guard let status = model.status else { return }
        gtk_label_set_text(OpaquePointer(headline), MorningText.headline(status))
        set(now, TodayText.now(status))
        set(next, TodayText.next(status))
        set(reminder, TodayText.reminder(status))
        renderDates(model)
        if let day = model.shownDay {
            gtk_label_set_text(OpaquePointer(dayHeading), TodayText.dayHeading(day))
            let nowPosition = day.mode == .today ? MorningText.taskNow(status)?.position : nil
            renderRows(day, now: nowPosition)
            // The window opens with the focus on the task to do now (else the first of
            // today), so Space checks it; otherwise the first date would take the focus
            // and pull the scroller back to the routine's start.
            if !focused, day.mode == .today, let first = rows.first {
                focused = true
                let row = rows.first { $0.task.position == nowPosition } ?? first
                gtk_widget_grab_focus(row.row)
            }
        } else {
            let heading = model.scroller.selected.map {
                model.unservedDay == $0.description ? "bmd did not give the day \($0)" : "Asking bmd for \($0)…"
            }
            gtk_label_set_text(OpaquePointer(dayHeading), heading ?? "")
            renderRows(nil, now: nil)
        }
        set(message, model.message)
    }

    // MARK: The date scroller

    private func renderDates(_ model: WindowModel) {
        guard let today = model.scroller.today else { return }
        if model.scroller.dates != shownDates || today != shownToday {
            while let child = gtk_widget_get_first_child(dateBox) { gtk_box_remove(cast(dateBox), child) }
            dateButtons = model.scroller.dates.map { date in
                let (text, kind) = TodayText.scrollerDate(date, today: today)
                let button = gtk_button_new()!
                let parts = text.split(separator: " ", maxSplits: 1).map(String.init)
                let label = gtk_label_new(parts.joined(separator: "\n"))!
                gtk_label_set_justify(OpaquePointer(label), GTK_JUSTIFY_CENTER)
                gtk_button_set_child(cast(button), label)
                gtk_widget_set_size_request(button, TodayPage.dateWidth, -1)
                style(button, "date")
                if kind == "upcoming" { style(button, "upcoming") }
                if kind == "today" { style(label, "heading") }
                nameWithTooltip(button, "\(Weekday(date).name) \(date), \(kind)")
                on(UnsafeMutableRawPointer(button), "clicked") { [weak self, button] in
                    self?.send(.select(date))
                    // The date clicked takes the focus, as a tab does, so the arrow keys go on from it.
                    if gtk_widget_get_focusable(button) != 0 { gtk_widget_grab_focus(button) }
                }
                gtk_box_append(cast(dateBox), button)
                return (date, button)
            }
            shownDates = model.scroller.dates
            shownToday = today
        }
        let hadFocus = dateButtons.contains { gtk_widget_has_focus($0.button) != 0 }
        let chosenButton = dateButtons.first { $0.day == model.scroller.selected }?.button
        if let chosenButton {
            gtk_widget_set_focusable(chosenButton, 1)
            if hadFocus { gtk_widget_grab_focus(chosenButton) }
        }
        for (date, button) in dateButtons {
            let chosen = date == model.scroller.selected
            style(button, "suggested-action", chosen)
            style(button, "flat", !chosen)
            bm_set_accessible_selected(button, chosen ? 1 : 0)
            // Without a chosen date on show the first takes the Tab stop.
            if button != chosenButton { gtk_widget_set_focusable(button, chosenButton == nil && date == shownDates.first ? 1 : 0) }
        }
        scrollToSelected()
    }

    /// Chooses the date `by` places from the chosen one, or the first (`Int.min`) or the last
    /// (`Int.max`): the arrow keys on the scroller.
    private func step(_ by: Int) {
        guard !shownDates.isEmpty else { return }
        let index = model.scroller.selected.flatMap { shownDates.firstIndex(of: $0) } ?? 0
        let target = by == Int.min ? 0 : by == Int.max ? shownDates.count - 1 : min(max(index + by, 0), shownDates.count - 1)
        if shownDates[target] != model.scroller.selected { send(.select(shownDates[target])) }
    }

    /// The dates' colours, from the theme's own so dark style follows, each text at 4.5:1 or
    /// more against what is behind it: the chosen date on the accent colour meant for
    /// text (the accent's background colour under white text is 3.8:1), an upcoming date
    /// in a softer colour that still reads (the theme's dimmed labels are 3.2:1).
    private static var styled = false

    private static func loadStyle() {
        guard !styled, let display = gdk_display_get_default() else { return }
        styled = true
        let css = """
            button.date.upcoming { color: alpha(@window_fg_color, 0.7); }
            button.date.suggested-action, button.date.suggested-action:hover, button.date.suggested-action:active {
                background-color: @accent_color; color: @window_bg_color;
            }
            """
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(display, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }

    /// Scrolls the dates so the chosen one is in the middle, as far as the ends allow.
    private func scrollToSelected() {
        guard let selected = model.scroller.selected, let index = shownDates.firstIndex(of: selected),
              let adjustment = gtk_scrolled_window_get_hadjustment(OpaquePointer(scroller)) else { return }
        let step = Double(TodayPage.dateWidth + TodayPage.dateSpacing)
        let page = gtk_adjustment_get_page_size(adjustment)
        let upper = gtk_adjustment_get_upper(adjustment)
        let wanted = Double(index) * step - (page - Double(TodayPage.dateWidth)) / 2
        gtk_adjustment_set_value(adjustment, min(max(0, wanted), max(0, upper - page)))
    }

    // MARK: The tasks

    private func renderRows(_ day: Morning.DayReply?, now: Int?) {
        // Rows are made again only when the day or its list changes; a check changes them
        // in place, so the focus stays on the row that was checked.
        let key = day.map { d in d.date + "|" + d.tasks.map { "\($0.position) \($0.time) \($0.title)" }.joined(separator: "|") + "|\(d.mode)" }
        if key != rowsKey {
            while let child = gtk_widget_get_first_child(list) { gtk_list_box_remove(OpaquePointer(list), child) }
            marks = [:]
            rows = (day?.tasks ?? []).map { task in makeRow(task, mode: day!.mode) }
            rowsKey = key
        }
        guard let day else { return }
        for (index, task) in day.tasks.enumerated() where index < rows.count {
            let (_, row, check) = rows[index]
            rows[index].task = task
            let pending = pendingTick(task.position)
            if let check {
                // A tick bmd has not answered yet shows as the person made it, waiting.
                let active: gboolean = (pending?.done ?? (task.state == .done)) ? 1 : 0
                if gtk_check_button_get_active(cast(check)) != active { gtk_check_button_set_active(cast(check), active) }
                // Nothing can be checked while bmd is away: the box would say what bmd never heard.
                gtk_widget_set_sensitive(check, model.link == .live && pending == nil ? 1 : 0)
                bm_set_accessible_label(check, "\(task.time) \(task.title)")
            }
            var subtitle = task.position == now ? "\(task.time) · now" : task.time
            if pending != nil { subtitle += " · " + TodayText.waitingForBmd }
            adw_action_row_set_subtitle(cast(row), subtitle)
            bm_set_accessible_label(row, TodayText.accessibleName(task) + (task.position == now ? ", to do now" : ""))
        }
    }

    /// The person's tick of the task at `position` of the day on show that bmd has not answered.
    private func pendingTick(_ position: Int) -> WindowModel.PendingTick? {
        model.pendingTicks.first { $0.position == position && $0.date == model.shownDay?.date }
    }

    private func makeRow(_ task: Morning.DayTask, mode: Morning.DayMode) -> (Morning.DayTask, UnsafeMutablePointer<GtkWidget>, UnsafeMutablePointer<GtkWidget>?) {
        let row = adw_action_row_new()!
        // Plain text before the title is set: a title set while markup is on is parsed once.
        adw_preferences_row_set_use_markup(cast(row), 0)
        adw_preferences_row_set_title(cast(row), task.title)
        var check: UnsafeMutablePointer<GtkWidget>?
        switch mode {
        case .today:
            let box = gtk_check_button_new()!
            gtk_widget_set_valign(box, GTK_ALIGN_CENTER)
            gtk_check_button_set_active(cast(box), task.state == .done ? 1 : 0)
            let position = task.position
            on(UnsafeMutableRawPointer(box), "toggled") { [weak self, box] in
                guard let self else { return }
                let active = gtk_check_button_get_active(cast(box)) != 0
                let shown = self.pendingTick(position)?.done
                    ?? (self.model.shownDay?.tasks.first { $0.position == position }?.state == .done)
                if active != shown { self.send(.toggle(position: position)) }
            }
            adw_action_row_add_prefix(cast(row), box)
            adw_action_row_set_activatable_widget(cast(row), box)
            check = box
        case .past:
            let mark = gtk_label_new(TodayText.mark(task))!
            style(mark, task.state == .done ? "success" : "error")
            gtk_widget_set_size_request(mark, 24, -1)
            adw_action_row_add_prefix(cast(row), mark)
            marks[row] = mark
        case .future:
            let mark = gtk_label_new("")!
            gtk_widget_set_size_request(mark, 24, -1)
            adw_action_row_add_prefix(cast(row), mark)
            marks[row] = mark
            style(row, "dim-label")
        }
        gtk_list_box_append(OpaquePointer(list), row)
        return (task, row, check)
    }
}
