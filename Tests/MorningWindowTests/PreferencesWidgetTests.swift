import CAdwaita
import Glibc
import MorningProtocol
@testable import MorningWindow
import Testing

/// The preferences' real widgets in this process, against the fake bmd: opened from the
/// window's menu, showing what bmd reports, and what each control asks of bmd.
// Rule U4: the window's preferences.
@Suite(.serialized) @MainActor struct PreferencesWidgetTests {
    typealias Window = WindowWidgetTests.Window

    init() throws {
        try #require(Display.ready, "the window's widget tests need a display: run them as make test does, under xvfb-run and dbus-run-session")
    }

    /// A window with its preferences open from the primary menu's action.
    func preferences(_ bmd: FakeBmd = FakeBmd()) -> (Window, PreferencesView) {
        let w = Window(bmd)
        gtk_widget_activate_action_variant(w.view.content.pointer, "window.preferences", nil)
        return (w, w.view.preferences)
    }

    func close(_ w: Window, _ view: PreferencesView) {
        if let window = view.window { gtk_window_destroy(cast(window.pointer)) }
        w.close()
    }

    func on(_ toggle: Switch?) -> Bool { gtk_switch_get_active(OpaquePointer(toggle!.pointer)) != 0 }

    @Test("the menu opens the preferences, showing bmd's reminder settings")
    func opens() {
        let (w, view) = preferences()
        defer { close(w, view) }
        #expect(view.window != nil)
        #expect(on(view.reminderSwitch))
        #expect(!on(view.soundSwitch))  // this bmd says nothing of the sound
        #expect(String(cString: adw_action_row_get_subtitle(cast(view.reminder!.pointer))) == "On your desktop at your routine's first task.")
        // Opening again brings the same window forward.
        let first = view.window
        w.view.openPreferences()
        #expect(view.window == first)
    }

    @Test("Ctrl+comma opens the preferences too")
    func shortcut() {
        let w = Window()
        defer { close(w, w.view.preferences) }
        // The window's own shortcut for the keys, run as GTK runs it on a key press.
        let controllers = gtk_widget_observe_controllers(w.view.content.pointer)!
        defer { g_object_unref(UnsafeMutableRawPointer(controllers)) }
        var found = false
        for index in 0..<g_list_model_get_n_items(controllers) {
            let controller = g_list_model_get_item(controllers, index)!
            defer { g_object_unref(controller) }
            guard g_type_check_instance_is_a(controller.assumingMemoryBound(to: GTypeInstance.self), gtk_shortcut_controller_get_type()) != 0 else { continue }
            let shortcuts = OpaquePointer(controller)
            for position in 0..<g_list_model_get_n_items(shortcuts) {
                let shortcut = OpaquePointer(g_list_model_get_item(shortcuts, position)!)
                defer { g_object_unref(UnsafeMutableRawPointer(shortcut)) }
                let trigger = gtk_shortcut_trigger_to_string(gtk_shortcut_get_trigger(shortcut))!
                defer { g_free(trigger) }
                guard String(cString: trigger) == "<Control>comma" else { continue }
                found = true
                _ = gtk_shortcut_action_activate(gtk_shortcut_get_action(shortcut), GTK_SHORTCUT_ACTION_EXCLUSIVE, w.view.content.pointer, nil)
            }
        }
        #expect(found)
        #expect(w.view.preferences.window != nil)
    }

    @Test("turning the reminder off asks bmd, and the answer is said")
    func reminderOff() {
        let (w, view) = preferences()
        defer { close(w, view) }
        gtk_switch_set_active(OpaquePointer(view.reminderSwitch!.pointer), 0)
        #expect(spin { view.toasts.contains("Notifications are off.") })
        #expect(w.bmd.calls.contains("SetNotifications false"))
        #expect(!on(view.reminderSwitch))
        #expect(gtk_widget_get_sensitive(view.soundRow!.pointer) == 0)  // no sound without the reminder
    }

    @Test("the alarm sound switch asks bmd for the sound")
    func sound() {
        let bmd = FakeBmd()
        bmd.status.notifications.sound = false
        let (w, view) = preferences(bmd)
        defer { close(w, view) }
        gtk_switch_set_active(OpaquePointer(view.soundSwitch!.pointer), 1)
        #expect(spin { view.toasts.contains("The reminder's sound is on.") })
        #expect(w.bmd.calls.contains("SetNotificationSound true"))
        #expect(on(view.soundSwitch))
    }

    @Test("\"Keep the Reminder on Screen\" shows bmd's setting and asks bmd to change it")
    func keepOnScreen() {
        let bmd = FakeBmd()
        bmd.status.notifications.keepOnScreen = true
        let (w, view) = preferences(bmd)
        defer { close(w, view) }
        #expect(on(view.keepSwitch))
        #expect(gtk_widget_get_sensitive(view.keepRow!.pointer) != 0)
        gtk_switch_set_active(OpaquePointer(view.keepSwitch!.pointer), 0)
        #expect(spin { view.toasts.contains("The reminder leaves the screen as other notifications do.") })
        #expect(w.bmd.calls.contains("SetKeepOnScreen false"))
        #expect(!on(view.keepSwitch))
    }

