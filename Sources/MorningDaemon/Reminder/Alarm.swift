import Foundation

/// Why the alarm woke the reminder service.
public enum AlarmEvent: Sendable, Equatable {
    /// The armed instant has come.
    case due
    /// The wall clock was set (NTP step, `date -s`, a resume with a changed clock).
    case clockChanged
    /// /etc/localtime or /etc/timezone changed.
    case zoneChanged
    /// Someone asked for a new plan (a request changed the state, SIGHUP, Reload).
    case nudged
}

/// What wakes the reminder service: one instant on the wall clock, armed again after
/// every wake, and the changes of the clock or the zone that make a plan stale.
///
/// `WallClockAlarm` is the live one; tests use one that records each arming and lets
/// the test say when the alarm goes off.
public protocol Alarm: Sendable {
    associatedtype Events: AsyncSequence<AlarmEvent, Never>

    /// Every wake-up, in order; it ends after `stop()`.
    var events: Events { get }

    /// Goes off (`due`) at `instant` on the wall clock, replacing any earlier arming.
    /// An instant already past goes off at once.
    func arm(at instant: Date)

    /// Asks for a new plan at once (`nudged`).
    func nudge()

    /// Ends `events`.
    func stop()
}
