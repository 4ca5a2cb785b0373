import MorningProtocol
import Testing

/// The one calendar date both programs read: bmctl to check what was typed, bmd for every rule.
@Suite struct DayParsingTests {
    @Test("only real YYYY-MM-DD dates are dates", arguments: [
        "2026-02-29", "2100-02-29", "2026-04-31", "2026-13-01", "2026-00-10", "2026-1-05", "26-11-23",
        "2026-11-23T00:00", "２０２６-11-23", "", "2026/11/23", "2026-+1-05", "+026-11-05", "2026-11-+5",
    ])
    func notDates(text: String) {
        #expect(Day(iso: text) == nil)
    }

    @Test("leap days and month ends are dates, and read back as written")
    func dates() {
        for text in ["2024-02-29", "2000-02-29", "2026-12-31", "0001-01-01", "1970-01-01"] {
            #expect(Day(iso: text)?.description == text)
        }
    }

    @Test("the date words, in any case, and no text at all, name days around today")
    func words() {
        let today = Day(iso: "2026-03-01")!
        #expect(Day(named: "Yesterday", today: today)?.description == "2026-02-28")
        #expect(Day(named: "TOMORROW", today: today)?.description == "2026-03-02")
        #expect(Day(named: "today", today: today) == today)
        #expect(Day(named: nil, today: today) == today)
        #expect(Day(named: "", today: today) == today)
        #expect(Day(named: "2025-12-25", today: today)?.description == "2025-12-25")
        #expect(Day(named: "next week", today: today) == nil)
        #expect(DateWord.allCases.map(\.rawValue) == ["today", "yesterday", "tomorrow"])
    }
}
