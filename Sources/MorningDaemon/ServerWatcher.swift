import CNotify
import Foundation

/// Watches who owns org.freedesktop.Notifications on the session bus, so that bmd knows
/// at once when a notification server starts or stops, not at the next reminder.
///
/// GDBus reports the owner through `NameOwnerChanged`, delivered to the GLib main context
/// of the thread that asked; this watcher runs a main loop of its own on a thread of its
/// own, which only ever waits for those signals.
final class ServerWatcher: @unchecked Sendable {
    /// Called on the watcher's thread with the server's unique bus name, nil when none
    /// owns the name; set once, by `start`, before the thread runs.
    private var changed: @Sendable (String?) -> Void = { _ in }
    /// Called on the watcher's thread with a notification's id and the action's key.
    private var invoked: @Sendable (UInt32, String) -> Void = { _, _ in }
    /// Called on the watcher's thread, instead of `changed`, when it cannot watch at all.
    private var failed: @Sendable (String) -> Void = { _ in }
    private let lock = NSLock()
    /// The running loop, to quit; guarded by `lock`.
    private var loop: OpaquePointer?
    private var stopped = false

    /// Starts watching on a new thread; the first call of `changed` says who owns the name now.
    func start(changed: @escaping @Sendable (String?) -> Void, invoked: @escaping @Sendable (UInt32, String) -> Void,
               failed: @escaping @Sendable (String) -> Void) {
        self.changed = changed
        self.invoked = invoked
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
            if let loop { g_main_loop_quit(loop) }
        }
    }

    private func run() {
        let context = g_main_context_new()
        g_main_context_push_thread_default(context)
        defer {
            g_main_context_pop_thread_default(context)
            g_main_context_unref(context)
        }
        // A connection of its own, not GLib's shared one that libnotify uses: the notifier
        // lets go of that one to start afresh when the bus closed, which a reference held
        // here would prevent.
        var error: UnsafeMutablePointer<GError>?
        guard let address = g_dbus_address_get_for_bus_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            failed(Self.message(of: error, else: "no session bus address"))
            return
        }
        let flags = GDBusConnectionFlags(rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
                                         | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
        let connected = g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error)
        g_free(address)
        guard let bus = connected else {
            failed(Self.message(of: error, else: "could not connect to the session bus"))
            return
        }
        defer {
            g_dbus_connection_close_sync(bus, nil, nil)
            g_object_unref(UnsafeMutableRawPointer(bus))
        }
        let me = Unmanaged.passRetained(self)
        let appeared: GBusNameAppearedCallback = { _, _, owner, data in
            guard let data else { return }
            let watcher = Unmanaged<ServerWatcher>.fromOpaque(data).takeUnretainedValue()
            watcher.changed(owner.map { String(cString: $0) })
        }
        let vanished: GBusNameVanishedCallback = { connection, _, data in
            guard let data else { return }
            let watcher = Unmanaged<ServerWatcher>.fromOpaque(data).takeUnretainedValue()
            watcher.changed(nil)
            // The bus itself has gone: the watch ends, and with it the reference to GLib's
            // shared connection, which GLib replaces only once nothing holds the closed one.
            if let connection, g_dbus_connection_is_closed(connection) != 0 { watcher.stop() }
        }
        let watch = g_bus_watch_name_on_connection(bus, "org.freedesktop.Notifications", G_BUS_NAME_WATCHER_FLAGS_NONE,
                                                   appeared, vanished, me.toOpaque(), nil)
        // The server sends ActionInvoked only to the connection that showed the
        // notification: libnotify's, GLib's shared one. Its signals come here, to this
        // thread's loop.
        let shared = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil)
        // By default GLib ends the process when the shared connection closes; bmd outlives the bus.
        if let shared { g_dbus_connection_set_exit_on_close(shared, 0) }
        let onAction: GDBusSignalCallback = { _, _, _, _, _, parameters, data in
            guard let data, let parameters, String(cString: g_variant_get_type_string(parameters)) == "(us)" else { return }
            let idValue = g_variant_get_child_value(parameters, 0)
            let keyValue = g_variant_get_child_value(parameters, 1)
            defer {
                g_variant_unref(idValue)
                g_variant_unref(keyValue)
            }
            let key = String(cString: g_variant_get_string(keyValue, nil))
            Unmanaged<ServerWatcher>.fromOpaque(data).takeUnretainedValue().invoked(g_variant_get_uint32(idValue), key)
        }
        let subscription = shared.map {
            g_dbus_connection_signal_subscribe($0, nil, "org.freedesktop.Notifications", "ActionInvoked",
                                               "/org/freedesktop/Notifications", nil, G_DBUS_SIGNAL_FLAGS_NONE,
                                               onAction, me.toOpaque(), nil)
        }
        defer {
            if let shared {
                if let subscription { g_dbus_connection_signal_unsubscribe(shared, subscription) }
                g_object_unref(UnsafeMutableRawPointer(shared))
            }
        }
        let loop = g_main_loop_new(context, 0)
        let go = lock.withLock {
            self.loop = loop
            return !stopped
        }
        if go { g_main_loop_run(loop) }
        lock.withLock { self.loop = nil }
        g_bus_unwatch_name(watch)
        // The unwatch's last callbacks, if any, run before self is let go.
        while g_main_context_iteration(context, 0) != 0 {}
        g_main_loop_unref(loop)
        me.release()
    }

    /// GLib's message of `error`, which it frees, or `fallback` when there is none.
    private static func message(of error: UnsafeMutablePointer<GError>?, else fallback: String) -> String {
        guard let error else { return fallback }
        defer { g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) } ?? fallback
    }
}
