import Foundation

/// When the one daily reminder fires (N1, N5).
public enum Reminder {
    /// The reminder instant of `day`: the first task's wall-clock time, or the first
    /// instant after a DST gap that swallows it, or the first of two that repeat it.
    public static func instant(on day: Day, at time: TimeOfDay, local: LocalTime) -> Date {
        local.firstInstant(of: day, atMinute: time.minutes)
    }

    /// The next reminder strictly after `now`, or nil when none is due: no active
    /// routine, or notifications off (N1).
    public static func next(after now: Date, book: Book, local: LocalTime) -> Date? {
        guard book.settings.notificationsEnabled, let routine = book.active, let time = routine.reminderTime else {
            return nil
        }
        var day = max(routine.startDate, local.day(containing: now))
        for _ in 0..<3 {
            let at = instant(on: day, at: time, local: local)
            if at > now { return at }
            day = day.next
        }
        return nil
    }
}
