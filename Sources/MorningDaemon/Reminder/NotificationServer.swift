import CNotify
import CSystemd
import Foundation
import MorningCore

/// The session's notification server, as libnotify and GDBus reach it.
///
/// Every method blocks on D-Bus: they run only on the notifier's thread (`NotifierThread`).
/// GLib's types stay in this file.
final class NotificationServer: @unchecked Sendable {
    private let sessionBus: SessionBus
    /// The installed PNG of the app's icon, looked for at each notification: nil when none is installed.
    private let picture: @Sendable () -> String?

    /// How long to wait for the server to list its capabilities (ms). Shorter than GDBus's
    /// 25 s default, so that a hung server is found out here, before the show call that
    /// libnotify makes with that default.
    static let answerTimeout: Int32 = 10_000

    init(sessionBus: SessionBus, picture: @escaping @Sendable () -> String? = { nil }) {
        self.sessionBus = sessionBus
        self.picture = picture
    }

    /// Shows `message` as a new notification; returns the id the server gave it.
    func show(_ message: ReminderMessage) -> Result<ShownNotification, Unreachable> {
        withServer { bus throws(Unreachable) in
            let capabilities = try capabilities(bus)
            let entry = TodayInWindow.entryForNotifications(environment: sessionBus.environment)
            let wantsCritical = message.keepsOnScreen && message.staysUntilClosed
            // Asked only when the answer changes the notification: one call less on other servers.
            var onGnomeShell = false
            if wantsCritical || entry == TodayInWindow.desktopEntry {
                onGnomeShell = try serverName(bus) == NotificationServer.gnomeShell
            }
            let critical = wantsCritical && onGnomeShell
            let shellOpensWindow = NotificationServer.shellOpensWindow(onGnomeShell: onGnomeShell, desktopEntry: entry)
            var error: UnsafeMutablePointer<GError>?
            // A new notification every time: ids restart when the server restarts, and an
            // old NotifyNotification would ask the new server to replace a stranger's id.
            var notification = try make(message, entry: entry, capabilities: capabilities, critical: critical,
                                        shellOpensWindow: shellOpensWindow)
            if glib.notify_notification_show(notification, &error) != 0 {
                defer { glib.g_object_unref(notification) }
                return ShownNotification(id: bm_notification_id(glibTable, notification), server: owner(bus), bus: NotificationServer.guid(of: bus))
            }
            // libnotify's proxy learns that the server's name has a new owner only from a
            // signal that a running GLib main loop would deliver, and none runs here: after
            // the server restarts, the proxy still sends to the old one, which is gone.
            // GetCapabilities has just reached the server by its name, so nothing was
            // shown: start libnotify afresh and show once more.
            // The notification goes before libnotify's proxy does: it is tied to that proxy,
            // and let go after the new one came, GLib would warn that the new one has no
            // handler of it.
            glib.g_object_unref(notification)
            guard let failure = error, NotificationServer.isGone(failure.pointee) else {
                throw NotificationServer.unreachable(taking: error)
            }
            glib.g_error_free(failure)
            error = nil
            glib.notify_uninit()
            _ = glib.notify_init(LibnotifyNotifier.appName)
            notification = try make(message, entry: entry, capabilities: capabilities, critical: critical,
                                    shellOpensWindow: shellOpensWindow)
            defer { glib.g_object_unref(notification) }
            if glib.notify_notification_show(notification, &error) == 0 {
                throw NotificationServer.unreachable(taking: error)
            }
            return ShownNotification(id: bm_notification_id(glibTable, notification), server: owner(bus), bus: NotificationServer.guid(of: bus))
        }
    }

