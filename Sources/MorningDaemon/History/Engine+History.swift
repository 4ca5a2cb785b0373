import MorningCore
import MorningProtocol
import MorningStore

/// The history methods: the week chart, the data cards, stats, the heatmap, export and
/// import. Stats and the heatmap of every routine come from the history summary
/// (`HistoryTotals`); the week, the cards, one routine's heatmap and exports read the
/// store; an import is one rule of the core, stored in one transaction with everything
/// it replaces.
extension Engine {
    public func week(_ p: Morning.WeekParameters) throws -> Morning.WeekChart {
        if let offset = p.offset, !(-Morning.weekOffsetLimit...Morning.weekOffsetLimit).contains(offset) {
            throw VarlinkService.Error.invalidParameter(parameter: "offset")
        }
        return try serve { try weekChart(p) }
    }

    public func data(_ p: Morning.DataParameters) throws -> Morning.DataReply { try serve { try dataCards(p) } }
    public func stats(_ p: Morning.StatsParameters) throws -> Morning.StatsReply { try serve { try statsReply(p) } }
    public func history(_ p: Morning.HistoryParameters) throws -> Morning.HistoryReply { try serve { try historyReply(p) } }
    public func export() throws -> Morning.ExportReply { try exportReply() }
    public func `import`(_ p: Morning.ImportParameters) throws -> Morning.ImportReply { try serve { try importReply(p) } }

    /// The totals of every Day Record, read from the store the first time.
    func historySummary() throws -> HistorySummary {
        try totals.summary { try store.records() }
    }

    func weekChart(_ p: Morning.WeekParameters) throws -> Morning.WeekChart {
        let now = current()
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

    private func chart(_ routine: Routine, _ start: Day, _ now: Reading) throws -> WeekView {
        let counts = try store.completedCounts(of: routine.id, from: start, through: start.adding(days: 6))
        return now.book.week(of: routine, startingOn: start, today: now.today, recorded: counts)
    }

    func dataCards(_ p: Morning.DataParameters) throws -> Morning.DataReply {
        let now = current()
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

    func statsReply(_ p: Morning.StatsParameters) throws -> Morning.StatsReply {
        let now = current()
        if let query = p.routine, !query.isEmpty {
            let routine = try now.book.resolveStored(query, catalog: catalog)
            let stats = try historySummary().stats(of: routine.id)
            return Morning.StatsReply(routines: [Replies.stats(routine, stats)], overall: nil)
        }
        let summary = try historySummary()
        let routines = now.book.routinesByRecency.map { Replies.stats($0, summary.stats(of: $0.id)) }
        return Morning.StatsReply(routines: routines, overall: Replies.totals(summary.overall))
    }

    func historyReply(_ p: Morning.HistoryParameters) throws -> Morning.HistoryReply {
        guard HistoryView.months.contains(p.months) else { throw VarlinkService.Error.invalidParameter(parameter: "months") }
        let now = current()
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
            for totals in try historySummary().totals(from: from, through: now.today) {
                sums[totals.date] = (totals.completed, totals.planned)
            }
            view = now.book.history(of: nil, months: p.months, today: now.today, firstWeekday: firstWeekday, sums: sums)
        }
        return Replies.history(view)
    }

    func exportReply() throws -> Morning.ExportReply {
        let now = locked { current() }
        // Exported as bmd holds it once it closes the days (`Book.closeDays`), as the import
        // of this export will close them. The stored book and records are read together, in
        // one transaction of the connection that never waits and without the engine's lock,
        // so that a status never waits for an export: the archive closes the days itself and
        // needs the book the records belong to, not what reads show while the closing waits
        // for the store.
        let (book, records) = try store.bookAndRecords()
        let archived = book.archive(records: records, today: now.today, exists: now.local.exists)
        return Morning.ExportReply(document: Morning.ExportDocument(exportedOn: now.today, routines: archived))
    }

    func importReply(_ p: Morning.ImportParameters) throws -> Morning.ImportReply {
        let archived = try p.document.archived()
        let stored = try mutate { book, now in
            let r = try book.importArchive(archived, replace: p.replace, today: now.date, exists: now.exists, catalog: catalog)
            return ((r.routines, r.records), r.changes)
        }
        return Morning.ImportReply(routines: stored.0, records: stored.1)
    }
}
