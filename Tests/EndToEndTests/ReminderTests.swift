import Foundation
import Testing

/// The daily reminder on a real notification stack (private bus, Xvfb, dunst), bmd's
/// clock set by libfaketime (N1, N2, N4).
// Rules N1, N2, N4.
@Suite("End to end: the daily reminder")
struct ReminderTests {
    /// Kant's routine as the catalog ships it: first task time and title, task count.
    func kant(_ box: Sandbox) throws -> (time: String, title: String, count: Int) {
        let entry = try #require(try box.bmctl("explore", "kant", "--json").array.first as? [String: Any])
        let tasks = try #require(entry["tasks"] as? [[String: Any]])
        return (try #require(tasks.first?["time"] as? String), try #require(tasks.first?["title"] as? String), tasks.count)
    }

    /// `HH:MM` minus `seconds`, as `HH:MM:SS`.
    func before(_ time: String, seconds: Int) -> String {
        let parts = time.split(separator: ":").compactMap { Int($0) }
        let total = parts[0] * 3600 + parts[1] * 60 - seconds
        return String(format: "%02d:%02d:%02d", total / 3600, total / 60 % 60, total % 60)
    }

    // Rules N1, N2.
    @Test("started a few seconds before the first task, bmd delivers exactly one reminder naming the routine and task")
    func onTime() throws {
        let stack = try NotificationStack()
        defer { stack.stop() }
        let box = try Sandbox(zone: "Europe/Berlin", time: "2026-03-02 08:00:00")
        try box.startDaemon(environment: stack.environment)
        #expect(try box.bmctl("activate", "kant").status == 0)
        let first = try kant(box)
        try box.stopDaemon()

        box.setClock("2026-03-03 " + before(first.time, seconds: 3))
        try box.startDaemon(environment: stack.environment)
        let received = try stack.waitForNotifications(count: 1, timeout: .seconds(20))
        let reminder = try #require(received.first)
        #expect(reminder.appName == "Better Morning")
        #expect(reminder.summary.contains("Immanuel Kant"))
        #expect(reminder.body.contains(first.title) && reminder.body.contains(first.time) && reminder.body.contains("\(first.count) tasks"))
        #expect(reminder.category == "x-better-morning.reminder" && reminder.desktopEntry == "better-morning")

        // The next one is tomorrow's; a restart the same morning does not send it again (N4).
        let status = try box.bmctl("status", "--json").object
        #expect((status["nextReminder"] as? String)?.hasPrefix("2026-03-04T\(first.time)") == true)
        try box.stopDaemon()
        try box.startDaemon(environment: stack.environment)
        try box.waitForStatus(containing: "next reminder 2026-03-04T\(first.time)")
        #expect(try stack.notifications().count == 1)
        try box.stopDaemon()
    }

    // Rules N1, N4.
    @Test("notifications off deliver none; turned on again within the morning, the reminder comes once, late")
    func offThenOn() throws {
        let stack = try NotificationStack()
        defer { stack.stop() }
        let box = try Sandbox(zone: "America/New_York", time: "2026-03-02 08:00:00")
        try box.startDaemon(environment: stack.environment)
        #expect(try box.bmctl("activate", "kant").status == 0)
        #expect(try box.bmctl("notifications", "off").status == 0)
        let first = try kant(box)
        try box.stopDaemon()

        // Ten minutes after the first task: inside the late window, but notifications are off.
        box.setClock("2026-03-03 " + before(first.time, seconds: -600))
        try box.startDaemon(environment: stack.environment)
        try box.waitForStatus(containing: "no reminder planned")
        #expect(try box.bmctl("status", "--json").object["nextReminder"] is NSNull)
        #expect(try stack.notifications().isEmpty)

        #expect(try box.bmctl("notifications", "on").status == 0)
        let received = try stack.waitForNotifications(count: 1, timeout: .seconds(20))
        #expect(received.first?.summary.contains("Immanuel Kant") == true)
        try box.waitForStatus(containing: "next reminder 2026-03-04T\(first.time)")
        #expect(try stack.notifications().count == 1)
        try box.stopDaemon()
    }

    // Rule N4.
    @Test("coming back after the last task's time, the morning's reminder is skipped")
    func tooLate() throws {
        let stack = try NotificationStack()
        defer { stack.stop() }
        let box = try Sandbox(zone: "Europe/Berlin", time: "2026-03-02 08:00:00")
        try box.startDaemon(environment: stack.environment)
        #expect(try box.bmctl("activate", "kant").status == 0)
        try box.stopDaemon()
        box.setClock("2026-03-03 21:00:00")
        try box.startDaemon(environment: stack.environment)
        try box.waitForStatus(containing: "next reminder 2026-03-04T")
        #expect(try stack.notifications().isEmpty)
        try box.stopDaemon()
    }
}
