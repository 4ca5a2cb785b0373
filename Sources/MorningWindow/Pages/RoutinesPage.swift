import CAdwaita
import MorningProtocol
import MorningWords

/// The Routines page: the person's own routines, the famous ones with their bio, source
/// and tasks, and the draft of a routine of their own. It draws `WindowModel.routines`
/// and sends the person's actions; the question before a switch is a message dialog.
@MainActor
final class RoutinesPage {
    /// The page, as the window's stack takes it.
    var root: ScrolledWindow { scrolled }
    private let send: @MainActor (WindowEvent) -> Void
    private let scrolled: ScrolledWindow
    let notice: Label
    let message: Label
    let ownList: ListBox
    let famousList: ListBox
    let titleEntry: Entry
    let titleButton: Button
    let draftCount: Label
    let draftList: ListBox
    let hour: SpinButton
    let minute: SpinButton
    let taskEntry: Entry
    let addButton: Button
    let draftMessage: Label
    let saveButton: Button
    let discardButton: Button

    /// The rows of the person's routines, with their adopt button (none for the active one).
    private(set) var ownRows: [(routine: Morning.RoutineStats, row: ActionRow, adopt: Button?)] = []
    /// The famous routines' rows, with the labels of their tasks and their adopt button.
    private(set) var famousRows: [(routine: Morning.CatalogRoutine, row: ExpanderRow, texts: [Label], adopt: Button)] = []
    /// The draft's task rows, with their remove button.
    private(set) var draftRows: [(task: Morning.DraftTask, row: ActionRow, remove: Button)] = []
    /// The question on show, while it is.
    private(set) var dialog: MessageDialog?
    private var shownQuestion: RoutinesModel.Question?
    private var ownKey: [String]?
    private var famousKey: [String]?
    /// The person's routine as the famous rows last showed it; nil when they show none yet.
    private var famousActive: String??
    private var draftKey: [String]?
    private var shownTitle: String??
    private var addedCount = 0
    private var shownNotice: String?
    /// The position of the task last removed, to put the focus near it once it is gone.
    private var removedAt: Int?
    private var model = RoutinesModel()
    /// Whether bmd answered when the page was last drawn.
    private var wasLive = false
    /// Whether the focus goes to the person's routine once their list is drawn again:
    /// after an adoption or a save, whose button may be gone or greyed.
    private var focusOwn = false

