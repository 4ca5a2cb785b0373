/// Totals and averages of finished days, derived from Day Records only.
///
/// Records are taken by date: a date with records of several routines (every routine
/// at once, or an imported history) counts as one tracked day, and is perfect only
/// when every record of that date is. For one routine that is simply its records.
public struct Stats: Hashable, Sendable {
    /// Tasks done over every record.
    public var tasksCompleted: Int
    /// Tasks there were to do over every record: the sum of their task counts.
    public var tasksPlanned: Int
    /// Dates with at least one record.
    public var daysTracked: Int
    /// Dates on which every task of every record was done.
    public var perfectDays: Int
    /// The longest run of consecutive perfect dates; a date without a record breaks it.
    public var bestRun: ClosedRange<Day>?
    public var firstDate: Day?
    public var lastDate: Day?

    public init(tasksCompleted: Int = 0, tasksPlanned: Int = 0, daysTracked: Int = 0, perfectDays: Int = 0,
                bestRun: ClosedRange<Day>? = nil, firstDate: Day? = nil, lastDate: Day? = nil) {
        self.tasksCompleted = tasksCompleted
        self.tasksPlanned = tasksPlanned
        self.daysTracked = daysTracked
        self.perfectDays = perfectDays
        self.bestRun = bestRun
        self.firstDate = firstDate
        self.lastDate = lastDate
    }

    /// Tasks completed per tracked day; 0 without records.
    public var averagePerDay: Double {
        daysTracked == 0 ? 0 : Double(tasksCompleted) / Double(daysTracked)
    }

    /// Tasks completed out of tasks planned, from 0 to 1; 0 without records.
    public var completionRate: Double {
        tasksPlanned == 0 ? 0 : Double(tasksCompleted) / Double(tasksPlanned)
    }

    /// The length in days of `bestRun`; 0 when no day was perfect.
    public var bestRunLength: Int { bestRun?.count ?? 0 }

    /// The stats of `records`, in any order.
    public init(records: some Sequence<DayRecord>) {
        // Per date: all records perfect so far? Records of one date may come apart.
        var perfectByDate: [Day: Bool] = [:]
        var completed = 0
        var planned = 0
        for record in records {
            completed += record.completed
            planned += record.taskCount
            perfectByDate[record.date] = (perfectByDate[record.date] ?? true) && record.isPerfect
        }
        self.init(tasksCompleted: completed, tasksPlanned: planned, daysTracked: perfectByDate.count)
        let dates = perfectByDate.keys.sorted()
        firstDate = dates.first
        lastDate = dates.last
        var run = PerfectRun()
        for date in dates { run.count(date, perfect: perfectByDate[date] == true, into: &self) }
    }
}

/// The run of perfect days that ends on the last date counted, for dates counted in
/// order: a date that is not perfect, or a date missing in between, ends it.
struct PerfectRun: Hashable, Sendable {
    private(set) var current: ClosedRange<Day>?

    /// Counts `date` into `stats`: a perfect day, and the best run when this run is now
    /// the longest. The earliest of equally long runs is kept: `>` not `>=`.
    mutating func count(_ date: Day, perfect: Bool, into stats: inout Stats) {
        guard perfect else {
            current = nil
            return
        }
        stats.perfectDays += 1
        if let run = current, run.upperBound.next == date {
            current = run.lowerBound...date
        } else {
            current = date...date
        }
        if let run = current, run.count > (stats.bestRun?.count ?? 0) { stats.bestRun = run }
    }
}

extension ClosedRange where Bound == Day {
    /// Days in the range, both ends included.
    var count: Int { lowerBound.distance(to: upperBound) + 1 }
}
