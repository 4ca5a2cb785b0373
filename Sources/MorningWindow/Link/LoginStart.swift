import CAdwaita

/// Whether bmd starts when the person logs in, as systemd's user manager says of
/// `bmd.socket`: without it no reminder comes until something starts bmd.
public enum LoginStart: Equatable, Sendable {
    case on
    case off
    /// The user manager could not say (none runs, as in a session without systemd): why.
    case unknown(String)

    /// The socket's unit file state as `systemctl --user is-enabled` names it: "enabled",
    /// or a unit another one pulls in ("static", "generated"), starts at login.
    public init(unitFileState state: String) {
        self = ["enabled", "enabled-runtime", "static", "generated"].contains(state) ? .on : .off
    }

    /// What the preferences say of it.
    public var words: String {
        switch self {
        case .on: "bmd starts when you log in, so the reminder comes every morning."
        case .off: "bmd does not start when you log in: until something starts it, no reminder comes."
        case .unknown(let reason): "Whether bmd starts when you log in is not known: \(reason)."
        }
    }
}

/// systemd's user manager over D-Bus, asked without blocking GLib's loop: whether
/// `bmd.socket` starts at login, and turning that on (enabled as `systemctl --user
/// enable --now bmd.socket` does: enabled, the manager reloaded, the socket started).
@MainActor
enum SystemdUser {
    static let unit = "bmd.socket"
    private static let name = "org.freedesktop.systemd1"
    private static let path = "/org/freedesktop/systemd1"
    private static let manager = "org.freedesktop.systemd1.Manager"

    /// Calls `done` with whether bmd starts at login.
    static func ask(_ done: @escaping @MainActor (LoginStart) -> Void) {
        call("GetUnitFileState", [g_variant_new_string(unit)]) { reply in
            switch reply {
            case .success(let value): done(LoginStart(unitFileState: firstString(value) ?? ""))
            case .failure(let reason): done(.unknown(reason.text))
            }
        }
    }

    /// Enables and starts `bmd.socket`, then calls `done` with the state the manager then
    /// reports, or with what failed.
    static func enable(_ done: @escaping @MainActor (Result<LoginStart, Failure>) -> Void) {
        var units = [UnsafePointer<CChar>?]()
        unit.withCString { units = [UnsafePointer(strdup($0))] }
        let list = g_variant_new_strv(&units, 1)!
        free(UnsafeMutableRawPointer(mutating: units[0]))
        // Not for this boot only (runtime false); replacing links that are in the way (force true).
        call("EnableUnitFiles", [list, g_variant_new_boolean(0), g_variant_new_boolean(1)]) { enabled in
            if case .failure(let reason) = enabled { return done(.failure(reason)) }
            call("Reload", []) { reloaded in
                if case .failure(let reason) = reloaded { return done(.failure(reason)) }
                call("StartUnit", [g_variant_new_string(unit), g_variant_new_string("replace")]) { started in
                    if case .failure(let reason) = started { return done(.failure(reason)) }
                    ask { done(.success($0)) }
                }
            }
        }
    }

    /// A D-Bus error, in the words GLib gives it.
    struct Failure: Error, Equatable {
        let text: String
    }

    /// The first child of a reply tuple, when it is a string.
    private static func firstString(_ value: OpaquePointer) -> String? {
        guard g_variant_n_children(value) > 0, let child = g_variant_get_child_value(value, 0) else { return nil }
        defer { g_variant_unref(child) }
        return g_variant_get_string(child, nil).map { String(cString: $0) }
    }

    /// Calls `method` of the manager on the session bus with `arguments` (floating
    /// variants, taken by the call); `done` gets the reply tuple, which lives until it returns.
    private static func call(_ method: String, _ arguments: [OpaquePointer?],
                             _ done: @escaping @MainActor (Result<OpaquePointer, Failure>) -> Void) {
        var children = arguments
        let tuple = g_variant_ref_sink(g_variant_new_tuple(&children, gsize(children.count)))!
        // Held by GLib's callbacks until the call ends (released in `finish`).
        let pending = Unmanaged.passRetained(SystemdCall(method, tuple, done)).toOpaque()
        g_bus_get(G_BUS_TYPE_SESSION, nil, busReadyCallback, pending)
    }

    fileprivate static func busReady(_ data: UnsafeMutableRawPointer, _ result: OpaquePointer?) {
        let pending = Unmanaged<SystemdCall>.fromOpaque(data).takeUnretainedValue()
        var error: UnsafeMutablePointer<GError>?
        guard let bus = g_bus_get_finish(result, &error) else {
            return finish(data, .failure(Failure(text: message(error))))
        }
        // Held until the call ends, which finishes on this same connection (released in `finish`).
        pending.bus = bus
        g_dbus_connection_call(bus, name, path, manager, pending.method, pending.arguments, nil,
                               G_DBUS_CALL_FLAGS_NONE, 25_000, nil, callDoneCallback, data)
    }

    fileprivate static func callDone(_ data: UnsafeMutableRawPointer, _ result: OpaquePointer?) {
        let pending = Unmanaged<SystemdCall>.fromOpaque(data).takeUnretainedValue()
        var error: UnsafeMutablePointer<GError>?
        guard let reply = g_dbus_connection_call_finish(pending.bus, result, &error) else {
            return finish(data, .failure(Failure(text: message(error))))
        }
        defer { g_variant_unref(reply) }
        finish(data, .success(reply))
    }

    private static func finish(_ data: UnsafeMutableRawPointer, _ result: Result<OpaquePointer, Failure>) {
        let pending = Unmanaged<SystemdCall>.fromOpaque(data).takeRetainedValue()
        g_variant_unref(pending.arguments)
        if let bus = pending.bus { g_object_unref(UnsafeMutableRawPointer(bus)) }
        pending.done(result)
    }

    /// GLib's message for `error`, freed; without the remote error's name GDBus puts first.
    private static func message(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "no answer" }
        defer { g_error_free(error) }
        _ = g_dbus_error_strip_remote_error(error)
        return String(cString: error.pointee.message)
    }
}

/// One call to the manager while it runs: what to call and who hears the answer.
private final class SystemdCall {
    let method: String
    let arguments: OpaquePointer
    /// The session bus, once reached.
    var bus: OpaquePointer?
    let done: @MainActor (Result<OpaquePointer, SystemdUser.Failure>) -> Void
    init(_ method: String, _ arguments: OpaquePointer, _ done: @escaping @MainActor (Result<OpaquePointer, SystemdUser.Failure>) -> Void) {
        self.method = method
        self.arguments = arguments
        self.done = done
    }
}

/// GLib's callback when the session bus is reached; it runs on the main thread, whose
/// default context made the call.
private let busReadyCallback: @convention(c) (UnsafeMutablePointer<GObject>?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { _, result, data in
    nonisolated(unsafe) let (result, data) = (result, data)
    MainActor.assumeIsolated { SystemdUser.busReady(data!, result) }
}

/// GLib's callback when the manager answered.
private let callDoneCallback: @convention(c) (UnsafeMutablePointer<GObject>?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { _, result, data in
    nonisolated(unsafe) let (result, data) = (result, data)
    MainActor.assumeIsolated { SystemdUser.callDone(data!, result) }
}
