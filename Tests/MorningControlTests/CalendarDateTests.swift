import MorningProtocol
import Testing
@testable import MorningControl

/// The client's only date work: checking typed dates and naming weekdays.
@Suite struct CalendarDateTests {
    @Test("weekdays of known dates", arguments: [
        ("2026-11-23", Weekday.monday), ("2026-11-15", .sunday), ("2024-02-29", .thursday),
        ("1970-01-01", .thursday), ("2000-03-01", .wednesday), ("1600-02-29", .tuesday), ("0001-01-01", .monday),
    ])
    func weekdays(date: String, weekday: Weekday) {
        #expect(Day(iso: date).map(Weekday.init) == weekday)
    }

    @Test("typed dates: the words in lower case, real dates as typed, anything else nil")
    func arguments() {
        #expect(DateArgument.normalized("Tomorrow") == "tomorrow")
        #expect(DateArgument.normalized("2026-11-23") == "2026-11-23")
        #expect(DateArgument.normalized("next week") == nil)
        #expect(DateArgument.normalized("2026-+1-05") == nil)
    }

    @Test("weekday names for chart labels and headers")
    func names() {
        #expect(Weekday.shortName(of: "2026-11-21") == "Sat")
        #expect(Weekday.name(of: "2026-11-21") == "Saturday")
        #expect(Weekday.shortName(of: "soon") == "???")
    }
}
