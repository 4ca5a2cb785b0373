import ArgumentParser
import MorningProtocol

extension BMCtl {
    /// `bmctl week [ROUTINE]`: one week's chart of a routine (H2).
    struct Week: ControlCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show one week of a routine: a bar per day for the tasks completed.",
            discussion: "The week starts on your locale's first weekday (LC_ALL, LC_TIME or LANG).")

        @OptionGroup var globals: GlobalOptions

        @Argument(help: ArgumentHelp("One of your routines; the active one if left out.", valueName: "routine"))
        var routine: String?

        @Option(name: .customLong("week"),
                help: ArgumentHelp("The week that holds this day: YYYY-MM-DD, today, yesterday or tomorrow.", valueName: "date"))
        var date: String?

        @Option(help: ArgumentHelp("Go back this many weeks.", valueName: "n"))
        var prev: Int?

        @Option(help: ArgumentHelp("Go forward this many weeks.", valueName: "n"))
        var next: Int?

        func validate() throws {
            if [date != nil, prev != nil, next != nil].filter({ $0 }).count > 1 {
                throw ValidationError("--week, --prev and --next choose the week in different ways; use only one")
            }
            if let date, DateArgument.normalized(date) == nil { throw ValidationError(DateArgument.invalidMessage(date)) }
            for (name, n) in [("--prev", prev), ("--next", next)] {
                if let n, n < 0 { throw ValidationError("\(name) takes a number of weeks, 0 or more") }
            }
        }

        /// The week offset bmd expects: back is negative.
        var offset: Int? {
            if let prev { return -prev }
            return next
        }

        func execute(in session: Session) throws(ControlFailure) {
            let parameters = Morning.WeekParameters(routine: routine, date: date.flatMap(DateArgument.normalized),
                                                    offset: offset, locale: session.locale)
            let chart = try session.call(.week, parameters, reply: Morning.WeekChart.self)
            if globals.json { return session.printJSON(chart) }
            session.say(WeekText.render(chart, style: session.style))
        }
    }
}