    init(send: @escaping @MainActor (WindowEvent) -> Void) {
        self.send = send
        notice = Label.leading(wrap: true)
        notice.style("heading")
        message = Label.leading(wrap: true)
        message.style("error")

        ownList = ListBox.boxed("Your routines")
        famousList = ListBox.boxed("Famous routines")

        titleEntry = Entry()
        titleEntry.hexpand = true
        titleEntry.setPlaceholder("Title, \(Morning.routineTitleLength.lowerBound) to \(Morning.routineTitleLength.upperBound) characters")
        titleEntry.setAccessibleLabel("Title of your routine")
        titleButton = Button(mnemonic: "Set _Title")
        titleButton.setAccessibleLabel("Set the title")
        draftCount = Label.leading(wrap: true)
        draftCount.style("dim-label")
        draftList = ListBox.boxed("Tasks of your routine")
        let none = Label("No tasks yet")
        none.style("dim-label")
        none.setMargins(top: 12, bottom: 12)
        draftList.setPlaceholder(none)

        hour = SpinButton(min: 0, max: 23, step: 1)
        minute = SpinButton(min: 0, max: 55, step: 5)
        for (spin, name) in [(hour, "Hour of the new task"), (minute, "Minute of the new task, in steps of five")] {
            spin.wraps = true
            spin.numeric = true
            spin.snapToTicks = true
            spin.widthChars = 2
            spin.showTwoDigits()
            spin.setAccessibleLabel(name)
        }
        hour.value = 6
        taskEntry = Entry()
        taskEntry.hexpand = true
        taskEntry.setPlaceholder("Task, \(Morning.taskTitleLength.lowerBound) to \(Morning.taskTitleLength.upperBound) characters")
        taskEntry.setAccessibleLabel("Title of the new task")
        addButton = Button(mnemonic: "_Add")
        addButton.setAccessibleLabel("Add the task")
        draftMessage = Label.leading(wrap: true)
        draftMessage.style("error")
        saveButton = Button(mnemonic: "_Save Routine")
        saveButton.style("suggested-action")
        saveButton.setAccessibleLabel("Save the routine and start it tomorrow")
        discardButton = Button(mnemonic: "_Discard")
        discardButton.style("destructive-action")
        discardButton.setAccessibleLabel("Discard the draft")

        let titleRow = Self.row([titleEntry, titleButton])
        let timeLabel = Label(mnemonic: "T_ime")
        timeLabel.setMnemonicWidget(hour)
        let colon = Label(":")
        let timeRow = Self.row([timeLabel, hour, colon, minute])
        let taskRow = Self.row([taskEntry, addButton])
        let buttons = Self.row([discardButton, saveButton])
        buttons.halign = GTK_ALIGN_END

        let column = Box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        let parts: [any WidgetWrapper] = [
            notice, message,
            sectionHeading("Your routines", description: "One routine is yours at a time; the one you choose starts tomorrow."), ownList,
            sectionHeading("Famous routines", description: "The mornings of well-known people, as their biographers tell them."), famousList,
            sectionHeading("Create your own", description: "Give it a title and its tasks, on the five-minute grid. bmd keeps the draft until you save or discard it."),
            titleRow, draftCount, draftList, timeRow, taskRow, draftMessage, buttons,
        ]
        for part in parts { column.append(part) }
        for section in [ownList, famousList] { section.setMargins(bottom: 12) }
        scrolled = scrollingPage(column, bottom: 24)

        // Each time the page comes into view it shows what bmd holds now, the draft included.
        scrolled.on("map") { send(.routines(.opened)) }
        titleEntry.on("activate") { [weak self] in self?.setTitle() }
        // A title typed and not yet given to bmd counts for saving: Save takes it first.
        titleEntry.on("changed") { [weak self] in self?.renderSave() }
        titleButton.on("clicked") { [weak self] in self?.setTitle() }
        taskEntry.on("activate") { [weak self] in self?.addTask() }
        addButton.on("clicked") { [weak self] in self?.addTask() }
        saveButton.on("clicked") { [weak self] in
            guard let self else { return }
            send(.routines(.save(title: self.titleEntry.text)))
        }
        discardButton.on("clicked") { send(.routines(.discard)) }
    }

    /// What the draft's entries hold now, for the window to give bmd as it closes.
    func closing() -> RoutinesEvent {
        let (hour, minute) = typedTime()
        return .closing(title: titleEntry.text, hour: hour, minute: minute, taskTitle: taskEntry.text)
    }

    private func setTitle() {
        send(.routines(.setTitle(titleEntry.text)))
    }

    private func addTask() {
        let (hour, minute) = typedTime()
        send(.routines(.add(hour: hour, minute: minute, title: taskEntry.text)))
    }

    /// The new task's time as shown, digits typed into a field and not yet taken included.
    private func typedTime() -> (hour: Int, minute: Int) {
        hour.update()
        minute.update()
        return (hour.valueAsInt, minute.valueAsInt)
    }

    func render(_ window: WindowModel) {
        let model = window.routines
        self.model = model
        // bmd back after being away (restarted, or not yet there when the page opened):
        // the page in view asks again for what bmd holds, once this event is done.
        let live = window.link == .live
        if live, !wasLive, scrolled.mapped {
            MainLoop.idle { [weak self] in self?.send(.routines(.opened)) }
        }
        wasLive = live
        // A routine made active elsewhere (bmctl, the terminal app) joins the person's list.
        if live, model.ownLacksActive, scrolled.mapped {
            MainLoop.idle { [weak self] in self?.send(.routines(.refreshOwn)) }
        }
        notice.show(model.notice)
        message.show(model.message)
        if model.notice != shownNotice {
            shownNotice = model.notice
            // What an adoption or a save did is said at the top: bring it into view.
            if model.notice != nil {
                scrolled.vertical.value = 0
                focusOwn = true
            }
        }
        renderOwn(model)
        renderFamous(model)
        renderDraft(model)
        renderQuestion(model.question)
    }

