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
        // Days tracked are finished days, as `bmctl stats` counts them: the running
        // routine's today, still in progress, is taken out and shown beside them.
        let finished = reply.days.filter { $0.date >= reply.from }.compactMap { day -> (completed: Int, total: Int)? in
            guard let completed = day.completed, let total = day.total else { return nil }
            guard day.date == reply.today, let live = reply.inProgress else { return (completed, total) }
            let recorded = (completed: completed - (live.completed ?? 0), total: total - (live.total ?? 0))
            return recorded.total > 0 ? recorded : nil
        }
        let perfect = finished.filter { $0.total > 0 && $0.completed == $0.total }
        var parts = [style.bold(reply.routine ?? "All routines"), "\(reply.from) – \(reply.today)",
                     "\(Text.count(finished.count, "day")) tracked, \(perfect.count) perfect"]
        if let live = reply.inProgress, let done = live.completed, let total = live.total {
            parts.append("today \(done) of \(total) so far")
        }
        let header = parts.joined(separator: " · ")
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
        guard let completed, let total, total > 0 else { return nil }
        if completed <= 0 { return shades[0] }
        if completed >= total { return shades[4] }
        if completed * 3 <= total { return shades[1] }
        if completed * 3 <= total * 2 { return shades[2] }
        return shades[3]
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
        let keys = ["none", "up to 1/3", "up to 2/3", "more", "every task"]
        return zip(shades, keys).enumerated().map { index, pair in
            let shade = String(pair.0)
            return (index == 0 ? style.dim(shade) : style.green(shade)) + " " + pair.1
        }.joined(separator: "  ") + "   " + style.dim("blank: no record")
    }
}
