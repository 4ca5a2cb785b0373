import CNotify
import MorningCore
import Foundation
import Logging
@testable import MorningDaemon
import Testing

/// What the reminder says, and what the notifier does when there is nowhere to send it (N2).
///
/// Posting to a real notification server needs a session bus in bmd's environment, which
/// the end-to-end NotificationTests give it; this process's own environment is shared by
/// every test, so it is never changed here.
@Suite struct NotifierTests {
    // Rule N6.
    @Test("clicking the reminder runs bmctl in $TERMINAL, else x-terminal-emulator, else xdg-terminal-exec")
    func terminalCommand() {
        let installed: Set = ["/usr/bin/bmd", "/usr/bin/bmctl", "/usr/bin/foot", "/usr/bin/x-terminal-emulator",
                              "/usr/bin/xdg-terminal-exec", "/opt/kitty/kitty"]
        func command(_ environment: [String: String], without: Set<String> = []) -> [String]? {
            TodayInTerminal.command(environment: environment.merging(["PATH": "/usr/local/bin:/usr/bin"]) { $1 },
                                    bmdPath: "/usr/bin/bmd", isExecutable: { installed.subtracting(without).contains($0) })
        }
        #expect(command(["TERMINAL": "foot"]) == ["/usr/bin/foot", "-e", "/usr/bin/bmctl"])
        #expect(command(["TERMINAL": "/opt/kitty/kitty"]) == ["/opt/kitty/kitty", "-e", "/usr/bin/bmctl"])
        #expect(command(["TERMINAL": "missing-term"]) == ["/usr/bin/x-terminal-emulator", "-e", "/usr/bin/bmctl"])
        #expect(command([:]) == ["/usr/bin/x-terminal-emulator", "-e", "/usr/bin/bmctl"])
        #expect(command([:], without: ["/usr/bin/x-terminal-emulator"]) == ["/usr/bin/xdg-terminal-exec", "/usr/bin/bmctl"])
        #expect(command([:], without: ["/usr/bin/x-terminal-emulator", "/usr/bin/xdg-terminal-exec"]) == nil)
        // No bmctl beside bmd: the one on PATH.
        #expect(command([:], without: ["/usr/bin/bmctl"]) == ["/usr/bin/x-terminal-emulator", "-e", "bmctl"])
    }

    // Rule N6.
    @Test("the reminder's button is \"✓ <first task>\"; the test notification has none")
    func checkLabel() {
        #expect(ReminderMessage(summary: "s", body: "b", firstTask: " Get up ").checkLabel == "✓ Get up")
        #expect(ReminderMessage.test.checkLabel == nil)
    }

    @Test("The daily and the late reminder stay until closed and ask for the alarm sound; the test notification only sounds")
    func reminderStaysAndSounds() {
        let daily = ReminderMessage.daily(routine: "Solo", firstTime: "06:30", firstTask: "Run", taskCount: 1)
        let late = ReminderMessage.late(routine: "Solo", completed: 0, total: 1, now: ("06:30", "Run"), next: nil)
        for reminder in [daily, late] {
            #expect(reminder.staysUntilClosed)
            #expect(reminder.sound == "alarm-clock-elapsed")
        }
        // Nothing closes the test notification but the user or the server's own timeout.
        #expect(!ReminderMessage.test.staysUntilClosed)
        #expect(ReminderMessage.test.sound == "alarm-clock-elapsed")
    }

    @Test("the test notification says what it is")
    func testMessage() {
        #expect(ReminderMessage.test.summary == "Better Morning test notification")
        #expect(!ReminderMessage.test.body.isEmpty)
    }

    @Test("a body for servers that read markup keeps &, < and > as text")
    func markup() {
        #expect(BodyMarkup.escaped("Coffee & <b>news</b> > 5") == "Coffee &amp; &lt;b&gt;news&lt;/b&gt; &gt; 5")
        #expect(BodyMarkup.escaped("First: 04:00 Get up. 4 tasks today.") == "First: 04:00 Get up. 4 tasks today.")
    }

