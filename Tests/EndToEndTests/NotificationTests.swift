import Foundation
import MorningTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The reminder on a real desktop notification stack: bmd, libnotify, a private session
/// bus, Xvfb and dunst (N1, N2).
// Rules N2.
@Suite("End to end: desktop notifications")
struct NotificationTests {
    static let unavailableSuffix = "; is a notification server (dunst, mako, GNOME Shell, Plasma …) running in this session?\n"

    // Rule N2.
    @Test("notifications test shows one notification from Better Morning; status then says available")
    func testNotification() throws {
        let stack = try NotificationStack()
        defer { stack.stop() }
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        try box.startDaemon(environment: stack.environment)

        let sent = try box.bmctl("notifications", "test")
        #expect(sent.status == 0, "\(sent.stderr); bmd log: \(box.daemonLog)")
        #expect(sent.stdout == "Sent a test notification.\n")

        let received = try stack.waitForNotifications(count: 1)
        #expect(received.count == 1, "\(received)")
        let shown = try #require(received.first)
        #expect(shown.appName == "Better Morning")
        #expect(shown.summary == "Better Morning test notification")
        #expect(shown.body == "Your daily reminder will look like this, at your routine's first task time.")
        #expect(shown.category == "x-better-morning.reminder")
        #expect(shown.desktopEntry == "better-morning")

        let status = try box.bmctl("status", "--json").object
        let notifications = try #require(status["notifications"] as? [String: Any])
        #expect(notifications["available"] as? Bool == true)
        // Only the one: nothing else arrived meanwhile.
        #expect(try stack.notifications().count == 1)
        try box.stopDaemon()
    }

    // Rule N2.
    @Test("On a desktop, bmd knows at start that a server runs without loading libnotify or GLib; the first notification loads them")
    func librariesWaitForTheFirstNotification() throws {
        let stack = try NotificationStack()
        defer { stack.stop() }
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        let daemon = try box.startDaemon(environment: stack.environment)
        let available = try Self.waitForAvailability(box, true, within: .seconds(10))
        #expect(available["available"] as? Bool == true, "bmd log: \(box.daemonLog)")
        // The start-up question has been answered, and the server named in the log.
        let deadline = ContinuousClock.now + .seconds(10)
        while !box.daemonLog.contains("desktop notifications go to dunst") && ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(box.daemonLog.contains("desktop notifications go to dunst"), "bmd log: \(box.daemonLog)")
        // Controls: /proc was read, so the two checks after them cannot pass on an empty read.
        #expect(Self.maps(daemon.pid).contains("libsystemd"), "bmd's memory map could not be read")
        #expect(!Self.threadNames(daemon.pid).isEmpty, "bmd's threads could not be read")
        #expect(Self.loadedLibraries(daemon.pid).isEmpty, "\(Self.loadedLibraries(daemon.pid))")
        #expect(!Self.threadNames(daemon.pid).contains("gdbus"), "\(Self.threadNames(daemon.pid))")

        #expect(try box.bmctl("notifications", "test").status == 0, "bmd log: \(box.daemonLog)")
        #expect(Self.loadedLibraries(daemon.pid).contains("libnotify"), "\(Self.loadedLibraries(daemon.pid))")
        try box.stopDaemon()
    }

    /// Which of libnotify, GLib, GObject and GIO process `pid` has loaded.
    static func loadedLibraries(_ pid: pid_t) -> Set<String> {
        let maps = maps(pid)
        return Set(["libnotify", "libglib-2.0", "libgobject-2.0", "libgio-2.0"].filter { maps.contains("/\($0).so") })
    }

    /// Process `pid`'s memory map, empty if it cannot be read.
    static func maps(_ pid: pid_t) -> String {
        // Read whole: /proc says its files are empty, and a reader that trusts the size stops early.
        let handle = FileHandle(forReadingAtPath: "/proc/\(pid)/maps")
        defer { try? handle?.close() }
        return String(decoding: (try? handle?.readToEnd()) ?? Data(), as: UTF8.self)
    }

