/// A local calendar date and the words that name one, as both programs read them.
/// A local calendar date (`YYYY-MM-DD`), never an instant.
///
/// Arithmetic is done on the proleptic Gregorian day number so that moving
/// between days needs no calendar and no time zone; converting to and from
/// instants does, and goes through a `Calendar` the caller supplies. Both programs use
/// it: bmd for every rule of days, bmctl to check a typed date and name its weekday.
public struct Day: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01.
    public let ordinal: Int

    public init(ordinal: Int) { self.ordinal = ordinal }

    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= Day.daysIn(month: month, year: year) else {
            return nil
        }
        // Days-from-civil (Howard Hinnant's well-known algorithm, re-derived here).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        ordinal = era * 146_097 + doe - 719_468
    }

    /// Parses `YYYY-MM-DD`, ASCII digits only, a date that exists; anything else is nil.
    public init?(iso text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for b in bytes[range] {
                guard b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(b - UInt8(ascii: "0"))
            }
            return value
        }
        guard let y = number(0..<4), let m = number(5..<7), let d = number(8..<10) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    public var components: (year: Int, month: Int, day: Int) {
        let z = ordinal + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        return (y, m, d)
    }

    public var year: Int { components.year }
    public var month: Int { components.month }
    public var dayOfMonth: Int { components.day }

    /// 1 = Sunday … 7 = Saturday, as `Calendar` numbers weekdays.
    public var weekday: Int {
        // 1970-01-01 was a Thursday (5).
        ((ordinal % 7 + 7 + 4) % 7) + 1
    }

    public func adding(days: Int) -> Day { Day(ordinal: ordinal + days) }
    public var next: Day { adding(days: 1) }
    public var previous: Day { adding(days: -1) }

    /// Days from `self` to `other` (positive when `other` is later).
    public func distance(to other: Day) -> Int { other.ordinal - ordinal }

    /// The first day of the week that holds `self`, weeks starting on `firstWeekday`
    /// (1 = Sunday … 7 = Saturday).
    public func startOfWeek(firstWeekday: Int) -> Day {
        adding(days: -((weekday - firstWeekday + 7) % 7))
    }

    /// `YYYY-MM-DD`. Written digit by digit: every reply and export carries many dates,
    /// and Foundation's `String(format:)` was a sixth of bmd's time serving them.
    public var description: String {
        let c = components
        func digits(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
        }
        return digits(c.year, 4) + "-" + digits(c.month, 2) + "-" + digits(c.day, 2)
    }

    public static func < (a: Day, b: Day) -> Bool { a.ordinal < b.ordinal }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}


/// The words a date may be given as, besides `YYYY-MM-DD`. Only bmd knows which day
/// they mean (it keeps the user's time zone); bmctl sends them as they are.
public enum DateWord: String, CaseIterable, Sendable {
    case today, yesterday, tomorrow

    /// The word `text` is, in any case; nil when it is none.
    public init?(text: String) { self.init(rawValue: text.lowercased()) }

    /// The day the word means when today is `today`.
    public func day(today: Day) -> Day {
        switch self {
        case .today: today
        case .yesterday: today.previous
        case .tomorrow: today.next
        }
    }
}

extension Day {
    /// The day `text` names: a date word or `YYYY-MM-DD`; no text at all is today.
    public init?(named text: String?, today: Day) {
        guard let text, !text.isEmpty else { self = today; return }
        if let word = DateWord(text: text) {
            self = word.day(today: today)
        } else if let day = Day(iso: text) {
            self = day
        } else {
            return nil
        }
    }
}
