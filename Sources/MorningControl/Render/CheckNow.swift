import MorningProtocol

/// `bmctl check` without a task, as a bar's on-click runs it: the task to do now.
enum CheckNow {
    /// `task` when given; otherwise the position of the task to do now (the first
    /// unchecked one whose time has come), refused when there is none.
    static func task(_ task: String?, in session: Session) throws(ControlFailure) -> String {
        if let task { return task }
        let status = try session.call(Morning.Call.status())
        guard let now = status.now?.task else { throw .refused(nothing(status)) }
        return String(now.position)
    }

    /// Why there is nothing to check now, and what to do instead: naming a task helps
    /// only where today has tasks left to check.
    static func nothing(_ s: Morning.StatusReply) -> String {
        let next = s.nextTask.map { " (next \(MorningText.named($0)))" } ?? ""
        let name = "; name a task to check another: bmctl check TASK"
        let why = switch MorningText.state(s) {
        case .none: "no routine is active; pick one with `bmctl explore`, then `bmctl activate NAME`"
        case .notStarted: "your new routine \(s.routine?.name ?? "") \(MorningText.starts(s)); its tasks can be checked from then"
        case .allDone: "every task is done"
        case .finished: "the morning is finished" + name
        case .beforeFirstTask: "no task's time has come yet" + next + name
        case .inProgress, .behind: "every task whose time has come is done" + next + name
        }
        return "nothing to check now: \(why)"
    }
}
