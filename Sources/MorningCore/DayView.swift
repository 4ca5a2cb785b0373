/// One day of the active routine as the user sees it.
public struct DayView: Hashable, Sendable {
    public typealias Mode = Morning.DayMode
    public typealias TaskState = Morning.TaskState

    public var routine: Routine
    public var date: Day
    public var mode: Mode
    public var states: [TaskState]

    public var completed: Int { states.filter { $0 == .done }.count }
    public var total: Int { routine.tasks.count }
}

extension Book {
    /// The days the active routine can show: from its start to `Limits.futureDays` days
    /// after today, or its start alone when it starts later than that.
    public func viewableRange(today: Day) throws -> ClosedRange<Day> {
        guard let routine = active else { throw Morning.Error.noActiveRoutine }
        return routine.startDate...max(routine.startDate, today.adding(days: Limits.futureDays))
    }

    /// The active routine on `date`. `record` is that date's Day Record when it has one;
    /// the caller reads it from history.
    public func dayView(of date: Day, today: Day, record: DayRecord?) throws -> DayView {
        guard let routine = active else { throw Morning.Error.noActiveRoutine }
        let range = try viewableRange(today: today)
        guard range.contains(date) else {
            if date == today, routine.startDate > today {
                throw Morning.Error.notStarted(routine: routine.name, startDate: routine.startDate)
            }
            throw Morning.Error.dateOutOfRange(date: date, earliest: range.lowerBound, latest: range.upperBound)
        }
        let positions = 1...routine.tasks.count
        // A record is shown as stored, whatever the clock says: one dated ahead of it was
        // written while the date was later (a flight west, a clock that ran ahead).
        if let record {
            return DayView(routine: routine, date: date, mode: date == today ? .today : date < today ? .past : .future,
                           states: positions.map { record.isDone(position: $0) ? .done : .missed })
        }
        let mask = checks(of: routine.id, on: date)
        if date > today {
            // Checks made on a day ahead of the clock stay the user's, and show.
            return DayView(routine: routine, date: date, mode: .future,
                           states: positions.map { mask & (1 << UInt32($0 - 1)) != 0 ? .done : .upcoming })
        }
        let open: DayView.TaskState = date == today ? .untouched : .missed
        return DayView(routine: routine, date: date, mode: date == today ? .today : .past,
                       states: positions.map { mask & (1 << UInt32($0 - 1)) != 0 ? .done : open })
    }

    /// A finished day of `routine`, which is not active: from its start to its last
    /// recorded day, every task ✓ or ✗ as its Day Record says.
    public func endedDayView(of routine: Routine, date: Day, record: DayRecord?) throws -> DayView {
        let last = routine.lastRecordDate ?? routine.startDate.previous
        guard date >= routine.startDate, date <= last else {
            throw Morning.Error.dateOutOfRange(date: date, earliest: routine.startDate, latest: last, ended: true)
        }
        let positions = 1...routine.tasks.count
        return DayView(routine: routine, date: date, mode: .past,
                       states: positions.map { record?.isDone(position: $0) == true ? .done : .missed })
    }
}
