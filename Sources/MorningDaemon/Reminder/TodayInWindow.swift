import CNotify
import Foundation
import Logging
import MorningProtocol

/// Opens today's routine for a click on the reminder: in the window (the
/// better-morning-window package) where it is installed, else in the terminal as before.
///
/// The window is a D-Bus activatable application: asked by its app id to run its
/// `today` action (`org.freedesktop.Application.ActivateAction`), the session bus starts
/// it when it is not running, from its D-Bus service file, and it opens on Today. Where
/// no such file names the app id, the bus answers that nothing provides it, and
/// `TodayInTerminal` opens the terminal app.
///
/// The notification server's activation token for the click, when it sent one, goes
/// with either: without it a compositor on Wayland may only mark the window as wanting
/// attention rather than raise it. GNOME Shell 43 sends none, so there the reminder
/// leaves the click to the shell, which opens the window itself
/// (`NotificationServer.shellOpensWindow`), and this runs only for the terminal app.
enum TodayInWindow {
    /// The desktop entry the window installs, named after its app id, as activatable
    /// applications' are.
    static let desktopEntry = Morning.Window.appID

    /// Asks the window, on a thread of its own, and opens the terminal if it cannot come.
    /// The click is heard on GDBus's own thread, which must stay free to read the answer;
    /// the wait of a window being started must hold up nothing else of bmd's.
    static func open(activationToken: String?, logger: Logger) {
        let sessionBus = SessionBus(environment: ProcessInfo.processInfo.environment)
        let thread = Thread {
            nameThisThread("bmd open-today")
            if let failure = activate(on: sessionBus, activationToken: activationToken) {
                logger.info("the window did not open (\(failure)); opening today's routine in a terminal")
                TodayInTerminal.open(activationToken: activationToken, logger: logger)
            } else {
                logger.info("opened today's routine in the window")
            }
        }
        thread.start()
    }

    /// Calls the window's `today` action; nil once it answered, else why it did not.
    static func activate(on sessionBus: SessionBus, activationToken: String?) -> String? {
        // Without a session bus GLib would start a private one, where no window is.
        if let missing = sessionBus.missing() { return missing }
        if let failure = NotifyLibraries.load() { return failure.reason }
        var error: UnsafeMutablePointer<GError>?
        // GLib's shared connection, the one the notifications go on.
        guard let bus = glib.g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            return NotificationServer.message(taking: error)
        }
        defer { glib.g_object_unref(UnsafeMutableRawPointer(bus)) }
        // bmd outlives the session bus (by default GLib ends the process when it closes).
        glib.g_dbus_connection_set_exit_on_close(bus, 0)
        // The action's name, no parameter, and the token as platform data.
        let parameters = bm_activate_action_parameters(glibTable, Morning.Window.todayAction, activationToken)
        guard let reply = glib.g_dbus_connection_call_sync(
            bus, Morning.Window.appID, Morning.Window.objectPath, "org.freedesktop.Application", "ActivateAction", parameters, nil,
            // Started on demand the window answers in about half a second; one that never
            // answers leaves the terminal to open instead.
            G_DBUS_CALL_FLAGS_NONE, NotificationServer.answerTimeout, nil, &error)
        else {
            return NotificationServer.message(taking: error)
        }
        glib.g_variant_unref(reply)
        return nil
    }

    /// The `desktop-entry` hint of bmd's notifications: the window's entry where it is
    /// installed (a data folder of the XDG base directories has it), else the main
    /// package's, better-morning.desktop, the terminal app. As desktop entries go, the
    /// first folder that has the entry decides: one marked `Hidden=true` there (a person
    /// hiding the app) counts as no window.
    static func entryForNotifications(environment: [String: String],
                                      read: (String) -> String? = { try? String(contentsOfFile: $0, encoding: .utf8) }) -> String {
        var first: String?
        for folder in AppIcon.dataFolders(environment: environment) where first == nil {
            first = read("\(folder)/applications/\(desktopEntry).desktop")
        }
        let installed = first.map { entry in
            !entry.split(whereSeparator: \.isNewline).contains { $0.trimmingCharacters(in: .whitespaces) == "Hidden=true" }
        } ?? false
        return installed ? desktopEntry : LibnotifyNotifier.desktopEntry
    }
}
