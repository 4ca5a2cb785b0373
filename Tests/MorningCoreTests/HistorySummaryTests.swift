import Testing
@testable import MorningCore
import MorningTestSupport

/// The history summary stands in for folding every Day Record on each `stats` and
/// heatmap call, so `Stats(records:)` over the same records is its reference.
// Rules H3, H4.
@Suite("The history summary answers as Stats over the records does")
struct HistorySummaryTests {
    /// Random records: a few routines of 1 to 5 tasks, days with gaps, often perfect, and
    /// dates that several routines share.
    static func records(_ random: inout SeededRandom) -> [DayRecord] {
        var records: [DayRecord] = []
        for routine in 1...RoutineID(1 + random.below(4)) {
            let tasks = 1 + random.below(5)
            var date = Day(ordinal: 20_000 + random.below(30))
            for _ in 0..<random.below(120) {
                date = date.adding(days: random.chance(0.8) ? 1 : 1 + random.below(4))
                let mask: UInt32 = random.chance(0.5) ? (1 << UInt32(tasks)) - 1 : UInt32(random.below(1 << tasks))
                records.append(DayRecord(routineID: routine, date: date, doneMask: mask, taskCount: tasks))
            }
        }
        return records
    }

    static func expectSame(_ summary: HistorySummary, _ records: [DayRecord], _ tag: String) {
        #expect(summary.overall == Stats(records: records), "overall, \(tag)")
        for routine in Set(records.map(\.routineID)) + [99] {
            #expect(summary.stats(of: routine) == Stats(records: records.filter { $0.routineID == routine }),
                    "routine \(routine), \(tag)")
        }
    }

    @Test("Built from records in any order: every routine's stats and the overall stats are Stats'")
    func built() {
        var random = FuzzRun.random(0x5355_4D4D)
        for _ in 0..<200 * FuzzRun.scale {
            let records = Self.records(&random)
            Self.expectSame(HistorySummary(records: records.shuffled(using: &random)), records, FuzzRun.tag)
        }
    }

    @Test("Kept up to date one finalized day at a time, it says what a summary built afresh says")
    func added() {
        var random = FuzzRun.random(0x4144_4445)
        for _ in 0..<200 * FuzzRun.scale {
            let records = Self.records(&random).sorted { $0.date < $1.date }
            let start = random.below(records.count + 1)
            var summary = HistorySummary(records: records[..<start])
            for record in records[start...] {
                let taken = summary.add(record)
                #expect(taken, "\(FuzzRun.tag)")
            }
            Self.expectSame(summary, records, FuzzRun.tag)
        }
    }

    @Test("A record on or before its routine's last date is refused, and changes nothing")
    func outOfOrder() {
        let last = DayRecord(routineID: 1, date: day("2026-11-10"), doneMask: 1, taskCount: 1)
        var summary = HistorySummary(records: [last])
        let before = summary.overall
        let earlier = summary.add(DayRecord(routineID: 1, date: day("2026-11-09"), doneMask: 1, taskCount: 1))
        let same = summary.add(DayRecord(routineID: 1, date: day("2026-11-10"), doneMask: 0, taskCount: 1))
        #expect(!earlier && !same)
        #expect(summary.overall == before)
        // Another routine's record of an earlier date is in order for that routine.
        let other = summary.add(DayRecord(routineID: 2, date: day("2026-11-09"), doneMask: 1, taskCount: 1))
        #expect(other)
        #expect(summary.overall.daysTracked == 2)
    }

    // Rule H4.
    @Test("the totals per date over a range are the sums of that range's records")
    func totals() {
        var random = FuzzRun.random(0x544F_5441)
        for _ in 0..<200 * FuzzRun.scale {
            let records = Self.records(&random)
            let summary = HistorySummary(records: records)
            let from = Day(ordinal: 20_000 + random.below(200)), through = from.adding(days: random.below(200))
            var expected: [Day: (Int, Int)] = [:]
            for r in records where r.date >= from && r.date <= through {
                let sum = expected[r.date] ?? (0, 0)
                expected[r.date] = (sum.0 + r.completed, sum.1 + r.taskCount)
            }
            let got = summary.totals(from: from, through: through)
            #expect(got.map(\.date) == expected.keys.sorted(), "\(FuzzRun.tag)")
            let sumsAgree = got.allSatisfy { totals in
                guard let sum = expected[totals.date] else { return false }
                return sum.0 == totals.completed && sum.1 == totals.planned
            }
            #expect(sumsAgree, "\(FuzzRun.tag)")
        }
    }
}
