import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The reminder's "Open today" where the window is installed: the session bus starts the
/// real `better-morning` from its D-Bus service file (as the window's package installs
/// it) and the window opens on Today; where it cannot start, the terminal app opens, as
/// where no window is installed (NotificationTests' openFromPopup).
// Rule N6.
@Suite("End to end: the popup's \"Open today\" opens the window")
struct OpenTodayWindowTests {
    static let appID = "org.bettermorning.BetterMorning"
    static let objectPath = "/org/bettermorning/BetterMorning"

    /// A data folder (share/) as the window's package fills it: the D-Bus service file,
    /// from the package's own template, starting `executable`, and the desktop entry.
    struct WindowShare {
        let path: String
        var services: String { path + "/dbus-1/services" }

        init(executable: String) throws {
            path = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("bm-share-\(UUID().uuidString.prefix(8))").path
            let window = packageRoot.appendingPathComponent("packaging/window")
            try FileManager.default.createDirectory(atPath: services, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: path + "/applications", withIntermediateDirectories: true)
            let template = try String(contentsOf: window.appendingPathComponent("\(appID).service.in"), encoding: .utf8)
            let service = template.replacingOccurrences(of: "@bindir@/better-morning", with: executable)
            #expect(service != template, "the service file's Exec names no @bindir@/better-morning: \(template)")
            try service.write(toFile: services + "/\(appID).service", atomically: true, encoding: .utf8)
            try FileManager.default.copyItem(atPath: window.appendingPathComponent("\(appID).desktop").path,
                                             toPath: path + "/applications/\(appID).desktop")
        }

