import ArgumentParser
import MorningProtocol

/// The arguments of `check` and `uncheck`: which task, and optionally which day.
struct TaskArguments: ParsableArguments {
    @Argument(help: ArgumentHelp("The task's number (from 1) or the start of its title. `check` without it checks the task to do now.",
                                 valueName: "task"),
              completion: Completions.todaysTasks)
    var task: String?

    @Option(help: ArgumentHelp("The day, if not today: YYYY-MM-DD, today, yesterday or tomorrow. Only today can change.",
                               valueName: "date"),
            completion: .list(["today", "yesterday", "tomorrow"]))
    var date: String?
}

extension BMCtl {
    /// `bmctl check TASK`: marks a task of today done.
    struct Check: EverydayCommand {
        static let configuration = CommandConfiguration(abstract: "Mark a task of today done.")

        @OptionGroup var options: GlobalOptions
        @OptionGroup var arguments: TaskArguments

        var request: CheckRequest { CheckRequest(globals: globals, done: true, task: arguments.task, date: arguments.date) }
    }

    /// `bmctl uncheck TASK`: returns a task of today to untouched.
    struct Uncheck: EverydayCommand {
        static let configuration = CommandConfiguration(abstract: "Return a task of today to untouched.")

        @OptionGroup var options: GlobalOptions
        @OptionGroup var arguments: TaskArguments

        var request: CheckRequest { CheckRequest(globals: globals, done: false, task: arguments.task, date: arguments.date) }
    }
}

/// What `bmctl check` and `bmctl uncheck` do.
struct CheckRequest: Request, Equatable {
    var globals: Globals
    /// Check (true) or uncheck (false).
    var done: Bool
    /// Nil for `check` alone: the task to do now.
    var task: String?
    var date: String?

    func check() throws(UsageError) {
        if task == nil && !done { throw UsageError("uncheck needs a task: its number (from 1) or the start of its title") }
        if task == nil && date != nil { throw UsageError("--date needs a task: say which task of that day to check") }
        if let date, DateArgument.normalized(date) == nil { throw UsageError(DateArgument.invalidMessage(date)) }
    }

    func execute(in session: Session) throws(ControlFailure) {
        let date = date.flatMap(DateArgument.normalized)
        let task = try CheckNow.task(task, in: session)
        let request = done ? Morning.Call.check(task: task, date: date) : Morning.Call.uncheck(task: task, date: date)
        let reply = try session.call(request, verb: "change")
        if globals.json { return session.printJSON(reply) }
        session.say(done ? ChangeText.checked(reply, style: session.style) : ChangeText.unchecked(reply, style: session.style))
    }
}
