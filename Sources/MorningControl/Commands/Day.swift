import ArgumentParser
import MorningProtocol

extension BMCtl {
    /// `bmctl day [--routine NAME] [DATE]`: one day of the active routine, or of another stored one.
    struct Day: EverydayCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show one day of the active routine: today, a past day or a day ahead.",
            discussion: "With --routine, a finished day of another of your routines, such as the one before a switch.")

        @OptionGroup var options: GlobalOptions

        @Option(help: ArgumentHelp("One of your routines instead of the active one: its id, name, or the start of it.",
                                   valueName: "name"),
                completion: Completions.storedRoutines)
        var routine: String?

        @Argument(help: ArgumentHelp("YYYY-MM-DD, today, yesterday or tomorrow.", valueName: "date"),
                  completion: .list(["today", "yesterday", "tomorrow"]))
        var date: String?

        var request: DayRequest { DayRequest(globals: globals, date: date, routine: routine) }
    }

    /// `bmctl today`: the same as `bmctl day today`.
    struct Today: EverydayCommand {
        static let configuration = CommandConfiguration(abstract: "Show today's tasks (the same as `day today`).")

        @OptionGroup var options: GlobalOptions

        var request: DayRequest { DayRequest(globals: globals, date: "today") }
    }
}

/// What `bmctl day` and `bmctl today` do.
struct DayRequest: Request, Equatable {
    var globals: Globals
    /// As typed; today when nil.
    var date: String?
    /// A stored routine as typed; the active one when nil.
    var routine: String? = nil

    func check() throws(UsageError) {
        if let date, DateArgument.normalized(date) == nil { throw UsageError(DateArgument.invalidMessage(date)) }
    }

    func execute(in session: Session) throws(ControlFailure) {
        let parameters = Morning.DayParameters(date: date.flatMap(DateArgument.normalized), routine: routine)
        let day = try session.call(Morning.Call.day(parameters))
        if globals.json { return session.printJSON(day) }
        session.say(DayText.render(day, style: session.style))
    }
}
