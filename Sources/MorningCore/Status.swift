import Foundation

/// The at-a-glance state of the morning.
public struct StatusView: Hashable, Sendable {
    /// Where today's morning stands while the routine runs today: upcoming before the
    /// first task's time; in progress while every task whose next task's time has come is
    /// checked; behind when one is not; done when every task is checked; finished once the
    /// last task's time has come with some unchecked, as nothing more can fall behind today.
    public typealias Pace = Morning.Pace

    public var phase: Book.Phase
    public var routine: Routine?
    public var today: Day
    /// Today of the running routine, nil unless it runs today.
    public var day: DayView?
    /// The latest task whose time has come, and the next one, by 1-based position.
    public var currentTask: Int?
    public var nextTask: Int?
    /// The task to do now: the first unchecked one whose time has come.
    public var taskNow: Int?
    /// When the next task's time comes, today.
    public var nextTaskAt: Date?
    /// Tasks still unchecked although the task after them has begun; zero once the
    /// last task's time has come.
    public var behind: Int
    /// Nil unless the routine runs today.
    public var pace: Pace?
    public var nextReminder: Date?
    public var notificationsEnabled: Bool

    public var completed: Int? { day?.completed }
    public var total: Int? { day?.total }

    /// Minutes from `now` to the next task's time, to the nearest, and at least 1 until
    /// it comes: a clock a moment either side of a whole minute says the same.
    public func minutesToNextTask(now: Date) -> Int? {
        nextTaskAt.map { max(1, Int(($0.timeIntervalSince(now) / 60).rounded())) }
    }
}

extension Book {
    public func status(now: Date, local: LocalTime) -> StatusView {
        let today = local.day(containing: now)
        let phase = phase(today: today)
        var view = StatusView(phase: phase, routine: active, today: today, behind: 0,
                              nextReminder: plan(now: now, local: local).nextReminder,
                              notificationsEnabled: settings.notificationsEnabled)
        guard phase == .running, let routine = active else { return view }
        let day = try? dayView(of: today, today: today, record: nil)
        view.day = day
        let minute = local.minuteOfDay(at: now)
        let started = routine.tasks.filter { $0.time.minutes <= minute }.count
        let count = routine.tasks.count
        view.currentTask = started > 0 ? started : nil
        view.nextTask = started < count ? started + 1 : nil
        view.nextTaskAt = view.nextTask.map { Reminder.instant(on: today, at: routine.tasks[$0 - 1].time, local: local) }
        let states = day?.states ?? Array(repeating: .untouched, count: count)
        view.taskNow = states.prefix(started).firstIndex { $0 != .done }.map { $0 + 1 }
        if states.allSatisfy({ $0 == .done }) {
            view.pace = .done
        } else if started == 0 {
            view.pace = .upcoming
        } else if started == count {
            view.pace = .finished
        } else {
            // A task is in progress until the next one's time; only then can it be behind.
            view.behind = states.prefix(started - 1).filter { $0 != .done }.count
            view.pace = view.behind > 0 ? .behind : .inProgress
        }
        return view
    }
}

extension Book {
    /// The next instant today at which the current task changes (a task's time comes),
    /// for live status; nil when the routine does not run today or its last task has come.
    public func nextTaskChange(now: Date, local: LocalTime) -> Date? {
        let today = local.day(containing: now)
        guard phase(today: today) == .running, let routine = active else { return nil }
        return routine.tasks.lazy
            .map { Reminder.instant(on: today, at: $0.time, local: local) }
            .first { $0 > now }
    }
}
