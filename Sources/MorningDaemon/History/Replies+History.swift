import MorningCore
import MorningProtocol

/// Turns the core's stats, heatmap and archives into the protocol's types, and an
/// export document back into archives.
extension Replies {
    static func totals(_ s: Stats) -> Morning.StatsTotals {
        Morning.StatsTotals(tasksCompleted: s.tasksCompleted, tasksPlanned: s.tasksPlanned, daysTracked: s.daysTracked,
                            averagePerDay: s.averagePerDay, completionRate: s.completionRate, perfectDays: s.perfectDays,
                            bestRun: s.bestRunLength, bestRunFrom: s.bestRun?.lowerBound.description,
                            bestRunThrough: s.bestRun?.upperBound.description,
                            firstDate: s.firstDate?.description, lastDate: s.lastDate?.description)
    }

    static func stats(_ routine: Routine, _ stats: Stats) -> Morning.RoutineStats {
        Morning.RoutineStats(routine: routine.name, routineId: routine.slug, type: routine.kind,
                             active: routine.isActive, tasks: routine.tasks.count, stats: totals(stats))
    }

    static func history(_ view: HistoryView) -> Morning.HistoryReply {
        Morning.HistoryReply(routine: view.routine?.name, routineId: view.routine?.slug, from: view.from.description,
                             today: view.today.description,
                             days: view.days.map(day), inProgress: view.inProgress.map(day))
    }

    private static func day(_ entry: HistoryView.Entry) -> Morning.HistoryDay {
        Morning.HistoryDay(date: entry.date.description, completed: entry.completed, total: entry.total)
    }
}

extension Morning.ExportDocument {
    /// The document of `routines` as exported on `exportedOn`.
    init(exportedOn: Day, routines: [ArchivedRoutine]) {
        self.init(exportedOn: exportedOn.description, routines: routines.map { r in
            Morning.ExportRoutine(
                id: r.slug, name: r.name, type: r.kind, active: r.isActive,
                createdDate: r.createdDate.description, startDate: r.startDate.description,
                tasks: r.tasks.map(Replies.taskTime),
                days: r.days.map { Morning.ExportDay(date: $0.date.description, done: $0.done) },
                open: r.open.map { Morning.ExportDay(date: $0.date.description, done: $0.done) })
        })
    }

    /// The routines of the document, with every date and time read; the core checks the
    /// rest. Throws `Morning.Error.invalidImport` naming what cannot be read.
    func archived() throws -> [ArchivedRoutine] {
        guard format == Self.formatName else {
            throw Morning.Error.invalidImport(reason: "this is not a Better Morning export: its format is \"\(format)\", not \"\(Self.formatName)\"")
        }
        guard version == Self.currentVersion else {
            throw Morning.Error.invalidImport(reason: "this export has version \(version); this bmd reads version \(Self.currentVersion)")
        }
        return try routines.enumerated().map { index, r in
            func date(_ text: String, _ what: String) throws -> Day {
                guard let day = Day(iso: text) else {
                    throw Morning.Error.invalidImport(reason: "routine \(index + 1) (\(r.id)): \(what) \"\(text)\" is not a date (YYYY-MM-DD)")
                }
                return day
            }
            let tasks = try r.tasks.map { t -> RoutineTask in
                guard let time = TimeOfDay(t.time) else {
                    throw Morning.Error.invalidImport(reason: "routine \(index + 1) (\(r.id)): the time \"\(t.time)\" of \"\(t.title)\" is not HH:MM on the five-minute grid")
                }
                return RoutineTask(time: time, title: t.title)
            }
            return ArchivedRoutine(
                slug: r.id, name: r.name, kind: r.type, tasks: tasks,
                isActive: r.active, createdDate: try date(r.createdDate, "the created date"),
                startDate: try date(r.startDate, "the start date"),
                days: try r.days.map { ArchivedDay(date: try date($0.date, "the day"), done: $0.done) },
                open: try r.open.map { ArchivedDay(date: try date($0.date, "the day in progress"), done: $0.done) })
        }
    }
}
