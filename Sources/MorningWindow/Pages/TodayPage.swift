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
    /// The page, as the window's stack takes it.
    var root: Stack { switcher }
    private let send: @MainActor (WindowEvent) -> Void
    /// Either the empty state or the day.
    private let switcher: Stack
    private let empty: StatusPage
    /// On the empty state with no routine active: to the Routines page.
    let routinesButton: Button
    let away: Label
    let headline: Label
    let now: Label
    let next: Label
    /// The reminder off, silent or unable to show, said where the morning is followed.
    let reminder: Label
    private let scroller: ScrolledWindow
    private let dateBox: Box
    let dayHeading: Label
    let list: ListBox
    let message: Label

    /// The date buttons, by date, and the dates they were made for.
    private(set) var dateButtons: [(day: Day, button: Button)] = []
    private var shownDates: [Day] = []
    private var shownToday: Day?
    /// The task rows, by position, and what they were made for.
    private(set) var rows: [(task: Morning.DayTask, row: ActionRow, check: CheckButton?)] = []
    /// The ✓ or ✗ label of each row of a past or future day.
    private var marks: [ActionRow: Label] = [:]
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
        empty = StatusPage()
        routinesButton = Button(mnemonic: "")
        routinesButton.halign = GTK_ALIGN_CENTER
        // A pill in the theme's plain colours: white on the accent's background colour
        // would read at 3.8:1.
        routinesButton.style("pill")
        empty.setChild(routinesButton)
        away = Label.leading(wrap: true)
        away.style("warning")
        headline = Label.leading(wrap: true)
        headline.style("title-3")
        now = Label.leading(wrap: true)
        now.style("heading")
        next = Label.leading(wrap: true)
        next.style("dim-label")
        reminder = Label.leading(wrap: true)
        reminder.style("warning")
        dateBox = Box(GTK_ORIENTATION_HORIZONTAL, spacing: TodayPage.dateSpacing)
        scroller = ScrolledWindow()
        scroller.setPolicy(horizontal: GTK_POLICY_AUTOMATIC, vertical: GTK_POLICY_NEVER)
        scroller.setChild(dateBox)
        scroller.setAccessibleLabel("Dates")
        dayHeading = Label.leading(wrap: true)
        dayHeading.style("heading")
        list = ListBox.boxed("Tasks")
        message = Label.leading(wrap: true)
        message.style("error")

        let column = Box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        let children: [any WidgetWrapper] = [away, headline, now, next, reminder, scroller, dayHeading, list, message]
        for child in children {
            column.append(child)
        }
        let scrolled = scrollingPage(column)

        switcher = Stack()
        switcher.addNamed(empty, "empty")
        switcher.addNamed(scrolled, "day")

        // The scroller keeps the chosen date in view as its size changes. The adjustment
        // changes while the scroller is being laid out, when a new value would be drawn
        // only at the next layout: it is set before the next frame is laid out.
        // The dates are one Tab stop, the chosen date; the arrow keys choose another, as
        // in a row of tabs, so the tasks are not fifteen Tabs away.
        for (entry, step) in [(WindowShortcuts.previousDate, -1), (WindowShortcuts.nextDate, 1),
                              (WindowShortcuts.firstDate, Int.min), (WindowShortcuts.lastDate, Int.max)] {
            dateBox.shortcut(entry.keys, local: true) { [weak self] in self?.step(step) }
        }
        routinesButton.on("clicked") { [weak self] in self?.send(.showPage(.routines)) }
        scroller.horizontal.on("changed") { [weak self] in
            guard let self, !self.scrollPending else { return }
            self.scrollPending = true
            self.scroller.nextFrame { [weak self] in
                self?.scrollPending = false
                self?.scrollToSelected()
            }
        }
    }

    /// The mark a row of a past or future day shows, as shown.
    func markText(_ row: ActionRow) -> String? {
        marks[row]?.text
    }

    /// The empty state's title, as shown.
    var emptyTitle: String { empty.title }

    /// The empty state's icon, as shown, if any.
    var emptyIcon: String? { empty.iconName }

    func render(_ model: WindowModel) {
        self.model = model
        away.visible = TodayText.away(model) != nil && model.status != nil
        away.text = TodayText.away(model) ?? ""
        if let empty = TodayText.empty(model) {
            self.empty.title = empty.title
            self.empty.descriptionMarkup = markupShowing(empty.description)
            self.empty.iconName = TodayText.emptyIcon(model)
            routinesButton.label = empty.routinesButton ?? ""
            // Its label once: GTK 4.8 would read the label and then the label it is labelled by.
            routinesButton.setAccessibleLabel(empty.routinesButton ?? "")
            routinesButton.visible = empty.routinesButton != nil
            switcher.visibleChildName = "empty"
            return
        }
        switcher.visibleChildName = "day"
        guard let status = model.status else { return }
        headline.text = MorningText.headline(status)
        now.show(TodayText.now(status))
        next.show(TodayText.next(status))
        reminder.show(TodayText.reminder(status))
        renderDates(model)
        if let day = model.shownDay {
            dayHeading.text = TodayText.dayHeading(day)
            let nowPosition = day.mode == .today ? MorningText.taskNow(status)?.position : nil
            renderRows(day, now: nowPosition)
            // The window opens with the focus on the task to do now (else the first of
            // today), so Space checks it; otherwise the first date would take the focus
            // and pull the scroller back to the routine's start.
            if !focused, day.mode == .today, let first = rows.first {
                focused = true
                let row = rows.first { $0.task.position == nowPosition } ?? first
                row.row.grabFocus()
            }
        } else {
            let heading = model.scroller.selected.map {
                model.unservedDay == $0.description ? "bmd did not give the day \($0)" : "Asking bmd for \($0)…"
            }
            dayHeading.text = heading ?? ""
            renderRows(nil, now: nil)
        }
        message.show(model.message)
    }

    // MARK: The date scroller

    private func renderDates(_ model: WindowModel) {
        guard let today = model.scroller.today else { return }
        if model.scroller.dates != shownDates || today != shownToday {
            dateBox.removeAll()
            dateButtons = model.scroller.dates.map { date in
                let (text, kind) = TodayText.scrollerDate(date, today: today)
                let button = Button()
                let parts = text.split(separator: " ", maxSplits: 1).map(String.init)
                let label = Label(parts.joined(separator: "\n"))
                label.justify = GTK_JUSTIFY_CENTER
                button.setChild(label)
                button.setSizeRequest(width: TodayPage.dateWidth, height: -1)
                button.style("date")
                if kind == "upcoming" { button.style("upcoming") }
                if kind == "today" { label.style("heading") }
                button.nameWithTooltip("\(Weekday(date).name) \(date), \(kind)")
                button.on("clicked") { [weak self] in
                    self?.send(.select(date))
                    // The date clicked takes the focus, as a tab does, so the arrow keys go on from it.
                    if button.focusable { button.grabFocus() }
                }
                dateBox.append(button)
                return (date, button)
            }
            shownDates = model.scroller.dates
            shownToday = today
        }
        let hadFocus = dateButtons.contains { $0.button.hasFocus }
        let chosenButton = dateButtons.first { $0.day == model.scroller.selected }?.button
        if let chosenButton {
            chosenButton.focusable = true
            if hadFocus { chosenButton.grabFocus() }
        }
        for (date, button) in dateButtons {
            let chosen = date == model.scroller.selected
            button.style("suggested-action", chosen)
            button.style("flat", !chosen)
            button.setAccessibleSelected(chosen)
            // Without a chosen date on show the first takes the Tab stop.
            if button != chosenButton { button.focusable = chosenButton == nil && date == shownDates.first }
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

    /// Scrolls the dates so the chosen one is in the middle, as far as the ends allow.
    private func scrollToSelected() {
        guard let selected = model.scroller.selected, let index = shownDates.firstIndex(of: selected) else { return }
        let adjustment = scroller.horizontal
        let step = Double(TodayPage.dateWidth + TodayPage.dateSpacing)
        let page = adjustment.pageSize
        let wanted = Double(index) * step - (page - Double(TodayPage.dateWidth)) / 2
        adjustment.value = min(max(0, wanted), max(0, adjustment.upper - page))
    }

    // MARK: The tasks

    private func renderRows(_ day: Morning.DayReply?, now: Int?) {
        // Rows are made again only when the day or its list changes; a check changes them
        // in place, so the focus stays on the row that was checked.
        let key = day.map { d in d.date + "|" + d.tasks.map { "\($0.position) \($0.time) \($0.title)" }.joined(separator: "|") + "|\(d.mode)" }
        if key != rowsKey {
            while let child = list.firstChild { list.remove(child) }
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
                let active = pending?.done ?? (task.state == .done)
                if check.active != active { check.active = active }
                // Nothing can be checked while bmd is away: the box would say what bmd never heard.
                check.sensitive = model.link == .live && pending == nil
                check.setAccessibleLabel("\(task.time) \(task.title)")
            }
            var subtitle = task.position == now ? "\(task.time) · now" : task.time
            if pending != nil { subtitle += " · " + TodayText.waitingForBmd }
            row.subtitle = subtitle
            row.setAccessibleLabel(TodayText.accessibleName(task) + (task.position == now ? ", to do now" : ""))
        }
    }

    /// The person's tick of the task at `position` of the day on show that bmd has not answered.
    private func pendingTick(_ position: Int) -> WindowModel.PendingTick? {
        model.pendingTicks.first { $0.position == position && $0.date == model.shownDay?.date }
    }

    private func makeRow(_ task: Morning.DayTask, mode: Morning.DayMode) -> (Morning.DayTask, ActionRow, CheckButton?) {
        let row = ActionRow()
        // Plain text before the title is set: a title set while markup is on is parsed once.
        row.useMarkup = false
        row.title = task.title
        var check: CheckButton?
        switch mode {
        case .today:
            let box = CheckButton()
            box.valign = GTK_ALIGN_CENTER
            box.active = task.state == .done
            let position = task.position
            box.on("toggled") { [weak self] in
                guard let self else { return }
                let shown = self.pendingTick(position)?.done
                    ?? (self.model.shownDay?.tasks.first { $0.position == position }?.state == .done)
                if box.active != shown { self.send(.toggle(position: position)) }
            }
            row.addPrefix(box)
            row.setActivatableWidget(box)
            check = box
        case .past:
            let mark = Label(TodayText.mark(task))
            mark.style(task.state == .done ? "success" : "error")
            mark.setSizeRequest(width: 24, height: -1)
            row.addPrefix(mark)
            marks[row] = mark
        case .future:
            let mark = Label("")
            mark.setSizeRequest(width: 24, height: -1)
            row.addPrefix(mark)
            marks[row] = mark
            row.style("dim-label")
        }
        list.append(row)
        return (task, row, check)
    }
}
