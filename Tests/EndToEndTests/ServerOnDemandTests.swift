import Foundation
import Testing

/// A notification server the session bus starts when a notification comes, as Debian's
/// dunst package sets up: reminders can show, so notifications are available.
@Suite("End to end: a notification server started on demand")
struct ServerOnDemandTests {
    @Test("With no server running but one the bus starts on demand, status says available, and bmd starts none to find out")
    func availableWhenStartedOnDemand() throws {
        let stack = try NotificationStack(server: false, startedOnDemand: true)
        defer { stack.stop() }
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        try box.startDaemon(environment: stack.environment)

        let before = try NotificationTests.waitForAvailability(box, true, within: .seconds(5))
        #expect(before["available"] as? Bool == true, "\(before); bmd log: \(box.daemonLog)")
        #expect(try !stack.serverRunning())

        // The first notification starts the server.
        let sent = try box.bmctl("notifications", "test")
        #expect(sent.status == 0, "\(sent.stderr); bmd log: \(box.daemonLog)")
        let received = try stack.waitForNotifications(count: 1, timeout: .seconds(20))
        #expect(received.map(\.summary) == ["Better Morning test notification"])
        try box.stopDaemon()
    }

    @Test("When a server the bus starts on demand quits, notifications stay available and the next one starts it again")
    func staysAvailableWhenItQuits() throws {
        let stack = try NotificationStack(startedOnDemand: true)
        defer { stack.stop() }
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        try box.startDaemon(environment: stack.environment)
        #expect(try NotificationTests.waitForAvailability(box, true, within: .seconds(5))["available"] as? Bool == true)

        stack.stopServer()
        #expect(try !stack.serverRunning())
        // bmd hears of a server going within a second (see NotificationTests); for twice
        // that, it keeps saying available.
        let until = ContinuousClock.now + .seconds(2)
        while ContinuousClock.now < until {
            let notifications = try NotificationTests.waitForAvailability(box, true, within: .zero)
            #expect(notifications["available"] as? Bool == true, "\(notifications); bmd log: \(box.daemonLog)")
            Thread.sleep(forTimeInterval: 0.1)
        }

        let sent = try box.bmctl("notifications", "test")
        #expect(sent.status == 0, "\(sent.stderr); bmd log: \(box.daemonLog)")
        #expect(try stack.waitForNotifications(count: 1, timeout: .seconds(20)).count == 1)
        try box.stopDaemon()
    }
}