    @Test("a test notification is sent; refused, bmd's reason is said")
    func test() {
        let (w, view) = preferences()
        defer { close(w, view) }
        gtk_widget_activate(view.testButton!.pointer)
        #expect(spin { view.toasts.contains("Sent a test notification.") })
        w.bmd.records.refusals["TestNotification"] = .notificationsUnavailable(reason: "no notification server on the session bus")
        gtk_widget_activate(view.testButton!.pointer)
        #expect(spin { view.toasts.contains("The notification cannot show: no notification server on the session bus.") })
    }

    @Test("reset asks what is lost; only Reset resets")
    func reset() {
        let (w, view) = preferences()
        defer { close(w, view) }
        gtk_widget_activate(view.resetButton!.pointer)
        #expect(spin { view.dialog != nil })
        #expect(String(cString: adw_message_dialog_get_body(cast(view.dialog!.pointer)))
                == "Reset Better Morning? Every routine, record and setting is removed; the celebrity routines stay. This cannot be undone.")
        adw_message_dialog_response(cast(view.dialog!.pointer), "cancel")
        #expect(spin { view.dialog == nil })
        // bmd answers in order: once a later call has come, a Reset would have come first.
        let before = w.bmd.calls.count
        w.controller.send(.preferences(.testNotification))
        #expect(spin { w.bmd.calls.count > before })
        #expect(!w.bmd.calls.contains("Reset"))
        gtk_widget_activate(view.resetButton!.pointer)
        #expect(spin { view.dialog != nil })
        adw_message_dialog_response(cast(view.dialog!.pointer), "confirm")
        #expect(spin { view.toasts.contains("Better Morning is reset: every routine, record and setting is gone.") })
        #expect(w.bmd.calls.contains("Reset"))
        #expect(spin { w.controller.model.status?.phase == Morning.Phase.none })
    }

    @Test("the welcome shows again, and bmd marks it shown")
    func welcome() {
        let (w, view) = preferences()
        defer { close(w, view) }
        gtk_widget_activate(view.welcomeButton!.pointer)
        #expect(spin { view.welcomeDialog != nil && w.bmd.calls.contains("Welcome") })
        #expect(String(cString: adw_message_dialog_get_body(cast(view.welcomeDialog!.pointer))) == PreferencesModel.welcomeText)
        adw_message_dialog_response(cast(view.welcomeDialog!.pointer), "close")
        #expect(spin { view.welcomeDialog == nil && w.controller.model.preferences.welcome == nil })
    }
    /// Preferences where every control acts: the reminder on, its sound off.
    func preferencesWithSound() -> (Window, PreferencesView) {
        let bmd = FakeBmd()
        bmd.status.notifications.sound = false
        return preferences(bmd)
    }

    @Test("Tab reaches every control of the preferences, in the order they show them")
    func keyboard() throws {
        let (w, view) = preferencesWithSound()
        defer { close(w, view) }
        Keyboard(window: try #require(view.window?.pointer)).expectTabReaches([
            ("the Notifications row", view.reminder?.pointer), ("the Notifications switch", view.reminderSwitch?.pointer),
            ("the Alarm Sound row", view.soundRow?.pointer), ("the Alarm Sound switch", view.soundSwitch?.pointer),
            ("Send (a test notification)", view.testButton?.pointer), ("Show (the welcome)", view.welcomeButton?.pointer),
            ("Reset…", view.resetButton?.pointer),
        ], in: "the preferences")
    }

    @Test("by keyboard alone: the reminder and its sound switched, the welcome read, a reset cancelled and made")
    func keyboardActions() throws {
        let (w, view) = preferencesWithSound()
        defer { close(w, view) }
        let keys = Keyboard(window: try #require(view.window?.pointer))
        // Space on the switch turns the reminder off; bmd hears it and the page says so.
        #expect(keys.tab(to: view.reminderSwitch!.pointer) && keys.press("space"))
        #expect(spin { view.toasts.contains("Notifications are off.") })
        #expect(w.bmd.calls.contains("SetNotifications false"))
        #expect(w.bmd.status.notifications.enabled == false)
        #expect(!on(view.reminderSwitch))
        // Enter on its row turns it on again.
        #expect(keys.tab(to: view.reminder!.pointer) && keys.focus == view.reminder?.pointer && keys.press("Return"))
        #expect(spin { w.bmd.calls.contains("SetNotifications true") && on(view.reminderSwitch) })
        #expect(w.bmd.status.notifications.enabled == true)
        // The sound, on its row.
        #expect(keys.tab(to: view.soundRow!.pointer) && keys.press("space"))
        #expect(spin { w.bmd.calls.contains("SetNotificationSound true") && on(view.soundSwitch) })

        // The welcome, read and closed with Escape.
        #expect(keys.tab(to: view.welcomeButton!.pointer) && keys.press("space"))
        #expect(spin { view.welcomeDialog != nil && w.bmd.calls.contains("Welcome") })
        #expect(Keyboard(window: try #require(view.welcomeDialog?.pointer)).press("Escape"))
        #expect(spin { view.welcomeDialog == nil && w.controller.model.preferences.welcome == nil })

        // Reset…: Escape keeps everything; Tab to the question's Reset and Space resets.
        #expect(keys.tab(to: view.resetButton!.pointer) && keys.press("space"))
        #expect(spin { view.dialog != nil })
        #expect(Keyboard(window: try #require(view.dialog?.pointer)).press("Escape"))
        #expect(spin { view.dialog == nil })
        #expect(keys.tab(to: view.resetButton!.pointer) && keys.press("space"))
        #expect(spin { view.dialog != nil })
        let dialog = try #require(view.dialog?.pointer)
        let answer = Keyboard(window: dialog)
        #expect(answer.tab(to: try #require(button(labelled: "Reset", in: dialog))) && answer.press("space"))
        #expect(spin { view.toasts.contains("Better Morning is reset: every routine, record and setting is gone.") })
        #expect(w.bmd.calls.filter { $0 == "Reset" }.count == 1)
    }

    @Test("the preferences say bmd does not start at login and turn it on through systemd's user manager, which then says it does")
    func startAtLogin() throws {
        let manager = try #require(FakeSystemdManager(state: "disabled"), "the fake systemd manager did not start on the session bus")
        defer { manager.stop() }
        let (w, view) = preferences()
        defer { close(w, view) }
        func subtitle() -> String { String(cString: adw_action_row_get_subtitle(cast(view.loginRow!.pointer))) }
        #expect(spin { subtitle() == "bmd does not start when you log in: until something starts it, no reminder comes." })
        #expect(manager.calls.contains("GetUnitFileState bmd.socket"))
        #expect(gtk_widget_get_visible(view.loginButton!.pointer) != 0)
        gtk_widget_activate(view.loginButton!.pointer)
        #expect(spin { subtitle() == "bmd starts when you log in, so the reminder comes every morning." })
        #expect(manager.calls.drop { $0 != "EnableUnitFiles ['bmd.socket'] False True" }.prefix(4)
                == ["EnableUnitFiles ['bmd.socket'] False True", "Reload", "StartUnit bmd.socket replace", "GetUnitFileState bmd.socket"])
        #expect(gtk_widget_get_visible(view.loginButton!.pointer) == 0, "Turn On still offered once it is on")
        #expect(view.toasts.last == "bmd now starts when you log in.")
    }
}

