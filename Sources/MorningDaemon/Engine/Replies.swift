import Foundation
import MorningCore
import MorningProtocol

/// Turns core values into the protocol's reply types.
enum Replies {
    static func routine(_ r: Routine) -> Morning.RoutineInfo { Morning.RoutineInfo(r) }

    static func taskTime(_ t: RoutineTask) -> Morning.TaskTime {
        Morning.TaskTime(time: t.time.description, title: t.title)
    }

    static func catalog(_ e: CatalogEntry) -> Morning.CatalogRoutine {
        Morning.CatalogRoutine(id: e.id, name: e.name, bio: e.bio, source: e.source, tasks: e.tasks.map(taskTime))
    }

    static func progress(_ record: DayRecord) -> Morning.Progress {
        Morning.Progress(date: record.date.description, completed: record.completed, total: record.taskCount)
    }

    static func task(_ view: DayView, position: Int) -> Morning.DayTask { Morning.DayTask(view, position: position) }

    static func day(_ view: DayView) -> Morning.DayReply {
        Morning.DayReply(date: view.date.description, routine: view.routine.name, routineId: view.routine.slug,
                                mode: view.mode, completed: view.completed, total: view.total,
                                tasks: (0..<view.total).map { task(view, position: $0 + 1) })
    }

    static func week(_ w: WeekView) -> Morning.WeekChart {
        Morning.WeekChart(routine: w.routine.name, routineId: w.routine.slug, total: w.routine.tasks.count,
                          weekStart: w.weekStart.description, today: w.today.description,
                          startDate: w.routine.startDate.description,
                          days: w.days.map { Morning.WeekDay(date: $0.date.description, completed: $0.completed) })
    }
}
