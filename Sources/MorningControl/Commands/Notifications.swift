import ArgumentParser
import MorningProtocol

extension BMCtl {
    /// `bmctl notifications on|off|test|sound on|off`: the daily reminder switch, a test
    /// notification to check that reminders reach the desktop, and the reminder's sound.
    struct Notifications: ControlCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show whether the daily reminder is on, turn it or its sound on or off, or show a test notification.")

        enum Setting: String, ExpressibleByArgument, CaseIterable {
            case on, off, test, sound
        }

        enum Switch: String, ExpressibleByArgument, CaseIterable {
            case on, off
        }

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp("on or off: the daily reminder; test: show a test notification now; "
                                     + "sound: the reminder's sound; none: show the settings.",
                                     valueName: "on|off|test|sound"))
        var setting: Setting?

        @Argument(help: ArgumentHelp("After sound: on or off.", valueName: "on|off"))
        var sound: Switch?

        func validate() throws {
            if sound != nil && setting != .sound {
                throw ValidationError("a second on or off goes only after sound: bmctl notifications sound on|off")
            }
        }

        func execute(in session: Session) throws(ControlFailure) {
            guard let setting else { return try show(in: session) }
            switch setting {
            case .test:
                let reply = try session.call(Morning.Call.testNotification())
                if globals.json { return session.printJSON(reply) }
                session.say(ChangeText.testNotification(reply.notifications, style: session.style))
            case .sound:
                guard let sound else { return try show(in: session) }
                let reply = try session.call(Morning.Call.setNotificationSound(sound: sound == .on))
                if globals.json { return session.printJSON(reply) }
                session.say(ChangeText.notificationSound(reply.notifications, style: session.style))
            case .on, .off:
                let reply = try session.call(Morning.Call.setNotifications(enabled: setting == .on))
                if globals.json { return session.printJSON(reply) }
                session.say(ChangeText.notifications(reply.notifications, style: session.style))
            }
        }

        /// The settings as they are.
        private func show(in session: Session) throws(ControlFailure) {
            let status = try session.call(Morning.Call.status())
            if globals.json { return session.printJSON(.object([JSONValue.Member(key: "notifications", value: status.notifications.json)])) }
            session.say(ChangeText.notifications(status.notifications, style: session.style))
        }
    }
}