    /// Whether a click on the reminder is better left to the server: GNOME Shell, given
    /// no "default" action, opens the app the `desktop-entry` hint names itself, and only
    /// it can bring a running window to the front. GNOME Shell 43 sends no activation
    /// token with an action (nor a real one with a GNotification's), so a window bmd asks
    /// to come forward is only marked "is ready". Where the hint names the terminal app,
    /// bmd keeps the click, to open it in the person's terminal.
    static func shellOpensWindow(onGnomeShell: Bool, desktopEntry: String) -> Bool {
        onGnomeShell && desktopEntry == TodayInWindow.desktopEntry
    }

    /// A libnotify notification of `message`, with the hints and the actions the server
    /// can show; the caller lets go of it.
    private func make(_ message: ReminderMessage, entry: String, capabilities: Set<String>, critical: Bool,
                      shellOpensWindow: Bool) throws(Unreachable) -> UnsafeMutablePointer<NotifyNotification> {
        let body = capabilities.contains("body-markup") ? BodyMarkup.escaped(message.body) : message.body
        guard let notification = glib.notify_notification_new(message.summary, body, LibnotifyNotifier.iconName) else {
            throw Unreachable(reason: "libnotify could not make a notification")
        }
        glib.notify_notification_set_hint_string(notification, "desktop-entry", entry)
        // For servers that do not look the icon's name up in the theme.
        if let picture = picture() {
            glib.notify_notification_set_hint_string(notification, "image-path", picture)
        }
        glib.notify_notification_set_category(notification, LibnotifyNotifier.category)
        // The reminder stays until the morning begins, the day ends or the user closes
        // it; by default servers drop a popup after a few seconds (dunst: 10).
        glib.notify_notification_set_timeout(notification, message.staysUntilClosed ? NOTIFY_EXPIRES_NEVER : NOTIFY_EXPIRES_DEFAULT)
        // GNOME Shell ignores that timeout: an ordinary notification is a banner for some
        // four seconds once the person is at the computer, and none at all in Do Not
        // Disturb. Only a critical one stays until acted on.
        if critical { glib.notify_notification_set_urgency(notification, NOTIFY_URGENCY_CRITICAL) }
        if let sound = message.sound {
            glib.notify_notification_set_hint_string(notification, "sound-name", sound)
        }
        // Clicking the popup opens today's routine (the window, else the terminal); a button
        // checks the first task. The server tells bmd with ActionInvoked, which ServerWatcher
        // hears: libnotify's own callbacks would need a main loop on this thread. On GNOME
        // Shell with the window installed the click is the shell's (`shellOpensWindow`).
        if capabilities.contains("actions"), let label = message.checkLabel {
            let ignore: NotifyActionCallback = { _, _, _ in }
            if !shellOpensWindow {
                glib.notify_notification_add_action(notification, ReminderAction.open.rawValue, "Open today", ignore, nil, nil)
            }
            glib.notify_notification_add_action(notification, ReminderAction.check.rawValue, label, ignore, nil, nil)
        }
        return notification
    }

    /// Closes a notification `show` showed (`CloseNotification`), unless the server that
    /// showed it is gone: a new server numbers its own notifications from 1 again, and the
    /// same id would close a stranger's. Returns whether it asked the server to close it.
    func withdraw(_ shown: ShownNotification) -> Result<Bool, Unreachable> {
        withServer { bus throws(Unreachable) in
            guard shown.id != 0, shown.isNotification(shown.id, of: owner(bus), on: NotificationServer.guid(of: bus)) else {
                return false
            }
            var error: UnsafeMutablePointer<GError>?
            var id = glib.g_variant_new_uint32(shown.id)
            let parameters = glib.g_variant_new_tuple(&id, 1)
            guard let reply = glib.g_dbus_connection_call_sync(
                bus, "org.freedesktop.Notifications", "/org/freedesktop/Notifications", "org.freedesktop.Notifications",
                "CloseNotification", parameters, nil, G_DBUS_CALL_FLAGS_NONE, NotificationServer.answerTimeout, nil, &error)
            else {
                throw NotificationServer.unreachable(taking: error)
            }
            glib.g_variant_unref(reply)
            return true
        }
    }

