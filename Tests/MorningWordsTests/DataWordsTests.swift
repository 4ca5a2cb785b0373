import MorningProtocol
import MorningWords
import Testing

/// The words about records that bmctl and the window share.
@Suite struct DataWordsTests {
    @Test("the locale is the first set of LC_ALL, LC_TIME and LANG")
    func locale() {
        #expect(DataWords.locale { ["LANG": "en_US.UTF-8", "LC_TIME": "de_DE.UTF-8"][$0] } == "de_DE.UTF-8")
        #expect(DataWords.locale { ["LANG": "en_GB.UTF-8", "LC_ALL": ""][$0] } == "en_GB.UTF-8")
        #expect(DataWords.locale { _ in nil } == nil)
    }

    // Rule H3.
    @Test("the stats' rows: totals, span of dates, average, rate, perfect days and best run; none without a finished day")
    func statsRows() {
        let five = Morning.StatsTotals(tasksCompleted: 10, tasksPlanned: 15, daysTracked: 5, averagePerDay: 2, completionRate: 2.0 / 3,
                                       perfectDays: 1, bestRun: 1, bestRunFrom: "2026-11-20", bestRunThrough: "2026-11-20",
                                       firstDate: "2026-11-20", lastDate: "2026-11-24")
        let rows = DataWords.statsRows(five)
        #expect(rows.map(\.name) == ["tasks completed", "days tracked", "average per day", "completion rate", "perfect days", "best run"])
        #expect(rows.map(\.value) == ["10", "5 (2026-11-20 – 2026-11-24)", "2.0 tasks", "67% (10 of 15 tasks)", "1", "1 perfect day (2026-11-20)"])
        let none = Morning.StatsTotals(tasksCompleted: 0, tasksPlanned: 0, daysTracked: 0, averagePerDay: 0, completionRate: 0,
                                       perfectDays: 0, bestRun: 0)
        #expect(DataWords.statsRows(none).isEmpty)
    }

    // Rule H4.
    @Test("a day's shade: none done, up to a third, up to two thirds, more, every task; no shade without a record")
    func levels() {
        #expect([0, 1, 2, 3, 4, 5, 6].map { DataWords.level(completed: $0, total: 6) } == [0, 1, 1, 2, 2, 3, 4])
        #expect(DataWords.level(completed: nil, total: nil) == nil)
        #expect(DataWords.level(completed: 0, total: 0) == nil)
    }
}
