/// The totals of every Day Record, kept up to date as days are finalized, so that
/// `stats` and the heatmap of all routines do not read ten years of records on each call.
///
/// Built once from the records (in any order); after that each new record is added in
/// constant time when it comes after the routine's last one, as finalizing always does.
/// Anything else (an import, a deleted routine) is the caller's cue to build it again.
/// It answers exactly as `Stats(records:)` does over the same records.
public struct HistorySummary: Sendable {
    /// Per routine: its totals, and the run of perfect days that ends on its last date.
    private var routines: [RoutineID: Running] = [:]
    /// Per date, over every routine, in date order.
    private var dates: [DateTotals] = []

    /// The totals of one date over every routine's record of it.
    public struct DateTotals: Hashable, Sendable {
        public var date: Day
        public var completed: Int
        public var planned: Int
        /// Every record of the date is perfect.
        public var perfect: Bool
    }

    /// The stats of one routine's records, kept as they come in date order.
    private struct Running: Sendable {
        var stats = Stats()
        /// The perfect days up to the last record, while they are unbroken.
        var trailing = PerfectRun()

        /// Adds `record`, which must come after every record before it.
        mutating func add(_ record: DayRecord) {
            stats.tasksCompleted += record.completed
            stats.tasksPlanned += record.taskCount
            stats.daysTracked += 1
            if stats.firstDate == nil { stats.firstDate = record.date }
            stats.lastDate = record.date
            trailing.count(record.date, perfect: record.isPerfect, into: &stats)
        }
    }

    public init() {}

    /// The summary of `records`, in any order; fastest when each routine's come in date
    /// order, as the store reads them.
    public init(records: some Collection<DayRecord>) {
        var byDate: [Day: DateTotals] = [:]
        var late: [DayRecord] = []
        for record in records {
            byDate[record.date, default: DateTotals(date: record.date, completed: 0, planned: 0, perfect: true)]
                .take(record)
            if let last = routines[record.routineID]?.stats.lastDate, record.date <= last {
                late.append(record)
            } else {
                routines[record.routineID, default: Running()].add(record)
            }
        }
        if !late.isEmpty {
            // Some came out of order: those routines are summed again from all their records, in order.
            let redo = Set(late.map(\.routineID))
            var byRoutine: [RoutineID: [DayRecord]] = [:]
            for record in records where redo.contains(record.routineID) { byRoutine[record.routineID, default: []].append(record) }
            for (id, list) in byRoutine {
                var running = Running()
                for record in list.sorted(by: { $0.date < $1.date }) { running.add(record) }
                routines[id] = running
            }
        }
        dates = byDate.values.sorted { $0.date < $1.date }
    }

    /// Adds a record that was just stored. False when it comes before the routine's last
    /// record (or on its date), which only an import does: then build the summary again.
    public mutating func add(_ record: DayRecord) -> Bool {
        if let last = routines[record.routineID]?.stats.lastDate, record.date <= last { return false }
        routines[record.routineID, default: Running()].add(record)
        let index = firstIndex(onOrAfter: record.date)
        if index < dates.endIndex, dates[index].date == record.date {
            dates[index].take(record)
        } else {
            var totals = DateTotals(date: record.date, completed: 0, planned: 0, perfect: true)
            totals.take(record)
            dates.insert(totals, at: index)
        }
        return true
    }

    /// The stats of one routine; zero when it has no records.
    public func stats(of routine: RoutineID) -> Stats {
        routines[routine]?.stats ?? Stats()
    }

    /// The stats of every routine together, dates counted once (as `Stats(records:)`).
    public var overall: Stats {
        var stats = Stats(daysTracked: dates.count, firstDate: dates.first?.date, lastDate: dates.last?.date)
        var run = PerfectRun()
        for totals in dates {
            stats.tasksCompleted += totals.completed
            stats.tasksPlanned += totals.planned
            run.count(totals.date, perfect: totals.perfect, into: &stats)
        }
        return stats
    }

    /// The totals of the dates in `from...through` that have records, over every routine.
    public func totals(from: Day, through: Day) -> ArraySlice<DateTotals> {
        let start = firstIndex(onOrAfter: from)
        var end = start
        while end < dates.endIndex, dates[end].date <= through { end += 1 }
        return dates[start..<end]
    }

    /// The index of the first date on or after `day` (binary search).
    private func firstIndex(onOrAfter day: Day) -> Int {
        var low = dates.startIndex, high = dates.endIndex
        while low < high {
            let mid = (low + high) / 2
            if dates[mid].date < day { low = mid + 1 } else { high = mid }
        }
        return low
    }
}

extension HistorySummary.DateTotals {
    fileprivate mutating func take(_ record: DayRecord) {
        completed += record.completed
        planned += record.taskCount
        perfect = perfect && record.isPerfect
    }
}
