import MorningProtocol

/// What `bmctl history` does.
extension HistoryRequest {
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
