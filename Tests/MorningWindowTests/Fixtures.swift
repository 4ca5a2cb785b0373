import MorningProtocol

/// A routine and its replies as bmd sends them, for the window's tests.
enum Fixture {
    static let tasks: [(String, String)] = [("05:00", "Rise"), ("05:30", "Walk"), ("06:00", "Read")]

    static func routine(start: String = "2026-11-20") -> Morning.RoutineInfo {
        Morning.RoutineInfo(id: "lark", name: "Lark", type: .custom, active: true, createdDate: "2026-11-19",
                            startDate: start, tasks: tasks.map { Morning.TaskTime(time: $0.0, title: $0.1) })
    }

    static let notifications = Morning.Notifications(enabled: true, available: true)

    /// A running morning on `date`: `done` tasks checked, Walk to do now, Read in 12 minutes.
    static func status(date: String = "2026-11-25", done: Int = 1, start: String = "2026-11-20") -> Morning.StatusReply {
        let walk = Morning.DayTask(position: 2, time: "05:30", title: "Walk", state: done >= 2 ? .done : .untouched)
        let read = Morning.DayTask(position: 3, time: "06:00", title: "Read", state: .untouched)
        return Morning.StatusReply(
            phase: .running, state: .inProgress, date: date, routine: routine(start: start),
            today: Morning.Progress(date: date, completed: done, total: 3),
            currentTask: done >= 2 ? nil : walk, nextTask: read,
            now: Morning.Now(pace: .inProgress, task: done >= 2 ? nil : walk, nextTaskAt: "\(date)T06:00:00+01:00", minutesToNext: 12),
            behind: 0, nextChange: "\(date)T05:49:00+01:00", notifications: notifications)
    }

    static let noRoutine = Morning.StatusReply(phase: .none, state: Morning.MorningState.none, date: "2026-11-25", behind: 0,
                                               notifications: notifications)

    static func waiting() -> Morning.StatusReply {
        Morning.StatusReply(phase: .waiting, state: .notStarted, date: "2026-11-25", routine: routine(start: "2026-11-26"),
                            behind: 0, notifications: notifications)
    }

    /// The day at `date`, seen from today 2026-11-25: `done` tasks checked today, past days
    /// with the first task done and the others missed, future days upcoming.
    static func day(_ date: String, done: Int = 1, today: String = "2026-11-25") -> Morning.DayReply {
        let mode: Morning.DayMode = date < today ? .past : date == today ? .today : .future
        let tasks = tasks.enumerated().map { index, task in
            let state: Morning.TaskState = switch mode {
            case .today: index < done ? .done : .untouched
            case .past: index == 0 ? .done : .missed
            case .future: .upcoming
            }
            return Morning.DayTask(position: index + 1, time: task.0, title: task.1, state: state)
        }
        return Morning.DayReply(date: date, routine: "Lark", routineId: "lark", mode: mode,
                                completed: tasks.filter { $0.state == .done }.count, total: 3, tasks: tasks)
    }
}
