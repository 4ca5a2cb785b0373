import Foundation

/// Where the daemon gets the time and the zone from. Tests give a fixed one.
public struct WallClock: Sendable {
    public var now: @Sendable () -> Date
    public var zone: @Sendable () -> TimeZone
    /// Seconds that really passed since some fixed instant, whatever the wall clock does
    /// (suspends included), or nil where unknown: against it, a jump of the wall clock
    /// tells itself from time passing.
    public var elapsed: (@Sendable () -> TimeInterval)?

    public init(now: @escaping @Sendable () -> Date, zone: @escaping @Sendable () -> TimeZone,
                elapsed: (@Sendable () -> TimeInterval)?) {
        self.now = now
        self.zone = zone
        self.elapsed = elapsed
    }

    public static let system = WallClock(now: { Date() }, zone: { TimeZone.current }, elapsed: {
        // CLOCK_BOOTTIME counts a suspend too: a lid closed overnight is time passing.
        var spec = timespec()
        clock_gettime(CLOCK_BOOTTIME, &spec)
        return TimeInterval(spec.tv_sec) + TimeInterval(spec.tv_nsec) / 1_000_000_000
    })
}
