import MorningProtocol

/// What `bmctl week` does.
extension WeekRequest {
    func check() throws(UsageError) {
        if [date != nil, prev != nil, next != nil].filter({ $0 }).count > 1 {
            throw UsageError("--week, --prev and --next choose the week in different ways; use only one")
        }
        if let date, DateArgument.normalized(date) == nil { throw UsageError(DateArgument.invalidMessage(date)) }
        for (name, n) in [("--prev", prev), ("--next", next)] {
            if let n, n < 0 { throw UsageError("\(name) takes a number of weeks, 0 or more") }
            // bmd refuses more: no routine has a week that far away.
            if let n, n > Morning.weekOffsetLimit {
                throw UsageError("\(name) takes at most \(Morning.weekOffsetLimit) weeks (about 190 years)")
            }
        }
    }

    /// The week offset bmd expects: back is negative.
    var offset: Int? {
        if let prev { return -prev }
        return next
    }

    func execute(in session: Session) throws(ControlFailure) {
        let chart = try week(at: offset, in: session)
        if globals.json { return session.printJSON(chart) }
        let console = session.context.console
        guard console.stdinIsTerminal, console.stdoutIsTerminal, let keyboard = RawTerminal(.keys, write: session.write) else {
            return session.write(WeekText.render(chart, style: session.style))
        }
        keyboard.enter()
        defer { keyboard.leave() }
        try WeekOnTerminal.run(first: chart, offset: offset ?? 0, fetch: { (n) throws(ControlFailure) in try week(at: n, in: session) },
                            readKeys: { keyboard.readKeys()?.compactMap(BrowseKey.init) }, write: session.write,
                            style: session.style)
    }

    /// The week chosen by the options, moved by `offset` weeks.
    private func week(at offset: Int?, in session: Session) throws(ControlFailure) -> Morning.WeekChart {
        let parameters = Morning.WeekParameters(routine: routine, date: date.flatMap(DateArgument.normalized),
                                                offset: offset, locale: session.locale)
        return try session.call(Morning.Call.week(parameters))
    }
}
