import MorningCore
import MorningProtocol
import MorningStore

/// The history methods (H3–H5): stats, the heatmap, export and import. History is
/// read from the store on demand; an import is one rule of the core, stored in one
/// transaction with everything it replaces.
extension Engine {
    func stats(_ call: Varlink.Call) throws -> [UInt8] {
        let p = try call.parameters(Morning.StatsParameters.self)
        let now = try refreshed()
        if let query = p.routine, !query.isEmpty {
            let routine = try now.book.resolveStored(query, catalog: catalog)
            let stats = Stats(records: try store.records(of: routine.id))
            return Varlink.encodeReply(Morning.StatsReply(routines: [Replies.stats(routine, stats)], overall: nil))
        }
        let records = try store.records()
        let byRoutine = Dictionary(grouping: records, by: \.routineID)
        let routines = now.book.routinesByRecency.map { Replies.stats($0, Stats(records: byRoutine[$0.id] ?? [])) }
        return Varlink.encodeReply(Morning.StatsReply(routines: routines, overall: Replies.totals(Stats(records: records))))
    }

    func history(_ call: Varlink.Call) throws -> [UInt8] {
        let p = try call.parameters(Morning.HistoryParameters.self)
        guard HistoryView.months.contains(p.months) else {
            return Varlink.encodeError(Varlink.ServiceError.invalidParameter.rawValue, ["parameter": "months"])
        }
        let now = try refreshed()
        var routine: Routine?
        if let query = p.routine, !query.isEmpty { routine = try now.book.resolveStored(query, catalog: catalog) }
        let from = HistoryView.firstDay(months: p.months, today: now.today)
        let records = try store.records(of: routine?.id, from: from, through: now.today)
        let view = now.book.history(of: routine, months: p.months, today: now.today,
                                    firstWeekday: Weekdays.first(locale: p.locale), records: records)
        return Varlink.encodeReply(Replies.history(view))
    }

    func export() throws -> [UInt8] {
        let now = try refreshed()
        let archived = now.book.archive(records: try store.records())
        return Varlink.encodeReply(Morning.ExportReply(document: Morning.ExportDocument(exportedOn: now.today, routines: archived)))
    }

    func importDocument(_ call: Varlink.Call) throws -> [UInt8] {
        let p = try call.parameters(Morning.ImportParameters.self)
        let archived = try p.document.archived()
        let stored = try mutate { book, today in
            let r = try book.importArchive(archived, replace: p.replace, today: today)
            return ((r.routines, r.records), r.changes)
        }
        return Varlink.encodeReply(Morning.ImportReply(routines: stored.0, records: stored.1))
    }
}
