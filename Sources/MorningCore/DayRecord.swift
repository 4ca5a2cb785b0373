/// What happened to each task on one finished day.
public struct DayRecord: Hashable, Sendable {
    public var routineID: RoutineID
    public var date: Day
    /// Bit `p - 1` is set when task `p` (1-based) was done.
    public var doneMask: UInt32
    public var taskCount: Int

    public init(routineID: RoutineID, date: Day, doneMask: UInt32, taskCount: Int) {
        self.routineID = routineID
        self.date = date
        self.doneMask = doneMask
        self.taskCount = taskCount
    }

    public var completed: Int { doneMask.nonzeroBitCount }

    public func isDone(position: Int) -> Bool { doneMask & (1 << UInt32(position - 1)) != 0 }
}

extension DayRecord {
    /// Every task of the day was done (a day with no tasks never is).
    var isPerfect: Bool { taskCount > 0 && completed == taskCount }
}
