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

    /// The reminder on `shell`'s screen, from a bmd that finds the window installed, as
    /// when both packages are; the bmd's sandbox. The welcome was seen once already, as by a
    /// person who has used the window before: on a first run it would come over the window.
    static func reminderWithWindowInstalled(on shell: GnomeShell) throws -> Sandbox {
        let box = try Sandbox(zone: "Europe/Berlin", time: "2026-03-02 08:00:00")
        try installWindow(on: shell, for: box)
        let (due, _) = try reminderDue(on: shell, in: box, environment: ["XDG_DATA_DIRS": shell.windowShare])
        _ = try shell.waitForTray { $0.banner == summary }
        #expect(try due.bmctl("welcome").status == 0)
        return due
    }

    @Test("On GNOME Shell, clicking the reminder brings the open window to the front, on Today, over the app the person works in",
          .timeLimit(.minutes(5)))
    func openTodayComesToFront() throws {
        let shell = try Self.shell()
        defer { shell.removeWindow() }
        let due = try Self.reminderWithWindowInstalled(on: shell)

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

    @Test("On GNOME Shell, clicking the reminder with no window open starts the window, on Today, in front of the app the person works in",
          .timeLimit(.minutes(5)))
    func openTodayStartsWindow() throws {
        let shell = try Self.shell()
        defer { shell.removeWindow() }
        let due = try Self.reminderWithWindowInstalled(on: shell)
        let other = try shell.otherAppInFront()
        defer { NotificationStack.terminate(other) }
        #expect(shell.windowProcess() == nil, "a window runs before the click")

        try shell.clickBanner()
        let inFront = try waitUntil(within: .seconds(20)) { try shell.focusedWindow() == "Better Morning" }
        #expect(inFront, "windows (title, asks for attention): \((try? shell.windows()) ?? ""); bmd: \(due.daemonLog.suffix(2000))")
        #expect(try shell.windowPage() == "today")
        #expect(try NotificationTests.todayStates(due).first == "untouched")
        try due.stopDaemon()
        try shell.clear()
    }
}

/// GNOME Shell's own search, in the Activities overview, with the window's search provider
/// installed: typing a famous name lists its routine, and activating the result opens the
/// window there.
extension GnomeShellReminderTests {
    /// The names GNOME Shell lists under the window's provider for what the overview's
    /// search entry holds; nil while the provider shows nothing.
    static func listed(on shell: GnomeShell) throws -> [String]? {
        let json = try shell.eval(GnomeShell.searchResults + """
            (() => { const d = bmProvider() && bmProvider().display;
                     return d && d.visible ? Object.values(d._resultDisplays).filter(r => r.get_parent()).map(r => r.metaInfo.name) : null; })()
            """)
        return try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed) as? [String]
    }

    @Test("GNOME Shell's search lists \"Benjamin Franklin\" for \"franklin\" from the window's search provider, and the result opens the window on Routines",
          .timeLimit(.minutes(5)))
    func shellSearchFindsFamousRoutine() throws {
        let shell = try Self.shell()
        let box = try Sandbox(zone: "Europe/Berlin", time: "2026-03-02 08:00:00")
        try Self.installWindow(on: shell, for: box)
        defer { shell.removeWindow() }
        try box.startDaemon(environment: shell.environment)
        defer { try? shell.eval("Main.overview.searchEntry.set_text(''); Main.overview.hide(); true") }
        // The shell loads the providers of the apps it knows; the window's is there once installed.
        let loaded = try waitUntil(within: .seconds(20)) { try shell.eval(GnomeShell.searchResults + "!!bmProvider()") == "true" }
        #expect(loaded, "the shell never loaded the window's search provider: \(shell.log("gnome-shell").suffix(2000))")
        // Each call the shell makes to the provider, timed in the shell from the call to the answer.
        try shell.eval(GnomeShell.searchResults + """
            (() => {
              const p = bmProvider();
              global._bmSearchTimes = [];
              if (!p._bmTimed) {
                const initial = p.getInitialResultSet.bind(p);
                p.getInitialResultSet = async (terms, cancellable) => {
                  const t = GLib.get_monotonic_time();
                  const ids = await initial(terms, cancellable);
                  global._bmSearchTimes.push(GLib.get_monotonic_time() - t);
                  return ids;
                };
                p._bmTimed = true;
              }
              return true;
            })()
            """)

        try shell.eval("Main.overview.show(); Main.overview.searchEntry.set_text('franklin'); true")
        var names: [String]?
        let found = try waitUntil(within: .seconds(20)) {
            names = try Self.listed(on: shell)
            return names?.contains("Benjamin Franklin") == true
        }
        #expect(found, "the shell listed \(names ?? []); bmd: \(box.daemonLog.suffix(1000))")
        // Again, with the program running: the time a person waits at each search.
        for word in ["kant", "darwin", "franklin"] {
            let before = try shell.eval("global._bmSearchTimes.length")
            try shell.eval("Main.overview.searchEntry.set_text(''); Main.overview.searchEntry.set_text('\(word)'); true")
            _ = try waitUntil(within: .seconds(10)) { try shell.eval("global._bmSearchTimes.length") != before }
        }
        let times = try shell.eval("global._bmSearchTimes.map(t => t / 1000)")
        print("GNOME Shell: the window's search provider answered in \(times) ms (the first starts the program)")
        #expect(try waitUntil(within: .seconds(10)) { try Self.listed(on: shell)?.contains("Benjamin Franklin") == true })

        // A click on the result, as a person's, opens the window on Routines, in front.
        try shell.clickSearchResult("Benjamin Franklin")
        let opened = try waitUntil(within: .seconds(20)) { try shell.focusedWindow() == "Better Morning" }
        #expect(opened, "windows: \((try? shell.windows()) ?? "")")
        #expect(try waitUntil(within: .seconds(10)) { try shell.windowPage() == "routines" })
        try box.stopDaemon()
    }
}
