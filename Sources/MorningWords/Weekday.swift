import MorningProtocol

/// A day of the week, Monday first; names are English, as the rest of the surfaces' text.
public enum Weekday: Int, CaseIterable, Sendable {
    case monday, tuesday, wednesday, thursday, friday, saturday, sunday

    public var name: String {
        ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][rawValue]
    }

    /// Three letters, for chart columns.
    public var shortName: String { String(name.prefix(3)) }
}

extension Weekday {
    /// The day of the week of `day`.
    public init(_ day: Day) {
        // Day numbers weekdays from Sunday (1) to Saturday (7).
        self.init(rawValue: (day.weekday + 5) % 7)!
    }

    /// The short weekday name of `date` (`YYYY-MM-DD`), or `???` when it is not a date.
    public static func shortName(of date: String) -> String { Day(iso: date).map { Weekday($0).shortName } ?? "???" }

    /// The full weekday name of `date`, or an empty string when it is not a date.
    public static func name(of date: String) -> String { Day(iso: date).map { Weekday($0).name } ?? "" }
}
