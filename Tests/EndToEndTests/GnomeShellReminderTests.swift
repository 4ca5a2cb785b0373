import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The reminder on GNOME Shell itself, Debian's default desktop, headless: it comes at the
/// first task's minute, stays on screen while the person is at the computer, and its
/// "✓" button checks the first task, also after bmd restarted. Skipped (and reported as
/// skipped) where GNOME Shell is not installed.
// Rule N7.
@Suite("End to end: the reminder on GNOME Shell", .serialized, .enabled(if: GnomeShell.installed, "GNOME Shell is not installed"))
struct GnomeShellReminderTests {
    static let summary = "Good morning — Charles Darwin"

    /// The run's shell, emptied of any notification an earlier test left.
    static func shell() throws -> GnomeShell {
        let shell = try GnomeShell.shared.get()
        try shell.clear()
        return shell
    }

    /// A sandbox (`given`, or a new one) where Darwin's routine starts on Tuesday, with bmd
    /// started on `shell` two seconds before its first task, on Tuesday; returns it and the
    /// first task's title.
    static func reminderDue(on shell: GnomeShell, in given: Sandbox? = nil,
                            environment: [String: String] = [:]) throws -> (Sandbox, String) {
        let box = try given ?? Sandbox(zone: "Europe/Berlin", time: "2026-03-02 08:00:00")
        try box.startDaemon(environment: shell.environment)
        #expect(try box.bmctl("activate", "darwin").status == 0)
        let darwin = try #require(try box.bmctl("explore", "darwin", "--json").array.first as? [String: Any])
        let first = try #require((darwin["tasks"] as? [[String: Any]])?.first)
        let time = try #require(first["time"] as? String)
        let title = try #require(first["title"] as? String)
        try box.stopDaemon()
        let (hour, minute) = (Int(time.prefix(2))!, Int(time.suffix(2))!)
        let start = (hour * 60 + minute) * 60 - 2
        box.setClock(String(format: "2026-03-03 %02d:%02d:%02d", start / 3600, start / 60 % 60, start % 60))
        try box.startDaemon(environment: shell.environment.merging(environment) { $1 })
        return (box, title)
    }

    /// For how long, up to `limit`, the reminder stays the banner on screen while the
    /// pointer moves now and then, as a person at the computer moves it.
    static func secondsOnScreen(_ shell: GnomeShell, limit: Double) throws -> Double {
        let began = ContinuousClock.now
        var seconds: Double { let d = ContinuousClock.now - began; return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18 }
        while seconds < limit {
            try shell.beActive()
            guard try shell.tray().banner == summary else { return seconds }
            // A person's pace, not a synchronisation: the banner is looked at again shortly.
            usleep(500_000)
        }
        return seconds
    }

    @Test("At the first task's minute the reminder comes on GNOME Shell as a critical notification, with its button, and is still on screen a minute later while the user is active",
          .timeLimit(.minutes(5)))
    func staysOnScreen() throws {
        let shell = try Self.shell()
        let (box, title) = try Self.reminderDue(on: shell)
        let tray = try shell.waitForTray { $0.banner == Self.summary && $0.notifications.count == 1 }
        let reminder = try #require(tray.notifications.first)
        // Critical: GNOME Shell keeps only such a banner until it is acted on.
        #expect(reminder.urgency == 3, "\(reminder)")
        // "Open today" is the default action, which GNOME Shell gives to a click on the
        // banner itself rather than to a button.
        #expect(reminder.actions == ["✓ " + title], "\(reminder)")
        let stayed = try Self.secondsOnScreen(shell, limit: 60)
        #expect(stayed >= 60, "the reminder left the screen after \(stayed) s")
        print("GNOME Shell: the reminder stayed on screen \(String(format: "%.1f", stayed)) s of 60 s with the user active")
        #expect(try shell.tray().notifications.count == 1)
        try box.stopDaemon()
        try shell.clear()
    }

    @Test("bmctl notifications keep off: on GNOME Shell the reminder comes as an ordinary notification, which leaves the screen within seconds",
          .timeLimit(.minutes(5)))
    func ordinaryWhenNotKept() throws {
        let shell = try Self.shell()
        let box = try Sandbox(zone: "Europe/Berlin", time: "2026-03-02 08:00:00")
        try box.startDaemon(environment: shell.environment)
        let off = try box.bmctl("notifications", "keep", "off")
        #expect(off.status == 0, "\(off.stderr)")
        #expect(off.stdout == "The reminder leaves the screen as the desktop's other notifications do.\n")
        let status = try box.bmctl("status", "--json").object
        #expect((status["notifications"] as? [String: Any])?["keepOnScreen"] as? Bool == false, "\(status)")
        try box.stopDaemon()
        let (due, _) = try Self.reminderDue(on: shell, in: box)
        let tray = try shell.waitForTray { $0.banner == Self.summary }
        #expect(tray.notifications.first?.urgency == 1, "\(tray)")
        let stayed = try Self.secondsOnScreen(shell, limit: 60)
        #expect(stayed < 60, "an ordinary notification stayed \(stayed) s")
        print("GNOME Shell: an ordinary reminder left the screen after \(String(format: "%.1f", stayed)) s with the user active")
        // It is still in the list, where the person finds it later.
        #expect(try shell.tray().notifications.map(\.title) == [Self.summary])
        try due.stopDaemon()
        try shell.clear()
    }

