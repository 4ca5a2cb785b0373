import MorningProtocol

/// The human form of `bmctl week`: a column per day, bars scaled to the routine's
/// task count, the day of the month and the count under each weekday.
///
/// ```
/// Tim Cook · week of 2026-11-16 · 3 tasks a day
///   3 ┤ ███
///     │ ███
///     │ ███ ███
///     └─────────────────────────────
///       Mon Tue Wed Thu Fri Sat Sun
///                   ▔▔▔
///        16  17  18  19  20  21  22
///         3   1       0
/// ```
///
/// Today's label is underlined; a day without a record has neither bar nor count, a day with
/// nothing done shows 0 and no bar.
enum WeekText {
    /// The most rows a chart takes: one per task up to eight, eighth blocks beyond.
    static let maxRows = 8

    static func render(_ chart: Morning.WeekChart, style: Style) -> String {
        let header = "\(style.bold(chart.routine)) · week of \(chart.weekStart) · \(Text.count(chart.total, "task")) a day"
        let rows = max(1, min(chart.total, maxRows))
        let axisWidth = String(chart.total).count
        let margin = "  " + String(repeating: " ", count: axisWidth) + " "
        var lines = [header]
        for (index, cells) in WeekColumns.bars(chart.days, total: chart.total, rows: rows).enumerated() {
            let axis = index == 0 ? "  " + Text.padLeft(String(chart.total), axisWidth) + " ┤" : margin + "│"
            lines.append(axis + WeekColumns.join(cells.map { $0 == "   " ? $0 : style.green($0) }))
        }
        lines.append(margin + "└" + String(repeating: "─", count: 4 * chart.days.count + 1))
        lines.append(margin + " " + WeekColumns.labels(chart.days, today: chart.today, style: style))
        if let mark = WeekColumns.todayMark(chart.days, today: chart.today) { lines.append(margin + " " + mark) }
        let dates = chart.days.map { WeekColumns.centred(String(Int($0.date.suffix(2)) ?? 0)) }
        lines.append(margin + " " + WeekColumns.join(dates))
        if chart.days.contains(where: { $0.completed != nil }) {
            let counts = chart.days.map { WeekColumns.centred($0.completed.map(String.init) ?? "") }
            lines.append(margin + " " + WeekColumns.join(counts))
        }
        if let note = startNote(chart) { lines.append(style.dim(note)) }
        return Text.lines(lines)
    }

    /// Why days of the week have no record because the routine had not started yet.
    static func startNote(_ chart: Morning.WeekChart) -> String? { DataWords.startNote(chart) }
}
