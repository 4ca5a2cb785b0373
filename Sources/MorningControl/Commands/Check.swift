import ArgumentParser
import MorningProtocol

/// The arguments of `check` and `uncheck`: which task, and optionally which day.
struct TaskArguments: ParsableArguments {
    @Argument(help: ArgumentHelp("The task's number (from 1) or the start of its title.", valueName: "task"))
    var task: String

    @Option(help: ArgumentHelp("The day, if not today: YYYY-MM-DD, today, yesterday or tomorrow. Only today can change.",
                               valueName: "date"))
    var date: String?

    func validate() throws {
        if let date, DateArgument.normalized(date) == nil { throw ValidationError(DateArgument.invalidMessage(date)) }
    }

    var parameters: Morning.TaskParameters {
        Morning.TaskParameters(task: task, date: date.flatMap(DateArgument.normalized))
    }
}

extension BMCtl {
    /// `bmctl check TASK`: marks a task of today done (T1).
    struct Check: ControlCommand {
        static let configuration = CommandConfiguration(abstract: "Mark a task of today done.")

        @OptionGroup var globals: GlobalOptions
        @OptionGroup var arguments: TaskArguments

        func execute(in session: Session) throws(ControlFailure) {
            let reply = try session.call(.check, arguments.parameters, reply: Morning.CheckReply.self, verb: "change")
            if globals.json { return session.printJSON(reply) }
            session.say(ChangeText.checked(reply, style: session.style))
        }
    }

    /// `bmctl uncheck TASK`: returns a task of today to untouched (T1).
    struct Uncheck: ControlCommand {
        static let configuration = CommandConfiguration(abstract: "Return a task of today to untouched.")

        @OptionGroup var globals: GlobalOptions
        @OptionGroup var arguments: TaskArguments

        func execute(in session: Session) throws(ControlFailure) {
            let reply = try session.call(.uncheck, arguments.parameters, reply: Morning.CheckReply.self, verb: "change")
            if globals.json { return session.printJSON(reply) }
            session.say(ChangeText.unchecked(reply, style: session.style))
        }
    }
}
