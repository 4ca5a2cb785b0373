import MorningCore

/// The totals of every Day Record, made from the store on first use and kept up to date
/// as records are stored, so that stats and the heatmap of every routine do not read ten
/// years of records each time. Dropped after a change it cannot follow (an import, a
/// deleted routine) and made again when next needed.
struct HistoryTotals {
    private var summary: HistorySummary?

    /// Brings the totals up to date with `changes`, just stored.
    mutating func note(_ changes: [Change]) {
        for change in changes {
            switch change {
            case .finalizeDay(let record):
                if summary?.add(record) == false { summary = nil }
            case .deleteRoutine, .deleteEverything, .importEverything, .removeDayRecord:
                summary = nil
            case .insertRoutine, .updateRoutine, .setOpenDay, .setSettings, .setDraft:
                break
            }
        }
    }

    /// The totals, made from `records` the first time.
    mutating func summary(records: () throws -> [DayRecord]) rethrows -> HistorySummary {
        if let summary { return summary }
        let made = HistorySummary(records: try records())
        summary = made
        return made
    }
}
