import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The window on GNOME Shell itself, installed as its package installs it: the reminder
/// brings it to the front. In the reminder's suite, whose tests run one at a time on the
/// run's one shell.
extension GnomeShellReminderTests {
    /// The built window, installed on `shell` for a window `box`'s bmd serves; bmd finds
    /// its desktop entry, as when the package is installed.
    static func installWindow(on shell: GnomeShell, for box: Sandbox) throws {
        let program = Binaries.dir.appendingPathComponent("better-morning").path
        try #require(FileManager.default.isExecutableFile(atPath: program), "no \(program): make test builds it (libadwaita-1-dev)")
        let base = box.baseEnvironment
        var env: [String: String] = [:]
        for key in ["XDG_RUNTIME_DIR", "XDG_STATE_HOME", "TZ", "LANG", "HOME"] { env[key] = base[key] }
        try shell.installWindow(executable: program, environment: env)
    }

    @Test("On GNOME Shell, clicking the reminder brings the open window to the front, on Today, over the app the person works in",
          .timeLimit(.minutes(5)))
    func openTodayComesToFront() throws {
        let shell = try Self.shell()
        let box = try Sandbox(zone: "Europe/Berlin", time: "2026-03-02 08:00:00")
        try Self.installWindow(on: shell, for: box)
        defer { shell.removeWindow() }
        let (due, _) = try Self.reminderDue(on: shell, in: box, environment: ["XDG_DATA_DIRS": shell.windowShare])
        _ = try shell.waitForTray { $0.banner == Self.summary }

        // The window is open (as the person left it), and another app is in front of it.
        let opened = try ChildProcess.run("/usr/bin/busctl", ["--address=\(shell.sessionBus)", "call", GnomeShell.appID,
                                                               GnomeShell.objectPath, "org.freedesktop.Application", "ActivateAction",
                                                               "sava{sv}", "today", "0", "0"], environment: ["PATH": "/usr/bin:/bin"])
        #expect(opened.status == 0, "\(opened.stderr)")
        #expect(try waitUntil(within: .seconds(20)) { try shell.windows().contains("\"Better Morning\"") }, "\((try? shell.windows()) ?? "")")
        let other = try shell.otherAppInFront()
        defer { NotificationStack.terminate(other) }
        let window = try #require(shell.windowProcess())

        try shell.clickBanner()
        let inFront = try waitUntil(within: .seconds(10)) { try shell.focusedWindow() == "Better Morning" }
        #expect(inFront, "windows (title, asks for attention): \((try? shell.windows()) ?? ""); bmd: \(due.daemonLog.suffix(2000))")
        #expect(try shell.windowPage() == "today")
        // The same window, not a second one.
        #expect(shell.windowProcess() == window)
        #expect(try shell.tray().banner == nil)
        // The click opened the window; it checked nothing.
        #expect(try NotificationTests.todayStates(due).first == "untouched")
        try due.stopDaemon()
        try shell.clear()
    }
}
