/// One week of one routine for the charts.
public struct WeekView: Hashable, Sendable {
    public var routine: Routine
    public var weekStart: Day
    /// Seven days; `completed` is nil when the day has no record. Today of the running
    /// routine shows its live count, so the bar grows as tasks are checked.
    public var days: [(date: Day, completed: Int?)]
    public var today: Day

    public static func == (a: WeekView, b: WeekView) -> Bool {
        a.routine == b.routine && a.weekStart == b.weekStart && a.today == b.today
            && a.days.map(\.date) == b.days.map(\.date) && a.days.map(\.completed) == b.days.map(\.completed)
    }

    public func hash(into h: inout Hasher) {
        h.combine(routine)
        h.combine(weekStart)
    }
}

extension Book {
    /// The week starting `weekStart` for `routine`, from the counts of its records in
    /// that week (`recorded`, by date).
    public func week(of routine: Routine, startingOn weekStart: Day, today: Day, recorded: [Day: Int]) -> WeekView {
        let days = (0..<7).map { offset -> (date: Day, completed: Int?) in
            let date = weekStart.adding(days: offset)
            if let count = recorded[date] { return (date, count) }
            if date == today, routine.isActive, routine.startDate <= today,
               (routine.lastRecordDate ?? routine.startDate.previous) < today {
                return (date, checks(of: routine.id, on: today).nonzeroBitCount)
            }
            return (date, nil)
        }
        return WeekView(routine: routine, weekStart: weekStart, days: days, today: today)
    }
}
