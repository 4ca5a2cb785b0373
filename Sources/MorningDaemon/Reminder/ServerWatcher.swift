import CNotify
import Foundation

/// Watches who owns org.freedesktop.Notifications on the session bus, so that bmd knows
/// at once when a notification server starts or stops, not at the next reminder; and
/// hears what the server says of its notifications (an activation token, an action
/// invoked, a notification closed), only from that owner, or, where the server is GNOME
/// Shell's helper, only from the shell itself.
///
/// GNOME Shell 43 serves the notifications through a helper (gjs) that sends each
/// signal only to the connection that showed the notification: once bmd restarted, that
/// connection is gone, and a click on the reminder it left on screen would reach no
/// one. The shell itself, the owner of org.gnome.Shell, also sends every such signal to
/// all: there those are the ones heard, as the helper's, and the helper's own copies
/// not, or a live bmd would act on one click twice.
///
/// GDBus reports the owner through `NameOwnerChanged`, delivered to the GLib main context
/// of the thread that asked; this watcher runs a main loop of its own on a thread of its
/// own, which only ever waits for those signals.
final class ServerWatcher: @unchecked Sendable {
    /// What the notification server said of a notification, with the unique bus name it
    /// came from.
    enum Signal: Equatable {
        case invoked(id: UInt32, key: String, sender: String, bus: String?)
        /// The token that lets the program an action brings up take the focus, sent just
        /// before the action (servers that follow version 1.2 of the notification spec).
        case activationToken(id: UInt32, token: String, sender: String, bus: String?)
        case closed(id: UInt32, sender: String, bus: String?)
    }

    /// Whether a notification server is there.
    enum Presence: Equatable {
        /// A process owns the name: its unique bus name.
        case running(String)
        /// None runs, but the bus starts one when a notification comes (a D-Bus service
        /// file names it, as dunst's does on Debian).
        case startedOnDemand
        case absent
    }

    /// Called on the watcher's thread whenever the server comes or goes; set once, by
    /// `start`, before the thread runs.
    private var changed: @Sendable (Presence) -> Void = { _ in }
    /// Called with each signal the owner of the name sent, on a GDBus thread.
    private var heard: @Sendable (Signal) -> Void = { _ in }
    /// Called on the watcher's thread, instead of `changed`, when it cannot watch at all.
    private var failed: @Sendable (String) -> Void = { _ in }
    /// The unique name of the server's process now; guarded by `lock`.
    private var owner: String?
    /// Whether that server names itself GNOME Shell's; guarded by `lock`.
    private var serverIsShell = false
    /// The unique name of GNOME Shell's process (the owner of org.gnome.Shell), nil where
    /// none runs; guarded by `lock`.
    private var shellOwner: String?
    /// The GUID of the session bus watched, which the signals come from; guarded by `lock`.
    private var bus: String?
    private let lock = NSLock()
    /// The running loop, to quit; guarded by `lock`.
    private var loop: OpaquePointer?
    private var stopped = false

    /// Starts watching on a new thread; the first call of `changed` says who owns the name now.
    func start(changed: @escaping @Sendable (Presence) -> Void, heard: @escaping @Sendable (Signal) -> Void,
               failed: @escaping @Sendable (String) -> Void) {
        self.changed = changed
        self.heard = heard
        self.failed = failed
        let thread = Thread { [self] in
            nameThisThread("bmd notif-watch")
            run()
        }
        thread.start()
    }

    /// Ends the watch and its thread.
    func stop() {
        lock.withLock {
            stopped = true
            if let loop { glib.g_main_loop_quit(loop) }
        }
    }

