import ArgumentParser
import MorningProtocol

extension BMCtl {
    /// `bmctl status`: the morning at a glance (L1).
    struct Status: ControlCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show the active routine, today's progress, the current and next task, and the reminder.")

        @OptionGroup var globals: GlobalOptions

        func execute(in session: Session) throws(ControlFailure) {
            let status = try session.call(.status, reply: Morning.Status.self)
            if globals.json { return session.printJSON(status) }
            session.say(StatusText.render(status, style: session.style))
        }
    }
}