    // MARK: The person's routines

    private func renderOwn(_ model: RoutinesModel) {
        let key = (model.own ?? []).map { "\($0.routineId)|\(model.line($0))" } + [model.own == nil ? "…" : ""]
        guard key != ownKey else { return }
        ownKey = key
        clear(ownList)
        guard let own = model.own else {
            ownRows = []
            return ownList.append(Self.textRow("Asking bmd…"))
        }
        if own.isEmpty { ownList.append(Self.textRow("None yet: adopt a famous routine or create your own.")) }
        ownRows = own.map { routine in
            let row = ActionRow()
            row.useMarkup = false  // before the text: a title is never markup
            row.title = routine.routine
            row.subtitle = model.line(routine)
            var adopt: Button?
            if routine.routineId != model.activeID {
                let button = Self.adoptButton(routine.routine) { [weak self] in self?.send(.routines(.adopt(routine: routine.routineId))) }
                row.addSuffix(button)
                adopt = button
            }
            row.setAccessibleLabel("\(routine.routine), \(model.line(routine))")
            ownList.append(row)
            return (routine, row, adopt)
        }
        if focusOwn, let first = ownRows.first {
            focusOwn = false
            first.row.grabFocus()
        }
    }

    // MARK: The famous routines

    private func renderFamous(_ model: RoutinesModel) {
        let key = (model.catalog ?? []).map { $0.id } + [model.catalog == nil ? "…" : ""]
        if key != famousKey {
            famousKey = key
            famousActive = nil
            makeFamous(model)
        }
        // Which is the person's changes in place, so the focus stays where it is; the
        // rows are touched only when it changed, not at each status bmd sends.
        guard famousActive != .some(model.activeID) else { return }
        famousActive = .some(model.activeID)
        for (routine, row, _, adopt) in famousRows {
            let active = routine.id == model.activeID
            row.subtitle = MorningText.summary(routine.tasks) + (active ? " · your routine" : "")
            row.setAccessibleLabel("\(routine.name), \(MorningText.summary(routine.tasks))" + (active ? ", your routine" : ""))
            adopt.label = active ? "Your Routine" : "Adopt"
            adopt.setAccessibleLabel(active ? "\(routine.name) is your routine" : "Adopt \(routine.name)")
            adopt.sensitive = !active
        }
    }

    private func makeFamous(_ model: RoutinesModel) {
        clear(famousList)
        guard let catalog = model.catalog else {
            famousRows = []
            return famousList.append(Self.textRow("Asking bmd…"))
        }
        famousRows = catalog.map { routine in
            let row = ExpanderRow()
            row.useMarkup = false  // before the text: a title is never markup
            row.title = routine.name

            let box = Box(GTK_ORIENTATION_VERTICAL, spacing: 8)
            box.setMargins(top: 12, bottom: 12, start: 12, end: 12)
            let bio = Label.leading(wrap: true)
            bio.text = routine.bio
            let source = Label.leading(wrap: true)
            source.text = "Source: \(routine.source)"
            source.style("dim-label")
            source.style("caption")
            var texts = [bio, source]
            let grid = Grid()
            grid.columnSpacing = 12
            grid.rowSpacing = 4
            for (index, task) in routine.tasks.enumerated() {
                let time = Label.leading(wrap: false)
                time.text = task.time
                time.style("numeric")
                time.valign = GTK_ALIGN_START
                let title = Label.leading(wrap: true)
                title.text = task.title
                title.hexpand = true
                grid.attach(time, column: 0, row: Int32(index))
                grid.attach(title, column: 1, row: Int32(index))
                texts.append(title)
            }
            grid.setAccessibleLabel("Tasks of \(routine.name)")
            let adopt = Self.adoptButton(routine.name) { [weak self] in self?.send(.routines(.adopt(routine: routine.id))) }
            adopt.halign = GTK_ALIGN_END
            let children: [any WidgetWrapper] = [bio, source, grid, adopt]
            for child in children { box.append(child) }
            row.addRow(box)
            // The content is read, not chosen: only its button takes the focus.
            if let holder = box.parent {
                ListBoxRow(pointer: holder.pointer).activatable = false
                holder.focusable = false
            }
            famousList.append(row)
            return (routine, row, texts, adopt)
        }
    }

