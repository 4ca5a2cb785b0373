import ArgumentParser
import MorningProtocol

/// `bmctl notifications on|off|test|sound on|off|keep on|off`: the daily reminder switch, a
/// test notification to check that reminders reach the desktop, the reminder's sound, and
/// whether it stays on screen until acted on.
extension NotificationsRequest {
    /// The first word: the reminder on or off, a test, its sound, or its staying on screen.
    enum Setting: String, ExpressibleByArgument, CaseIterable {
        case on, off, test, sound, keep
    }

    /// The word after `sound` or `keep`.
    enum Switch: String, ExpressibleByArgument, CaseIterable {
        case on, off
    }

    func check() throws(UsageError) {
        if sound != nil && setting != .sound && setting != .keep {
            throw UsageError("a second on or off goes only after sound or keep: bmctl notifications sound|keep on|off")
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
        case .keep:
            guard let keep = sound else { return try show(in: session) }
            let reply = try session.call(Morning.Call.setKeepOnScreen(keep: keep == .on))
            session.answer(reply) { ChangeText.keepOnScreen($0.notifications, style: $1) }
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
