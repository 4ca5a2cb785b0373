import Foundation
import Testing

/// libnotify and GLib are loaded only when bmd first needs the session bus for
/// notifications: a bmd that has none holds none of their memory.
@Suite("End to end: the notification libraries load only when needed")
struct NotifyLibrariesTests {
    @Test("Without a session bus, a bmd that served a write and a status has loaded neither libnotify nor GLib, and says notifications are unavailable")
    func noBusNoLibraries() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        let daemon = try box.startDaemon()
        #expect(try box.bmctl("activate", "kant").status == 0)
        let status = try box.bmctl("status", "--json").object
        let notifications = try #require(status["notifications"] as? [String: Any])
        #expect(notifications["available"] as? Bool == false)
        #expect((notifications["reason"] as? String)?.contains("no session bus") == true, "\(notifications)")
        // Foundation reads a /proc file only as far as its first block.
        let maps = try box.run("/bin/cat", ["/proc/\(daemon.pid)/maps"], environment: box.baseEnvironment).stdout
        #expect(maps.contains("libsystemd"), "the maps were not read: \(maps.prefix(200))")
        for library in ["libnotify", "libglib-2.0", "libgio-2.0", "libgobject-2.0"] {
            #expect(!maps.contains(library), "\(library) is loaded")
        }
        try box.stopDaemon()
    }
}