    /// The GUID of the bus `connection` is connected to: each run of a session bus has its own.
    static func guid(of connection: OpaquePointer) -> String? {
        glib.g_dbus_connection_get_guid(connection).map { String(cString: $0) }
    }

    /// The unique bus name of the process that owns org.freedesktop.Notifications now,
    /// nil when none does.
    private func owner(_ bus: OpaquePointer) -> String? {
        var name = glib.g_variant_new_string("org.freedesktop.Notifications")
        let parameters = glib.g_variant_new_tuple(&name, 1)
        guard let reply = glib.g_dbus_connection_call_sync(
            bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetNameOwner",
            parameters, nil, G_DBUS_CALL_FLAGS_NONE, NotificationServer.answerTimeout, nil, nil)
        else { return nil }
        defer { glib.g_variant_unref(reply) }
        guard String(cString: glib.g_variant_get_type_string(reply)!) == "(s)" else { return nil }
        let value = glib.g_variant_get_child_value(reply, 0)
        defer { glib.g_variant_unref(value) }
        return String(cString: glib.g_variant_get_string(value, nil)!)
    }

    /// Whether a call failed because the name or the connection it was sent to has no owner.
    static func isGone(_ error: GError) -> Bool {
        let code = UInt32(bitPattern: error.code)
        return error.domain == glib.g_dbus_error_quark()
            && (code == G_DBUS_ERROR_SERVICE_UNKNOWN.rawValue || code == G_DBUS_ERROR_NAME_HAS_NO_OWNER.rawValue)
    }

    /// Who the server is, such as "dunst 1.9.0 (dunst-project)".
    ///
    /// Asked through sd-bus on a connection of its own, closed after: bmd asks this at
    /// start, and GLib and libnotify load only when a notification is shown.
    func identify() -> Result<String, Unreachable> {
        if let missing = sessionBus.missing() { return .failure(Unreachable(reason: missing)) }
        var opened: OpaquePointer?
        let status = sd_bus_open_user(&opened)
        guard status >= 0, let bus = opened else {
            let address = sessionBus.environment["DBUS_SESSION_BUS_ADDRESS"].flatMap { $0.isEmpty ? nil : " at \($0)" } ?? ""
            return .failure(Unreachable(reason: "cannot connect to the session bus\(address) (\(String(cString: strerror(-status))))"))
        }
        defer { _ = sd_bus_flush_close_unref(bus) }
        do throws(Unreachable) {
            // Every question is asked with answerTimeout, not D-Bus's 25 s default: a
            // server that hangs between them must not hold the notifier's thread, and the
            // jobs queued behind it, for half a minute.
            // Asking would start a server the bus starts on demand, for nothing: the
            // reminder starts it when it comes.
            let owner = try? SessionCall(bus, to: "org.freedesktop.DBus", at: "/org/freedesktop/DBus",
                                         "org.freedesktop.DBus", "GetNameOwner", argument: ServerWatcher.serverName)
            if owner == nil {
                let activatable = try SessionCall(bus, to: "org.freedesktop.DBus", at: "/org/freedesktop/DBus",
                                                  "org.freedesktop.DBus", "ListActivatableNames")
                if bm_bus_strv_contains(activatable.reply, ServerWatcher.serverName) != 0 {
                    return .success("a notification server the session bus starts on demand")
                }
            }
            _ = try SessionCall(bus, to: ServerWatcher.serverName, at: ServerWatcher.serverPath, ServerWatcher.serverName,
                                "GetCapabilities")
            let information = try SessionCall(bus, to: ServerWatcher.serverName, at: ServerWatcher.serverPath,
                                              ServerWatcher.serverName, "GetServerInformation")
            var name: UnsafePointer<CChar>?
            var vendor: UnsafePointer<CChar>?
            var version: UnsafePointer<CChar>?
            var spec: UnsafePointer<CChar>?
            guard bm_bus_read_server_information(information.reply, &name, &vendor, &version, &spec) >= 0,
                  let name, let vendor, let version
            else { return .success("a notification server") }
            return .success("\(String(cString: name)) \(String(cString: version)) (\(String(cString: vendor)))")
        } catch {
            return .failure(error)
        }
    }