extension PreferencesWidgetTests {
    @Test("on the first run with bmd not starting at login, the welcome says so and its Start at Login turns it on")
    func welcomeOffersStartAtLogin() throws {
        let manager = try #require(FakeSystemdManager(state: "disabled"), "the fake systemd manager did not start on the session bus")
        defer { manager.stop() }
        let bmd = FakeBmd()
        bmd.records.welcomePending = true
        let w = Window(bmd)
        defer { w.close() }
        #expect(spin { w.view.welcomeDialog != nil })
        let dialog = try #require(w.view.welcomeDialog?.pointer)
        #expect(String(cString: adw_message_dialog_get_body(cast(dialog))) == PreferencesModel.welcomeText + "\n\n" + LoginStart.off.words)
        #expect(adw_message_dialog_has_response(cast(dialog), "login") != 0)
        adw_message_dialog_response(cast(dialog), "login")
        #expect(spin { w.controller.model.preferences.loginStart == .on })
        #expect(manager.calls.contains("StartUnit bmd.socket replace"))
    }
}

/// `Tests/Tools/fake-systemd-manager` on the test run's session bus: systemd's user
/// manager as the window calls it, its calls read from its log.
@MainActor
final class FakeSystemdManager {
    private var pid: GPid = 0
    private let log: String

    init?(state: String) {
        var folder = Array("/tmp/bm-systemd-XXXXXX".utf8CString)
        guard mkdtemp(&folder) != nil else { return nil }
        log = String(cString: folder) + "/calls"
        let script = String(#filePath.split(separator: "/").dropLast(2).joined(separator: "/")).withLeadingSlash
            + "/Tools/fake-systemd-manager"
        var argv: [UnsafeMutablePointer<CChar>?] = [String]([("/usr/bin/python3"), script, log, state]).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var error: UnsafeMutablePointer<GError>?
        guard g_spawn_async(nil, &argv, nil, G_SPAWN_DO_NOT_REAP_CHILD, nil, nil, &pid, &error) != 0 else {
            g_error_free(error)
            return nil
        }
        // Ready once it owns the manager's name.
        guard spin(until: { self.calls.first == "ready" }) else {
            stop()
            return nil
        }
    }

    /// Each call the manager took, a line each, after "ready".
    var calls: [String] {
        var contents: UnsafeMutablePointer<CChar>?
        guard g_file_get_contents(log, &contents, nil, nil) != 0, let contents else { return [] }
        defer { g_free(contents) }
        return String(cString: contents).split(separator: "\n").map(String.init)
    }

    func stop() {
        guard pid > 0 else { return }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        g_spawn_close_pid(pid)
        pid = 0
        unlink(log)
        rmdir(String(log.dropLast("/calls".count)))
    }
}

private extension String {
    var withLeadingSlash: String { hasPrefix("/") ? self : "/" + self }
}
