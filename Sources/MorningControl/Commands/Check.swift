import MorningProtocol

/// What `bmctl check` and `bmctl uncheck` do.
///
/// `done` is true for check, false for uncheck; a `task` of nil (`check` alone) is the
/// task to do now.
extension CheckRequest {
    func check() throws(UsageError) {
        if task == nil && !done { throw UsageError("uncheck needs a task: its number (from 1) or the start of its title") }
        if task == nil && date != nil { throw UsageError("--date needs a task: say which task of that day to check") }
        if let date, DateArgument.normalized(date) == nil { throw UsageError(DateArgument.invalidMessage(date)) }
    }

    func execute(in session: Session) throws(ControlFailure) {
        let date = date.flatMap(DateArgument.normalized)
        let task = try CheckNow.task(task, in: session)
        let request = done ? Morning.Call.check(task: task, date: date) : Morning.Call.uncheck(task: task, date: date)
        let reply = try session.call(request, verb: "change")
        session.answer(reply, done ? ChangeText.checked : ChangeText.unchecked)
    }
}
