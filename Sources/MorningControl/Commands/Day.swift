import ArgumentParser
import MorningProtocol

extension BMCtl {
    /// `bmctl day [DATE]`: one day of the active routine (T1, T2).
    struct Day: ControlCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show one day of the active routine: today, a past day or a day ahead.")

        @OptionGroup var globals: GlobalOptions

        @Argument(help: ArgumentHelp("YYYY-MM-DD, today, yesterday or tomorrow.", valueName: "date"))
        var date: String?

        func validate() throws {
            if let date, DateArgument.normalized(date) == nil { throw ValidationError(DateArgument.invalidMessage(date)) }
        }

        func execute(in session: Session) throws(ControlFailure) {
            try Day.show(date.flatMap(DateArgument.normalized), in: session)
        }

        /// Shows the day `date` (today when nil); shared with `today`.
        static func show(_ date: String?, in session: Session) throws(ControlFailure) {
            let day = try session.call(.day, Morning.DayParameters(date: date), reply: Morning.DayReply.self)
            if session.globals.json { return session.printJSON(day) }
            session.say(DayText.render(day, style: session.style))
        }
    }

    /// `bmctl today`: the same as `bmctl day today`.
    struct Today: ControlCommand {
        static let configuration = CommandConfiguration(abstract: "Show today's tasks (the same as `day today`).")

        @OptionGroup var globals: GlobalOptions

        func execute(in session: Session) throws(ControlFailure) {
            try Day.show("today", in: session)
        }
    }
}
