import CAdwaita
import MorningProtocol

/// The preferences, in a window of their own over the main one: the daily reminder, its
/// sound and whether it stays on screen as bmd reports them, a test notification, the welcome, and a reset after a
/// question. It draws the model and sends the person's actions.
@MainActor
final class PreferencesView {
    private let send: @MainActor (WindowEvent) -> Void
    /// The preferences window while it is open.
    private(set) var window: PreferencesWindow?
    private(set) var reminder: ActionRow?
    private(set) var reminderSwitch: Switch?
    private(set) var soundRow: ActionRow?
    private(set) var soundSwitch: Switch?
    private(set) var keepRow: ActionRow?
    private(set) var keepSwitch: Switch?
    private(set) var testButton: Button?
    /// Whether bmd starts at login, and the button that turns that on.
    private(set) var loginRow: ActionRow?
    private(set) var loginButton: Button?
    private(set) var welcomeButton: Button?
    private(set) var resetButton: Button?
    /// The question or the welcome on show, in its dialog.
    private(set) var dialog: MessageDialog?
    private var dialogQuestion: Confirmation?
    private(set) var welcomeDialog: MessageDialog?
    /// The last notice shown as a toast, and the message.
    private(set) var toasts: [String] = []
    private var noticeCount = 0
    private var shownMessage: String?
    private var model = WindowModel()
    private var rendering = false

    init(send: @escaping @MainActor (WindowEvent) -> Void) {
        self.send = send
    }

    /// Opens the preferences over the window `parent` is in, or brings them forward.
    func open(over parent: some WidgetWrapper) {
        if let window { return window.present() }
        let window = PreferencesWindow()
        window.setTransientFor(parent.window)
        window.modal = true
        window.setDefaultSize(width: 480, height: 560)
        window.searchEnabled = false
        self.window = window

        let page = PreferencesPage()
        page.title = "General"
        page.iconName = "preferences-system-symbolic"

        let reminderGroup = PreferencesGroup()
        reminderGroup.title = "Daily Reminder"
        let (reminder, reminderSwitch) = switchRow("_Notifications")
        let (soundRow, soundSwitch) = switchRow("Alarm _Sound")
        soundRow.subtitle = "The alarm clock's sound with the reminder."
        let (keepRow, keepSwitch) = switchRow("_Keep the Reminder on Screen")
        keepRow.subtitle = "Until you act on it, also where other notifications go after a few seconds, as on GNOME."
        let testRow = ActionRow()
        testRow.title = "Test Notification"
        testRow.subtitle = "Check that the reminder reaches your desktop."
        let testButton = rowButton("Se_nd", in: testRow)
        let loginRow = ActionRow()
        loginRow.title = "Start at Login"
        let loginButton = rowButton("_Turn On", in: loginRow)
        for row in [reminder, soundRow, keepRow, testRow, loginRow] { reminderGroup.add(row) }

        let otherGroup = PreferencesGroup()
        otherGroup.title = "Better Morning"
        let welcomeRow = ActionRow()
        welcomeRow.title = "Welcome"
        welcomeRow.subtitle = "What Better Morning is, in five short parts."
        let welcomeButton = rowButton("Sho_w", in: welcomeRow)
        let resetRow = ActionRow()
        resetRow.title = "Reset Everything"
        resetRow.subtitle = "Remove every routine, record and setting."
        let resetButton = rowButton("_Reset…", in: resetRow)
        resetButton.style("destructive-action")
        for row in [welcomeRow, resetRow] { otherGroup.add(row) }

        page.add(reminderGroup)
        page.add(otherGroup)
        window.add(page)

        self.reminder = reminder
        self.reminderSwitch = reminderSwitch
        self.soundRow = soundRow
        self.soundSwitch = soundSwitch
        self.keepRow = keepRow
        self.keepSwitch = keepSwitch
        self.testButton = testButton
        self.loginRow = loginRow
        self.loginButton = loginButton
        self.welcomeButton = welcomeButton
        self.resetButton = resetButton
        let send = send
        reminderSwitch.onNotify("active") { [weak self] in
            guard let self, !self.rendering else { return }
            send(.preferences(.setNotifications(reminderSwitch.active)))
        }
        soundSwitch.onNotify("active") { [weak self] in
            guard let self, !self.rendering else { return }
            send(.preferences(.setSound(soundSwitch.active)))
        }
        keepSwitch.onNotify("active") { [weak self] in
            guard let self, !self.rendering else { return }
            send(.preferences(.setKeepOnScreen(keepSwitch.active)))
        }
        testButton.on("clicked") { send(.preferences(.testNotification)) }
        loginButton.on("clicked") { send(.preferences(.startAtLogin)) }
        welcomeButton.on("clicked") { send(.preferences(.showWelcome)) }
        resetButton.on("clicked") { send(.preferences(.askReset)) }
        window.on("destroy") { [weak self] in self?.closed() }
        noticeCount = model.preferences.noticeCount
        shownMessage = model.message
        render(model)
        window.present()
    }

