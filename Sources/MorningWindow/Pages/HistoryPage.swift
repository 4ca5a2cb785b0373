import CAdwaita
import MorningProtocol
import MorningWords

/// The History page: a routine chosen among those bmd stores, the chart of one of its
/// weeks with the week's navigation, its stats and heatmap, and starting it over or
/// deleting it, each after a question. It draws the model and sends the person's
/// actions; what it keeps is what it last drew (so that only what changed is drawn
/// again), the question on show, and the words given to screen readers.
@MainActor
final class HistoryPage {
    let root: UnsafeMutablePointer<GtkWidget>
    private let send: @MainActor (WindowEvent) -> Void
    private let switcher: UnsafeMutablePointer<GtkWidget>
    private let empty: UnsafeMutablePointer<GtkWidget>
    let routineRow: UnsafeMutablePointer<GtkWidget>
    private let routineNames: OpaquePointer
    let weekLabel: UnsafeMutablePointer<GtkWidget>
    let previous: UnsafeMutablePointer<GtkWidget>
    let next: UnsafeMutablePointer<GtkWidget>
    let thisWeek: UnsafeMutablePointer<GtkWidget>
    let chart: UnsafeMutablePointer<GtkWidget>
    let startNote: UnsafeMutablePointer<GtkWidget>
    let restart: UnsafeMutablePointer<GtkWidget>
    let delete: UnsafeMutablePointer<GtkWidget>
    let notice: UnsafeMutablePointer<GtkWidget>
    let statsList: UnsafeMutablePointer<GtkWidget>
    let heatmapSummary: UnsafeMutablePointer<GtkWidget>
    let heatmap: UnsafeMutablePointer<GtkWidget>
    let message: UnsafeMutablePointer<GtkWidget>
    let away: UnsafeMutablePointer<GtkWidget>

    /// The chart's columns as drawn: the bar and the labels of each day.
    private(set) var bars: [(day: Morning.WeekDay, column: UnsafeMutablePointer<GtkWidget>, bar: UnsafeMutablePointer<GtkWidget>, count: UnsafeMutablePointer<GtkWidget>)] = []
    /// The heatmap's cells, each with the day it shows.
    private(set) var cells: [(day: Morning.HistoryDay, cell: UnsafeMutablePointer<GtkWidget>)] = []
    /// The stats' rows as drawn: name and value.
    private(set) var statsShown: [(name: String, value: String)] = []
    /// The question on show, and its dialog.
    private(set) var dialog: UnsafeMutablePointer<GtkWidget>?
    private var dialogQuestion: Confirmation?
    /// What a screen reader reads for the chart, its days, the heatmap and its days.
    private(set) var names: [UnsafeMutablePointer<GtkWidget>: String] = [:]
    private var model = HistoryModel()
    /// The routines in the list, by id and as the list shows them.
    private var cardIds: [String] = []
    private var cardLabels: [String] = []
    private var chartKey: String?
    private var heatmapKey: String?
    private var rendering = false

    init(send: @escaping @MainActor (WindowEvent) -> Void) {
        self.send = send
        Self.loadStyle()
        empty = adw_status_page_new()
        adw_status_page_set_icon_name(OpaquePointer(empty), "x-office-calendar-symbolic")

        routineNames = gtk_string_list_new(nil)
        routineRow = adw_combo_row_new()
        adw_preferences_row_set_title(cast(routineRow), "Routine")
        adw_combo_row_set_model(cast(routineRow), routineNames)
        // The routine chosen shows under the row's title, where it wraps: at the row's end
        // a long name and its "(active)" would be cut at 360 px.
        adw_combo_row_set_use_subtitle(cast(routineRow), 1)
        let routineList = boxedList("Routine", rows: [routineRow])

        previous = iconButton("go-previous-symbolic", "Previous week")
        next = iconButton("go-next-symbolic", "Next week")
        thisWeek = mnemonicButton("This _Week")
        style(thisWeek, "flat")
        weekLabel = label(wrap: true)
        gtk_label_set_xalign(OpaquePointer(weekLabel), 0.5)
        gtk_widget_set_hexpand(weekLabel, 1)
        style(weekLabel, "heading")
        let navigation = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        for child in [previous, weekLabel, next] { gtk_box_append(cast(navigation), child) }

        chart = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4)
        gtk_box_set_homogeneous(cast(chart), 1)
        style(chart, "card")
        style(chart, "week-chart")
        startNote = label(wrap: true)
        style(startNote, "dim-label")

        restart = mnemonicButton("_Start Over…")
        delete = mnemonicButton("_Delete…")
        style(delete, "destructive-action")
        let actions = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_widget_set_halign(actions, GTK_ALIGN_CENTER)
        gtk_box_append(cast(actions), restart)
        gtk_box_append(cast(actions), delete)
        notice = label(wrap: true)

