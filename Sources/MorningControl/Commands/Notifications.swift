import ArgumentParser
import MorningProtocol

/// `bmctl notifications on|off|test|sound on|off`: the daily reminder switch, a test
/// notification to check that reminders reach the desktop, and the reminder's sound.
extension NotificationsRequest {
    /// The first word: the reminder on or off, a test, or its sound.
    enum Setting: String, ExpressibleByArgument, CaseIterable {
        case on, off, test, sound
    }

    /// The word after `sound`.
    enum Switch: String, ExpressibleByArgument, CaseIterable {
        case on, off
    }

    func check() throws(UsageError) {
        if sound != nil && setting != .sound {
            throw UsageError("a second on or off goes only after sound: bmctl notifications sound on|off")
        }
    }

    func execute(in session: Session) throws(ControlFailure) {
        guard let setting else { return try show(in: session) }
        switch setting {
        case .test:
            let reply = try session.call(Morning.Call.testNotification())
            session.answer(reply) { ChangeText.testNotification($0.notifications, style: $1) }
        case .sound:
            guard let sound else { return try show(in: session) }
            let reply = try session.call(Morning.Call.setNotificationSound(sound: sound == .on))
            session.answer(reply) { ChangeText.notificationSound($0.notifications, style: $1) }
        case .on, .off:
            let reply = try session.call(Morning.Call.setNotifications(enabled: setting == .on))
            session.answer(reply) { ChangeText.notifications($0.notifications, style: $1) }
        }
    }

    /// The settings as they are.
    private func show(in session: Session) throws(ControlFailure) {
        let status = try session.call(Morning.Call.status())
        if globals.json { return session.printJSON(.object([JSONValue.Member(key: "notifications", value: status.notifications.json)])) }
        session.say(ChangeText.notifications(status.notifications, style: session.style))
    }
}
