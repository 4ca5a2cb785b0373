import Foundation
import Testing

/// The reminder's popup on a real desktop notification stack: it stays until its morning
/// begins, its day ends or the user closes it, and it asks for the alarm's sound.
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
}