    /// Lets go of libnotify's proxy and its bus connection, as when bmd stops.
    func close() {
        guard NotifyLibraries.isLoaded else { return }
        if glib.notify_is_initted() != 0 { glib.notify_uninit() }
        if let context {
            while glib.g_main_context_iteration(context, 0) != 0 {}
            glib.g_main_context_pop_thread_default(context)
            glib.g_main_context_unref(context)
            self.context = nil
        }
    }

    /// The notifier thread's own GLib main context, made when GLib is first loaded.
    ///
    /// GDBus delivers a proxy's signals (`NotificationClosed`, the server's name changing
    /// owner) to the context of the thread that made the proxy. Nothing runs a main loop
    /// here, so the context is drained after every call; otherwise those signals would
    /// pile up for the daemon's whole life.
    private var context: OpaquePointer?

    // MARK: - The session bus

    /// Runs `body` with the session bus connected and libnotify initialized.
    ///
    /// After a failure libnotify is reset, so that the next attempt starts afresh: it keeps
    /// its proxy, and through it a bus connection, until `notify_uninit`, and a closed
    /// connection never works again.
    private func withServer<T>(_ body: (OpaquePointer) throws(Unreachable) -> T) -> Result<T, Unreachable> {
        let bus: OpaquePointer
        switch connect() {
        case .success(let connection): bus = connection
        case .failure(let failure): return .failure(failure)
        }
        defer {
            glib.g_object_unref(UnsafeMutableRawPointer(bus))
            if let context { while glib.g_main_context_iteration(context, 0) != 0 {} }
        }
        if glib.notify_is_initted() == 0 {
            _ = glib.notify_init(LibnotifyNotifier.appName)
        }
        do throws(Unreachable) {
            return .success(try body(bus))
        } catch {
            glib.notify_uninit()
            return .failure(error)
        }
    }

