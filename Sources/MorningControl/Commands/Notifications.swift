import ArgumentParser
import MorningProtocol

extension BMCtl {
    /// `bmctl notifications on|off`: the daily reminder switch (N1).
    struct Notifications: ControlCommand {
        static let configuration = CommandConfiguration(abstract: "Turn the daily reminder on or off.")

        enum Setting: String, ExpressibleByArgument, CaseIterable {
            case on, off
        }

        @OptionGroup var globals: GlobalOptions

        @Argument(help: ArgumentHelp("on or off.", valueName: "on|off"))
        var setting: Setting

        func execute(in session: Session) throws(ControlFailure) {
            let reply = try session.call(.setNotifications, Morning.NotificationsParameters(enabled: setting == .on),
                                         reply: Morning.NotificationsReply.self)
            if globals.json { return session.printJSON(reply) }
            session.say(ChangeText.notifications(reply.notifications, style: session.style))
        }
    }
}