    @Test("the session bus is DBUS_SESSION_BUS_ADDRESS, else $XDG_RUNTIME_DIR/bus, else none")
    func sessionBus() throws {
        #expect(SessionBus(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent"]).missing() == nil)
        #expect(SessionBus(environment: [:]).missing()
                == "there is no session bus (neither DBUS_SESSION_BUS_ADDRESS nor XDG_RUNTIME_DIR is set)")
        let runtime = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        #expect(SessionBus(environment: ["XDG_RUNTIME_DIR": runtime, "DBUS_SESSION_BUS_ADDRESS": ""]).missing()
                == "there is no session bus (DBUS_SESSION_BUS_ADDRESS is not set and \(runtime)/bus does not exist)")
        _ = FileManager.default.createFile(atPath: runtime + "/bus", contents: nil)
        #expect(SessionBus(environment: ["XDG_RUNTIME_DIR": runtime]).missing() == nil)
    }

    // Rule N2.
    @Test("the icon's installed PNG is looked for in XDG_DATA_HOME, then each of XDG_DATA_DIRS, with the spec's defaults")
    func installedIcon() {
        #expect(AppIcon.dataFolders(environment: ["HOME": "/home/ann"])
                == ["/home/ann/.local/share", "/usr/local/share", "/usr/share"])
        #expect(AppIcon.dataFolders(environment: ["HOME": "/home/ann", "XDG_DATA_HOME": "/d/home", "XDG_DATA_DIRS": "/a::relative:/b"])
                == ["/d/home", "/a", "/b"])
        let png = "/usr/share/icons/hicolor/48x48/apps/better-morning.png"
        #expect(AppIcon.installedPicture(environment: ["HOME": "/home/ann"], exists: { $0 == png }) == png)
        #expect(AppIcon.installedPicture(environment: ["HOME": "/home/ann"], exists: { _ in false }) == nil)
        #expect(AppIcon.installedPicture(environment: ["HOME": "/home/ann"], exists: { _ in true })
                == "/home/ann/.local/share/icons/hicolor/48x48/apps/better-morning.png")
        #expect(LibnotifyNotifier.iconName == "better-morning")
    }

    @Test("the reminder names the window's desktop entry where the window is installed, else the terminal app's")
    func desktopEntryHint() {
        let window = "/usr/share/applications/org.bettermorning.BetterMorning.desktop"
        let entry = "[Desktop Entry]\nType=Application\nName=Better Morning\n"
        #expect(TodayInWindow.entryForNotifications(environment: ["HOME": "/home/ann"], read: { $0 == window ? entry : nil })
                == "org.bettermorning.BetterMorning")
        let local = "/home/ann/.local/share/applications/org.bettermorning.BetterMorning.desktop"
        #expect(TodayInWindow.entryForNotifications(environment: ["HOME": "/home/ann"], read: { $0 == local ? entry : nil })
                == "org.bettermorning.BetterMorning")
        // Only the main package: its own entry, the terminal app.
        let main = "/usr/share/applications/better-morning.desktop"
        #expect(TodayInWindow.entryForNotifications(environment: ["HOME": "/home/ann"], read: { $0 == main ? entry : nil })
                == "better-morning")
        // A person who hides the window's entry in their own folder hides it from the reminder too.
        let hidden = entry + "Hidden=true\n"
        #expect(TodayInWindow.entryForNotifications(environment: ["HOME": "/home/ann"],
                                                    read: { $0 == local ? hidden : $0 == window ? entry : nil }) == "better-morning")
    }

    @Test("with no session bus the popup's \"Open today\" does not look for the window, and says why")
    func openTodayWithoutBus() {
        let failure = TodayInWindow.activate(on: SessionBus(environment: [:]), activationToken: nil)
        #expect(failure?.contains("no session bus") == true, "\(failure ?? "nil")")
    }

    // Rule N6: on Wayland, a window raised without the server's token may only be flagged.
    @Test("the popup's \"Open today\" hands the window the server's activation token, under both names toolkits read")
    func activationTokenToTheWindow() {
        #expect(NotifyLibraries.load() == nil)
        func printed(_ token: String?) -> String {
            let parameters = bm_activate_action_parameters(glibTable, "today", token)!
            _ = glib.g_variant_ref_sink(parameters)
            defer { glib.g_variant_unref(parameters) }
            let text = glib.g_variant_print(parameters, 1)!
            defer { glib.g_free(text) }
            return String(cString: text)
        }
        #expect(printed("wl-42'\"x") == #"('today', @av [], {'activation-token': <"wl-42'\"x">, 'desktop-startup-id': <"wl-42'\"x">})"#)
        #expect(printed(nil) == "('today', @av [], @a{sv} {})")
    }

    // Rule N6.
    @Test("a terminal opened from the popup is given the server's activation token, and never the one bmd was started with")
    func activationTokenToTheTerminal() {
        let base = ["PATH": "/usr/bin", "DESKTOP_STARTUP_ID": "bmd's own"]
        #expect(TodayInTerminal.environment(base, activationToken: "wl-42")
                == ["PATH": "/usr/bin", "XDG_ACTIVATION_TOKEN": "wl-42", "DESKTOP_STARTUP_ID": "wl-42"])
        #expect(TodayInTerminal.environment(base, activationToken: nil) == ["PATH": "/usr/bin"])
    }

    @Test("a server's activation token goes to the one action that follows it on the same notification, and to no later one")
    func pendingActivation() {
        var pending = PendingActivation()
        #expect(pending.take(for: 7) == nil)
        pending.keep("first", for: 7)
        #expect(pending.take(for: 7) == "first")
        // A second click that came without a token does not reuse the first one's.
        #expect(pending.take(for: 7) == nil)
        // A token for another notification is not this one's, and is dropped by the action.
        pending.keep("other", for: 8)
        #expect(pending.take(for: 7) == nil)
        #expect(pending.take(for: 8) == nil)
        // The newest token wins.
        pending.keep("old", for: 7)
        pending.keep("new", for: 7)
        #expect(pending.take(for: 7) == "new")
    }

    // No D-Bus call is made at all (the reason says so), so nothing waits for a timeout.
    // Rule N2.
    @Test("no session bus: post returns false, status says unavailable, the log warns once")
    func noSessionBus() async throws {
        let runtime = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        let log = LogRecorder()
        let notifier = LibnotifyNotifier(logger: log.logger, environment: ["XDG_RUNTIME_DIR": runtime])
        #expect(!notifier.isAvailable)
        #expect(notifier.unavailableReason == nil)

        #expect(await notifier.post(.test) == nil)
        #expect(await notifier.probe() == false)
        #expect(await notifier.post(.test) == nil)

        #expect(!notifier.isAvailable)
        #expect(notifier.unavailableReason?.hasPrefix("there is no session bus") == true)
        let warnings = log.entries.filter { $0.level == .warning }
        #expect(warnings.count == 1, "\(log.entries)")
        #expect(warnings.first?.message.hasPrefix("desktop notifications are unavailable: there is no session bus") == true)
    }

    @Test("many posts at once are each answered, in turn")
    func concurrentPosts() async throws {
        let notifier = LibnotifyNotifier(logger: LogRecorder().logger, environment: [:])
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<20 { group.addTask { await notifier.post(.test) != nil } }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results == Array(repeating: false, count: 20))
    }

    private func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "bm-notifier-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

/// Keeps what a logger wrote, for tests that check what bmd logs (never bootstraps logging).
final class LogRecorder: @unchecked Sendable {
    struct Entry: Sendable {
        var level: Logger.Level
        var message: String
    }

    private let lock = NSLock()
    private var kept: [Entry] = []

    var entries: [Entry] { lock.withLock { kept } }

    var logger: Logger {
        var logger = Logger(label: "test") { _ in Handler(recorder: self) }
        logger.logLevel = .debug
        return logger
    }

    fileprivate func append(_ entry: Entry) { lock.withLock { kept.append(entry) } }

    private struct Handler: LogHandler {
        let recorder: LogRecorder
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .debug

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            recorder.append(Entry(level: event.level, message: event.message.description))
        }
    }
}
