import MorningProtocol
@testable import MorningWindow
import MorningWords
import Testing

/// What the History page's week chart and heatmap draw, worked out from bmd's replies
/// alone, without a display: each day's bar and labels, and where each cell and caption
/// of the heatmap goes and in which shade.
// Rule U4: the window's History page.
@Suite struct HistoryDrawingTests {
    @Test("each day's bar is filled to the tasks done, green when all were, with today marked and the days to come dimmed")
    func weekColumns() {
        let chart = Fixture.week()
        let columns = WeekChartColumn.columns(of: chart)
        #expect(columns.map(\.date) == chart.days.map(\.date))
        #expect(columns.map(\.count) == ["3", "1", "1", " ", " ", " ", " "])
        #expect(columns.map(\.done) == [3, 1, 1, 0, 0, 0, 0])
        #expect(columns.allSatisfy { $0.whole == 3 })
        #expect(columns.map(\.perfect) == [true, false, false, false, false, false, false])
        #expect(columns.map(\.today) == [false, false, true, false, false, false, false])
        #expect(columns.map(\.toCome) == [false, false, false, true, true, true, true])
        #expect(columns.map(\.dayName) == ["Mon\n23", "Tue\n24", "Wed\n25", "Thu\n26", "Fri\n27", "Sat\n28", "Sun\n29"])
        #expect(columns.map(\.words) == [
            "Mon 23 Nov: 3 of 3", "Tue 24 Nov: 1 of 3", "Wed 25 Nov: today, 1 of 3 so far", "Thu 26 Nov: to come",
            "Fri 27 Nov: to come", "Sat 28 Nov: to come", "Sun 29 Nov: to come",
        ])
    }

    @Test("a routine of no tasks draws empty bars, none of them green; a date bmd wrote otherwise shows as written")
    func weekEdges() {
        var chart = Fixture.week(counts: [0, 0, nil, nil, nil, nil, nil])
        chart.total = 0
        chart.days[1].date = "someday"
        let columns = WeekChartColumn.columns(of: chart)
        #expect(columns.allSatisfy { $0.whole == 1 && !$0.perfect })
        #expect(columns.map(\.done) == [0, 0, 0, 0, 0, 0, 0])
        #expect(columns[1].dayName == "someday")
    }

    /// The pieces of `layout` that are captions: (text, column, row, width).
    func captions(_ layout: HeatmapLayout) -> [String] {
        layout.pieces.compactMap { piece in
            switch piece.kind {
            case .weekday(let text), .month(let text): "\(text) \(piece.column),\(piece.row)×\(piece.width)"
            case .day: nil
            }
        }
    }

    /// The cell of `date` in `layout`: its place, shade and words.
    func cell(_ layout: HeatmapLayout, _ date: String) -> (column: Int, row: Int, shade: String?, words: String?)? {
        for piece in layout.pieces {
            if case .day(let day, let shade, let words) = piece.kind, day.date == date {
                return (piece.column, piece.row, shade, words)
            }
        }
        return nil
    }

    @Test("the heatmap's weeks are columns and its weekdays rows, every other weekday and each month named once")
    func heatmapCaptions() {
        let layout = HeatmapLayout(Fixture.heatmap())
        // From Monday 31 August; 1 September is in the first week, 1 October in the
        // fifth, 1 November in the ninth.
        #expect(captions(layout) == ["Mon 0,1×1", "Wed 0,3×1", "Fri 0,5×1", "Sun 0,7×1", "Sep 1,0×3", "Oct 5,0×3", "Nov 9,0×3"])
        #expect(layout.pieces.filter { if case .day = $0.kind { true } else { false } }.count == Fixture.heatmap().days.count)
    }

    @Test("a month whose 1st falls under the last month's name waits for the next month with room")
    func heatmapCrowded() {
        // From Monday 21 September: September is named over the first week, and
        // 1 October, in the second, would be written over it.
        let first = Day(iso: "2026-09-21")!
        let days = (0...first.distance(to: Day(iso: "2026-11-25")!)).map { Morning.HistoryDay(date: first.adding(days: $0).description) }
        let reply = Morning.HistoryReply(routine: "Lark", routineId: "lark", from: "2026-09-21", today: "2026-11-25", days: days)
        #expect(captions(HeatmapLayout(reply)) == ["Mon 0,1×1", "Wed 0,3×1", "Fri 0,5×1", "Sun 0,7×1", "Sep 1,0×3", "Nov 6,0×3"])
    }

    @Test("each day's cell is shaded by the share of its tasks done; a day before the range is left blank and unnamed")
    func heatmapCells() {
        let layout = HeatmapLayout(Fixture.heatmap())
        #expect(cell(layout, "2026-08-31")! == (1, 1, nil, nil))
        #expect(cell(layout, "2026-09-01")! == (1, 2, "heat-none", "Tue 1 Sep: no record"))
        #expect(cell(layout, "2026-11-20")! == (12, 5, "heat-1", "Fri 20 Nov: 1 of 3"))
        #expect(cell(layout, "2026-11-21")! == (12, 6, "heat-2", "Sat 21 Nov: 2 of 3"))
        #expect(cell(layout, "2026-11-22")! == (12, 7, "heat-4", "Sun 22 Nov: 3 of 3"))
        #expect(cell(layout, "2026-11-23")! == (13, 1, "heat-0", "Mon 23 Nov: 0 of 3"))
    }
}