        statsList = boxedList("Stats")

        heatmapSummary = label(wrap: true)
        style(heatmapSummary, "dim-label")
        heatmap = gtk_grid_new()
        gtk_grid_set_row_spacing(cast(heatmap), 3)
        gtk_grid_set_column_spacing(cast(heatmap), 3)
        gtk_widget_set_halign(heatmap, GTK_ALIGN_CENTER)
        message = label(wrap: true)
        style(message, "error")
        away = label(wrap: true)
        style(away, "warning")

        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        for child in [away, routineList, navigation, thisWeek, chart, startNote, actions, notice,
                      heading("Stats"), statsList, heading("Last \(HistoryModel.heatmapMonths) months"), heatmapSummary, heatmap,
                      Self.legend(), message] {
            gtk_box_append(cast(column), child)
        }
        gtk_widget_set_halign(thisWeek, GTK_ALIGN_CENTER)
        let scrolled = scrollingPage(column)

        switcher = gtk_stack_new()
        gtk_stack_add_named(OpaquePointer(switcher), empty, "empty")
        gtk_stack_add_named(OpaquePointer(switcher), scrolled, "history")
        root = switcher

        // The page loads while it is on screen.
        on(UnsafeMutableRawPointer(root), "map") { send(.history(.shown(true))) }
        on(UnsafeMutableRawPointer(root), "unmap") { send(.history(.shown(false))) }
        on(UnsafeMutableRawPointer(previous), "clicked") { send(.history(.previousWeek)) }
        on(UnsafeMutableRawPointer(next), "clicked") { send(.history(.nextWeek)) }
        on(UnsafeMutableRawPointer(thisWeek), "clicked") { send(.history(.thisWeek)) }
        on(UnsafeMutableRawPointer(restart), "clicked") { send(.history(.askRestart)) }
        on(UnsafeMutableRawPointer(delete), "clicked") { send(.history(.askDelete)) }
        on(UnsafeMutableRawPointer(routineRow), "notify::selected", arguments: 3) { [weak self] in
            guard let self, !self.rendering else { return }
            let index = Int(adw_combo_row_get_selected(cast(self.routineRow)))
            if self.cardIds.indices.contains(index) { send(.history(.choose(self.cardIds[index]))) }
        }
    }

    func render(_ window: WindowModel) {
        rendering = true
        defer { rendering = false }
        let model = window.history
        self.model = model
        set(message, window.page == .history ? window.message : nil)
        // What is on show stays while bmd is away, and nothing can be changed.
        set(away, TodayText.away(window))
        guard let cards = model.cards, let card = model.card, window.status != nil else {
            adw_status_page_set_title(OpaquePointer(empty), window.status == nil || model.cards == nil ? "History" : "No Routines Yet")
            adw_status_page_set_description(OpaquePointer(empty), window.status == nil
                ? "Waiting for bmd…"
                : model.cards == nil ? "Asking bmd for your weeks…" : "Pick a famous routine or write your own on the Routines page; its weeks show here.")
            gtk_stack_set_visible_child_name(OpaquePointer(switcher), "empty")
            renderQuestion(model.question)
            return
        }
        gtk_stack_set_visible_child_name(OpaquePointer(switcher), "history")

        let ids = cards.map(\.routineId)
        // Made again when any entry's words change: another routine may be active with
        // the same routines stored.
        let labels = cards.map { $0.routine + ($0.active ? " (active)" : "") }
        if labels != cardLabels {
            gtk_string_list_splice(routineNames, 0, g_list_model_get_n_items(routineNames), nil)
            for label in labels { gtk_string_list_append(routineNames, label) }
            cardLabels = labels
        }
        cardIds = ids
        if let index = ids.firstIndex(of: card.routineId), adw_combo_row_get_selected(cast(routineRow)) != guint(index) {
            adw_combo_row_set_selected(cast(routineRow), guint(index))
        }

        let live = window.link == .live
        gtk_widget_set_sensitive(previous, model.canGoBack && live ? 1 : 0)
        gtk_widget_set_sensitive(next, model.canGoForward && live ? 1 : 0)
        // Always there, so the chart stays in place as weeks are browsed.
        gtk_widget_set_sensitive(thisWeek, model.offset < 0 && live ? 1 : 0)
        gtk_widget_set_sensitive(restart, live ? 1 : 0)
        gtk_widget_set_sensitive(delete, live ? 1 : 0)
        if let chart = model.chart {
            gtk_label_set_text(OpaquePointer(weekLabel), HistoryModel.weekLabel(chart, offset: model.offset))
            renderChart(chart)
            set(startNote, DataWords.startNote(chart))
        } else {
            gtk_label_set_text(OpaquePointer(weekLabel), "Asking bmd for the week…")
            set(startNote, nil)
        }
        set(notice, model.notice)
        renderStats(model.routineStats)
        renderHeatmap(model.shownHeatmap)
        renderQuestion(model.question)
    }

    // MARK: The week chart

    private func renderChart(_ chart: Morning.WeekChart) {
        let key = "\(chart.routineId) \(chart.weekStart) \(chart.today) \(chart.total) " + chart.days.map { "\($0.completed ?? -1)" }.joined(separator: ",")
        guard key != chartKey else { return }
        chartKey = key
        while let child = gtk_widget_get_first_child(self.chart) {
            names[child] = nil
            gtk_box_remove(cast(self.chart), child)
        }
        bars = chart.days.map { day in
            let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
            let count = gtk_label_new(day.completed.map(String.init) ?? " ")!
            style(count, "caption")
            let bar = gtk_level_bar_new_for_interval(0, Double(max(chart.total, 1)))!
            gtk_orientable_set_orientation(OpaquePointer(bar), GTK_ORIENTATION_VERTICAL)
            gtk_level_bar_set_inverted(OpaquePointer(bar), 1)
            // One colour, green when every task was done (the style below).
            for offset in [GTK_LEVEL_BAR_OFFSET_LOW, GTK_LEVEL_BAR_OFFSET_HIGH, GTK_LEVEL_BAR_OFFSET_FULL] {
                gtk_level_bar_remove_offset_value(OpaquePointer(bar), offset)
            }
            if let done = day.completed, done >= chart.total, chart.total > 0 { style(column, "perfect") }
            gtk_level_bar_set_value(OpaquePointer(bar), Double(day.completed ?? 0))
            gtk_widget_set_size_request(bar, -1, 96)
            gtk_widget_set_halign(bar, GTK_ALIGN_CENTER)
            let date = Day(iso: day.date)
            let dayName = gtk_label_new(date.map { "\(Weekday($0).shortName)\n\($0.dayOfMonth)" } ?? day.date)!
            gtk_label_set_justify(OpaquePointer(dayName), GTK_JUSTIFY_CENTER)
            style(dayName, "caption")
            if day.date == chart.today { style(dayName, "heading"); style(column, "today") }
            if day.date > chart.today { style(column, "dim-label") }
            for child in [count, bar, dayName] { gtk_box_append(cast(column), child) }
            let words = HistoryModel.dayWords(day, chart: chart)
            name(column, words, tooltip: true)
            gtk_box_append(cast(self.chart), column)
            return (day, column, bar, count)
        }
        name(self.chart, HistoryModel.chartWords(chart, offset: model.offset))
    }

    // MARK: Stats and heatmap

    private func renderStats(_ stats: Morning.RoutineStats?) {
        let rows = stats.map { DataWords.statsRows($0.stats) } ?? []
        let shown = rows.isEmpty ? [(name: stats == nil ? "Asking bmd…" : DataWords.noFinishedDays, value: "")] : rows
        guard shown.map({ $0.name + $0.value }) != statsShown.map({ $0.name + $0.value }) else { return }
        statsShown = shown
        while let child = gtk_widget_get_first_child(statsList) { gtk_list_box_remove(OpaquePointer(statsList), child) }
        for (name, value) in shown {
            let row = adw_action_row_new()!
            adw_preferences_row_set_use_markup(cast(row), 0)
            adw_preferences_row_set_title(cast(row), name.prefix(1).uppercased() + name.dropFirst())
            adw_action_row_set_subtitle(cast(row), value)
            style(row, "property")
            bm_set_accessible_label(row, value.isEmpty ? name : "\(name): \(value)")
            gtk_list_box_append(OpaquePointer(statsList), row)
        }
    }

    private func renderHeatmap(_ reply: Morning.HistoryReply?) {
        let key = reply.map { r in r.from + r.today + (r.routineId ?? "") + r.days.map { "\($0.completed ?? -1)/\($0.total ?? -1)" }.joined() }
        guard key != heatmapKey else { return }
        heatmapKey = key
        while let child = gtk_widget_get_first_child(heatmap) {
            names[child] = nil
            gtk_grid_remove(cast(heatmap), child)
        }
        cells = []
        guard let reply else {
            set(heatmapSummary, "Asking bmd…")
            name(heatmap, "Heatmap")
            return
        }
        set(heatmapSummary, DataWords.heatmapSummary(reply).joined(separator: " · "))
        name(heatmap, HistoryModel.heatmapWords(reply))
        // Weekdays as rows from the locale's first weekday, weeks as columns, each
        // month's name over the week that holds its 1st.
        for row in 0..<min(7, reply.days.count) where row % 2 == 0 {
            let name = gtk_label_new(Weekday.shortName(of: reply.days[row].date))!
            style(name, "caption")
            style(name, "dim-label")
            gtk_label_set_xalign(OpaquePointer(name), 0)
            gtk_grid_attach(cast(heatmap), name, 0, Int32(row + 1), 1, 1)
        }
        var free = 0
        for (index, day) in reply.days.enumerated() {
            let column = index / 7
            if day.date >= reply.from, day.date.hasSuffix("-01") || index == 0, column >= free,
               let date = Day(iso: day.date) {
                let month = gtk_label_new(MorningText.month(date.month))!
                style(month, "caption")
                style(month, "dim-label")
                gtk_label_set_xalign(OpaquePointer(month), 0)
                gtk_grid_attach(cast(heatmap), month, Int32(column + 1), 0, 3, 1)
                free = column + 3
            }
            let cell = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
            style(cell, "heat")
            if let words = HistoryModel.heatmapDayWords(day, from: reply.from) {
                let level = DataWords.level(completed: day.completed, total: day.total)
                style(cell, level.map { "heat-\($0)" } ?? "heat-none")
                name(cell, words, tooltip: true)
                cells.append((day, cell))
            }
            gtk_grid_attach(cast(heatmap), cell, Int32(column + 1), Int32(index % 7 + 1), 1, 1)
        }
    }

    /// The shades and what they mean.
    private static func legend() -> UnsafeMutablePointer<GtkWidget> {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4)!
        gtk_widget_set_halign(box, GTK_ALIGN_CENTER)
        let less = gtk_label_new("none")!
        style(less, "caption")
        style(less, "dim-label")
        gtk_box_append(cast(box), less)
        for level in 0...4 {
            let cell = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
            style(cell, "heat")
            style(cell, "heat-\(level)")
            gtk_widget_set_valign(cell, GTK_ALIGN_CENTER)
            gtk_widget_set_tooltip_text(cell, DataWords.levelNames[level])
            gtk_box_append(cast(box), cell)
        }
        let more = gtk_label_new("every task")!
        style(more, "caption")
        style(more, "dim-label")
        gtk_box_append(cast(box), more)
        bm_set_accessible_label(box, "Shades: " + DataWords.levelNames.joined(separator: ", ") + "; blank: no record")
        return box
    }

    // MARK: Questions

    private func renderQuestion(_ question: Confirmation?) {
        guard question != dialogQuestion else { return }
        if let dialog { gtk_window_destroy(cast(dialog)) }
        dialog = nil
        dialogQuestion = question
        guard let question else { return }
        dialog = presentConfirmation(question, over: root) { [weak self] yes in
            self?.dialog = nil
            self?.dialogQuestion = nil
            self?.send(.history(yes ? .confirm : .cancel))
        }
    }

    /// Sets what a screen reader reads for `widget`, shown as its tooltip too when asked,
    /// and keeps it for the tests.
    private func name(_ widget: UnsafeMutablePointer<GtkWidget>, _ text: String, tooltip: Bool = false) {
        if tooltip { nameWithTooltip(widget, text) } else { bm_set_accessible_label(widget, text) }
        names[widget] = text
    }

    // MARK: Style

    private static var styled = false

    /// The chart's and heatmap's look, in the theme's own colours so dark style follows.
    private static func loadStyle() {
        guard !styled, let display = gdk_display_get_default() else { return }
        styled = true
        let css = """
            .week-chart { padding: 12px 6px; }
            .week-chart levelbar.vertical block { min-width: 20px; }
            .week-chart levelbar.vertical trough { min-width: 20px; }
            .week-chart levelbar block.filled { background-color: @accent_bg_color; }
            .week-chart .perfect levelbar block.filled { background-color: @success_bg_color; }
            .week-chart .today { border-radius: 6px; background: alpha(@accent_bg_color, 0.12); }
            .heat { min-width: 16px; min-height: 16px; border-radius: 3px; }
            .heat-none { background: alpha(@window_fg_color, 0.04); box-shadow: inset 0 0 0 1px alpha(@window_fg_color, 0.08); }
            .heat-0 { background: alpha(@window_fg_color, 0.14); }
            .heat-1 { background: alpha(@success_bg_color, 0.35); }
            .heat-2 { background: alpha(@success_bg_color, 0.6); }
            .heat-3 { background: alpha(@success_bg_color, 0.8); }
            .heat-4 { background: @success_bg_color; }
            """
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(display, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }
}

/// A button showing an icon, named for screen readers and with the name as tooltip.
@MainActor
private func iconButton(_ icon: String, _ name: String) -> UnsafeMutablePointer<GtkWidget> {
    let button = gtk_button_new_from_icon_name(icon)!
    nameWithTooltip(button, name)
    gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
    return button
}