    /// GLib's shared session bus connection (a GDBusConnection), the one libnotify uses too:
    /// a new reference.
    private func connect() -> Result<OpaquePointer, Unreachable> {
        if let missing = sessionBus.missing() {
            return .failure(Unreachable(reason: missing))
        }
        if let failure = NotifyLibraries.load() { return .failure(failure) }
        if context == nil {
            context = glib.g_main_context_new()
            glib.g_main_context_push_thread_default(context)
        }
        for _ in 0..<2 {
            var error: UnsafeMutablePointer<GError>?
            guard let bus = glib.g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
                let address = sessionBus.environment["DBUS_SESSION_BUS_ADDRESS"].flatMap { $0.isEmpty ? nil : " at \($0)" } ?? ""
                let why = NotificationServer.message(taking: error)
                return .failure(Unreachable(reason: "cannot connect to the session bus\(address) (\(why))"))
            }
            if glib.g_dbus_connection_is_closed(bus) == 0 {
                // By default GLib raises SIGTERM in the whole process when the shared
                // session connection closes; bmd must outlive a session bus that ends.
                glib.g_dbus_connection_set_exit_on_close(bus, 0)
                ServerWatcher.listenOnLibnotify(bus)
                return .success(bus)
            }
            // The bus it was on has gone. Once libnotify lets go of it as well, GLib
            // connects anew.
            ServerWatcher.forget(bus)
            glib.g_object_unref(UnsafeMutableRawPointer(bus))
            glib.notify_uninit()
        }
        return .failure(Unreachable(reason: "the connection to the session bus was closed"))
    }

    /// The name GNOME Shell gives itself in `GetServerInformation`.
    static let gnomeShell = "gnome-shell"

    /// The server's name, as `GetServerInformation` gives it (such as "dunst" or "gnome-shell").
    private func serverName(_ bus: OpaquePointer) throws(Unreachable) -> String {
        try NotificationServer.name(of: "org.freedesktop.Notifications", on: bus)
    }

    /// The name the server at bus name `destination` gives itself.
    private static func name(of destination: String, on bus: OpaquePointer) throws(Unreachable) -> String {
        var error: UnsafeMutablePointer<GError>?
        guard let reply = glib.g_dbus_connection_call_sync(
            bus, destination, "/org/freedesktop/Notifications", "org.freedesktop.Notifications",
            "GetServerInformation", nil, nil, G_DBUS_CALL_FLAGS_NONE, NotificationServer.answerTimeout, nil, &error)
        else {
            throw NotificationServer.unreachable(taking: error)
        }
        defer { glib.g_variant_unref(reply) }
        guard String(cString: glib.g_variant_get_type_string(reply)!) == "(ssss)" else { return "" }
        let name = glib.g_variant_get_child_value(reply, 0)
        defer { glib.g_variant_unref(name) }
        return String(cString: glib.g_variant_get_string(name, nil)!)
    }

    /// The server's capabilities (`GetCapabilities`), asked with `answerTimeout`.
    private func capabilities(_ bus: OpaquePointer) throws(Unreachable) -> Set<String> {
        var error: UnsafeMutablePointer<GError>?
        guard let reply = glib.g_dbus_connection_call_sync(
            bus, "org.freedesktop.Notifications", "/org/freedesktop/Notifications", "org.freedesktop.Notifications",
            "GetCapabilities", nil, nil, G_DBUS_CALL_FLAGS_NONE, NotificationServer.answerTimeout, nil, &error)
        else {
            throw NotificationServer.unreachable(taking: error)
        }
        defer { glib.g_variant_unref(reply) }
        guard String(cString: glib.g_variant_get_type_string(reply)!) == "(as)" else { return [] }
        let list = glib.g_variant_get_child_value(reply, 0)
        defer { glib.g_variant_unref(list) }
        var count: gsize = 0
        // The array is ours to free; the strings in it belong to the variant.
        guard let strings = glib.g_variant_get_strv(list, &count) else { return [] }
        defer { glib.g_free(strings) }
        return Set((0..<Int(count)).compactMap { strings[$0].map { String(cString: $0) } })
    }

    // MARK: - Errors

    /// Why a D-Bus call to the server failed, in the user's words; frees `error`.
    static func unreachable(taking error: UnsafeMutablePointer<GError>?) -> Unreachable {
        guard let error else { return Unreachable(reason: "the notification server could not be reached") }
        if let reason = everydayReason(error.pointee) {
            glib.g_error_free(error)
            return Unreachable(reason: reason)
        }
        return Unreachable(reason: message(taking: error))
    }

    /// Plain words for the failures that have an everyday cause; nil for the others,
    /// which keep GLib's message.
    /// Why nothing can show when no process owns the notification server's name.
    static let noServer = "no notification server is running in this session "
        + "(nothing provides org.freedesktop.Notifications on the session bus)"

    private static func everydayReason(_ error: GError) -> String? {
        let code = UInt32(bitPattern: error.code)
        let noAnswer = "the notification server did not answer in time"
        if error.domain == glib.g_dbus_error_quark() {
            switch code {
            case G_DBUS_ERROR_SERVICE_UNKNOWN.rawValue, G_DBUS_ERROR_NAME_HAS_NO_OWNER.rawValue: return noServer
            case G_DBUS_ERROR_NO_REPLY.rawValue, G_DBUS_ERROR_TIMEOUT.rawValue, G_DBUS_ERROR_TIMED_OUT.rawValue: return noAnswer
            default: return nil
            }
        }
        if error.domain == glib.g_io_error_quark() {
            switch code {
            case G_IO_ERROR_TIMED_OUT.rawValue: return noAnswer
            case G_IO_ERROR_CLOSED.rawValue: return "the connection to the session bus was closed"
            default: return nil
            }
        }
        return nil
    }

    /// A GError's message without GDBus's "GDBus.Error:name:" prefix; frees `error`.
    static func message(taking error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "unknown error" }
        defer { glib.g_error_free(error) }
        _ = glib.g_dbus_error_strip_remote_error(error)
        return error.pointee.message.map { String(cString: $0) } ?? "unknown error"
    }
}

