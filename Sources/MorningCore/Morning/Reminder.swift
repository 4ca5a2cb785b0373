import Foundation

/// When the one daily reminder fires and when bmd must wake next.
public enum Reminder {
    /// The reminder instant of `day`: the first task's wall-clock time, or the first
    /// instant after a DST gap that swallows it, or the first of two that repeat it.
    public static func instant(on day: Day, at time: TimeOfDay, local: LocalTime) -> Date {
        local.firstInstant(of: day, atMinute: time.minutes)
    }

    /// A reminder is still "on time" this long after its instant: the alarm wakes a few
    /// milliseconds after it, and the reminder then names the first task, not where a
    /// late morning stands.
    public static let onTimeGrace: TimeInterval = 60

    /// Until when a reminder that could not fire on time still fires, late: while the
    /// morning still runs, up to the end of the last task's slot (thirty minutes after its
    /// time), when the morning is finished; so a routine of one task at 07:00 is still
    /// reminded at 07:10.
    public static func lateLimit(on day: Day, for routine: Routine, local: LocalTime) -> Date? {
        guard let last = routine.tasks.last?.time else { return nil }
        return instant(on: day, at: last, local: local).addingTimeInterval(MorningMoment.lastSlot)
    }
}

/// What bmd does next on the wall clock: a reminder to send now, and when to wake.
public struct Plan: Hashable, Sendable {
    /// The day whose reminder is due now (on time or late), nil when none is.
    public var sendNow: Day?
    /// The next reminder strictly after now, nil when none will come.
    public var nextReminder: Date?
    /// The start of tomorrow, when today ends and is finalized.
    public var nextMidnight: Date

    /// The earlier of the next reminder and the next midnight: all that wakes a bmd no one
    /// follows. bmd wakes sooner for the model's next change while someone follows the
    /// status, and to retry closing days the store would not take.
    public var wake: Date { min(nextReminder ?? nextMidnight, nextMidnight) }
}

extension Book {
    /// Whether the reminder of `today` is still to be sent: never for a date on or before
    /// the latest one sent, so that a clock set back, for a minute or a day, never sends a
    /// date's reminder twice. A reminder sent while the clock had jumped ahead is
    /// forgotten when the clock comes back from the jump (`closeDays`), so that the real
    /// morning gets its own; but not on the timeline it went out on: a clock stepped the
    /// same way again reads the same morning, whose reminder went out.
    public func reminderPending(today: Day) -> Bool {
        if let fired = settings.reminderFiredOn, today <= fired { return false }
        if let forgotten = settings.reminderForgotten, today <= forgotten.day, let timeline = clockTimeline,
           abs(timeline - forgotten.timeline) <= ForgottenReminder.sameStep {
            return false
        }
        return true
    }

    /// Plans from the wall clock alone, so it is right after any sleep, clock step or
    /// zone change: call it after every wake-up.
    public func plan(now: Date, local: LocalTime) -> Plan {
        let today = local.day(containing: now)
        var plan = Plan(sendNow: nil, nextReminder: nil, nextMidnight: local.start(of: today.next))
        guard settings.notificationsEnabled, let routine = active, let first = routine.reminderTime else {
            return plan
        }
        if routine.startDate <= today, reminderPending(today: today) {
            let at = Reminder.instant(on: today, at: first, local: local)
            if now < at {
                plan.nextReminder = at
            } else if let limit = Reminder.lateLimit(on: today, for: routine, local: local), now < limit {
                plan.sendNow = today
            }
            // Later than the last task: today's reminder is skipped.
        }
        if plan.nextReminder == nil {
            // A date the zone skips whole has no morning and no reminder, and one whose
            // reminder went out already (the clock read it before) gets none again.
            var day = max(routine.startDate, today.next)
            while plan.nextReminder == nil {
                if reminderPending(today: day) {
                    let at = Reminder.instant(on: day, at: first, local: local)
                    // Only an instant on another date can belong to a date that is not.
                    if local.day(containing: at) == day || local.exists(day) { plan.nextReminder = at }
                }
                day = day.next
            }
        }
        return plan
    }
}

extension Book {
    /// What the reminder of `day` says when it goes out at `instant`, and when it was due:
    /// on time (within the grace), the first task and how many there are; later, where
    /// the morning stands, from the model of now. Nil with no active routine.
    public func reminder(of day: Day, sentAt instant: Date, local: LocalTime) -> (ReminderMessage, scheduled: Date)? {
        guard let routine = active, let first = routine.tasks.first else { return nil }
        let scheduled = Reminder.instant(on: day, at: first.time, local: local)
        var message: ReminderMessage
        if instant > scheduled.addingTimeInterval(Reminder.onTimeGrace) {
            message = ReminderMessage.late(morning(at: instant, local: local))
        } else {
            message = ReminderMessage.daily(routine: routine.name, firstTime: first.time.description,
                                            firstTask: first.title, taskCount: routine.tasks.count)
        }
        // The button that checks the first task, where the server shows actions.
        message.firstTask = first.title
        // The alarm sound, unless the user turned it off.
        if !settings.reminderSound { message.sound = nil }
        message.keepsOnScreen = settings.keepReminderOnScreen
        return (message, scheduled)
    }
}
