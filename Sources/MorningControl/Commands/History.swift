import ArgumentParser
import MorningProtocol

extension BMCtl {
    /// `bmctl history [ROUTINE] [--months N]`: a calendar heatmap of the last months.
    struct History: EverydayCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show the last months as a calendar heatmap: a cell per day, shaded by the tasks done.",
            discussion: """
                Weeks are columns and weekdays rows, from your locale's first weekday (LC_ALL, LC_TIME or LANG).
                Without a routine, every routine together.
                """)

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp("One of your routines; every routine if left out.", valueName: "routine"),
                  completion: Completions.storedRoutines)
        var routine: String?

        @Option(help: ArgumentHelp("Whole calendar months to show, this one included: 6 or 12 (1 to 12).", valueName: "n"))
        var months = HistoryRequest.defaultMonths

        var request: HistoryRequest { HistoryRequest(globals: globals, routine: routine, months: months) }
    }
}

/// What `bmctl history` does.
struct HistoryRequest: Request, Equatable {
    var globals: Globals
    var routine: String?
    var months = Self.defaultMonths

    /// The months shown when `--months` is not given: a year.
    static let defaultMonths = 12

    func check() throws(UsageError) {
        guard (1...12).contains(months) else { throw UsageError("--months takes 1 to 12 (such as 6 or 12)") }
    }

    func execute(in session: Session) throws(ControlFailure) {
        let parameters = Morning.HistoryParameters(routine: routine, months: months, locale: session.locale)
        let reply = try session.call(Morning.Call.history(parameters))
        if globals.json { return session.printJSON(reply) }
        session.write(HistoryText.render(reply, style: session.style))
    }
}
