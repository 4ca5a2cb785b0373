/// A local calendar date read from `YYYY-MM-DD`, for weekday names and validation only.
///
/// The client never resolves "today" (the daemon does, in the user's time zone); it
/// only needs to know that a typed date is real and which weekday a date falls on.
struct CalendarDate: Hashable, Sendable {
    var year: Int
    var month: Int
    var day: Int

    /// The date `text` names, or nil unless it is exactly `YYYY-MM-DD` and exists.
    init?(_ text: String) {
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
        guard let y = number(0..<4), let m = number(5..<7), let d = number(8..<10),
              (1...12).contains(m), d >= 1, d <= CalendarDate.daysIn(month: m, year: y) else { return nil }
        (year, month, day) = (y, m, d)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's days_from_civil).
    var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The day of the week; 1970-01-01 was a Thursday.
    var weekday: Weekday {
        let index = ((daysSinceEpoch + 3) % 7 + 7) % 7
        return Weekday(rawValue: index)!
    }
}

/// A day of the week, Monday first; names are English, as the rest of bmctl's text.
enum Weekday: Int, CaseIterable, Sendable {
    case monday, tuesday, wednesday, thursday, friday, saturday, sunday

    var name: String {
        ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][rawValue]
    }

    /// Three letters, for chart columns.
    var shortName: String { String(name.prefix(3)) }
}

extension Weekday {
    /// The short weekday name of `date` (`YYYY-MM-DD`), or `???` when it is not a date.
    static func shortName(of date: String) -> String { CalendarDate(date)?.weekday.shortName ?? "???" }

    /// The full weekday name of `date`, or an empty string when it is not a date.
    static func name(of date: String) -> String { CalendarDate(date)?.weekday.name ?? "" }
}
