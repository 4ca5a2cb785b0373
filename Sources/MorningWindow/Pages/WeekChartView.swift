import CAdwaita
import MorningProtocol
import MorningWords

/// One day of the week chart as it is drawn, worked out from the week alone, so that what
/// each column shows can be checked without a display.
struct WeekChartColumn: Equatable {
    let date: String
    /// Over the bar: the tasks done, or a space on a day with no record, so that every
    /// bar starts at the same height.
    let count: String
    /// How far the bar is filled, of `whole`.
    let done: Double
    /// The bar's length in tasks: the routine's, or one for a routine of none, which
    /// GTK could not draw.
    let whole: Double
    /// Every task done that day: the bar is green rather than the accent's colour.
    let perfect: Bool
    let today: Bool
    /// A day still to come, dimmed.
    let toCome: Bool
    /// Under the bar: the short weekday over the day of the month, or the date as bmd
    /// wrote it when it is not one.
    let dayName: String
    /// What a screen reader reads for the day, shown as its tooltip too.
    let words: String

    /// The columns of `chart`, a day each, in the week's order.
    static func columns(of chart: Morning.WeekChart) -> [WeekChartColumn] {
        chart.days.map { day in
            let date = Day(iso: day.date)
            return WeekChartColumn(
                date: day.date,
                count: day.completed.map(String.init) ?? " ",
                done: Double(day.completed ?? 0),
                whole: Double(max(chart.total, 1)),
                perfect: chart.total > 0 && (day.completed ?? 0) >= chart.total,
                today: day.date == chart.today,
                toCome: day.date > chart.today,
                dayName: date.map { "\(Weekday($0).shortName)\n\($0.dayOfMonth)" } ?? day.date,
                words: HistoryModel.dayWords(day, chart: chart))
        }
    }
}

/// The chart of one week of a routine: a column per day, the tasks done over a standing
/// bar, the day under it, today highlighted and the days to come dimmed. It keeps what
/// it last drew, so a week drawn already is not made again.
@MainActor
final class WeekChartView {
    let root: Box
    /// The columns as drawn: the day, and the bar and the count over it.
    private(set) var bars: [(day: Morning.WeekDay, column: Box, bar: LevelBar, count: Label)] = []
    /// What a screen reader reads for the chart and for each of its days, kept for the tests.
    private(set) var names: [Widget: String] = [:]
    private var key: String?

    init() {
        root = Box(GTK_ORIENTATION_HORIZONTAL, spacing: 4)
        root.homogeneous = true
        root.style("card")
        root.style("week-chart")
    }

    /// Draws `chart`, `offset` weeks from this one (0, or less for the weeks before).
    func show(_ chart: Morning.WeekChart, offset: Int) {
        let key = "\(chart.routineId) \(chart.weekStart) \(chart.today) \(chart.total) " + chart.days.map { "\($0.completed ?? -1)" }.joined(separator: ",")
        guard key != self.key else { return }
        self.key = key
        while let child = root.firstChild {
            names[child] = nil
            root.remove(child)
        }
        bars = zip(chart.days, WeekChartColumn.columns(of: chart)).map { day, shown in
            let column = Box(GTK_ORIENTATION_VERTICAL, spacing: 4)
            let count = Label(shown.count)
            count.style("caption")
            let bar = LevelBar(min: 0, max: shown.whole)
            bar.orientation = GTK_ORIENTATION_VERTICAL
            bar.inverted = true
            // One colour, green when every task was done (the page's style sheet), not
            // GTK's colours for a low, a high and a full bar.
            for offset in [GTK_LEVEL_BAR_OFFSET_LOW, GTK_LEVEL_BAR_OFFSET_HIGH, GTK_LEVEL_BAR_OFFSET_FULL] {
                bar.removeOffset(offset)
            }
            if shown.perfect { column.style("perfect") }
            bar.value = shown.done
            bar.setSizeRequest(width: -1, height: 96)
            bar.halign = GTK_ALIGN_CENTER
            let dayName = Label(shown.dayName)
            dayName.justify = GTK_JUSTIFY_CENTER
            dayName.style("caption")
            if shown.today {
                dayName.style("heading")
                column.style("today")
            }
            if shown.toCome { column.style("dim-label") }
            column.append(count)
            column.append(bar)
            column.append(dayName)
            column.nameWithTooltip(shown.words)
            names[column.widget] = shown.words
            root.append(column)
            return (day, column, bar, count)
        }
        let words = HistoryModel.chartWords(chart, offset: offset)
        root.setAccessibleLabel(words)
        names[root.widget] = words
    }
}
