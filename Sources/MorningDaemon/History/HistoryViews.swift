import MorningCore
import MorningProtocol
import MorningStore

/// The history's views, over one reading of the book and the clock: the week chart, the
/// data cards, stats and the heatmap. They read the store (the week, the cards, one
/// routine's heatmap) and the totals of every Day Record (`summary`, for stats and every
/// routine's heatmap); nothing here writes, and nothing needs the engine but its reading,
/// so each view can be tested over a book and a store alone.
struct HistoryViews {
    /// The book and the clock as the read sees them.
    let now: Engine.Reading
    let store: Store
    let catalog: [CatalogEntry]
    /// The totals of every Day Record, made from the store the first time they are asked.
    let summary: () throws -> HistorySummary

    /// The week chart of the active routine, or of the stored one named, at an offset.
    func week(_ p: Morning.WeekParameters) throws -> Morning.WeekChart {
        let routine: Routine
        if let query = p.routine, !query.isEmpty {
            routine = try now.book.resolveStored(query, catalog: catalog)
        } else {
            guard let active = now.book.active else { throw Morning.Error.noActiveRoutine }
            routine = active
        }
        let anchor = try Engine.parseDate(p.date, today: now.today).adding(days: 7 * (p.offset ?? 0))
        let start = anchor.startOfWeek(firstWeekday: Weekdays.first(locale: p.locale))
        return Replies.week(try chart(routine, start, now))
    }

    private func chart(_ routine: Routine, _ start: Day, _ now: Engine.Reading) throws -> WeekView {
        let counts = try store.completedCounts(of: routine.id, from: start, through: start.adding(days: 6))
        return now.book.week(of: routine, startingOn: start, today: now.today, recorded: counts)
    }

    /// A card per stored routine, most recent first, each with this week's chart.
    func cards(_ p: Morning.DataParameters) throws -> Morning.DataReply {
        let start = now.today.startOfWeek(firstWeekday: Weekdays.first(locale: p.locale))
        let routines = now.book.routinesByRecency
        // Every card's week in one read.
        let counts = try store.completedCounts(of: routines.map(\.id), from: start, through: start.adding(days: 6))
        let cards = routines.map { routine in
            let week = now.book.week(of: routine, startingOn: start, today: now.today, recorded: counts[routine.id] ?? [:])
            return Morning.Card(routine: routine.name, routineId: routine.slug,
                                type: routine.kind, active: routine.isActive,
                                week: Replies.week(week))
        }
        return Morning.DataReply(cards: cards)
    }

    /// The totals of one stored routine, or of each one and all together.
    func stats(_ p: Morning.StatsParameters) throws -> Morning.StatsReply {
        if let query = p.routine, !query.isEmpty {
            let routine = try now.book.resolveStored(query, catalog: catalog)
            let stats = try summary().stats(of: routine.id)
            return Morning.StatsReply(routines: [Replies.stats(routine, stats)], overall: nil)
        }
        let summary = try summary()
        let routines = now.book.routinesByRecency.map { Replies.stats($0, summary.stats(of: $0.id)) }
        return Morning.StatsReply(routines: routines, overall: Replies.totals(summary.overall))
    }

    /// The calendar heatmap of one stored routine, or of every routine together.
    func heatmap(_ p: Morning.HistoryParameters) throws -> Morning.HistoryReply {
        guard HistoryView.months.contains(p.months) else { throw VarlinkService.Error.invalidParameter(parameter: "months") }
        var routine: Routine?
        if let query = p.routine, !query.isEmpty { routine = try now.book.resolveStored(query, catalog: catalog) }
        let from = HistoryView.firstDay(months: p.months, today: now.today)
        let firstWeekday = Weekdays.first(locale: p.locale)
        let view: HistoryView
        if let routine {
            let records = try store.records(of: routine.id, from: from, through: now.today)
            view = now.book.history(of: routine, months: p.months, today: now.today, firstWeekday: firstWeekday, records: records)
        } else {
            // Every routine together: the sums per date are in the summary already.
            var sums: [Day: (completed: Int, total: Int)] = [:]
            for totals in try summary().totals(from: from, through: now.today) {
                sums[totals.date] = (totals.completed, totals.planned)
            }
            view = now.book.history(of: nil, months: p.months, today: now.today, firstWeekday: firstWeekday, sums: sums)
        }
        return Replies.history(view)
    }
}
