import MorningProtocol

/// What `bmctl stats` does.
extension StatsRequest {
    func execute(in session: Session) throws(ControlFailure) {
        let reply = try session.call(Morning.Call.stats(routine: routine))
        session.answer(reply, StatsText.render)
    }
}