    /// The names of process `pid`'s threads.
    static func threadNames(_ pid: pid_t) -> [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.compactMap { try? String(contentsOfFile: "/proc/\(pid)/task/\($0)/comm", encoding: .utf8) }
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    // Rule N2.
    @Test("--json prints the reply; each test is a new notification, none replaces another")
    func testNotificationJSONAndRepeat() throws {
        let stack = try NotificationStack()
        defer { stack.stop() }
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        try box.startDaemon(environment: stack.environment)

        let json = try box.bmctl("notifications", "test", "--json")
        #expect(json.status == 0, "\(json.stderr)")
        let notifications = try #require(try json.object["notifications"] as? [String: Any])
        #expect(notifications["enabled"] as? Bool == true && notifications["available"] as? Bool == true)
        #expect(try box.bmctl("notifications", "test").status == 0)

        let received = try stack.waitForNotifications(count: 2)
        #expect(received.count == 2)
        #expect(Set(received.map(\.id)).count == 2)
        try box.stopDaemon()
    }

    // Rule N2.
    @Test("a notification server that restarts: the next notification reaches the new one")
    func serverRestart() throws {
        let stack = try NotificationStack()
        defer { stack.stop() }
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        try box.startDaemon(environment: stack.environment)
        #expect(try box.bmctl("notifications", "test").status == 0)
        #expect(try stack.waitForNotifications(count: 1).count == 1)

        try stack.restartServer()
        let again = try box.bmctl("notifications", "test")
        #expect(again.status == 0, "\(again.stderr); bmd log: \(box.daemonLog)")
        let received = try stack.waitForNotifications(count: 1)
        #expect(received.count == 1, "\(received)")
        #expect(received.first?.summary == "Better Morning test notification")
        #expect(received.first?.desktopEntry == "better-morning")
        let status = try box.bmctl("status", "--json").object
        #expect((status["notifications"] as? [String: Any])?["available"] as? Bool == true)
        try box.stopDaemon()
        // Quietly: GLib has nothing to warn of when the server goes and comes.
        #expect(!box.daemonLog.contains("no handler with id"), "\(box.daemonLog)")
        #expect(!box.daemonLog.contains("WARNING **"), "\(box.daemonLog)")
    }

    // Rule N2.
    @Test("no session bus: notifications test exits 1 saying why, status says unavailable, bmd keeps serving")
    func noSessionBus() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        // A bus address where nothing listens, and no $XDG_RUNTIME_DIR/bus in the sandbox.
        #expect(!FileManager.default.fileExists(atPath: box.runtimeDir + "/bus"))
        try box.startDaemon(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent"])

        let test = try box.bmctl("notifications", "test")
        #expect(test.status == 1)
        #expect(test.stdout.isEmpty)
        #expect(test.stderr.hasPrefix("bmctl: notifications are unavailable: "), "\(test.stderr)")
        #expect(test.stderr.hasSuffix(Self.unavailableSuffix), "\(test.stderr)")

        let status = try box.bmctl("status", "--json")
        #expect(status.status == 0)
        let notifications = try #require(try status.object["notifications"] as? [String: Any])
        #expect(notifications["available"] as? Bool == false)
        #expect(notifications["enabled"] as? Bool == true)
        #expect(try box.bmctl("status").status == 0)
        // The log read once bmd has stopped, whole: the watcher writes from its own thread.
        try box.stopDaemon()
        // Logged, once.
        #expect(box.daemonLog.components(separatedBy: "desktop notifications are unavailable").count - 1 == 1,
                "\(box.daemonLog)")
        // And that it cannot watch for a server to come, so it finds out at the next try.
        #expect(box.daemonLog.contains("cannot watch for a notification server coming or going ("), "\(box.daemonLog)")
    }

