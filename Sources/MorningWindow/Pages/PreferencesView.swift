import CAdwaita
import MorningProtocol

/// The preferences, in a window of their own over the main one: the daily reminder, its
/// sound and whether it stays on screen as bmd reports them, a test notification, the welcome, and a reset after a
/// question. It draws the model and sends the person's actions.
@MainActor
final class PreferencesView {
    private let send: @MainActor (WindowEvent) -> Void
    /// The preferences window while it is open.
    private(set) var window: UnsafeMutablePointer<GtkWidget>?
    private(set) var reminder: UnsafeMutablePointer<GtkWidget>?
    private(set) var reminderSwitch: UnsafeMutablePointer<GtkWidget>?
    private(set) var soundRow: UnsafeMutablePointer<GtkWidget>?
    private(set) var soundSwitch: UnsafeMutablePointer<GtkWidget>?
    private(set) var keepRow: UnsafeMutablePointer<GtkWidget>?
    private(set) var keepSwitch: UnsafeMutablePointer<GtkWidget>?
    private(set) var testButton: UnsafeMutablePointer<GtkWidget>?
    /// Whether bmd starts at login, and the button that turns that on.
    private(set) var loginRow: UnsafeMutablePointer<GtkWidget>?
    private(set) var loginButton: UnsafeMutablePointer<GtkWidget>?
    private(set) var welcomeButton: UnsafeMutablePointer<GtkWidget>?
    private(set) var resetButton: UnsafeMutablePointer<GtkWidget>?
    /// The question or the welcome on show, in its dialog.
    private(set) var dialog: UnsafeMutablePointer<GtkWidget>?
    private var dialogQuestion: Confirmation?
    private(set) var welcomeDialog: UnsafeMutablePointer<GtkWidget>?
    /// The last notice shown as a toast, and the message.
    private(set) var toasts: [String] = []
    private var noticeCount = 0
    private var shownMessage: String?
    private var model = WindowModel()
    private var rendering = false

    init(send: @escaping @MainActor (WindowEvent) -> Void) {
        self.send = send
    }

