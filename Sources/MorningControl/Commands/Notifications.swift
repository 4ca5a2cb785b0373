import ArgumentParser
import MorningProtocol

extension BMCtl {
    /// `bmctl notifications on|off|test`: the daily reminder switch, and a test
    /// notification to check that reminders reach the desktop.
    struct Notifications: ControlCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show whether the daily reminder is on, turn it on or off, or show a test notification.")

        enum Setting: String, ExpressibleByArgument, CaseIterable {
            case on, off, test
        }

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp("on or off: the daily reminder; test: show a test notification now; "
                                     + "none: show the setting.",
                                     valueName: "on|off|test"))
        var setting: Setting?

        func execute(in session: Session) throws(ControlFailure) {
            guard let setting else {
                let status = try session.call(Morning.Call.status())
                if globals.json { return session.printJSON(.object([JSONValue.Member(key: "notifications", value: status.notifications.json)])) }
                return session.say(ChangeText.notifications(status.notifications, style: session.style))
            }
            if setting == .test {
                let reply = try session.call(Morning.Call.testNotification())
                if globals.json { return session.printJSON(reply) }
                return session.say(ChangeText.testNotification(reply.notifications, style: session.style))
            }
            let reply = try session.call(Morning.Call.setNotifications(enabled: setting == .on))
            if globals.json { return session.printJSON(reply) }
            session.say(ChangeText.notifications(reply.notifications, style: session.style))
        }
    }
}
