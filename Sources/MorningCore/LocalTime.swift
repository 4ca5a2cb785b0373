import Foundation

/// Converts between instants and local days and times in one time zone.
///
/// Only `TimeZone.secondsFromGMT(for:)` is consulted, so every rule about
/// midnights and reminder times that DST moves is plain arithmetic here (T4, N5).
public struct LocalTime: Sendable {
    public let zone: TimeZone

    public init(zone: TimeZone) { self.zone = zone }

    private func offset(_ t: Double) -> Double {
        Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: t)))
    }

    /// Seconds since 1970-01-01T00:00 on the local wall clock.
    private func wall(_ t: Double) -> Double { t + offset(t) }

    /// The local date that holds `instant` (D6).
    public func day(containing instant: Date) -> Day {
        let w = wall(instant.timeIntervalSince1970)
        return Day(ordinal: Int((w / 86_400).rounded(.down)))
    }

    /// Minutes since local midnight on the wall clock at `instant`.
    public func minuteOfDay(at instant: Date) -> Int {
        let w = wall(instant.timeIntervalSince1970)
        let intoDay = w - (w / 86_400).rounded(.down) * 86_400
        return Int(intoDay / 60)
    }

    /// The first instant at which the wall clock reads `minutes` after midnight on `day`,
    /// or, when that reading is skipped by a DST gap, the first instant after the gap.
    /// A reading that occurs twice gives its first occurrence.
    public func firstInstant(of day: Day, atMinute minutes: Int = 0) -> Date {
        let target = Double(day.ordinal) * 86_400 + Double(minutes) * 60
        // Every offset in force within a day of the target: the candidate instants.
        let offsets = Set([offset(target - 86_400), offset(target), offset(target + 86_400)])
        let candidates = offsets.map { target - $0 }
        let exact = candidates.filter { wall($0) == target }
        if let first = exact.min() {
            return Date(timeIntervalSince1970: first)
        }
        // The reading falls into a gap: find the transition, the first instant whose
        // wall clock is past the target.
        var lo = candidates.min()!, hi = candidates.max()!
        while hi - lo > 1 {
            let mid = ((lo + hi) / 2).rounded(.down)
            if wall(mid) >= target { hi = mid } else { lo = mid }
        }
        return Date(timeIntervalSince1970: hi)
    }

    /// The start of `day` (T4): the first instant of it that exists.
    public func start(of day: Day) -> Date { firstInstant(of: day) }
}
