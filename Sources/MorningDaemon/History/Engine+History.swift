import MorningCore
import MorningProtocol
import MorningStore

/// The history methods: the week chart, the data cards, stats and the heatmap are views
/// over one reading (`HistoryViews`); the engine gives them the reading and the history
/// summary it keeps (`HistoryTotals`). An export reads the store without the lock; an
/// import is one rule of the core, stored in one transaction with everything it replaces.
extension Engine {
    public func week(_ p: Morning.WeekParameters) throws -> Morning.WeekChart {
        if let offset = p.offset, !(-Morning.weekOffsetLimit...Morning.weekOffsetLimit).contains(offset) {
            throw VarlinkService.Error.invalidParameter(parameter: "offset")
        }
        return try serve { try historyViews().week(p) }
    }

    public func data(_ p: Morning.DataParameters) throws -> Morning.DataReply { try serve { try historyViews().cards(p) } }
    public func stats(_ p: Morning.StatsParameters) throws -> Morning.StatsReply { try serve { try historyViews().stats(p) } }
    public func history(_ p: Morning.HistoryParameters) throws -> Morning.HistoryReply { try serve { try historyViews().heatmap(p) } }
    public func export() throws -> Morning.ExportReply { try exportReply() }
    public func `import`(_ p: Morning.ImportParameters) throws -> Morning.ImportReply { try serve { try importReply(p) } }

    /// The totals of every Day Record, read from the store the first time.
    func historySummary() throws -> HistorySummary {
        try totals.summary { try store.records() }
    }

    /// The history's views over what a read sees now; call with the lock held.
    func historyViews() -> HistoryViews {
        HistoryViews(now: current(), store: store, catalog: catalog, summary: historySummary)
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
            let r = try book.importArchive(archived, replace: p.replace, today: now.today, catalog: catalog)
            return ((r.routines, r.records), r.changes)
        }
        return Morning.ImportReply(routines: stored.0, records: stored.1)
    }
}
