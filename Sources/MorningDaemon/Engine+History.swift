import MorningCore
import MorningProtocol
import MorningStore

/// The history methods: stats, the heatmap, export and import. Stats and the
/// heatmap of every routine come from the history summary; one routine's heatmap and
/// exports read the store; an import is one rule of the core, stored in one
/// transaction with everything it replaces.
extension Engine {
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
