import MorningProtocol

/// The human form of `bmctl data`: a card per routine, the active one first, with
/// this week as two rows of bars under the weekdays, today in brackets.
///
/// ```
/// Tim Cook · celebrity · active
///   ███
///   ███ ▆▆▆
///   Mon Tue Wed[Thu]Fri Sat Sun
/// ```
enum DataText {
    /// Two rows give sixteen steps: enough to tell 19 of 20 tasks from 20.
    static let rows = 2

    static func render(_ cards: [Morning.Card], style: Style) -> String {
        guard !cards.isEmpty else {
            return Text.lines(["No routines yet. Find one with `bmctl explore` and start it with `bmctl activate NAME`."])
        }
        var lines: [String] = []
        for (index, card) in cards.enumerated() {
            if index > 0 { lines.append("") }
            lines.append(([style.bold(card.routine), card.type.rawValue] + (card.active ? [style.green("active")] : []))
                .joined(separator: " · "))
            let week = card.week
            var labels = [" " + WeekColumns.labels(week.days, today: week.today, style: style)]
            if let mark = WeekColumns.todayMark(week.days, today: week.today) { labels.append(" " + mark) }
            if week.days.allSatisfy({ ($0.completed ?? 0) == 0 }) {
                lines += labels + ["  " + style.dim("nothing completed this week")]
                continue
            }
            for cells in WeekColumns.bars(week.days, total: week.total, rows: rows) {
                lines.append(" " + WeekColumns.join(cells.map { $0 == "   " ? $0 : style.green($0) }))
            }
            lines += labels
        }
        return Text.lines(lines)
    }
}
