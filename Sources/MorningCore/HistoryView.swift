/// The last months of finished days as a calendar heatmap: one entry per day
/// from the start of the first shown week to today, weeks starting on the locale's
/// first weekday, so that a client lays them out seven to a column.
public struct HistoryView: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        public var date: Day
        /// Tasks done, or nil when the day has no record (nor live checks today).
        public var completed: Int?
        /// Tasks there were to do that day; nil exactly when `completed` is.
        public var total: Int?

        public init(date: Day, completed: Int?, total: Int?) {
            self.date = date
            self.completed = completed
            self.total = total
        }
    }

    /// The routine shown, or nil for every routine together.
    public var routine: Routine?
    /// The first day of the first month shown; entries before it only fill the first week.
    public var from: Day
    public var today: Day
    /// From the first weekday on or before `from`, through `today`.
    public var days: [Entry]
    /// The running routine's today while it is not yet a finished day (it has no Day
    /// Record): its checks so far, already added into the last of `days`.
    public var inProgress: Entry?

    /// The first day of the grid: the week start on or before `from`.
    public var gridStart: Day { days.first?.date ?? from }

    /// The months `history --months` may ask for.
    public static let months = 1...12

    /// The first day of the month `months - 1` months before the month of `today`:
    /// `months` whole calendar months, the current one included.
    public static func firstDay(months: Int, today: Day) -> Day {
        let (year, month, _) = today.components
        let index = year * 12 + (month - 1) - (months - 1)
        return Day(year: index / 12, month: index % 12 + 1, day: 1)!
    }
}

extension Book {
    /// The heatmap of `routine` (every routine when nil) over the last `months` months.
    ///
    /// `records` are the Day Records of that range (the caller reads them from history);
    /// records of one date add up. Today of the running routine shows its live checks,
    /// as the week chart does.
    public func history(of routine: Routine?, months: Int, today: Day, firstWeekday: Int,
                        records: [DayRecord]) -> HistoryView {
        var sums: [Day: (completed: Int, total: Int)] = [:]
        for record in records where routine == nil || record.routineID == routine?.id {
            let sum = sums[record.date] ?? (0, 0)
            sums[record.date] = (sum.completed + record.completed, sum.total + record.taskCount)
        }
        return history(of: routine, months: months, today: today, firstWeekday: firstWeekday, sums: sums)
    }

    /// The same heatmap from the records' sums per date (those of every routine come
    /// ready from a `HistorySummary`).
    public func history(of routine: Routine?, months: Int, today: Day, firstWeekday: Int,
                        sums recorded: [Day: (completed: Int, total: Int)]) -> HistoryView {
        let from = HistoryView.firstDay(months: months, today: today)
        var sums = recorded
        var inProgress: HistoryView.Entry?
        if let live = active, routine == nil || routine?.id == live.id, live.startDate <= today,
           (live.lastRecordDate ?? live.startDate.previous) < today {
            let sum = sums[today] ?? (0, 0)
            let done = checks(of: live.id, on: today).nonzeroBitCount
            sums[today] = (sum.completed + done, sum.total + live.tasks.count)
            inProgress = HistoryView.Entry(date: today, completed: done, total: live.tasks.count)
        }
        let start = from.startOfWeek(firstWeekday: firstWeekday)
        let days = (0...start.distance(to: today)).map { offset -> HistoryView.Entry in
            let date = start.adding(days: offset)
            let sum = date < from ? nil : sums[date]
            return HistoryView.Entry(date: date, completed: sum?.completed, total: sum?.total)
        }
        return HistoryView(routine: routine, from: from, today: today, days: days, inProgress: inProgress)
    }
}
