import Foundation
import MorningCore
import MorningProtocol

/// The status: the Status reply the connections hand out and send followers
/// (`StatusBroadcast`), the key that tells whether a reply computed earlier still holds,
/// and the service manager's one-line status.
extension Engine {
    /// One line for the service manager's STATUS=: the routine, the day and the next
    /// reminder. Progress is left out on purpose: the line changes a few times a day,
    /// not with every check, so the service manager is never flooded.
    public func statusLine(_ plan: Plan) -> String {
        locked { line(plan) }
    }

    private func line(_ plan: Plan) -> String {
        let local = LocalTime(zone: clock.zone())
        let today = local.day(containing: clock.now())
        let reminder = plan.nextReminder.map { "next reminder \(local.iso8601($0))" } ?? "no reminder planned"
        guard let routine = book.active else { return "No active routine; \(reminder)" }
        switch book.phase(today: today) {
        case .running:
            return "\(routine.name): day \(today); \(reminder)"
        default:
            return "\(routine.name) starts \(routine.startDate); \(reminder)"
        }
    }

    var notifications: Morning.Notifications {
        let available = notifier?.isAvailable ?? false
        return Morning.Notifications(enabled: book.settings.notificationsEnabled, sound: book.settings.reminderSound,
                                     available: available,
                                     reason: available ? nil : notifier?.unavailableReason ?? "this bmd runs without a notifier",
                                     keepOnScreen: book.settings.keepReminderOnScreen)
    }

    /// The status as it is now; the caller holds the lock.
    func currentStatus() -> Morning.StatusReply {
        status(current(), notifications: notifications).reply
    }

    /// What decides whether a Status reply computed earlier still holds, with the
    /// instant it was read at: a reply holds while this is the same and the clock has not
    /// reached the reply's next change.
    public struct StatusKey: Equatable, Sendable {
        var generation: UInt64
        var zone: String
        var available: Bool
        var reason: String?
    }

    /// The key the status would be computed under now.
    public func statusKey() -> (key: StatusKey, instant: Date) {
        locked { (key(notifications), clock.now()) }
    }

    private func key(_ notifications: Morning.Notifications) -> StatusKey {
        StatusKey(generation: generation, zone: clock.zone().identifier, available: notifications.available,
                  reason: notifications.reason)
    }

    /// The status now, the key it was computed under, and until when it holds by the
    /// clock alone: the model's next change, the next reminder or midnight.
    public func statusSnapshot() -> (reply: Morning.StatusReply, key: StatusKey, computedAt: Date, validUntil: Date) {
        locked {
            // The notifier's state is read once, for the key and the reply alike: it can
            // change at any moment under the notifier's own lock, not this one.
            let notifications = self.notifications
            let now = current()
            let (reply, validUntil) = status(now, notifications: notifications)
            return (reply, key(notifications), now.instant, validUntil)
        }
    }

    /// The wall clock was set or the zone's rules changed: the next status is computed anew.
    public func timeChanged() {
        locked { generation &+= 1 }
    }

    /// The Status reply at `now`, and until when it holds by the clock alone: the model's
    /// next change, the next reminder or midnight.
    private func status(_ now: Reading, notifications: Morning.Notifications) -> (reply: Morning.StatusReply, validUntil: Date) {
        let morning = now.book.morning(at: now.instant, local: now.local)
        let plan = now.book.plan(now: now.instant, local: now.local)
        var reply = Morning.StatusReply(morning, nextReminder: plan.nextReminder, notifications: notifications, local: now.local)
        // Followers are sent a status whenever it says something new: the draft's revision
        // in it lets a page that shows the draft follow a change made elsewhere.
        reply.draftRevision = now.book.draftRevision
        return (reply, [morning.nextChange, plan.nextReminder].compactMap { $0 }.reduce(plan.nextMidnight, min))
    }
}