        func remove() {
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// What the bus gives the programs it starts, as a desktop session's start-up does
    /// (`dbus-update-activation-environment`): the display, and the sandbox's folders, where
    /// the window finds bmd.
    static func setActivationEnvironment(_ stack: NotificationStack, _ box: Sandbox) throws {
        let base = box.baseEnvironment
        var env = ["DISPLAY": stack.display, "GSK_RENDERER": "cairo", "GTK_A11Y": "none", "PATH": "/usr/bin:/bin"]
        for key in ["XDG_RUNTIME_DIR", "XDG_STATE_HOME", "TZ", "LANG", "HOME"] { env[key] = base[key] }
        let pairs = env.sorted { $0.key < $1.key }.flatMap { [$0.key, $0.value] }
        let set = try busctl(stack, ["call", "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                     "UpdateActivationEnvironment", "a{ss}", "\(env.count)"] + pairs)
        #expect(set.status == 0, "\(set.stderr)")
    }

    static func busctl(_ stack: NotificationStack, _ arguments: [String]) throws -> Output {
        try ChildProcess.run("/usr/bin/busctl", ["--address=\(stack.busAddress)"] + arguments, environment: ["PATH": "/usr/bin:/bin"])
    }

    /// The page the window shows, as its `page` action's state says ("today", …); nil when
    /// no window answers.
    static func page(_ stack: NotificationStack) throws -> String? {
        // (bgav) true "s" 1 s "today"
        let said = try busctl(stack, ["call", appID, objectPath, "org.gtk.Actions", "Describe", "s", "page"])
        guard said.status == 0 else { return nil }
        return said.stdout.split(separator: "\"").dropLast().last.map(String.init)
    }

    /// The process that owns the window's name on the bus, nil when none does.
    static func windowProcess(_ stack: NotificationStack) throws -> pid_t? {
        let said = try busctl(stack, ["call", "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                      "GetConnectionUnixProcessID", "s", appID])
        guard said.status == 0 else { return nil }
        return said.stdout.split(separator: " ").last.flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// The built `better-morning`, and a data folder that installs it as its package does.
    static func installedWindow() throws -> (program: String, share: WindowShare) {
        let window = Binaries.dir.appendingPathComponent("better-morning").path
        try #require(FileManager.default.isExecutableFile(atPath: window), "no \(window): make test builds it (libadwaita-1-dev)")
        return (window, try WindowShare(executable: window))
    }

    /// xdotool's search for windows titled "Better Morning" on `stack`'s display, waiting
    /// up to 20 s for one to map: their ids, a line each.
    static func mappedWindows(_ stack: NotificationStack) throws -> Output {
        try ChildProcess.run("/usr/bin/timeout", ["20", "/usr/bin/xdotool", "search", "--sync", "--name", "^Better Morning$"],
                             environment: ["DISPLAY": stack.display, "PATH": "/usr/bin:/bin"])
    }

    @Test("Clicking the reminder starts the window through the session bus, on Today; a later click brings the same window back to Today")
    func opensTheWindow() throws {
        let (window, share) = try Self.installedWindow()
        defer { share.remove() }
        let stack = try NotificationStack(serviceFolders: [share.services])
        defer { stack.stop() }
        let terminal = try TerminalRecorder(in: stack.folder)
        // bmd's data folders hold the window's desktop entry, as when its package is installed.
        let box = try NotificationTests.reminderOnScreen(stack, environment: ["TERMINAL": terminal.path, "XDG_DATA_DIRS": share.path])
        try Self.setActivationEnvironment(stack, box)
        #expect(try Self.windowProcess(stack) == nil, "a window runs before the click")

        try stack.clickFirst()
        // A window titled "Better Morning" maps on the display…
        let found = try Self.mappedWindows(stack)
        #expect(found.status == 0 && !found.stdout.isEmpty, "xdotool: \(found.stdout)\(found.stderr); bmd log: \(box.daemonLog)")
        // …its program owns the app id on the bus, and shows Today.
        let pid = try #require(try Self.windowProcess(stack), "bmd log: \(box.daemonLog); bus log: \(stack.log("bus"))")
        defer { terminate(pid, within: .seconds(5)) }  // the window the bus started
        #expect(try Self.page(stack) == "today")
        #expect(waitUntil(within: .seconds(10)) { box.daemonLog.contains("opened today's routine in the window") },
                "bmd log: \(box.daemonLog)")
        #expect(!FileManager.default.fileExists(atPath: terminal.said), "the terminal opened too")

        // The person goes to History; the next click brings Today back, in the same window.
        let history = try Self.busctl(stack, ["call", Self.appID, Self.objectPath, "org.freedesktop.Application",
                                              "ActivateAction", "sava{sv}", "page", "1", "s", "history", "0"])
        #expect(history.status == 0, "\(history.stderr)")
        #expect(try Self.page(stack) == "history")
        #expect(try stack.displayedCount() == 1, "the reminder left the screen")
        try stack.clickFirst()
        #expect(try waitUntil(within: .seconds(10)) { try Self.page(stack) == "today" }, "bmd log: \(box.daemonLog)")
        #expect(try Self.windowProcess(stack) == pid)
        #expect(!FileManager.default.fileExists(atPath: terminal.said), "the terminal opened too")

        // Started again from the menu or a shell, the program hands over to the running
        // window and ends: still one window, the same process.
        var again = box.baseEnvironment
        again["DBUS_SESSION_BUS_ADDRESS"] = stack.busAddress
        again["DISPLAY"] = stack.display
        again["GSK_RENDERER"] = "cairo"
        again["GTK_A11Y"] = "none"
        let second = try ChildProcess.run("/usr/bin/timeout", ["20", window], environment: again)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try Self.windowProcess(stack) == pid)
        let windows = try ChildProcess.run("/usr/bin/xdotool", ["search", "--name", "^Better Morning$"],
                                           environment: ["DISPLAY": stack.display, "PATH": "/usr/bin:/bin"])
        #expect(windows.stdout.split(separator: "\n").count == 1, "windows: \(windows.stdout)")

        // The reminder named the window's desktop entry, which is installed.
        let shown = try stack.waitForNotifications(count: 1)
        #expect(shown.first?.desktopEntry == Self.appID, "\(shown)")
        try box.stopDaemon()
    }

    @Test("A window that cannot start leaves the click to the terminal app, as where no window is installed")
    func brokenWindowFallsBack() throws {
        // The service file's program ends at once without taking the name.
        let share = try WindowShare(executable: "/bin/false")
        defer { share.remove() }
        let stack = try NotificationStack(serviceFolders: [share.services])
        defer { stack.stop() }
        let terminal = try TerminalRecorder(in: stack.folder)
        let box = try NotificationTests.reminderOnScreen(stack, environment: ["TERMINAL": terminal.path])

        try stack.clickFirst()
        #expect(try terminal.waitForRun(within: .seconds(15)), "bmd log: \(box.daemonLog)")
        let ran = try? String(contentsOfFile: terminal.said, encoding: .utf8)
        #expect(ran == "-e\n" + Binaries.dir.resolvingSymlinksInPath().appendingPathComponent("bmctl").path + "\n")
        #expect(box.daemonLog.contains("the window did not open"), "bmd log: \(box.daemonLog)")
        #expect(try Self.windowProcess(stack) == nil)
        // Without the window's desktop entry in its data folders, the reminder names the terminal app's.
        let shown = try stack.waitForNotifications(count: 1)
        #expect(shown.first?.desktopEntry == "better-morning", "\(shown)")
        try box.stopDaemon()
    }

    /// A notification server that sends an activation token with each click, as GNOME
    /// Shell and Plasma do and dunst does not (Tests/Tools/token-notification-server),
    /// started on `stack`'s bus.
    struct TokenServer {
        let folder: String
        let process: ChildProcess

        init(on stack: NotificationStack) throws {
            folder = stack.folder.appendingPathComponent("token-server").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            process = try stack.spawn("/usr/bin/python3", [packageRoot.appendingPathComponent("Tests/Tools/token-notification-server").path,
                                                            folder],
                                      log: "token-server", environment: stack.environment)
            let ready = waitUntil(within: .seconds(10)) { FileManager.default.fileExists(atPath: folder + "/ready") }
            if !ready { stop() }
            try #require(ready, "the token server did not start: \(stack.log("token-server"))")
        }

        func read(_ name: String) -> String? {
            try? String(contentsOfFile: folder + "/" + name, encoding: .utf8)
        }

        /// A click on the last notification: its activation token, then the action.
        func click() { process.signal(SIGUSR1) }

        func stop() { NotificationStack.terminate(process) }
    }

    /// bmd started on `stack` just before Darwin's first task, once the reminder is sent.
    static func reminderSent(_ stack: NotificationStack, environment: [String: String] = [:]) throws -> Sandbox {
        let (box, tasks) = try NotificationTests.darwinStartsTomorrow(stack)
        let time = try #require(tasks.first?["time"] as? String)
        try NotificationTests.startDaemon(box, seconds: 2, before: time, on: stack, environment: environment)
        #expect(waitUntil(within: .seconds(20)) { box.daemonLog.contains("reminder sent") }, "bmd log: \(box.daemonLog)")
        return box
    }

    // Rule N6: on Wayland a window raised without the click's token may only be flagged.
    @Test("A server that sends an activation token with the click: the window opens on Today and carries that token")
    func tokenToTheWindow() throws {
        let (_, share) = try Self.installedWindow()
        defer { share.remove() }
        let stack = try NotificationStack(server: false, serviceFolders: [share.services])
        defer { stack.stop() }
        let server = try TokenServer(on: stack)
        defer { server.stop() }
        let terminal = try TerminalRecorder(in: stack.folder)
        let box = try Self.reminderSent(stack, environment: ["TERMINAL": terminal.path, "XDG_DATA_DIRS": share.path])
        try Self.setActivationEnvironment(stack, box)
        let shown = try #require(server.read("shown"), "bmd log: \(box.daemonLog)")

        server.click()
        let found = try Self.mappedWindows(stack)
        let id = try #require(found.stdout.split(separator: "\n").first.map(String.init),
                              "xdotool: \(found.stderr); bmd log: \(box.daemonLog); bus log: \(stack.log("bus"))")
        let pid = try #require(try Self.windowProcess(stack), "bmd log: \(box.daemonLog)")
        defer { terminate(pid, within: .seconds(5)) }
        #expect(try Self.page(stack) == "today")
        // GTK hands the token to the window manager as the X11 startup id of the window's
        // group (on Wayland, to the compositor's xdg-activation), which lets it take the focus.
        #expect(try waitUntil(within: .seconds(5)) { try Self.startupID(of: id, on: stack) == "token-for-\(shown)" },
                "startup id: \(((try? Self.startupID(of: id, on: stack)) ?? nil) ?? "none"); bmd log: \(box.daemonLog)")
        #expect(!FileManager.default.fileExists(atPath: terminal.said), "the terminal opened too")
        try box.stopDaemon()
    }

    /// The X11 startup id (`_NET_STARTUP_ID`) of the group the window `id` belongs to, as
    /// xprop reads it; nil when it has none.
    static func startupID(of id: String, on stack: NotificationStack) throws -> String? {
        func property(_ name: String, of window: String) throws -> String {
            try ChildProcess.run("/usr/bin/xprop", ["-id", window, name], environment: ["DISPLAY": stack.display, "PATH": "/usr/bin:/bin"]).stdout
        }
        // WM_CLIENT_LEADER(WINDOW): window id # 0x200002
        guard let leader = try property("WM_CLIENT_LEADER", of: id).split(separator: " ").last.map(String.init) else { return nil }
        // _NET_STARTUP_ID(UTF8_STRING) = "token-for-1"
        let said = try property("_NET_STARTUP_ID", of: leader.trimmingCharacters(in: .whitespacesAndNewlines))
        guard said.contains(" = ") else { return nil }
        return said.split(separator: "\"").dropFirst().first.map(String.init)
    }

    // Rule N6.
    @Test("A server that sends an activation token with the click, and no window installed: the terminal is given the token")
    func tokenToTheTerminal() throws {
        let stack = try NotificationStack(server: false)
        defer { stack.stop() }
        let server = try TokenServer(on: stack)
        defer { server.stop() }
        let terminal = try TerminalRecorder(in: stack.folder)
        let box = try Self.reminderSent(stack, environment: ["TERMINAL": terminal.path])
        let shown = try #require(server.read("shown"), "bmd log: \(box.daemonLog)")

        server.click()
        #expect(try terminal.waitForRun(within: .seconds(15)), "bmd log: \(box.daemonLog)")
        #expect((try? String(contentsOfFile: terminal.tokens, encoding: .utf8)) == "token-for-\(shown)\ntoken-for-\(shown)\n")
        try box.stopDaemon()
    }
}