    @Test("On GNOME Shell, an action signal sent by another client for the reminder is ignored, after a bmd restart too",
          .timeLimit(.minutes(5)))
    func forgedActionIgnored() throws {
        let shell = try Self.shell()
        let (box, title) = try Self.reminderDue(on: shell)
        _ = try shell.waitForTray { $0.banner == Self.summary }
        try box.stopDaemon()
        try box.startDaemon(environment: shell.environment)
        // A client that is neither the server nor the shell says "check" for every id the
        // reminder could have.
        let forged = try ChildProcess.run("/usr/bin/python3", ["-c", Self.forger], environment: shell.environment)
        #expect(forged.status == 0, "\(forged.stderr)")
        // The real press, after the forged signals, is what checks the task.
        #expect(try NotificationTests.todayStates(box).first == "untouched")
        try shell.press("✓ " + title)
        #expect(try waitUntil(within: .seconds(10)) { try NotificationTests.todayStates(box).first == "done" })
        let log = box.daemonLog
        #expect(log.components(separatedBy: "the reminder's action was invoked").count == 2, "\(log.suffix(3000))")
        try box.stopDaemon()
        try shell.clear()
    }

    /// Sends ActionInvoked(id, "check") for ids 1 to 50 from a connection of its own, to
    /// everyone, and then waits for the bus to have delivered them (a round trip).
    static let forger = """
        import gi
        gi.require_version('Gio', '2.0')
        from gi.repository import Gio, GLib
        bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        for i in range(1, 51):
            bus.emit_signal(None, '/org/freedesktop/Notifications', 'org.freedesktop.Notifications', 'ActionInvoked',
                            GLib.Variant('(us)', (i, 'check')))
        bus.flush_sync(None)
        bus.call_sync('org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus', 'GetId',
                      None, None, Gio.DBusCallFlags.NONE, 5000, None)
        """

    @Test("Pressing \"✓ first task\" on the reminder's banner on GNOME Shell checks the first task in bmd",
          .timeLimit(.minutes(5)))
    func checkFromBanner() throws {
        let shell = try Self.shell()
        let (box, title) = try Self.reminderDue(on: shell)
        _ = try shell.waitForTray { $0.banner == Self.summary }
        #expect(try NotificationTests.todayStates(box).first == "untouched")
        try shell.press("✓ " + title)
        let checked = try waitUntil(within: .seconds(10)) { try NotificationTests.todayStates(box).first == "done" }
        #expect(checked, "after the press: \((try? NotificationTests.todayStates(box)) ?? []); bmd: \(box.daemonLog.suffix(2000))")
        try box.stopDaemon()
        // One press, acted on once: the shell's helper tells bmd, and the shell tells all.
        let log = box.daemonLog
        #expect(log.components(separatedBy: "the reminder's action was invoked").count == 2, "\(log.suffix(3000))")
        try shell.clear()
    }

    @Test("Clicking the reminder's banner on GNOME Shell opens today once, though both the shell and its helper say so",
          .timeLimit(.minutes(5)))
    func openFromBannerOnce() throws {
        let shell = try Self.shell()
        let terminal = try TerminalRecorder(in: shell.folder.appendingPathComponent("home"))
        try? FileManager.default.removeItem(atPath: terminal.said)
        let box = try Sandbox(zone: "Europe/Berlin", time: "2026-03-02 08:00:00")
        // bmd's data folders are the session's, where no window is, whatever the host has installed.
        let (due, _) = try Self.reminderDue(on: shell, in: box, environment: ["TERMINAL": terminal.path,
                                                                               "XDG_DATA_DIRS": shell.windowShare])
        _ = try shell.waitForTray { $0.banner == Self.summary }
        try shell.clickBanner()
        #expect(try terminal.waitForRun(within: .seconds(10)), "bmd: \(due.daemonLog.suffix(2000))")
        // The shell's own word and its helper's come together: once bmd has stopped, both were heard.
        _ = try shell.waitForTray { $0.banner == nil }
        try due.stopDaemon()
        let log = due.daemonLog
        #expect(log.components(separatedBy: "the reminder's action was invoked").count == 2, "\(log.suffix(3000))")
        try shell.clear()
    }

    @Test("After bmd restarts with the reminder on GNOME Shell, pressing \"✓ first task\" still checks the first task",
          .timeLimit(.minutes(5)))
    func checkAfterRestart() throws {
        let shell = try Self.shell()
        let (box, title) = try Self.reminderDue(on: shell)
        _ = try shell.waitForTray { $0.banner == Self.summary }
        // As `systemctl --user restart bmd` or an upgrade does, with the reminder on screen.
        try box.stopDaemon()
        try box.startDaemon(environment: shell.environment)
        #expect(try NotificationTests.todayStates(box).first == "untouched")
        #expect(try shell.tray().notifications.map(\.title) == [Self.summary])
        try shell.press("✓ " + title)
        let checked = try waitUntil(within: .seconds(10)) { try NotificationTests.todayStates(box).first == "done" }
        #expect(checked, "after the press: \((try? NotificationTests.todayStates(box)) ?? []); bmd: \(box.daemonLog.suffix(2000))")
        try box.stopDaemon()
        try shell.clear()
    }
}
