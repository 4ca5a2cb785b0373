import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Converts between instants and local days and times in one time zone.
///
/// Only the UTC offset at an instant is consulted, so every rule about midnights and
/// reminder times that DST moves is plain arithmetic here.
///
/// Where the offsets come from: for the zone the process runs in (`TimeZone.current`,
/// what the daemon's clock hands over) they come from the C library, which reads the
/// system's time-zone data (/etc/localtime, /usr/share/zoneinfo, or the file `TZ`
/// names), as cron and systemd do. A tzdata update then reaches bmd without a new
/// build; Foundation's own copy of the rules is compiled into the program and would
/// not. Any other zone, which only tests name, is asked of Foundation.
public struct LocalTime: Sendable {
    public let zone: TimeZone
    /// Whether the offsets come from the C library (the zone the process runs in).
    public let followsSystem: Bool

    public init(zone: TimeZone) {
        self.zone = zone
        followsSystem = SystemZone.isCurrent(zone)
    }

    /// The zone the process runs in, by the system's rules.
    public static var system: LocalTime { LocalTime(zone: TimeZone.current) }

    /// Seconds east of UTC on the wall clock at `instant`.
    public func offsetSeconds(at instant: Date) -> Int {
        Int(offset(instant.timeIntervalSince1970))
    }

    private func offset(_ t: Double) -> Double {
        if followsSystem, let seconds = SystemZone.offset(at: t) { return Double(seconds) }
        return Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: t)))
    }

    /// Seconds since 1970-01-01T00:00 on the local wall clock.
    private func wall(_ t: Double) -> Double { t + offset(t) }

    /// The local date that holds `instant`.
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

    /// The start of `day`: the first instant of it that exists.
    public func start(of day: Day) -> Date { firstInstant(of: day) }

    /// Whether the zone has `day` at all: Samoa skipped 2011-12-30 whole, going from the
    /// 29th straight to the 31st, and such a date has no morning to record.
    public func exists(_ day: Day) -> Bool { self.day(containing: start(of: day)) == day }
}

/// The C library's view of the local zone.
enum SystemZone {
    /// Whether `zone` is the zone the process runs in. Asking also has the C library look
    /// at its zone again (`tzset`): it reads /etc/localtime anew when that file changed,
    /// so the first plan after a zone change, a reload or SIGHUP uses the new rules.
    static func isCurrent(_ zone: TimeZone) -> Bool {
        guard zone.identifier == TimeZone.current.identifier else { return false }
        #if canImport(Glibc)
        tzset()
        return true
        #else
        return false
        #endif
    }

    /// `tm_gmtoff` of the local time at `t`, or nil when the C library cannot say.
    static func offset(at t: Double) -> Int? {
        #if canImport(Glibc)
        var seconds = time_t(t.rounded(.down))
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return nil }
        return Int(parts.tm_gmtoff)
        #else
        return nil
        #endif
    }
}

extension LocalTime {
    /// ISO 8601 with the local offset, e.g. `2026-11-23T06:30:00+01:00`.
    public func iso8601(_ instant: Date) -> String {
        let t = Int(instant.timeIntervalSince1970.rounded(.down))
        let offset = offsetSeconds(at: instant)
        let wall = t + offset
        let day = Day(ordinal: Int((Double(wall) / 86_400).rounded(.down)))
        let secs = wall - day.ordinal * 86_400
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let sign = offset < 0 ? "-" : "+"
        let off = abs(offset)
        return "\(day)T\(two(secs / 3600)):\(two(secs / 60 % 60)):\(two(secs % 60))\(sign)\(two(off / 3600)):\(two(off / 60 % 60))"
    }
}