    /// Opens the preferences over `parent`'s window, or brings them forward.
    func open(over parent: UnsafeMutablePointer<GtkWidget>) {
        if let window { return gtk_window_present(cast(window)) }
        let window = adw_preferences_window_new()!
        if let root = gtk_widget_get_root(parent) {
            gtk_window_set_transient_for(cast(window), UnsafeMutablePointer<GtkWindow>(root))
        }
        gtk_window_set_modal(cast(window), 1)
        gtk_window_set_default_size(cast(window), 480, 560)
        adw_preferences_window_set_search_enabled(cast(window), 0)
        self.window = window

        let page = adw_preferences_page_new()!
        adw_preferences_page_set_title(cast(page), "General")
        adw_preferences_page_set_icon_name(cast(page), "preferences-system-symbolic")

        let reminderGroup = adw_preferences_group_new()!
        adw_preferences_group_set_title(cast(reminderGroup), "Daily Reminder")
        let (reminder, reminderSwitch) = switchRow("_Notifications")
        let (soundRow, soundSwitch) = switchRow("Alarm _Sound")
        adw_action_row_set_subtitle(cast(soundRow), "The alarm clock's sound with the reminder.")
        let (keepRow, keepSwitch) = switchRow("_Keep the Reminder on Screen")
        adw_action_row_set_subtitle(cast(keepRow), "Until you act on it, also where other notifications go after a few seconds, as on GNOME.")
        let testRow = adw_action_row_new()!
        adw_preferences_row_set_title(cast(testRow), "Test Notification")
        adw_action_row_set_subtitle(cast(testRow), "Check that the reminder reaches your desktop.")
        let testButton = rowButton("Se_nd", in: testRow)
        let loginRow = adw_action_row_new()!
        adw_preferences_row_set_title(cast(loginRow), "Start at Login")
        let loginButton = rowButton("_Turn On", in: loginRow)
        for row in [reminder, soundRow, keepRow, testRow, loginRow] { adw_preferences_group_add(cast(reminderGroup), row) }

        let otherGroup = adw_preferences_group_new()!
        adw_preferences_group_set_title(cast(otherGroup), "Better Morning")
        let welcomeRow = adw_action_row_new()!
        adw_preferences_row_set_title(cast(welcomeRow), "Welcome")
        adw_action_row_set_subtitle(cast(welcomeRow), "What Better Morning is, in five short parts.")
        let welcomeButton = rowButton("Sho_w", in: welcomeRow)
        let resetRow = adw_action_row_new()!
        adw_preferences_row_set_title(cast(resetRow), "Reset Everything")
        adw_action_row_set_subtitle(cast(resetRow), "Remove every routine, record and setting.")
        let resetButton = rowButton("_Reset…", in: resetRow)
        style(resetButton, "destructive-action")
        for row in [welcomeRow, resetRow] { adw_preferences_group_add(cast(otherGroup), row) }

        adw_preferences_page_add(cast(page), cast(reminderGroup))
        adw_preferences_page_add(cast(page), cast(otherGroup))
        adw_preferences_window_add(cast(window), cast(page))

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
        on(UnsafeMutableRawPointer(reminderSwitch), "notify::active", arguments: 3) { [weak self] in
            guard let self, !self.rendering else { return }
            send(.preferences(.setNotifications(gtk_switch_get_active(OpaquePointer(reminderSwitch)) != 0)))
        }
        on(UnsafeMutableRawPointer(soundSwitch), "notify::active", arguments: 3) { [weak self] in
            guard let self, !self.rendering else { return }
            send(.preferences(.setSound(gtk_switch_get_active(OpaquePointer(soundSwitch)) != 0)))
        }
        on(UnsafeMutableRawPointer(keepSwitch), "notify::active", arguments: 3) { [weak self] in
            guard let self, !self.rendering else { return }
            send(.preferences(.setKeepOnScreen(gtk_switch_get_active(OpaquePointer(keepSwitch)) != 0)))
        }
        on(UnsafeMutableRawPointer(testButton), "clicked") { send(.preferences(.testNotification)) }
        on(UnsafeMutableRawPointer(loginButton), "clicked") { send(.preferences(.startAtLogin)) }
        on(UnsafeMutableRawPointer(welcomeButton), "clicked") { send(.preferences(.showWelcome)) }
        on(UnsafeMutableRawPointer(resetButton), "clicked") { send(.preferences(.askReset)) }
        on(UnsafeMutableRawPointer(window), "destroy") { [weak self] in self?.closed() }
        noticeCount = model.preferences.noticeCount
        shownMessage = model.message
        render(model)
        gtk_window_present(cast(window))
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
        adw_action_row_set_subtitle(cast(reminder), PreferencesModel.reminderSubtitle(n))
        bm_set_accessible_description(reminderSwitch, PreferencesModel.reminderSubtitle(n))
        let enabled: gboolean = n?.enabled == true ? 1 : 0
        if gtk_switch_get_active(OpaquePointer(reminderSwitch)) != enabled { gtk_switch_set_active(OpaquePointer(reminderSwitch), enabled) }
        let sound: gboolean = n?.sound == true ? 1 : 0
        if gtk_switch_get_active(OpaquePointer(soundSwitch)) != sound { gtk_switch_set_active(OpaquePointer(soundSwitch), sound) }
        gtk_widget_set_sensitive(reminderSwitch, live && n != nil ? 1 : 0)
        // A bmd older than the sound setting says nothing of it.
        gtk_widget_set_sensitive(soundRow, live && n?.enabled == true && n?.sound != nil ? 1 : 0)
        let keep: gboolean = n?.keepOnScreen == true ? 1 : 0
        if gtk_switch_get_active(OpaquePointer(keepSwitch)) != keep { gtk_switch_set_active(OpaquePointer(keepSwitch), keep) }
        // Likewise a bmd older than this setting.
        gtk_widget_set_sensitive(keepRow, live && n?.enabled == true && n?.keepOnScreen != nil ? 1 : 0)
        for button in [testButton, resetButton].compactMap({ $0 }) { gtk_widget_set_sensitive(button, live ? 1 : 0) }
        if let loginRow, let loginButton {
            // systemd's user manager, not bmd, says and changes this: it does not wait for bmd.
            let words = prefs.loginStart?.words ?? "Asking systemd whether bmd starts when you log in…"
            adw_action_row_set_subtitle(cast(loginRow), words)
            bm_set_accessible_description(loginButton, words)
            gtk_widget_set_visible(loginButton, prefs.loginStart == .off ? 1 : 0)
            gtk_widget_set_sensitive(loginButton, prefs.enablingLoginStart ? 0 : 1)
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

    private func toast(_ text: String, in window: UnsafeMutablePointer<GtkWidget>) {
        toasts.append(text)
        let toast = adw_toast_new(markupShowing(text))!
        adw_toast_set_timeout(toast, 5)
        adw_preferences_window_add_toast(cast(window), toast)
    }

    private func renderQuestion(_ question: Confirmation?, over window: UnsafeMutablePointer<GtkWidget>) {
        guard question != dialogQuestion else { return }
        if let dialog { gtk_window_destroy(cast(dialog)) }
        dialog = nil
        dialogQuestion = question
        guard let question else { return }
        dialog = presentConfirmation(question, over: window) { [weak self] yes in
            self?.dialog = nil
            self?.dialogQuestion = nil
            self?.send(.preferences(yes ? .confirm : .cancel))
        }
    }

    private func renderWelcome(_ text: String?, over window: UnsafeMutablePointer<GtkWidget>) {
        guard (text != nil) != (welcomeDialog != nil) else { return }
        if let welcomeDialog {
            self.welcomeDialog = nil
            return gtk_window_destroy(cast(welcomeDialog))
        }
        let dialog = adw_message_dialog_new(UnsafeMutablePointer<GtkWindow>(OpaquePointer(window)), "Welcome to Better Morning", text)!
        adw_message_dialog_set_body_use_markup(cast(dialog), 0)
        adw_message_dialog_add_response(cast(dialog), "close", "_Close")
        adw_message_dialog_set_close_response(cast(dialog), "close")
        on(UnsafeMutableRawPointer(dialog), "response", arguments: 3) { [weak self] in
            self?.welcomeDialog = nil
            self?.send(.preferences(.closeWelcome))
        }
        welcomeDialog = dialog
        gtk_window_present(cast(dialog))
    }

    /// A row with a switch at its end; activating the row flips it.
    private func switchRow(_ title: String) -> (UnsafeMutablePointer<GtkWidget>, UnsafeMutablePointer<GtkWidget>) {
        let row = adw_action_row_new()!
        adw_preferences_row_set_title(cast(row), title)
        adw_preferences_row_set_use_underline(cast(row), 1)
        let toggle = gtk_switch_new()!
        gtk_widget_set_valign(toggle, GTK_ALIGN_CENTER)
        adw_action_row_add_suffix(cast(row), toggle)
        adw_action_row_set_activatable_widget(cast(row), toggle)
        // After the row made the switch labelled by its title, which GTK would read again.
        bm_set_accessible_label(toggle, title.filter { $0 != "_" })
        return (row, toggle)
    }

    /// A button at the end of `row`, which activating the row presses.
    private func rowButton(_ label: String, in row: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_button_new_with_mnemonic(label)!
        gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
        adw_action_row_add_suffix(cast(row), button)
        adw_action_row_set_activatable_widget(cast(row), button)
        // Named by the row's title ("Reset Everything…"), once, as its label says only the verb.
        let title = String(cString: adw_preferences_row_get_title(cast(row)))
        bm_set_accessible_label(button, title + (label.hasSuffix("…") ? "…" : ""))
        return button
    }
}