    // MARK: The draft

    private func renderDraft(_ model: RoutinesModel) {
        let draft = model.draft
        // The title bmd holds fills the entry when it changes (on opening, after a save),
        // never while the person types over it.
        if let draft, shownTitle.map({ $0 != draft.title }) ?? true {
            shownTitle = .some(draft.title)
            titleEntry.text = draft.title ?? ""
        }
        draftCount.text = model.draftCount
        if model.addedCount != addedCount {
            addedCount = model.addedCount
            taskEntry.text = ""
            taskEntry.grabFocus()
        }
        draftMessage.show(model.draftMessage)
        let empty = draft == nil || (draft?.title == nil && draft?.tasks.isEmpty == true)
        discardButton.sensitive = !empty
        renderSave()

        let key = (draft?.tasks ?? []).map { "\($0.position) \($0.time) \($0.title)" }
        guard key != draftKey else { return }
        draftKey = key
        clear(draftList)
        draftRows = (draft?.tasks ?? []).map { task in
            let row = ActionRow()
            row.useMarkup = false  // before the text: a title is never markup
            row.title = task.title
            row.subtitle = task.time
            row.setAccessibleLabel("\(task.time) \(task.title)")
            let remove = Button(iconName: "user-trash-symbolic")
            remove.style("flat")
            remove.valign = GTK_ALIGN_CENTER
            remove.setAccessibleLabel("Remove \(task.time) \(task.title)")
            remove.setTooltip("Remove this task")
            let position = task.position
            remove.on("clicked") { [weak self] in
                self?.removedAt = position
                self?.send(.routines(.remove(position: position)))
            }
            row.addSuffix(remove)
            draftList.append(row)
            return (task, row, remove)
        }
        // The row removed took the focus with it: it goes to the task now in its place.
        if let removedAt {
            self.removedAt = nil
            if draftRows.isEmpty {
                taskEntry.grabFocus()
            } else {
                draftRows[min(removedAt, draftRows.count) - 1].remove.grabFocus()
            }
        }
    }

    /// Save is offered only for a draft bmd would save: greyed otherwise, its tooltip
    /// saying what is missing.
    private func renderSave() {
        let missing = model.saveUnavailable(typedTitle: titleEntry.text)
        saveButton.sensitive = missing == nil
        saveButton.setTooltip(missing ?? "Save the routine and start it tomorrow")
        saveButton.setAccessibleDescription(missing ?? "")
    }

    // MARK: The question

    private func renderQuestion(_ question: RoutinesModel.Question?) {
        guard question != shownQuestion else { return }
        // The same question in new words (a check made meanwhile): the dialog on show says them.
        if let dialog, let question, question.effect == shownQuestion?.effect {
            shownQuestion = question
            dialog.heading = question.heading
            dialog.body = question.body
            return
        }
        if let dialog {
            self.dialog = nil
            dialog.destroy()
        }
        shownQuestion = question
        guard let question else { return }
        dialog = presentConfirmation(question.asked, over: scrolled) { [weak self] yes in
            self?.dialog = nil
            self?.shownQuestion = nil
            self?.send(.routines(yes ? .confirm : .cancel))
        }
    }

    // MARK: Helpers

    private func clear(_ list: ListBox) {
        // Rows only: a list's placeholder stays.
        while let row = list.row(at: 0) { list.remove(row) }
    }

    private static func row(_ children: [any WidgetWrapper]) -> Box {
        let box = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
        for child in children { box.append(child) }
        return box
    }

    /// A row that only says something.
    private static func textRow(_ text: String) -> ActionRow {
        let row = ActionRow()
        row.useMarkup = false  // before the text: a title is never markup
        row.title = text
        row.activatable = false
        return row
    }

    private static func adoptButton(_ name: String, _ body: @MainActor @escaping () -> Void) -> Button {
        let button = Button(label: "Adopt")
        button.valign = GTK_ALIGN_CENTER
        button.setAccessibleLabel("Adopt \(name)")
        button.on("clicked", body)
        return button
    }
}
