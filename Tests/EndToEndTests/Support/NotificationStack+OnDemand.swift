import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A notification server the stack's bus starts on demand, as Debian's dunst package sets up.
extension NotificationStack {
    /// A folder of D-Bus service files naming dunst as the notification server, as
    /// /usr/share/dbus-1/services does on Debian. The display and the dunstrc are read
    /// when the bus starts it, once they exist.
    func writeServiceFile() throws -> String {
        let services = folder.appendingPathComponent("services")
        try FileManager.default.createDirectory(at: services, withIntermediateDirectories: true)
        let start = folder.appendingPathComponent("start-dunst")
        let display = folder.appendingPathComponent("display").path
        let dunstrc = folder.appendingPathComponent("dunstrc").path
        try ChildProcess.writeProgram(
            "#!/bin/sh\nexec env DISPLAY=\"$(cat '\(display)')\" /usr/bin/dunst -config '\(dunstrc)' 2>>'\(folder.path)/dunst.log'\n",
            to: start.path)
        try """
            [D-BUS Service]
            Name=org.freedesktop.Notifications
            Exec=\(start.path)
            """.write(to: services.appendingPathComponent("org.freedesktop.Notifications.service"), atomically: true, encoding: .utf8)
        return services.path
    }
}
