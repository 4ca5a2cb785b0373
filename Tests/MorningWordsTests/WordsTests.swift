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

    @Test("when a routine starts: tomorrow only when it is, otherwise on its date", arguments: [
        ("2026-11-23", "2026-11-22", "tomorrow (2026-11-23)"),
        ("2026-12-30", "2026-11-22", "on 2026-12-30"),
        ("2027-01-01", "2026-12-31", "tomorrow (2027-01-01)"),
        ("2026-11-22", "2026-11-22", "on 2026-11-22"),
    ])
    func starts(start: String, today: String, words: String) {
        #expect(MorningText.starts(on: start, today: today) == words)
        // A refusal knows the start alone: the date, which is never wrong.
        #expect(MorningText.starts(on: start, today: nil) == "on \(start)")
    }

    @Test("the next task, when there is none, is never said to be none left while a task is undone",
          arguments: Morning.MorningState.allCases)
    func noNextTask(state: Morning.MorningState) {
        let status = Morning.StatusReply(phase: .running, state: state, date: "2026-11-25",
                                         today: Morning.Progress(date: "2026-11-25", completed: 3, total: 4), behind: 0,
                                         notifications: .init(enabled: true, available: true))
        #expect(!MorningText.noNextTask(status).contains("none left"), "\(state): \(MorningText.noNextTask(status))")
    }
}
