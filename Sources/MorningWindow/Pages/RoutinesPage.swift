import CAdwaita
import MorningProtocol
import MorningWords

/// The Routines page: the person's own routines, the famous ones with their bio, source
/// and tasks, and the draft of a routine of their own. It draws `WindowModel.routines`
/// and sends the person's actions; the question before a switch is a message dialog.
@MainActor
final class RoutinesPage {
    let root: UnsafeMutablePointer<GtkWidget>
    private let send: @MainActor (WindowEvent) -> Void
    private let scrolled: UnsafeMutablePointer<GtkWidget>
    let notice: UnsafeMutablePointer<GtkWidget>
    let message: UnsafeMutablePointer<GtkWidget>
    let ownList: UnsafeMutablePointer<GtkWidget>
    let famousList: UnsafeMutablePointer<GtkWidget>
    let titleEntry: UnsafeMutablePointer<GtkWidget>
    let titleButton: UnsafeMutablePointer<GtkWidget>
    let draftCount: UnsafeMutablePointer<GtkWidget>
    let draftList: UnsafeMutablePointer<GtkWidget>
    let hour: UnsafeMutablePointer<GtkWidget>
    let minute: UnsafeMutablePointer<GtkWidget>
    let taskEntry: UnsafeMutablePointer<GtkWidget>
    let addButton: UnsafeMutablePointer<GtkWidget>
    let draftMessage: UnsafeMutablePointer<GtkWidget>
    let saveButton: UnsafeMutablePointer<GtkWidget>
    let discardButton: UnsafeMutablePointer<GtkWidget>

    /// The rows of the person's routines, with their adopt button (none for the active one).
    private(set) var ownRows: [(routine: Morning.RoutineStats, row: UnsafeMutablePointer<GtkWidget>, adopt: UnsafeMutablePointer<GtkWidget>?)] = []
    /// The famous routines' rows, with the labels of their tasks and their adopt button.
    private(set) var famousRows: [(routine: Morning.CatalogRoutine, row: UnsafeMutablePointer<GtkWidget>,
                                   texts: [UnsafeMutablePointer<GtkWidget>], adopt: UnsafeMutablePointer<GtkWidget>)] = []
    /// The draft's task rows, with their remove button.
    private(set) var draftRows: [(task: Morning.DraftTask, row: UnsafeMutablePointer<GtkWidget>, remove: UnsafeMutablePointer<GtkWidget>)] = []
    /// The question on show, while it is.
    private(set) var dialog: UnsafeMutablePointer<GtkWidget>?
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
        notice = label(wrap: true)
        style(notice, "heading")
        message = label(wrap: true)
        style(message, "error")

        ownList = boxedList("Your routines")
        famousList = boxedList("Famous routines")

        titleEntry = gtk_entry_new()
        gtk_widget_set_hexpand(titleEntry, 1)
        gtk_entry_set_placeholder_text(cast(titleEntry), "Title, \(Morning.routineTitleLength.lowerBound) to \(Morning.routineTitleLength.upperBound) characters")
        bm_set_accessible_label(titleEntry, "Title of your routine")
        titleButton = gtk_button_new_with_mnemonic("Set _Title")
        bm_set_accessible_label(titleButton, "Set the title")
        draftCount = label(wrap: true)
        style(draftCount, "dim-label")
        draftList = boxedList("Tasks of your routine")
        let none = gtk_label_new("No tasks yet")!
        style(none, "dim-label")
        gtk_widget_set_margin_top(none, 12)
        gtk_widget_set_margin_bottom(none, 12)
        gtk_list_box_set_placeholder(OpaquePointer(draftList), none)

        hour = gtk_spin_button_new_with_range(0, 23, 1)
        minute = gtk_spin_button_new_with_range(0, 55, 5)
        for (spin, name) in [(hour, "Hour of the new task"), (minute, "Minute of the new task, in steps of five")] {
            gtk_spin_button_set_wrap(OpaquePointer(spin), 1)
            gtk_spin_button_set_numeric(OpaquePointer(spin), 1)
            gtk_spin_button_set_snap_to_ticks(OpaquePointer(spin), 1)
            gtk_editable_set_width_chars(OpaquePointer(spin), 2)
            SpinButton(pointer: spin).showTwoDigits()
            bm_set_accessible_label(spin, name)
        }
        gtk_spin_button_set_value(OpaquePointer(hour), 6)
        taskEntry = gtk_entry_new()
        gtk_widget_set_hexpand(taskEntry, 1)
        gtk_entry_set_placeholder_text(cast(taskEntry), "Task, \(Morning.taskTitleLength.lowerBound) to \(Morning.taskTitleLength.upperBound) characters")
        bm_set_accessible_label(taskEntry, "Title of the new task")
        addButton = gtk_button_new_with_mnemonic("_Add")
        bm_set_accessible_label(addButton, "Add the task")
        draftMessage = label(wrap: true)
        style(draftMessage, "error")
        saveButton = gtk_button_new_with_mnemonic("_Save Routine")
        style(saveButton, "suggested-action")
        bm_set_accessible_label(saveButton, "Save the routine and start it tomorrow")
        discardButton = gtk_button_new_with_mnemonic("_Discard")
        style(discardButton, "destructive-action")
        bm_set_accessible_label(discardButton, "Discard the draft")

