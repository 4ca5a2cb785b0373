import ArgumentParser
import MorningProtocol

extension BMCtl {
    /// `bmctl activate NAME`: makes a routine active from tomorrow (A1, A2).
    struct Activate: ControlCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a routine your active one, starting tomorrow.",
            discussion: "If another routine is running, today is finished for it first: untouched tasks count as missed.")

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp("A celebrity or custom routine: its id, name, or the start of it.", valueName: "name"))
        var routine: String

        func execute(in session: Session) throws(ControlFailure) {
            let reply = try session.call(Morning.Call.activate(routine: routine), verb: "activate")
            if globals.json { return session.printJSON(reply) }
            session.say(ChangeText.activated(reply, style: session.style))
        }
    }

    /// `bmctl restart ROUTINE`: starts a stored routine over from tomorrow (A4).
    struct Restart: ControlCommand {
        static let configuration = CommandConfiguration(
            abstract: "Start a routine over from tomorrow; its history stays.")

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp("One of your routines: its id, name, or the start of it.", valueName: "routine"))
        var routine: String

        func execute(in session: Session) throws(ControlFailure) {
            let reply = try session.call(Morning.Call.restart(routine: routine), verb: "restart")
            if globals.json { return session.printJSON(reply) }
            session.say(ChangeText.restarted(reply, style: session.style))
        }
    }
}
