import Foundation

/// The at-a-glance state of the morning (L1 and the `status` fields of §10).
public struct StatusView: Hashable, Sendable {
    public var phase: Book.Phase
    public var routine: Routine?
    public var today: Day
    /// Today of the running routine, nil unless it runs today.
    public var day: DayView?
    /// The latest task whose time has come, and the next one, by 1-based position.
    public var currentTask: Int?
    public var nextTask: Int?
    /// Tasks whose time has passed and that are still unchecked.
    public var behind: Int
    public var nextReminder: Date?
    public var notificationsEnabled: Bool

    public var completed: Int? { day?.completed }
    public var total: Int? { day?.total }
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
        view.currentTask = started > 0 ? started : nil
        view.nextTask = started < routine.tasks.count ? started + 1 : nil
        if let states = day?.states {
            view.behind = states.prefix(started).filter { $0 != .done }.count
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
