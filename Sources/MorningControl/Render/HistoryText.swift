import MorningProtocol

/// The human form of `bmctl history`: a calendar heatmap, weeks as columns and
/// weekdays as rows from the locale's first weekday, one cell per day shaded by the
/// part of its tasks done, month names over the week that holds each 1st.
///
/// ```
/// Tim Cook · 2026-06-01 – 2026-11-19 · 140 days tracked, 31 perfect
///       Jun    Jul     Aug    Sep     Oct    Nov
///   Mon ▓█▓·▒█ …
/// ```
enum HistoryText {
    static let shades: [Character] = ["·", "░", "▒", "▓", "█"]
    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func render(_ reply: Morning.HistoryReply, style: Style) -> String {
        let header = ([style.bold(reply.routine ?? "All routines")] + DataWords.heatmapSummary(reply)).joined(separator: " · ")
        let columns = (reply.days.count + 6) / 7
        var lines = [header, "      " + monthLabels(reply, columns: columns)]
        for row in 0..<min(7, reply.days.count) {
            var cells = ""
            for column in 0..<columns {
                let index = column * 7 + row
                guard index < reply.days.count else { break }
                cells += cell(reply.days[index], from: reply.from, style: style)
            }
            lines.append("  \(Weekday.shortName(of: reply.days[row].date)) \(cells)")
        }
        lines.append("      " + legend(style: style))
        return Text.lines(lines)
    }

    /// The shade of a day: blank without a record (or before the range), · when nothing
    /// was done, then up to a third, up to two thirds, more, and every task.
    static func shade(completed: Int?, total: Int?) -> Character? {
        DataWords.level(completed: completed, total: total).map { shades[$0] }
    }

    private static func cell(_ day: Morning.HistoryDay, from: String, style: Style) -> String {
        guard day.date >= from, let shade = shade(completed: day.completed, total: day.total) else { return " " }
        return shade == shades[0] ? style.dim(String(shade)) : style.green(String(shade))
    }

    /// Each month's name over the column of the week that holds its 1st, when it fits.
    static func monthLabels(_ reply: Morning.HistoryReply, columns: Int) -> String {
        var line = Array(repeating: Character(" "), count: columns + 3)
        var free = 0   // The first column a label may start at.
        for (index, day) in reply.days.enumerated() where day.date >= reply.from && day.date.hasSuffix("-01") {
            let column = index / 7
            guard column >= free, let month = Int(day.date.dropFirst(5).prefix(2)), (1...12).contains(month) else { continue }
            for (offset, letter) in monthNames[month - 1].enumerated() { line[column + offset] = letter }
            free = column + 4
        }
        return String(line)
    }

    static func legend(style: Style) -> String {
        zip(shades, DataWords.levelNames).enumerated().map { index, pair in
            let shade = String(pair.0)
            return (index == 0 ? style.dim(shade) : style.green(shade)) + " " + pair.1
        }.joined(separator: "  ") + "   " + style.dim("blank: no record")
    }
}
