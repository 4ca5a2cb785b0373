import Foundation

/// Where this process finds the session bus, before asking GLib to connect to it.
///
/// GLib, finding neither `DBUS_SESSION_BUS_ADDRESS` nor `$XDG_RUNTIME_DIR/bus`, would run
/// `dbus-launch --autolaunch` and start a private bus that no notification server is on;
/// bmd checks first and reports "no session bus" instead.
struct SessionBus: Sendable {
    var environment: [String: String]

    /// Nil when a session bus can be tried, or why there is none.
    func missing() -> String? {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return nil }
        guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else {
            return "there is no session bus (neither DBUS_SESSION_BUS_ADDRESS nor XDG_RUNTIME_DIR is set)"
        }
        let socket = runtime + "/bus"
        if FileManager.default.fileExists(atPath: socket) { return nil }
        return "there is no session bus (DBUS_SESSION_BUS_ADDRESS is not set and \(socket) does not exist)"
    }
}
