import MorningProtocol

/// A week drawn as columns, one per day under its weekday label.
///
/// Each day is three cells wide with one space between days, so a bar sits exactly
/// under its label. Bars are made of eighth blocks: a chart of `rows` rows has
/// `rows × 8` steps, the top one meaning every task done.
enum WeekColumns {
    /// The height of a bar in eighths of a row.
    ///
    /// Rounded up, so one task done always shows; but never the full height short of
    /// every task, so a full bar always means a perfect day.
    static func eighths(completed: Int?, total: Int, rows: Int) -> Int {
        guard let completed, completed > 0, total > 0, rows > 0 else { return 0 }
        let full = rows * 8
        if completed >= total { return full }
        return min(full - 1, (completed * full + total - 1) / total)
    }

    /// The bar rows, top first; each row is a list of seven three-cell strings.
    static func bars(_ days: [Morning.WeekDay], total: Int, rows: Int) -> [[String]] {
        let heights = days.map { eighths(completed: $0.completed, total: total, rows: rows) }
        return (0..<rows).map { row in
            let floor = (rows - 1 - row) * 8
            return heights.map { height in
                let fill = min(8, max(0, height - floor))
                return fill == 0 ? "   " : String(repeating: Bars.blocks[fill - 1], count: 3)
            }
        }
    }

    /// Seven cells joined the way the labels are: a space before each, one after the last.
    static func join(_ cells: [String]) -> String {
        cells.map { " " + $0 }.joined() + " "
    }

    /// The weekday labels, each over its column, today's in bold where there is colour:
    /// ` Mon Tue Wed Thu Fri Sat Sun`. Brackets would take the spaces that keep the
    /// labels apart (`Wed[Thu]Fri`), so `todayMark` underlines today on a row of its own.
    static func labels(_ days: [Morning.WeekDay], today: String, style: Style) -> String {
        join(days.map { $0.date == today ? style.bold(Weekday.shortName(of: $0.date)) : Weekday.shortName(of: $0.date) })
    }

    /// The row under the labels that marks today's column (`▔▔▔` under its label), or nil
    /// for a week without today.
    static func todayMark(_ days: [Morning.WeekDay], today: String) -> String? {
        guard days.contains(where: { $0.date == today }) else { return nil }
        return join(days.map { $0.date == today ? "▔▔▔" : "   " })
    }

    /// `text` centred in three cells, an odd space going to the left: " 3 ", " 20".
    static func centred(_ text: String) -> String {
        guard text.count < 3 else { return text }
        let left = (3 - text.count + 1) / 2
        return String(repeating: " ", count: left) + text + String(repeating: " ", count: 3 - text.count - left)
    }
}
