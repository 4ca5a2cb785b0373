import Foundation

/// What the morning is at one instant: the single answer that `status`, the bars, the
/// terminal app, the late reminder and `check` with no task all render.
///
/// The rules, in the product's words:
/// - A task's slot runs from its time to the next later task time; tasks that share a
///   time share a slot; the last slot lasts thirty minutes.
/// - The task to do now is the first unchecked task whose time has come, until the
///   morning is finished; a finished morning names none.
/// - The next task is the first unchecked task whose time has not come; a checked task
///   is never next.
/// - Behind by k: k unchecked tasks whose slot has ended.
///
/// It is a value made from the routine, today's checks, the instant and the zone: no
/// clock, disk or socket, so every minute of a day can be tested in microseconds.
public struct MorningMoment: Hashable, Sendable {
    /// Where the morning stands.
    public typealias State = Morning.MorningState

    public var state: State
    /// The active routine, running today or not.
    public var routine: Routine?
    /// The local date of the instant.
    public var today: Day
    /// Today's tasks and their states, while the routine runs today.
    public var day: DayView?
    /// The task to do now, by 1-based position.
    public var taskNow: Int?
    /// The task whose slot the clock is in, by 1-based position: the latest task whose
    /// time has come, checked or not; nil before the first task and once finished.
    public var slotTask: Int?
    /// The next task, by 1-based position, and when its time comes.
    public var nextTask: Int?
    public var nextTaskAt: Date?
    /// Whole minutes to the next task as the wall clock counts them (its time minus the
    /// minute the clock shows), while that is less than an hour; nil further off, so that
    /// nothing it says changes all night long.
    public var minutesToNext: Int?
    /// Unchecked tasks whose slot has ended; nonzero only while behind.
    public var behind: Int
    /// The next instant at which anything above changes; nil when nothing will (no
    /// routine). Whoever shows the morning live looks again then.
    public var nextChange: Date?

    public var completed: Int? { day?.completed }
    public var total: Int? { day?.total }

    /// The countdown is given once the next task is less than this far off.
    public static let countdownSpan: TimeInterval = 59 * 60
    /// How long the last task's slot lasts.
    public static let lastSlot: TimeInterval = 30 * 60
}

extension MorningMoment {
    /// The morning of `routine` at `instant`. `day` is today's tasks and their states
    /// when the routine runs today, nil when it has not started yet.
    public init(routine: Routine?, day: DayView?, at instant: Date, local: LocalTime) {
        let today = local.day(containing: instant)
        let midnight = local.start(of: today.next)
        self.init(state: .none, routine: routine, today: today, behind: 0)
        guard let routine else { return }
        guard let day, !routine.tasks.isEmpty else {
            state = .notStarted
            nextChange = midnight
            return
        }
        self.day = day
        let times = routine.tasks.map { Reminder.instant(on: today, at: $0.time, local: local) }
        let open = day.states.map { $0 != .done }
        // Where each task's slot ends: the next later task time, or thirty minutes after the last.
        let lastEnd = times.last!.addingTimeInterval(MorningMoment.lastSlot)
        let ends = times.indices.map { i in times[(i + 1)...].first { $0 > times[i] } ?? lastEnd }
        // Done or finished, the morning stays as it is until the day ends.
        var changes = [midnight]
        if !open.contains(true) {
            state = .allDone
        } else if instant >= lastEnd {
            state = .finished
        } else {
            // A task's time coming, and a slot ending, may change what is shown.
            changes += times + [lastEnd]
            let firstOpenCome = times.indices.first { open[$0] && times[$0] <= instant }
            let firstOpenAhead = times.indices.first { open[$0] && times[$0] > instant }
            taskNow = firstOpenCome.map { $0 + 1 }
            slotTask = times.indices.last { times[$0] <= instant }.map { $0 + 1 }
            nextTask = firstOpenAhead.map { $0 + 1 }
            behind = times.indices.filter { open[$0] && ends[$0] <= instant }.count
            state = instant < times[0] ? .beforeFirstTask : behind > 0 ? .behind : .inProgress
            if let next = firstOpenAhead {
                let at = times[next]
                nextTaskAt = at
                let left = at.timeIntervalSince(instant)
                if left <= MorningMoment.countdownSpan {
                    // The wall clock's minutes: at 06:17:50 a task at 06:30 is 13 minutes off,
                    // as a person reading the clock counts; the count drops on each whole minute.
                    let minutes = Int((left / 60).rounded(.up))
                    minutesToNext = minutes
                    changes.append(at.addingTimeInterval(-Double(minutes - 1) * 60))
                } else {
                    changes.append(at.addingTimeInterval(-MorningMoment.countdownSpan))
                }
            }
        }
        nextChange = changes.filter { $0 > instant }.min()
    }
}

extension Book {
    /// The morning of the active routine at `instant`.
    public func morning(at instant: Date, local: LocalTime) -> MorningMoment {
        let today = local.day(containing: instant)
        let day = phase(today: today) == .running ? try? dayView(of: today, today: today, record: nil) : nil
        return MorningMoment(routine: active, day: day, at: instant, local: local)
    }
}

extension MorningMoment {
    /// The state, in the same words, while the routine runs today.
    public var pace: Morning.Pace? {
        switch state {
        case .none, .notStarted: nil
        case .beforeFirstTask: .beforeFirstTask
        case .inProgress: .inProgress
        case .behind: .behind
        case .finished: .finished
        case .allDone: .allDone
        }
    }
}

extension Morning.StatusReply {
    /// The Status reply: the model of now as it is, with the next reminder and the
    /// notification server's state beside it.
    public init(_ m: MorningMoment, nextReminder: Date?, notifications: Morning.Notifications, local: LocalTime) {
        var today: Morning.Progress?
        var taskNow: Morning.DayTask?
        var next: Morning.DayTask?
        var now: Morning.Now?
        if let day = m.day, let pace = m.pace {
            today = Morning.Progress(date: m.today.description, completed: day.completed, total: day.total)
            taskNow = m.taskNow.map { Morning.DayTask(day, position: $0) }
            next = m.nextTask.map { Morning.DayTask(day, position: $0) }
            now = Morning.Now(pace: pace, task: taskNow, nextTaskAt: m.nextTaskAt.map { local.iso8601($0) },
                              minutesToNext: m.minutesToNext, slot: m.slotTask.map { Morning.DayTask(day, position: $0) })
        }
        self.init(phase: m.routine == nil ? .none : m.day == nil ? .waiting : .running, state: m.state,
                  date: m.today.description, routine: m.routine.map(Morning.RoutineInfo.init), today: today,
                  currentTask: taskNow, nextTask: next, now: now, behind: m.behind,
                  nextChange: m.nextChange.map { local.iso8601($0) },
                  nextReminder: nextReminder.map { local.iso8601($0) }, notifications: notifications)
    }
}

extension Morning.RoutineInfo {
    /// A routine as replies show it.
    public init(_ r: Routine) {
        self.init(id: r.slug, name: r.name, type: r.kind, active: r.isActive, createdDate: r.createdDate.description,
                  startDate: r.startDate.description,
                  tasks: r.tasks.map { Morning.TaskTime(time: $0.time.description, title: $0.title) })
    }
}

extension Morning.DayTask {
    /// The task at 1-based `position` of `day`, with its state that day.
    public init(_ day: DayView, position: Int) {
        let task = day.routine.tasks[position - 1]
        self.init(position: position, time: task.time.description, title: task.title, state: day.states[position - 1])
    }
}