    private func closed() {
        window = nil
        reminder = nil; reminderSwitch = nil; soundRow = nil; soundSwitch = nil; keepRow = nil; keepSwitch = nil
        testButton = nil; welcomeButton = nil; resetButton = nil; loginRow = nil; loginButton = nil
    }

    func render(_ model: WindowModel) {
        self.model = model
        guard let window, let reminder, let reminderSwitch, let soundRow, let soundSwitch, let keepRow, let keepSwitch else { return }
        rendering = true
        defer { rendering = false }
        let prefs = model.preferences
        let live = model.link == .live
        let n = prefs.notifications
        reminder.subtitle = PreferencesModel.reminderSubtitle(n)
        reminderSwitch.setAccessibleDescription(PreferencesModel.reminderSubtitle(n))
        let enabled = n?.enabled == true
        if reminderSwitch.active != enabled { reminderSwitch.active = enabled }
        let sound = n?.sound == true
        if soundSwitch.active != sound { soundSwitch.active = sound }
        reminderSwitch.sensitive = live && n != nil
        // A bmd older than the sound setting says nothing of it.
        soundRow.sensitive = live && n?.enabled == true && n?.sound != nil
        let keep = n?.keepOnScreen == true
        if keepSwitch.active != keep { keepSwitch.active = keep }
        // Likewise a bmd older than this setting.
        keepRow.sensitive = live && n?.enabled == true && n?.keepOnScreen != nil
        for button in [testButton, resetButton].compactMap({ $0 }) { button.sensitive = live }
        if let loginRow, let loginButton {
            // systemd's user manager, not bmd, says and changes this: it does not wait for bmd.
            let words = prefs.loginStart?.words ?? "Asking systemd whether bmd starts when you log in…"
            loginRow.subtitle = words
            loginButton.setAccessibleDescription(words)
            loginButton.visible = prefs.loginStart == .off
            loginButton.sensitive = !prefs.enablingLoginStart
        }

        if prefs.noticeCount != noticeCount, let notice = prefs.notice {
            noticeCount = prefs.noticeCount
            toast(notice, in: window)
        }
        if model.message != shownMessage {
            shownMessage = model.message
            if let message = model.message { toast(message, in: window) }
        }
        renderQuestion(prefs.question, over: window)
        renderWelcome(prefs.welcome, over: window)
    }

    private func toast(_ text: String, in window: PreferencesWindow) {
        toasts.append(text)
        let toast = Toast(markup: markupShowing(text))
        toast.timeout = 5
        window.addToast(toast)
    }

    private func renderQuestion(_ question: Confirmation?, over window: PreferencesWindow) {
        guard question != dialogQuestion else { return }
        dialog?.destroy()
        dialog = nil
        dialogQuestion = question
        guard let question else { return }
        dialog = presentConfirmation(question, over: window) { [weak self] yes in
            self?.dialog = nil
            self?.dialogQuestion = nil
            self?.send(.preferences(yes ? .confirm : .cancel))
        }
    }

    private func renderWelcome(_ text: String?, over window: PreferencesWindow) {
        guard (text != nil) != (welcomeDialog != nil) else { return }
        if let welcomeDialog {
            self.welcomeDialog = nil
            return welcomeDialog.destroy()
        }
        guard let text else { return }
        let dialog = MessageDialog(over: Window(pointer: window.pointer), heading: "Welcome to Better Morning", body: text)
        dialog.bodyUseMarkup = false
        dialog.addResponse("close", "_Close")
        dialog.setCloseResponse("close")
        // Its one answer: Close, or Escape, which gives the close response.
        dialog.onResponse("close") { [weak self] in
            self?.welcomeDialog = nil
            self?.send(.preferences(.closeWelcome))
        }
        welcomeDialog = dialog
        dialog.present()
        // Its response's name said once, without its mnemonic's underline.
        nameButtonsByLabel(in: dialog)
    }

    /// A row with a switch at its end; activating the row flips it.
    private func switchRow(_ title: String) -> (ActionRow, Switch) {
        let row = ActionRow()
        row.title = title
        row.useUnderline = true
        let toggle = Switch()
        toggle.valign = GTK_ALIGN_CENTER
        row.addSuffix(toggle)
        row.setActivatableWidget(toggle)
        // After the row made the switch labelled by its title, which GTK would read again.
        toggle.setAccessibleLabel(title.filter { $0 != "_" })
        return (row, toggle)
    }

    /// A button at the end of `row`, which activating the row presses.
    private func rowButton(_ label: String, in row: ActionRow) -> Button {
        let button = Button(mnemonic: label)
        button.valign = GTK_ALIGN_CENTER
        row.addSuffix(button)
        row.setActivatableWidget(button)
        // Named by the row's title ("Reset Everything…"), once, as its label says only the verb.
        button.setAccessibleLabel(row.title + (label.hasSuffix("…") ? "…" : ""))
        return button
    }
}
