import Foundation
import MorningCore
import MorningProtocol

/// Turns core values into the protocol's reply types.
enum Replies {
    static func routine(_ r: Routine) -> Morning.RoutineInfo {
        Morning.RoutineInfo(id: r.slug, name: r.name, type: r.kind,
                            active: r.isActive, createdDate: r.createdDate.description,
                            startDate: r.startDate.description, tasks: r.tasks.map(taskTime))
    }

    static func taskTime(_ t: RoutineTask) -> Morning.TaskTime {
        Morning.TaskTime(time: t.time.description, title: t.title)
    }

    static func catalog(_ e: CatalogEntry) -> Morning.CatalogRoutine {
        Morning.CatalogRoutine(id: e.id, name: e.name, bio: e.bio, source: e.source, tasks: e.tasks.map(taskTime))
    }

    static func progress(_ record: DayRecord) -> Morning.Progress {
        Morning.Progress(date: record.date.description, completed: record.completed, total: record.taskCount)
    }

    static func task(_ view: DayView, position: Int) -> Morning.DayTask {
        let task = view.routine.tasks[position - 1]
        return Morning.DayTask(position: position, time: task.time.description, title: task.title,
                               state: view.states[position - 1])
    }

    static func day(_ view: DayView) -> Morning.DayReply {
        Morning.DayReply(date: view.date.description, routine: view.routine.name, routineId: view.routine.slug,
                                mode: view.mode, completed: view.completed, total: view.total,
                                tasks: (0..<view.total).map { task(view, position: $0 + 1) })
    }

    static func week(_ w: WeekView) -> Morning.WeekChart {
        Morning.WeekChart(routine: w.routine.name, routineId: w.routine.slug, total: w.routine.tasks.count,
                          weekStart: w.weekStart.description, today: w.today.description,
                          days: w.days.map { Morning.WeekDay(date: $0.date.description, completed: $0.completed) })
    }
}

extension LocalTime {
    /// ISO 8601 with the local offset, e.g. `2026-11-23T06:30:00+01:00`.
    func iso8601(_ instant: Date) -> String {
        let t = Int(instant.timeIntervalSince1970.rounded(.down))
        let offset = offsetSeconds(at: instant)
        let wall = t + offset
        let day = Day(ordinal: Int((Double(wall) / 86_400).rounded(.down)))
        let secs = wall - day.ordinal * 86_400
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let sign = offset < 0 ? "-" : "+"
        let off = abs(offset)
        return "\(day)T\(two(secs / 3600)):\(two(secs / 60 % 60)):\(two(secs % 60))\(sign)\(two(off / 3600)):\(two(off / 60 % 60))"
    }
}