    private func run() {
        if let failure = NotifyLibraries.load() {
            failed(failure.reason)
            return
        }
        let context = glib.g_main_context_new()
        glib.g_main_context_push_thread_default(context)
        defer {
            glib.g_main_context_pop_thread_default(context)
            glib.g_main_context_unref(context)
        }
        // A connection of its own, not GLib's shared one that libnotify uses: the notifier
        // lets go of that one to start afresh when the bus closed, which a reference held
        // here would prevent.
        var error: UnsafeMutablePointer<GError>?
        guard let cAddress = glib.g_dbus_address_get_for_bus_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            failed(Self.message(of: error, else: "no session bus address"))
            return
        }
        let address = String(cString: cAddress)
        glib.g_free(cAddress)
        let flags = GDBusConnectionFlags(rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
                                         | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
        let connected = glib.g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error)
        guard let bus = connected else {
            failed(Self.message(of: error, else: "could not connect to the session bus"))
            return
        }
        defer {
            _ = glib.g_dbus_connection_close_sync(bus, nil, nil)
            glib.g_object_unref(UnsafeMutableRawPointer(bus))
        }
        // Which run of the session bus the signals come from.
        let guid = NotificationServer.guid(of: bus)
        lock.withLock { self.bus = guid }
        let me = Unmanaged.passRetained(self)
        let appeared: GBusNameAppearedCallback = { connection, _, owner, data in
            guard let data else { return }
            let watcher = Unmanaged<ServerWatcher>.fromOpaque(data).takeUnretainedValue()
            let name = owner.map { String(cString: $0) }
            let isShell = connection.map { NotificationServer.isGnomeShell($0, owner: name) } ?? false
            watcher.lock.withLock {
                watcher.owner = name
                watcher.serverIsShell = isShell
            }
            watcher.changed(name.map(Presence.running) ?? .absent)
        }
        let vanished: GBusNameVanishedCallback = { connection, _, data in
            guard let data else { return }
            let watcher = Unmanaged<ServerWatcher>.fromOpaque(data).takeUnretainedValue()
            watcher.lock.withLock {
                watcher.owner = nil
                watcher.serverIsShell = false
            }
            if let connection, glib.g_dbus_connection_is_closed(connection) == 0, NotificationServer.isStartedOnDemand(connection) {
                watcher.changed(.startedOnDemand)
            } else {
                watcher.changed(.absent)
            }
            // The bus itself has gone: the watch ends, and with it the reference to GLib's
            // shared connection, which GLib replaces only once nothing holds the closed one.
            if let connection, glib.g_dbus_connection_is_closed(connection) != 0 { watcher.stop() }
        }
        let watch = glib.g_bus_watch_name_on_connection(bus, "org.freedesktop.Notifications", G_BUS_NAME_WATCHER_FLAGS_NONE,
                                                   appeared, vanished, me.toOpaque(), nil)
        let shellAppeared: GBusNameAppearedCallback = { _, _, owner, data in
            guard let data else { return }
            let watcher = Unmanaged<ServerWatcher>.fromOpaque(data).takeUnretainedValue()
            watcher.lock.withLock { watcher.shellOwner = owner.map { String(cString: $0) } }
        }
        let shellVanished: GBusNameVanishedCallback = { _, _, data in
            guard let data else { return }
            let watcher = Unmanaged<ServerWatcher>.fromOpaque(data).takeUnretainedValue()
            watcher.lock.withLock { watcher.shellOwner = nil }
        }
        let shellWatch = glib.g_bus_watch_name_on_connection(bus, "org.gnome.Shell", G_BUS_NAME_WATCHER_FLAGS_NONE,
                                                        shellAppeared, shellVanished, me.toOpaque(), nil)
        let listening = listen(address: address, flags: flags, me: me.toOpaque())
        let loop = glib.g_main_loop_new(context, 0)
        let go = lock.withLock {
            self.loop = loop
            return !stopped
        }
        if go { glib.g_main_loop_run(loop) }
        lock.withLock { self.loop = nil }
        listening.end()
        glib.g_bus_unwatch_name(watch)
        glib.g_bus_unwatch_name(shellWatch)
        // The unwatch's last callbacks, if any, run before self is let go.
        while glib.g_main_context_iteration(context, 0) != 0 {}
        glib.g_main_loop_unref(loop)
        me.release()
    }

    /// What the C shims read of one signal (kind 1: ActionInvoked, 2: NotificationClosed,
    /// 3: ActivationToken), handed to the watcher that `watcher` points at; the two ways of
    /// hearing signals (a monitor's filter, a subscription) both end here.
    fileprivate static func heard(_ kind: Int32, id: UInt32, key: UnsafePointer<gchar>?, sender: UnsafePointer<gchar>,
                                  watcher: UnsafeMutableRawPointer) {
        let watcher = Unmanaged<ServerWatcher>.fromOpaque(watcher).takeUnretainedValue()
        let from = String(cString: sender)
        let bus = watcher.lock.withLock { watcher.bus }
        if kind == 1, let key {
            watcher.hear(.invoked(id: id, key: String(cString: key), sender: from, bus: bus))
        } else if kind == 2 {
            watcher.hear(.closed(id: id, sender: from, bus: bus))
        } else if kind == 3, let key {
            watcher.hear(.activationToken(id: id, token: String(cString: key), sender: from, bus: bus))
        }
    }

    /// Passes on `signal` if the server's current process sent it, or, where the server is
    /// GNOME Shell's helper, if the shell sent it (then as the helper's): any client on the
    /// bus can send a signal that looks like the server's.
    fileprivate func hear(_ signal: Signal) {
        let sender: String
        switch signal {
        case .invoked(_, _, let from, _), .closed(_, let from, _), .activationToken(_, _, let from, _): sender = from
        }
        let server: String? = lock.withLock {
            if serverIsShell, let shellOwner { return shellOwner == sender ? owner : nil }
            return owner == sender ? owner : nil
        }
        guard let server else { return }
        switch signal {
        case .invoked(let id, let key, _, let bus): heard(.invoked(id: id, key: key, sender: server, bus: bus))
        case .closed(let id, _, let bus): heard(.closed(id: id, sender: server, bus: bus))
        case .activationToken(let id, let token, _, let bus): heard(.activationToken(id: id, token: token, sender: server, bus: bus))
        }
    }

    /// What listens to the server's signals, to end when the watch ends.
    private struct Listening {
        var end: () -> Void
    }

    /// Listens to the server's signals: as a monitor, on a connection of its own, so that
    /// those sent to a previous bmd's name are heard too; where the bus refuses a monitor,
    /// on GLib's shared connection, the one libnotify shows notifications on, which hears
    /// those sent to this bmd.
    private func listen(address: String, flags: GDBusConnectionFlags, me: UnsafeMutableRawPointer) -> Listening {
        var error: UnsafeMutablePointer<GError>?
        if let monitor = glib.g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error) {
            let filter: GDBusMessageFilterFunction = { _, message, incoming, data in
                guard incoming != 0, let message, let data else { return message }
                var id: UInt32 = 0
                var key: UnsafePointer<gchar>?
                var sender: UnsafePointer<gchar>?
                let kind = bm_notification_message(glibTable, message, &id, &key, &sender)
                guard kind != 0, let sender else { return message }
                ServerWatcher.heard(kind, id: id, key: key, sender: sender, watcher: data)
                return message
            }
            let filterID = glib.g_dbus_connection_add_filter(monitor, filter, me, nil)
            if bm_become_notification_monitor(glibTable, monitor, NotificationServer.answerTimeout, &error) != 0 {
                return Listening {
                    glib.g_dbus_connection_remove_filter(monitor, filterID)
                    _ = glib.g_dbus_connection_close_sync(monitor, nil, nil)
                    glib.g_object_unref(UnsafeMutableRawPointer(monitor))
                }
            }
            glib.g_dbus_connection_remove_filter(monitor, filterID)
            _ = glib.g_dbus_connection_close_sync(monitor, nil, nil)
            glib.g_object_unref(UnsafeMutableRawPointer(monitor))
        }
        if let error { glib.g_error_free(error) }
        // The server sends its signals only to the connection that showed the
        // notification: libnotify's, GLib's shared one. Its signals come here, to this
        // thread's loop.
        guard let shared = glib.g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) else { return Listening {} }
        // By default GLib ends the process when the shared connection closes; bmd outlives the bus.
        glib.g_dbus_connection_set_exit_on_close(shared, 0)
        let onSignal: GDBusSignalCallback = { _, sender, _, _, member, parameters, data in
            guard let data, let sender else { return }
            var id: UInt32 = 0
            var key: UnsafePointer<gchar>?
            let kind = bm_notification_signal(glibTable, member, parameters, &id, &key)
            ServerWatcher.heard(kind, id: id, key: key, sender: sender, watcher: data)
        }
        let subscription = glib.g_dbus_connection_signal_subscribe(shared, nil, "org.freedesktop.Notifications", nil,
                                                              "/org/freedesktop/Notifications", nil,
                                                              G_DBUS_SIGNAL_FLAGS_NONE, onSignal, me, nil)
        return Listening {
            glib.g_dbus_connection_signal_unsubscribe(shared, subscription)
            glib.g_object_unref(UnsafeMutableRawPointer(shared))
        }
    }

    /// GLib's message of `error`, which it frees, or `fallback` when there is none.
    private static func message(of error: UnsafeMutablePointer<GError>?, else fallback: String) -> String {
        guard let error else { return fallback }
        defer { glib.g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) } ?? fallback
    }
}
