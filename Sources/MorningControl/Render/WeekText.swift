import MorningProtocol

/// The human form of `bmctl week` (H2): a row per day with its bar and count.
enum WeekText {
    static func render(_ chart: Morning.WeekChart, style: Style) -> String {
        let header = "\(style.bold(chart.routine)) · week of \(chart.weekStart) · \(Text.count(chart.total, "task")) a day"
        let countWidth = max(1, String(chart.total).count)
        let rows = chart.days.map { day -> String in
            let count = day.completed.map(String.init) ?? "-"
            let bar = Bars.bar(completed: day.completed, total: chart.total)
            let row = "  \(Weekday.shortName(of: day.date)) \(day.date)  \(style.green(bar))  \(Text.padLeft(count, countWidth))"
            return day.date == chart.today ? row + "  " + style.dim("today") : row
        }
        return Text.lines([header] + rows)
    }
}
