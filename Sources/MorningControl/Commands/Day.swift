import ArgumentParser
import MorningProtocol

extension BMCtl {
    /// `bmctl day [DATE]`: one day of the active routine (T1, T2).
    struct Day: EverydayCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show one day of the active routine: today, a past day or a day ahead.")

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp("YYYY-MM-DD, today, yesterday or tomorrow.", valueName: "date"))
        var date: String?

        var request: DayRequest { DayRequest(globals: globals, date: date) }
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

    func check() throws(UsageError) {
        if let date, DateArgument.normalized(date) == nil { throw UsageError(DateArgument.invalidMessage(date)) }
    }

    func execute(in session: Session) throws(ControlFailure) {
        let parameters = Morning.DayParameters(date: date.flatMap(DateArgument.normalized))
        let day = try session.call(Morning.Call.day(parameters))
        if globals.json { return session.printJSON(day) }
        session.say(DayText.render(day, style: session.style))
    }
}
