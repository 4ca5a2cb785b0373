import ArgumentParser
import MorningProtocol

extension BMCtl {
    /// `bmctl stats [ROUTINE]`: totals and averages of finished days.
    struct Stats: EverydayCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show totals of your finished days: tasks completed, perfect days, best run.",
            discussion: """
                Counted from the records of finished days only; today counts once it is over.
                Without a routine: each of your routines, then all of them together.
                """)

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp("One of your routines; every routine if left out.", valueName: "routine"),
                  completion: Completions.storedRoutines)
        var routine: String?

        var request: StatsRequest { StatsRequest(globals: globals, routine: routine) }
    }
}

/// What `bmctl stats` does.
struct StatsRequest: Request, Equatable {
    var globals: Globals
    var routine: String?

    func execute(in session: Session) throws(ControlFailure) {
        let reply = try session.call(Morning.Call.stats(routine: routine))
        if globals.json { return session.printJSON(reply) }
        session.say(StatsText.render(reply, style: session.style))
    }
}
