import MorningProtocol
import MorningWords
import Testing

/// The date words the terminal app and the window share.
@Suite struct WordsTests {
    @Test("weekdays of known dates", arguments: [
        ("2026-11-23", Weekday.monday), ("2026-11-15", .sunday), ("2024-02-29", .thursday),
        ("1970-01-01", .thursday), ("2000-03-01", .wednesday), ("1600-02-29", .tuesday), ("0001-01-01", .monday),
    ])
    func weekdays(date: String, weekday: Weekday) {
        #expect(Day(iso: date).map(Weekday.init) == weekday)
    }

    @Test("weekday names for chart labels and headers")
    func names() {
        #expect(Weekday.shortName(of: "2026-11-21") == "Sat")
        #expect(Weekday.name(of: "2026-11-21") == "Saturday")
        #expect(Weekday.shortName(of: "soon") == "???")
    }

    @Test("a date on the scrollers: weekday, day and month, as each scroller shows it")
    func scrollerLabels() {
        #expect(MorningText.scrollerLabel(Day(iso: "2026-11-25")!) == "Wed 25 Nov")
        #expect(MorningText.scrollerLabel(Day(iso: "2027-01-01")!) == "Fri 1 Jan")
        #expect(MorningText.scrollerLabel(Day(iso: "2026-12-31")!) == "Thu 31 Dec")
    }
}