    // Rule N2.
    @Test("a hung notification server never blocks the daemon; once it answers again, tests show")
    func hungServer() throws {
        let stack = try NotificationStack()
        defer { stack.stop() }
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        try box.startDaemon(environment: stack.environment)
        // bmd's first question to the server, at start, has been answered.
        #expect(try Self.waitForAvailability(box, true, within: .seconds(10))["available"] as? Bool == true)
        stack.pauseServer()
        let calls = try stack.watchServerCalls()
        defer { calls.stop() }

        // The test notification waits for a server that never answers…
        let hung = SharedValue<Output?>(nil)
        let finished = DispatchSemaphore(value: 0)
        Thread {
            hung.withLock { $0 = try? box.bmctl("notifications", "test") }
            finished.signal()
        }.start()
        // The notifier's one thread may still be waiting on an earlier question to the
        // server (up to D-Bus's 25 s) before it sends this one; only it waits.
        #expect(try calls.waitForCall(within: .seconds(30)), "bmd log: \(box.daemonLog)")
        // A second test waits behind it; neither holds up a write.
        let second = DispatchSemaphore(value: 0)
        Thread {
            _ = try? box.bmctl("notifications", "test")
            second.signal()
        }.start()
        // …while bmd answers everything else at once, writes included.
        let start = ContinuousClock.now
        #expect(try box.bmctl("status").status == 0)
        #expect(try box.bmctl("explore", "darwin", "--json").status == 0)
        #expect(try box.bmctl("activate", "darwin").status == 0)
        #expect(try box.bmctl("activate", "kant").status == 0)
        #expect(ContinuousClock.now - start < .seconds(2))

        #expect(finished.wait(timeout: .now() + 40) == .success)
        let result = try #require(hung.withLock { $0 })
        #expect(result.status == 1, "\(result.stdout)")
        #expect(result.stderr.hasPrefix("bmctl: notifications are unavailable: "), "\(result.stderr)")
        let status = try box.bmctl("status", "--json").object
        #expect((status["notifications"] as? [String: Any])?["available"] as? Bool == false)

        #expect(second.wait(timeout: .now() + 60) == .success)
        stack.resumeServer()
        let again = try box.bmctl("notifications", "test")
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try stack.waitForNotifications(count: 1).last?.summary == "Better Morning test notification")
        let after = try box.bmctl("status", "--json").object
        #expect((after["notifications"] as? [String: Any])?["available"] as? Bool == true)
        try box.stopDaemon()
    }

    // Rules N1, N2.
    @Test("at the first task's time the reminder names the routine, the first task and the task count")
    func dailyReminder() throws {
        let stack = try NotificationStack()
        defer { stack.stop() }
        let (box, tasks) = try Self.darwinStartsTomorrow(stack)
        let time = try #require(tasks.first?["time"] as? String)
        let title = try #require(tasks.first?["title"] as? String)
        #expect(try stack.notifications().isEmpty)

        try Self.startDaemon(box, seconds: 3, before: time, on: stack)
        let received = try stack.waitForNotifications(count: 1, timeout: .seconds(20))
        #expect(received.count == 1, "\(received)")
        let reminder = try #require(received.first)
        #expect(reminder.appName == "Better Morning")
        #expect(reminder.summary == "Good morning — Charles Darwin")
        #expect(reminder.body == "First: \(time) \(title). \(tasks.count) tasks today.")
        #expect(reminder.category == "x-better-morning.reminder")
        #expect(reminder.desktopEntry == "better-morning")
        try box.stopDaemon()
    }

    /// The app's icon as the repository keeps it for the hicolor theme.
    static func iconFolder(_ size: Int) -> String {
        packageRoot.appendingPathComponent("packaging/desktop/icons/hicolor/\(size)x\(size)/apps").path
    }

    /// Data folders for bmd with no icon installed in them.
    static func noInstalledIcon(_ box: Sandbox) -> [String: String] {
        ["XDG_DATA_HOME": box.root.appendingPathComponent("data-home").path,
         "XDG_DATA_DIRS": box.root.appendingPathComponent("data-dirs").path]
    }

    // Rule N2.
    @Test("the notification names the app's own icon, which a server finds by its name")
    func iconByName() throws {
        let stack = try NotificationStack(iconFolders: [Self.iconFolder(32)])
        defer { stack.stop() }
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        try box.startDaemon(environment: stack.environment.merging(Self.noInstalledIcon(box)) { $1 })

        #expect(try box.bmctl("notifications", "test").status == 0, "bmd log: \(box.daemonLog)")
        let shown = try #require(try stack.waitForNotifications(count: 1).first)
        #expect(shown.iconPath == Self.iconFolder(32) + "/better-morning.png", "\(shown); dunst log: \(stack.log("dunst"))")
        try box.stopDaemon()
    }

    // Rule N2.
    @Test("a server that does not search the icon theme gets the installed icon's file in image-path")
    func iconImagePath() throws {
        let stack = try NotificationStack()
        defer { stack.stop() }
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        // Installed as make install puts it, under a data folder of the XDG base directories.
        let share = box.root.appendingPathComponent("share").path
        let apps = share + "/icons/hicolor/48x48/apps"
        try FileManager.default.createDirectory(atPath: apps, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.iconFolder(48) + "/better-morning.png", toPath: apps + "/better-morning.png")
        var environment = stack.environment.merging(Self.noInstalledIcon(box)) { $1 }
        environment["XDG_DATA_DIRS"] = box.root.appendingPathComponent("elsewhere").path + ":" + share
        try box.startDaemon(environment: environment)

        #expect(try box.bmctl("notifications", "test").status == 0, "bmd log: \(box.daemonLog)")
        let shown = try #require(try stack.waitForNotifications(count: 1).first)
        #expect(shown.iconPath == apps + "/better-morning.png", "\(shown); dunst log: \(stack.log("dunst"))")
        try box.stopDaemon()
    }

    // Rule N6.
    @Test("checking the first task with bmctl closes the reminder's popup; no other notification comes")
    func closedWhenChecked() throws {
        let stack = try NotificationStack()
        defer { stack.stop() }
        let box = try Self.reminderOnScreen(stack)

        let checked = try box.bmctl("check", "1")
        #expect(checked.status == 0, "\(checked.stderr)")
        try stack.waitForDisplayed(0, timeout: .seconds(5))
        // Closed by bmd, so kept in dunst's history: the one reminder of the day, and no other.
        let received = try stack.notifications()
        #expect(received.map(\.summary) == ["Good morning — Charles Darwin"], "\(received)")
        try box.stopDaemon()
    }

    /// Polls `status --json` until its notifications say `available`; returns them.
    static func waitForAvailability(_ box: Sandbox, _ available: Bool, within: Duration) throws -> [String: Any] {
        let deadline = ContinuousClock.now + within
        while true {
            let status = try box.bmctl("status", "--json")
            let notifications = try #require(try status.object["notifications"] as? [String: Any], "\(status.stdout)")
            if notifications["available"] as? Bool == available || ContinuousClock.now >= deadline { return notifications }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    // Rule N2.
    @Test("status says why notifications are unavailable, and notices at once when a server starts or stops")
    func serverComesAndGoes() throws {
        let stack = try NotificationStack(server: false)
        defer { stack.stop() }
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        try box.startDaemon(environment: stack.environment)

        let before = try Self.waitForAvailability(box, false, within: .zero)
        #expect(before["available"] as? Bool == false)
        let reason = try #require(before["reason"] as? String, "\(before)")
        #expect(reason.hasPrefix("no notification server is running in this session"), "\(reason)")
        let plain = try box.bmctl("status")
        #expect(plain.stdout.contains("notifications: on (unavailable: no notification server is running in this session"),
                "\(plain.stdout)")

        // A server starts: bmd knows within a second, with no reminder or test to find out.
        try stack.startServer()
        let started = ContinuousClock.now
        let after = try Self.waitForAvailability(box, true, within: .seconds(3))
        #expect(after["available"] as? Bool == true, "bmd log: \(box.daemonLog)")
        #expect(after["reason"] == nil || after["reason"] is NSNull, "\(after)")
        #expect(ContinuousClock.now - started < .seconds(1))
        #expect(try stack.notifications().isEmpty)

        // And when it stops.
        stack.stopServer()
        let gone = try Self.waitForAvailability(box, false, within: .seconds(3))
        #expect(gone["available"] as? Bool == false, "bmd log: \(box.daemonLog)")
        #expect((gone["reason"] as? String)?.hasPrefix("no notification server is running") == true, "\(gone)")
        try box.stopDaemon()
        #expect(!box.daemonLog.contains("WARNING **"), "\(box.daemonLog)")
    }

    /// A sandbox, stopped, on a Monday in Berlin where Darwin was just activated: it starts
    /// on Tuesday. Returns it with Darwin's tasks as `explore --json` lists them.
    static func darwinStartsTomorrow(_ stack: NotificationStack) throws -> (Sandbox, [[String: Any]]) {
        let box = try Sandbox(zone: "Europe/Berlin", time: "2026-03-02 08:00:00")
        try box.startDaemon(environment: stack.environment)
        #expect(try box.bmctl("activate", "darwin").status == 0)
        let darwin = try #require(try box.bmctl("explore", "darwin", "--json").array.first as? [String: Any])
        let tasks = try #require(darwin["tasks"] as? [[String: Any]])
        try box.stopDaemon()
        return (box, tasks)
    }

    /// Sets the clock to Tuesday, `seconds` before `time` ("HH:MM"), and starts bmd on `stack`.
    static func startDaemon(_ box: Sandbox, seconds: Int, before time: String, on stack: NotificationStack,
                            environment: [String: String] = [:]) throws {
        let (hour, minute) = (Int(time.prefix(2))!, Int(time.suffix(2))!)
        let start = (hour * 60 + minute) * 60 - seconds
        box.setClock(String(format: "2026-03-03 %02d:%02d:%02d", start / 3600, start / 60 % 60, start % 60))
        try box.startDaemon(environment: stack.environment.merging(environment) { $1 })
    }

    /// A sandbox whose Darwin routine runs today, with bmd started two seconds before the
    /// first task's time on `stack`, and the reminder on screen.
    static func reminderOnScreen(_ stack: NotificationStack, environment: [String: String] = [:]) throws -> Sandbox {
        let (box, tasks) = try darwinStartsTomorrow(stack)
        let time = try #require(tasks.first?["time"] as? String)
        try startDaemon(box, seconds: 2, before: time, on: stack, environment: environment)
        try stack.waitForDisplayed(1, timeout: .seconds(20))
        return box
    }

    /// The states of today's tasks, as `bmctl today --json` says.
    static func todayStates(_ box: Sandbox) throws -> [String] {
        let today = try box.bmctl("today", "--json").object
        return (today["tasks"] as? [[String: Any]] ?? []).compactMap { $0["state"] as? String }
    }

    // Rule N6.
    @Test("the reminder's \"✓\" button, pressed on dunst, checks the first task in bmd")
    func checkFromPopup() throws {
        let stack = try NotificationStack()
        defer { stack.stop() }
        let box = try Self.reminderOnScreen(stack)
        #expect(try Self.todayStates(box).first == "untouched")

        try stack.pressCheckButton()
        let deadline = ContinuousClock.now + .seconds(5)
        while try Self.todayStates(box).first != "done" && ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(try Self.todayStates(box).first == "done", "bmd log: \(box.daemonLog); dunst log: \(stack.log("dunst"))")
        #expect(try Self.todayStates(box).dropFirst().allSatisfy { $0 != "done" })
        // Still the one notification of the day.
        #expect(try stack.notifications().count == 1)
        try box.stopDaemon()
    }

    // Rule N6.
    @Test("clicking the reminder, where no window is installed, opens bmctl in the user's terminal ($TERMINAL)")
    func openFromPopup() throws {
        let stack = try NotificationStack()
        defer { stack.stop() }
        let terminal = try TerminalRecorder(in: stack.folder)
        let box = try Self.reminderOnScreen(stack, environment: ["TERMINAL": terminal.path])

        try stack.clickFirst()
        #expect(try terminal.waitForRun(within: .seconds(5)), "bmd log: \(box.daemonLog); dunst log: \(stack.log("dunst"))")
        let ran = try? String(contentsOfFile: terminal.said, encoding: .utf8)
        #expect(ran == "-e\n" + Binaries.dir.resolvingSymlinksInPath().appendingPathComponent("bmctl").path + "\n",
                "bmd log: \(box.daemonLog); dunst log: \(stack.log("dunst"))")
        // dunst sends no activation token, and bmd hands on none of its own.
        #expect((try? String(contentsOfFile: terminal.tokens, encoding: .utf8)) == "\n\n")
        // The bus has no window to start: bmd asked it first, and says why it fell back.
        #expect(box.daemonLog.contains("the window did not open"), "bmd log: \(box.daemonLog)")
        // Opening today checks nothing.
        #expect(try Self.todayStates(box).allSatisfy { $0 != "done" })
        try box.stopDaemon()
    }

    // Rule N2.
    @Test("bmd outlives the session bus: when the bus ends, bmd keeps serving and says notifications are unavailable")
    func busEnds() throws {
        let stack = try NotificationStack()
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        try box.startDaemon(environment: stack.environment)
        let available = try Self.waitForAvailability(box, true, within: .seconds(3))
        #expect(available["available"] as? Bool == true)

        stack.stop()
        // GLib notices the closed bus on its worker thread; on a loaded machine that has
        // taken over 3 s.
        let gone = try Self.waitForAvailability(box, false, within: .seconds(10))
        #expect(gone["available"] as? Bool == false, "bmd log: \(box.daemonLog)")
        #expect(try box.bmctl("status").status == 0)
        // Still running until the test's own SIGTERM, the only one it got.
        try box.stopDaemon()
        #expect(box.daemonLog.components(separatedBy: "signal=SIGTERM").count == 2, "\(box.daemonLog)")
    }
}