        let titleRow = Self.row([titleEntry, titleButton])
        let timeLabel = gtk_label_new_with_mnemonic("T_ime")!
        gtk_label_set_mnemonic_widget(OpaquePointer(timeLabel), hour)
        let colon = gtk_label_new(":")!
        let timeRow = Self.row([timeLabel, hour, colon, minute])
        let taskRow = Self.row([taskEntry, addButton])
        let buttons = Self.row([discardButton, saveButton])
        gtk_widget_set_halign(buttons, GTK_ALIGN_END)

        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        let parts: [UnsafeMutablePointer<GtkWidget>] = [
            notice, message,
            sectionHeading("Your routines", description: "One routine is yours at a time; the one you choose starts tomorrow.").pointer, ownList,
            sectionHeading("Famous routines", description: "The mornings of well-known people, as their biographers tell them.").pointer, famousList,
            sectionHeading("Create your own", description: "Give it a title and its tasks, on the five-minute grid. bmd keeps the draft until you save or discard it.").pointer,
            titleRow, draftCount, draftList, timeRow, taskRow, draftMessage, buttons,
        ]
        for part in parts { gtk_box_append(cast(column), part) }
        for section in [ownList, famousList] { gtk_widget_set_margin_bottom(section, 12) }
        scrolled = scrollingPage(column, bottom: 24)
        root = scrolled

