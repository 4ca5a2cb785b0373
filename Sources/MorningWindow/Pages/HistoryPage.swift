import CAdwaita
import MorningProtocol
import MorningWords

/// The History page: a routine chosen among those bmd stores, the chart of one of its
/// weeks with the week's navigation, its stats and heatmap, and starting it over or
/// deleting it, each after a question. It draws the model and sends the person's
/// actions; the week chart and the heatmap are widgets of their own (`WeekChartView`,
/// `HeatmapView`). What it keeps is what it last drew (so that only what changed is
/// drawn again) and the question on show.
@MainActor
final class HistoryPage {
    /// The page, as the window's stack takes it.
    var root: Stack { switcher }
    private let send: @MainActor (WindowEvent) -> Void
    /// Either the empty state or the routine's history.
    private let switcher: Stack
    private let empty: StatusPage
    let routineRow: ComboRow
    private let routineNames: StringList
    let weekLabel: Label
    let previous: Button
    let next: Button
    let thisWeek: Button
    let chart: WeekChartView
    let startNote: Label
    let restart: Button
    let delete: Button
    let notice: Label
    let statsList: ListBox
    let heatmap: HeatmapView
    let message: Label
    let away: Label

    /// The chart's columns as drawn: the bar and the labels of each day.
    var bars: [(day: Morning.WeekDay, column: Box, bar: LevelBar, count: Label)] { chart.bars }
    /// The heatmap's cells, each with the day it shows.
    var cells: [(day: Morning.HistoryDay, cell: Box)] { heatmap.cells }
    /// The stats' rows as drawn: name and value.
    private(set) var statsShown: [(name: String, value: String)] = []
    /// The question on show, and its dialog.
    private(set) var dialog: MessageDialog?
    private var dialogQuestion: Confirmation?
    /// The routines in the list, by id; `routineNames` holds them as the list shows them.
    private var cardIds: [String] = []
    private var rendering = false

    init(send: @escaping @MainActor (WindowEvent) -> Void) {
        self.send = send
        empty = StatusPage()
        empty.iconName = "x-office-calendar-symbolic"

        routineNames = StringList()
        routineRow = ComboRow()
        routineRow.title = "Routine"
        routineRow.setModel(routineNames)
        // The routine chosen shows under the row's title, where it wraps: at the row's end
        // a long name and its "(active)" would be cut at 360 px.
        routineRow.useSubtitle = true
        let routineList = ListBox.boxed("Routine")
        routineList.append(routineRow)

        previous = iconButton("go-previous-symbolic", "Previous week")
        next = iconButton("go-next-symbolic", "Next week")
        thisWeek = Button.withMnemonic("This _Week")
        thisWeek.style("flat")
        weekLabel = Label.leading(wrap: true)
        weekLabel.xalign = 0.5
        weekLabel.hexpand = true
        weekLabel.style("heading")
        let navigation = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
        for child in [previous.widget, weekLabel.widget, next.widget] { navigation.append(child) }

        chart = WeekChartView()
        startNote = Label.leading(wrap: true)
        startNote.style("dim-label")

        restart = Button.withMnemonic("_Start Over…")
        delete = Button.withMnemonic("_Delete…")
        delete.style("destructive-action")
        let actions = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        actions.halign = GTK_ALIGN_CENTER
        actions.append(restart)
        actions.append(delete)
        notice = Label.leading(wrap: true)

        statsList = ListBox.boxed("Stats")

        heatmap = HeatmapView()
        message = Label.leading(wrap: true)
        message.style("error")
        away = Label.leading(wrap: true)
        away.style("warning")

        let column = Box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        let children: [any WidgetWrapper] = [
            away, routineList, navigation, thisWeek, chart.root, startNote, actions, notice,
            Label.heading("Stats"), statsList, Label.heading("Last \(HistoryModel.heatmapMonths) months"), heatmap.root, message,
        ]
        for child in children { column.append(child.widget) }
        thisWeek.halign = GTK_ALIGN_CENTER
        let scrolled = scrollingPage(column)

        switcher = Stack()
        switcher.addNamed(empty, "empty")
        switcher.addNamed(scrolled, "history")

        // The page loads while it is on screen.
        switcher.on("map") { send(.history(.shown(true))) }
        switcher.on("unmap") { send(.history(.shown(false))) }
        previous.on("clicked") { send(.history(.previousWeek)) }
        next.on("clicked") { send(.history(.nextWeek)) }
        thisWeek.on("clicked") { send(.history(.thisWeek)) }
        restart.on("clicked") { send(.history(.askRestart)) }
        delete.on("clicked") { send(.history(.askDelete)) }
        routineRow.onNotify("selected") { [weak self] in
            guard let self, !self.rendering, let index = self.routineRow.selected else { return }
            if self.cardIds.indices.contains(index) { send(.history(.choose(self.cardIds[index]))) }
        }
    }

