import CAdwaita
import MorningProtocol
import MorningWords

/// The heatmap's grid as it is drawn, worked out from bmd's days alone, so that where each
/// piece goes and its shade can be checked without a display. Weekdays are rows, from the
/// first day bmd sent (the locale's first weekday), weeks are columns, and column 0 and
/// row 0 hold the captions.
struct HeatmapLayout: Equatable {
    /// A caption or a day, and its place on the grid.
    struct Piece: Equatable {
        enum Kind: Equatable {
            /// A weekday's short name, at the start of its row: every other row, so they do not crowd.
            case weekday(String)
            /// A month's name, over the week that holds its 1st (or the first week shown).
            case month(String)
            /// A day's cell. `shade` is its CSS class, by the share of its tasks done,
            /// and `words` what a screen reader reads for it; both nil for a day before
            /// the heatmap's range, which only keeps the grid's place.
            case day(Morning.HistoryDay, shade: String?, words: String?)
        }

        let kind: Kind
        let column: Int
        let row: Int
        /// The columns it spans.
        let width: Int
    }

    /// In the order they are added to the grid, which a screen reader follows.
    let pieces: [Piece]

    init(_ reply: Morning.HistoryReply) {
        var pieces: [Piece] = []
        for row in 0..<min(7, reply.days.count) where row % 2 == 0 {
            pieces.append(Piece(kind: .weekday(Weekday.shortName(of: reply.days[row].date)), column: 0, row: row + 1, width: 1))
        }
        // A month's name takes three weeks' width; the next waits until there is room.
        var free = 0
        for (index, day) in reply.days.enumerated() {
            let column = index / 7
            if day.date >= reply.from, day.date.hasSuffix("-01") || index == 0, column >= free,
               let date = Day(iso: day.date) {
                pieces.append(Piece(kind: .month(MorningText.month(date.month)), column: column + 1, row: 0, width: 3))
                free = column + 3
            }
            let words = HistoryModel.heatmapDayWords(day, from: reply.from)
            let shade = words.map { _ in DataWords.level(completed: day.completed, total: day.total).map { "heat-\($0)" } ?? "heat-none" }
            pieces.append(Piece(kind: .day(day, shade: shade, words: words), column: column + 1, row: index % 7 + 1, width: 1))
        }
        self.pieces = pieces
    }
}

/// The heatmap of a routine's last months: a summary over a grid of days, each shaded by
/// the share of its tasks done, and a legend of the shades under it. It keeps what it
/// last drew, so days drawn already are not made again.
@MainActor
final class HeatmapView {
    /// The summary, the grid and the legend, one over the other.
    let root: Box
    let summary: Label
    let grid: Grid
    /// The cells of the days in the heatmap's range, each with its day.
    private(set) var cells: [(day: Morning.HistoryDay, cell: Box)] = []
    /// What a screen reader reads for the grid and for each of its days, kept for the tests.
    private(set) var names: [Widget: String] = [:]
    private var key: String?

    init() {
        summary = Label.leading(wrap: true)
        summary.style("dim-label")
        grid = Grid()
        grid.rowSpacing = 3
        grid.columnSpacing = 3
        grid.halign = GTK_ALIGN_CENTER
        // The page's column's spacing, so the three sit as they would in the column itself.
        root = Box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        root.append(summary)
        root.append(grid)
        root.append(Self.legend())
    }

    /// Draws `reply`, or says bmd is being asked while there is none.
    func show(_ reply: Morning.HistoryReply?) {
        let key = reply.map { r in r.from + r.today + (r.routineId ?? "") + r.days.map { "\($0.completed ?? -1)/\($0.total ?? -1)" }.joined() }
        guard key != self.key else { return }
        self.key = key
        while let child = grid.firstChild {
            names[child] = nil
            grid.remove(child)
        }
        cells = []
        guard let reply else {
            summary.show("Asking bmd…")
            name(grid, "Heatmap")
            return
        }
        summary.show(DataWords.heatmapSummary(reply).joined(separator: " · "))
        name(grid, HistoryModel.heatmapWords(reply))
        for piece in HeatmapLayout(reply).pieces {
            let widget: any WidgetWrapper
            switch piece.kind {
            case .weekday(let text), .month(let text):
                let caption = Label(text)
                caption.style("caption")
                caption.style("dim-label")
                caption.xalign = 0
                widget = caption
            case .day(let day, let shade, let words):
                let cell = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 0)
                cell.style("heat")
                if let shade, let words {
                    cell.style(shade)
                    cell.nameWithTooltip(words)
                    names[cell.widget] = words
                    cells.append((day, cell))
                }
                widget = cell
            }
            grid.attach(widget.widget, column: Int32(piece.column), row: Int32(piece.row), width: Int32(piece.width))
        }
    }

    private func name(_ widget: some WidgetWrapper, _ text: String) {
        widget.setAccessibleLabel(text)
        names[widget.widget] = text
    }

    /// The shades and what they mean.
    private static func legend() -> Box {
        let box = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 4)
        box.halign = GTK_ALIGN_CENTER
        func caption(_ text: String) -> Label {
            let label = Label(text)
            label.style("caption")
            label.style("dim-label")
            return label
        }
        box.append(caption("none"))
        for level in 0...4 {
            let cell = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 0)
            cell.style("heat")
            cell.style("heat-\(level)")
            cell.valign = GTK_ALIGN_CENTER
            cell.setTooltip(DataWords.levelNames[level])
            box.append(cell)
        }
        box.append(caption("every task"))
        box.setAccessibleLabel("Shades: " + DataWords.levelNames.joined(separator: ", ") + "; blank: no record")
        return box
    }
}
