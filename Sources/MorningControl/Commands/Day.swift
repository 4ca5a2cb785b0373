import MorningProtocol

/// What `bmctl day` and `bmctl today` do.
extension DayRequest {
    func check() throws(UsageError) {
        if let date, DateArgument.normalized(date) == nil { throw UsageError(DateArgument.invalidMessage(date)) }
    }

    func execute(in session: Session) throws(ControlFailure) {
        let parameters = Morning.DayParameters(date: date.flatMap(DateArgument.normalized), routine: routine)
        let day = try session.call(Morning.Call.day(parameters))
        session.answer(day, DayText.render)
    }
}
