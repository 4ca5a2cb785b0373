/// A time of day on the routine grid: 00:00 … 23:55 in steps of five minutes.
public struct TimeOfDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Minutes after midnight.
    public let minutes: Int

    public static let gridStep = 5

    /// A time on the five-minute grid, or nil.
    public init?(minutes: Int) {
        guard (0..<24 * 60).contains(minutes), minutes % TimeOfDay.gridStep == 0 else { return nil }
        self.minutes = minutes
    }

    public init?(hour: Int, minute: Int) {
        guard (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
        self.init(minutes: hour * 60 + minute)
    }

    /// Parses `HH:MM` (24-hour); nil when malformed or off the grid.
    public init?(_ text: some StringProtocol) {
        guard let (h, m) = TimeOfDay.clock(text) else { return nil }
        self.init(hour: h, minute: m)
    }

    /// Splits `H:MM` or `HH:MM` into hour and minute without judging the grid.
    public static func clock(_ text: some StringProtocol) -> (hour: Int, minute: Int)? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts[0].allSatisfy(\.isASCII), parts[1].allSatisfy(\.isASCII),
              let h = Int(parts[0]), let m = Int(parts[1]), (0..<24).contains(h), (0..<60).contains(m)
        else { return nil }
        return (h, m)
    }

    public var hour: Int { minutes / 60 }
    public var minute: Int { minutes % 60 }

    /// `HH:MM`, written digit by digit (every reply holds a few of them).
    public var description: String {
        let digits: [UInt8] = [48 + UInt8(hour / 10), 48 + UInt8(hour % 10), UInt8(ascii: ":"),
                               48 + UInt8(minute / 10), 48 + UInt8(minute % 10)]
        return String(decoding: digits, as: UTF8.self)
    }

    public static func < (a: TimeOfDay, b: TimeOfDay) -> Bool { a.minutes < b.minutes }
}
