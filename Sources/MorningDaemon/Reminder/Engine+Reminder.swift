import Foundation
import MorningCore
import MorningProtocol
import MorningStore

/// The alarm's side: each wake closes the days that ended, plans the next wake, and says
/// when a reminder is due.
extension Engine {
    /// Called at every wake of the alarm: closes the days that have ended, plans the next
    /// wake, and when a reminder is due records it as sent and returns what to say.
    /// Recording first means a crash while sending loses a reminder rather than sending two.
    ///
    /// `followed` says whether anyone follows the status; then the wake also comes when
    /// anything the status shows changes, such as a minute of the countdown.
    public func wake(followed: Bool = false) throws -> (plan: Plan, wakeAt: Date, reminder: DueReminder?) {
        try locked { try planWake(followed: followed) }
    }

    /// A reminder to send now: what it says, when it was due, and the morning it is for.
    public struct DueReminder: Sendable {
        public var message: ReminderMessage
        public var scheduled: Date
        public var day: Day
    }

    /// Whether the reminder of `day` still has something to announce: it is still that
    /// day, its routine runs, and the first task is not checked yet.
    public func reminderStillWanted(for day: Day) -> Bool {
        locked {
            let now = current()
            guard now.today == day, let first = now.book.morning(at: now.instant, local: now.local).day?.states.first else {
                return false
            }
            return first != .done
        }
    }

    private func planWake(followed: Bool) throws -> (plan: Plan, wakeAt: Date, reminder: DueReminder?) {
        try closeEndedDays(today: current().today)
        let now = current()
        statusMayChange()
        var plan = now.book.plan(now: now.instant, local: now.local)
        // While someone follows the status, anything it shows changing is worth a wake too.
        var wakeAt = plan.wake
        if closing.deferred { wakeAt = min(wakeAt, now.instant.addingTimeInterval(DayClosing.retry)) }
        if followed, let change = now.book.morning(at: now.instant, local: now.local).nextChange {
            wakeAt = min(wakeAt, change)
        }
        guard let day = plan.sendNow, let routine = now.book.active else { return (plan, wakeAt, nil) }
        var next = book
        do {
            // bmd's own note, made with the lock held: it never waits for another
            // program's lock on the file, or every read would wait behind it.
            try apply(next.markReminderSent(on: day), waiting: false)
        } catch let error as StoreError where error.isFullOrReadOnly {
            // The reminder still goes out; only a restart before the disk has room could send it again.
            logger.warning("cannot record that the reminder was sent: \(error)")
        }
        book = next
        plan = book.plan(now: now.instant, local: now.local)
        guard let (message, scheduled) = book.reminder(of: day, sentAt: now.instant, local: now.local) else {
            return (plan, min(wakeAt, plan.wake), nil)
        }
        logger.info("reminder due", metadata: ["day": "\(day)", "routine": "\(routine.name)"])
        return (plan, min(wakeAt, plan.wake), DueReminder(message: message, scheduled: scheduled, day: day))
    }

    /// Shows a test notification, waiting for the notification server without the lock,
    /// so that other calls go on meanwhile. It blocks its thread: bmd runs it off the
    /// event loop.
    public func testNotification() throws -> Morning.TestNotificationReply {
        guard let notifier else {
            throw Morning.Error.notificationsUnavailable(reason: "this bmd runs without a notifier")
        }
        // It sounds as the reminder will.
        var message = ReminderMessage.test
        if !locked({ book.settings.reminderSound }) { message.sound = nil }
        guard notifier.postWaiting(message) else {
            throw Morning.Error.notificationsUnavailable(
                reason: notifier.unavailableReason ?? "no notification server accepted it on the session bus")
        }
        return Morning.TestNotificationReply(notifications: locked { notifications })
    }
}