/// What the user did with the reminder's popup: the action's key on the bus.
public enum ReminderAction: String, Sendable {
    /// Clicked the popup: open today's routine, in the window or else a terminal.
    case open = "default"
    /// Pressed "✓ <first task>".
    case check
}

/// A notification a server showed: its id, and the unique bus name of the server that
/// gave it (ids are the server's own).
public struct ShownNotification: Sendable, Equatable {
    public var id: UInt32
    /// Nil when the bus could not say who owned the server's name.
    public var server: String?
    /// The session bus it was shown on, by its GUID; nil when not known.
    public var bus: String?

    public init(id: UInt32, server: String?, bus: String? = nil) {
        self.id = id
        self.server = server
        self.bus = bus
    }

    /// Whether notification `id` of `server` on `bus` is this one. A notification is known
    /// by its bus as well as its server and id: after a logout and login, a new bus's
    /// server may have the same unique name and give another application's notification
    /// the same id. Without a known bus nothing is this one.
    func isNotification(_ id: UInt32, of server: String?, on bus: String?) -> Bool {
        self.id == id && server != nil && self.server == server && self.bus != nil && self.bus == bus
    }
}

/// Why no notification server was reached, in words for the user.
struct Unreachable: Error, Equatable {
    var reason: String
}

/// Text for a notification body, which servers with the `body-markup` capability read as
/// a subset of HTML: a task titled "Coffee & news" must not be taken for markup.
enum BodyMarkup {
    /// `text` with `&`, `<` and `>` written as entities.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.append(character)
            }
        }
        return out
    }
}

/// One method call on sd-bus, answered within `NotificationServer.answerTimeout`: its
/// reply, which it frees when it goes.
final class SessionCall {
    let reply: OpaquePointer

    /// Calls `member` on `destination` and waits for the reply; throws why none came, in
    /// the user's words.
    init(_ bus: OpaquePointer, to destination: String, at path: String, _ interface: String, _ member: String,
         argument: String? = nil) throws(Unreachable) {
        var error = sd_bus_error()
        defer { sd_bus_error_free(&error) }
        var reply: OpaquePointer?
        let status = bm_bus_call(bus, destination, path, interface, member, argument,
                                 UInt64(NotificationServer.answerTimeout) * 1000, &error, &reply)
        guard status >= 0, let reply else { throw SessionCall.unreachable(status, error) }
        self.reply = reply
    }

    deinit { sd_bus_message_unref(reply) }

    /// Plain words for why a call failed: the everyday causes named, others in sd-bus's words.
    static func unreachable(_ status: Int32, _ error: sd_bus_error) -> Unreachable {
        let name = error.name.map { String(cString: $0) }
        switch name {
        case "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner":
            return Unreachable(reason: NotificationServer.noServer)
        case "org.freedesktop.DBus.Error.NoReply", "org.freedesktop.DBus.Error.Timeout", "org.freedesktop.DBus.Error.TimedOut":
            return Unreachable(reason: "the notification server did not answer in time")
        default: break
        }
        switch -status {
        case ETIMEDOUT: return Unreachable(reason: "the notification server did not answer in time")
        case ECONNRESET, ENOTCONN: return Unreachable(reason: "the connection to the session bus was closed")
        default: break
        }
        if let message = error.message { return Unreachable(reason: String(cString: message)) }
        return Unreachable(reason: name ?? String(cString: strerror(-status)))
    }
}