    func render(_ window: WindowModel) {
        rendering = true
        defer { rendering = false }
        let model = window.history
        message.show(window.page == .history ? window.message : nil)
        // What is on show stays while bmd is away, and nothing can be changed.
        away.show(TodayText.away(window))
        guard let cards = model.cards, let card = model.card, window.status != nil else {
            empty.title = window.status == nil || model.cards == nil ? "History" : "No Routines Yet"
            empty.descriptionMarkup = window.status == nil
                ? "Waiting for bmd…"
                : model.cards == nil ? "Asking bmd for your weeks…" : "Pick a famous routine or write your own on the Routines page; its weeks show here."
            switcher.visibleChildName = "empty"
            renderQuestion(model.question)
            return
        }
        switcher.visibleChildName = "history"

        let ids = cards.map(\.routineId)
        // Made again when any entry's words change: another routine may be active with
        // the same routines stored.
        let labels = cards.map { $0.routine + ($0.active ? " (active)" : "") }
        if labels != routineNames.strings {
            routineNames.replaceAll(with: labels)
        }
        cardIds = ids
        if let index = ids.firstIndex(of: card.routineId), routineRow.selected != index {
            routineRow.selected = index
        }

        let live = window.link == .live
        previous.sensitive = model.canGoBack && live
        next.sensitive = model.canGoForward && live
        // Always there, so the chart stays in place as weeks are browsed.
        thisWeek.sensitive = model.offset < 0 && live
        restart.sensitive = live
        delete.sensitive = live
        if let chart = model.chart {
            weekLabel.text = HistoryModel.weekLabel(chart, offset: model.offset)
            self.chart.show(chart, offset: model.offset)
            startNote.show(DataWords.startNote(chart))
        } else {
            weekLabel.text = "Asking bmd for the week…"
            startNote.show(nil)
        }
        notice.show(model.notice)
        renderStats(model.routineStats)
        heatmap.show(model.shownHeatmap)
        renderQuestion(model.question)
    }

    // MARK: Stats

    private func renderStats(_ stats: Morning.RoutineStats?) {
        let rows = stats.map { DataWords.statsRows($0.stats) } ?? []
        let shown = rows.isEmpty ? [(name: stats == nil ? "Asking bmd…" : DataWords.noFinishedDays, value: "")] : rows
        guard shown.map({ $0.name + $0.value }) != statsShown.map({ $0.name + $0.value }) else { return }
        statsShown = shown
        while let child = statsList.firstChild { statsList.remove(child) }
        for (name, value) in shown {
            let row = ActionRow()
            row.useMarkup = false
            row.title = name.prefix(1).uppercased() + name.dropFirst()
            row.subtitle = value
            row.style("property")
            row.setAccessibleLabel(value.isEmpty ? name : "\(name): \(value)")
            statsList.append(row)
        }
    }

    // MARK: Questions

    private func renderQuestion(_ question: Confirmation?) {
        guard question != dialogQuestion else { return }
        dialog?.destroy()
        dialog = nil
        dialogQuestion = question
        guard let question else { return }
        dialog = presentConfirmation(question, over: switcher) { [weak self] yes in
            self?.dialog = nil
            self?.dialogQuestion = nil
            self?.send(.history(yes ? .confirm : .cancel))
        }
    }
}

/// A button showing an icon, named for screen readers and with the name as tooltip.
@MainActor
private func iconButton(_ icon: String, _ name: String) -> Button {
    let button = Button(iconName: icon)
    button.nameWithTooltip(name)
    button.valign = GTK_ALIGN_CENTER
    return button
}