        // Each time the page comes into view it shows what bmd holds now, the draft included.
        on(UnsafeMutableRawPointer(root), "map") { send(.routines(.opened)) }
        on(UnsafeMutableRawPointer(titleEntry), "activate") { [weak self] in self?.setTitle() }
        // A title typed and not yet given to bmd counts for saving: Save takes it first.
        on(UnsafeMutableRawPointer(titleEntry), "changed") { [weak self] in self?.renderSave() }
        on(UnsafeMutableRawPointer(titleButton), "clicked") { [weak self] in self?.setTitle() }
        on(UnsafeMutableRawPointer(taskEntry), "activate") { [weak self] in self?.addTask() }
        on(UnsafeMutableRawPointer(addButton), "clicked") { [weak self] in self?.addTask() }
        on(UnsafeMutableRawPointer(saveButton), "clicked") { [weak self] in
            guard let self else { return }
            send(.routines(.save(title: Self.text(self.titleEntry))))
        }
        on(UnsafeMutableRawPointer(discardButton), "clicked") { send(.routines(.discard)) }
    }

    /// What the draft's entries hold now, for the window to give bmd as it closes.
    func closing() -> RoutinesEvent {
        let (hour, minute) = typedTime()
        return .closing(title: Self.text(titleEntry), hour: hour, minute: minute, taskTitle: Self.text(taskEntry))
    }

    private func setTitle() {
        send(.routines(.setTitle(Self.text(titleEntry))))
    }

    private func addTask() {
        let (hour, minute) = typedTime()
        send(.routines(.add(hour: hour, minute: minute, title: Self.text(taskEntry))))
    }

    /// The new task's time as shown, digits typed into a field and not yet taken included.
    private func typedTime() -> (hour: Int, minute: Int) {
        gtk_spin_button_update(OpaquePointer(hour))
        gtk_spin_button_update(OpaquePointer(minute))
        return (Int(gtk_spin_button_get_value_as_int(OpaquePointer(hour))), Int(gtk_spin_button_get_value_as_int(OpaquePointer(minute))))
    }

    func render(_ window: WindowModel) {
        let model = window.routines
        self.model = model
        // bmd back after being away (restarted, or not yet there when the page opened):
        // the page in view asks again for what bmd holds, once this event is done.
        let live = window.link == .live
        if live, !wasLive, gtk_widget_get_mapped(root) != 0 {
            MainLoop.idle { [weak self] in self?.send(.routines(.opened)) }
        }
        wasLive = live
        // A routine made active elsewhere (bmctl, the terminal app) joins the person's list.
        if live, model.ownLacksActive, gtk_widget_get_mapped(root) != 0 {
            MainLoop.idle { [weak self] in self?.send(.routines(.refreshOwn)) }
        }
        set(notice, model.notice)
        set(message, model.message)
        if model.notice != shownNotice {
            shownNotice = model.notice
            // What an adoption or a save did is said at the top: bring it into view.
            if model.notice != nil, let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scrolled)) {
                gtk_adjustment_set_value(adjustment, 0)
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
            return append(ownList, Self.textRow("Asking bmd…"))
        }
        if own.isEmpty { append(ownList, Self.textRow("None yet: adopt a famous routine or create your own.")) }
        ownRows = own.map { routine in
            let row = adw_action_row_new()!
            adw_preferences_row_set_use_markup(cast(row), 0)  // before the text: a title is never markup
            adw_preferences_row_set_title(cast(row), routine.routine)
            adw_action_row_set_subtitle(cast(row), model.line(routine))
            var adopt: UnsafeMutablePointer<GtkWidget>?
            if routine.routineId != model.activeID {
                let button = Self.adoptButton(routine.routine) { [weak self] in self?.send(.routines(.adopt(routine: routine.routineId))) }
                adw_action_row_add_suffix(cast(row), button)
                adopt = button
            }
            bm_set_accessible_label(row, "\(routine.routine), \(model.line(routine))")
            append(ownList, row)
            return (routine, row, adopt)
        }
        if focusOwn, let first = ownRows.first {
            focusOwn = false
            gtk_widget_grab_focus(first.row)
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
            adw_expander_row_set_subtitle(cast(row), MorningText.summary(routine.tasks) + (active ? " · your routine" : ""))
            bm_set_accessible_label(row, "\(routine.name), \(MorningText.summary(routine.tasks))" + (active ? ", your routine" : ""))
            gtk_button_set_label(cast(adopt), active ? "Your Routine" : "Adopt")
            bm_set_accessible_label(adopt, active ? "\(routine.name) is your routine" : "Adopt \(routine.name)")
            gtk_widget_set_sensitive(adopt, active ? 0 : 1)
        }
    }

    private func makeFamous(_ model: RoutinesModel) {
        clear(famousList)
        guard let catalog = model.catalog else {
            famousRows = []
            return append(famousList, Self.textRow("Asking bmd…"))
        }
        famousRows = catalog.map { routine in
            let row = adw_expander_row_new()!
            adw_preferences_row_set_use_markup(cast(row), 0)  // before the text: a title is never markup
            adw_preferences_row_set_title(cast(row), routine.name)

            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)!
            for side in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start, gtk_widget_set_margin_end] {
                side(box, 12)
            }
            let bio = label(wrap: true)
            gtk_label_set_text(OpaquePointer(bio), routine.bio)
            let source = label(wrap: true)
            gtk_label_set_text(OpaquePointer(source), "Source: \(routine.source)")
            style(source, "dim-label")
            style(source, "caption")
            var texts = [bio, source]
            let grid = gtk_grid_new()!
            gtk_grid_set_column_spacing(cast(grid), 12)
            gtk_grid_set_row_spacing(cast(grid), 4)
            for (index, task) in routine.tasks.enumerated() {
                let time = label(wrap: false)
                gtk_label_set_text(OpaquePointer(time), task.time)
                style(time, "numeric")
                gtk_widget_set_valign(time, GTK_ALIGN_START)
                let title = label(wrap: true)
                gtk_label_set_text(OpaquePointer(title), task.title)
                gtk_widget_set_hexpand(title, 1)
                gtk_grid_attach(cast(grid), time, 0, Int32(index), 1, 1)
                gtk_grid_attach(cast(grid), title, 1, Int32(index), 1, 1)
                texts.append(title)
            }
            bm_set_accessible_label(grid, "Tasks of \(routine.name)")
            let adopt = Self.adoptButton(routine.name) { [weak self] in self?.send(.routines(.adopt(routine: routine.id))) }
            gtk_widget_set_halign(adopt, GTK_ALIGN_END)
            for child in [bio, source, grid, adopt] { gtk_box_append(cast(box), child) }
            adw_expander_row_add_row(cast(row), box)
            // The content is read, not chosen: only its button takes the focus.
            if let holder = gtk_widget_get_parent(box) {
                gtk_list_box_row_set_activatable(cast(holder), 0)
                gtk_widget_set_focusable(holder, 0)
            }
            append(famousList, row)
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
            gtk_editable_set_text(OpaquePointer(titleEntry), draft.title ?? "")
        }
        gtk_label_set_text(OpaquePointer(draftCount), model.draftCount)
        if model.addedCount != addedCount {
            addedCount = model.addedCount
            gtk_editable_set_text(OpaquePointer(taskEntry), "")
            gtk_widget_grab_focus(taskEntry)
        }
        set(draftMessage, model.draftMessage)
        let empty = draft == nil || (draft?.title == nil && draft?.tasks.isEmpty == true)
        gtk_widget_set_sensitive(discardButton, empty ? 0 : 1)
        renderSave()

        let key = (draft?.tasks ?? []).map { "\($0.position) \($0.time) \($0.title)" }
        guard key != draftKey else { return }
        draftKey = key
        clear(draftList)
        draftRows = (draft?.tasks ?? []).map { task in
            let row = adw_action_row_new()!
            adw_preferences_row_set_use_markup(cast(row), 0)  // before the text: a title is never markup
            adw_preferences_row_set_title(cast(row), task.title)
            adw_action_row_set_subtitle(cast(row), task.time)
            bm_set_accessible_label(row, "\(task.time) \(task.title)")
            let remove = gtk_button_new_from_icon_name("user-trash-symbolic")!
            style(remove, "flat")
            gtk_widget_set_valign(remove, GTK_ALIGN_CENTER)
            bm_set_accessible_label(remove, "Remove \(task.time) \(task.title)")
            gtk_widget_set_tooltip_text(remove, "Remove this task")
            let position = task.position
            on(UnsafeMutableRawPointer(remove), "clicked") { [weak self] in
                self?.removedAt = position
                self?.send(.routines(.remove(position: position)))
            }
            adw_action_row_add_suffix(cast(row), remove)
            append(draftList, row)
            return (task, row, remove)
        }
        // The row removed took the focus with it: it goes to the task now in its place.
        if let removedAt {
            self.removedAt = nil
            if draftRows.isEmpty {
                gtk_widget_grab_focus(taskEntry)
            } else {
                gtk_widget_grab_focus(draftRows[min(removedAt, draftRows.count) - 1].remove)
            }
        }
    }

    /// Save is offered only for a draft bmd would save: greyed otherwise, its tooltip
    /// saying what is missing.
    private func renderSave() {
        let missing = model.saveUnavailable(typedTitle: Self.text(titleEntry))
        gtk_widget_set_sensitive(saveButton, missing == nil ? 1 : 0)
        gtk_widget_set_tooltip_text(saveButton, missing ?? "Save the routine and start it tomorrow")
        bm_set_accessible_description(saveButton, missing ?? "")
    }

    // MARK: The question

    private func renderQuestion(_ question: RoutinesModel.Question?) {
        guard question != shownQuestion else { return }
        // The same question in new words (a check made meanwhile): the dialog on show says them.
        if let dialog, let question, question.effect == shownQuestion?.effect {
            shownQuestion = question
            adw_message_dialog_set_heading(cast(dialog), question.heading)
            adw_message_dialog_set_body(cast(dialog), question.body)
            return
        }
        if let dialog {
            self.dialog = nil
            gtk_window_destroy(cast(dialog))
        }
        shownQuestion = question
        guard let question else { return }
        dialog = presentConfirmation(question.asked, over: root) { [weak self] yes in
            self?.dialog = nil
            self?.shownQuestion = nil
            self?.send(.routines(yes ? .confirm : .cancel))
        }
    }

    // MARK: Helpers

    /// The text of an entry.
    static func text(_ entry: UnsafeMutablePointer<GtkWidget>) -> String {
        String(cString: gtk_editable_get_text(OpaquePointer(entry)))
    }

    private func clear(_ list: UnsafeMutablePointer<GtkWidget>) {
        // Rows only: a list's placeholder stays.
        while let row = gtk_list_box_get_row_at_index(OpaquePointer(list), 0) {
            gtk_list_box_remove(OpaquePointer(list), widget(row))
        }
    }

    private func append(_ list: UnsafeMutablePointer<GtkWidget>, _ row: UnsafeMutablePointer<GtkWidget>) {
        gtk_list_box_append(OpaquePointer(list), row)
    }

    private static func row(_ children: [UnsafeMutablePointer<GtkWidget>]) -> UnsafeMutablePointer<GtkWidget> {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        for child in children { gtk_box_append(cast(box), child) }
        return box
    }

    /// A row that only says something.
    private static func textRow(_ text: String) -> UnsafeMutablePointer<GtkWidget> {
        let row = adw_action_row_new()!
        adw_preferences_row_set_use_markup(cast(row), 0)  // before the text: a title is never markup
        adw_preferences_row_set_title(cast(row), text)
        gtk_list_box_row_set_activatable(cast(row), 0)
        return row
    }

    private static func adoptButton(_ name: String, _ body: @MainActor @escaping () -> Void) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_button_new_with_label("Adopt")!
        gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
        bm_set_accessible_label(button, "Adopt \(name)")
        on(UnsafeMutableRawPointer(button), "clicked", body)
        return button
    }
}
