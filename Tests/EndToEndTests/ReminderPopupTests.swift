import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The reminder's popup on a real desktop notification stack: it stays until its morning
/// begins, its day ends or the user closes it, and it asks for the alarm's sound.
// Rule N7.
@Suite("End to end: the reminder's popup stays and sounds")
struct ReminderPopupTests {
    @Test("The reminder asks to stay until closed, with the alarm sound, and outlasts the server's own timeout")
    func staysPastTheServersTimeout() throws {
        // A dunst that drops a notification after 2 s, unless its sender asks otherwise.
        let stack = try NotificationStack(expiry: 2)
        defer { stack.stop() }
        let calls = try NotifyCalls(on: stack)
        defer { calls.stop() }
        let box = try NotificationTests.reminderOnScreen(stack)

        let reminder = try #require(try calls.waitForCalls(1).first)
        #expect(reminder.summary == "Good morning — Charles Darwin")
        #expect(reminder.expireTimeout == 0, "\(reminder)")
        #expect(reminder.hints["sound-name"] == "string \"alarm-clock-elapsed\"", "\(reminder)")
        #expect(reminder.hints["desktop-entry"] == "string \"better-morning\"", "\(reminder)")

        // A test notification, which leaves its timeout to the server, shows the 2 s pass…
        #expect(try box.bmctl("notifications", "test").status == 0)
        let test = try #require(try calls.waitForCalls(2).last)
        #expect(test.expireTimeout == -1, "\(test)")
        let deadline = ContinuousClock.now + .seconds(15)
        while try stack.closed().isEmpty, ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.1)
        }
        // …and goes; the reminder, shown before it, is still on screen.
        #expect(try stack.closed().map(\.summary) == ["Better Morning test notification"])
        #expect(try stack.displayedCount() == 1)
        try box.stopDaemon()
    }

    @Test("bmctl notifications sound off: status says so, and the reminder comes without the sound hint")
    func silentReminder() throws {
        let stack = try NotificationStack()
        defer { stack.stop() }
        let box = try Sandbox(zone: "Europe/Berlin", time: "2026-03-02 08:00:00")
        try box.startDaemon(environment: stack.environment)
        #expect(try box.bmctl("activate", "darwin").status == 0)
        let off = try box.bmctl("notifications", "sound", "off")
        #expect(off.status == 0, "\(off.stderr)")
        #expect(off.stdout == "The reminder's sound is off.\n")
        let status = try box.bmctl("status", "--json").object
        #expect((status["notifications"] as? [String: Any])?["sound"] as? Bool == false, "\(status)")
        let darwin = try #require(try box.bmctl("explore", "darwin", "--json").array.first as? [String: Any])
        let time = try #require((darwin["tasks"] as? [[String: Any]])?.first?["time"] as? String)
        try box.stopDaemon()

        let calls = try NotifyCalls(on: stack)
        defer { calls.stop() }
        try NotificationTests.startDaemon(box, seconds: 2, before: time, on: stack)
        let reminder = try #require(try calls.waitForCalls(1, timeout: .seconds(20)).first)
        #expect(reminder.summary == "Good morning — Charles Darwin")
        #expect(reminder.hints["sound-name"] == nil, "\(reminder)")
        #expect(reminder.expireTimeout == 0, "\(reminder)")
        try box.stopDaemon()
    }

    /// Stops bmd and starts it again on the same stack, as `systemctl --user restart` or
    /// an upgrade does, while the reminder is on screen.
    static func restart(_ box: Sandbox, on stack: NotificationStack, environment: [String: String] = [:]) throws {
        try box.stopDaemon()
        try box.startDaemon(environment: stack.environment.merging(environment) { $1 })
        #expect(try stack.displayedCount() == 1)
    }

    @Test("After bmd restarts with the reminder on screen, checking the first task still closes the popup")
    func closedAfterRestart() throws {
        let stack = try NotificationStack()
        defer { stack.stop() }
        let box = try NotificationTests.reminderOnScreen(stack)
        try Self.restart(box, on: stack)

        let checked = try box.bmctl("check", "1")
        #expect(checked.status == 0, "\(checked.stderr)")
        try stack.waitForDisplayed(0, timeout: .seconds(5))
        // Closed by bmd, and still the one reminder of the day.
        #expect(try stack.notifications().map(\.summary) == ["Good morning — Charles Darwin"])
        try box.stopDaemon()
        #expect(box.daemonLog.contains("closed the reminder"), "\(box.daemonLog)")
    }

    @Test("After bmd restarts, the popup's ✓ button still checks the first task")
    func checkButtonAfterRestart() throws {
        let stack = try NotificationStack()
        defer { stack.stop() }
        let box = try NotificationTests.reminderOnScreen(stack)
        try Self.restart(box, on: stack)
        #expect(try NotificationTests.todayStates(box).first == "untouched")

        try stack.pressCheckButton()
        let deadline = ContinuousClock.now + .seconds(5)
        while try NotificationTests.todayStates(box).first != "done" && ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(try NotificationTests.todayStates(box).first == "done", "bmd log: \(box.daemonLog)")
        #expect(try NotificationTests.todayStates(box).dropFirst().allSatisfy { $0 != "done" })
        // The morning has begun, so bmd closes the popup; no other notification comes.
        try stack.waitForDisplayed(0, timeout: .seconds(5))
        #expect(try stack.notifications().count == 1)
        try box.stopDaemon()
    }

    @Test("After bmd restarts, clicking the popup still opens today; an action signal from another client checks nothing")
    func foreignActionIgnored() throws {
        let stack = try NotificationStack()
        defer { stack.stop() }
        let terminal = try TerminalRecorder(in: stack.folder)
        let box = try NotificationTests.reminderOnScreen(stack, environment: ["TERMINAL": terminal.path])
        try Self.restart(box, on: stack, environment: ["TERMINAL": terminal.path])

        // Another client says "check" on the reminder's id, as the server would, to all
        // on the bus…
        let id = try stack.firstShownID()
        let forged = try ChildProcess.run("/usr/bin/dbus-send", [
            "--session", "--type=signal", "/org/freedesktop/Notifications",
            "org.freedesktop.Notifications.ActionInvoked", "uint32:\(id)", "string:check",
        ], environment: stack.environment.merging(["PATH": "/usr/bin:/bin"]) { $1 })
        #expect(forged.status == 0, "\(forged.stderr)")
        // …then the user clicks the popup. bmd hears the bus's signals in order, so once
        // the click has opened the terminal, the forged check has been heard too.
        try stack.clickFirst()
        #expect(try terminal.waitForRun(within: .seconds(5)), "bmd log: \(box.daemonLog)")
        #expect(try NotificationTests.todayStates(box).allSatisfy { $0 == "untouched" })
        #expect(try stack.displayedCount() == 1)
        try box.stopDaemon()
    }
}
