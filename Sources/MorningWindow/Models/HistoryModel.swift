import MorningProtocol
import MorningWords

/// What the History page needs from bmd.
public enum HistoryEffect: Equatable, Sendable {
    /// Every stored routine with this week (bmd's data cards).
    case loadCards
    /// A routine's week `offset` weeks from this one (-1 last week).
    case loadWeek(routine: String, offset: Int)
    /// The totals of every routine.
    case loadStats
    /// A routine's heatmap, `HistoryModel.heatmapMonths` months up to today.
    case loadHeatmap(routine: String)
    case restart(routine: String)
    case delete(routine: String)
}

/// What happens on the History page: bmd's answers and the person's actions.
public enum HistoryEvent: Equatable, Sendable {
    /// The page came on screen, or went off it.
    case shown(Bool)
    case cards([Morning.Card])
    case week(Morning.WeekChart, offset: Int)
    case stats(Morning.StatsReply)
    case heatmap(Morning.HistoryReply)
    /// A routine chosen by its id.
    case choose(String)
    case previousWeek, nextWeek, thisWeek
    case askRestart, askDelete
    /// The question on show was answered: go ahead, or keep everything.
    case confirm, cancel
    case restarted(Morning.Activation)
    case deleted(Morning.DeleteReply)

    /// Whether the person did this (not bmd's answer, nor the page coming into view):
    /// the window's line about what went wrong stays until the next action.
    public var isAction: Bool {
        switch self {
        case .choose, .previousWeek, .nextWeek, .thisWeek, .askRestart, .askDelete, .confirm, .cancel: true
        case .shown, .cards, .week, .stats, .heatmap, .restarted, .deleted: false
        }
    }
}

/// The History page's state: the routines bmd stores, the one chosen and the week its
/// chart shows, its stats and heatmap, and a question waiting for an answer. It loads
/// only while the page is on screen, and again when the morning changes.
public struct HistoryModel: Equatable, Sendable {
    public var cards: [Morning.Card]?
    /// The routine chosen; the first card (the active routine) until one is.
    public var chosenId: String?
    /// The chosen routine's weeks, browsed as the terminal app browses them.
    public var weeks = WeekBrowser()
    public var stats: Morning.StatsReply?
    public var heatmap: Morning.HistoryReply?
    /// The question on show, and what answering yes does.
    public var question: Confirmation?
    public var pending: HistoryEffect?
    /// What the last change did, or why an action was refused, in a sentence.
    public var notice: String?
    public var shown = false
    /// A delete asked for before the stats came: asked once they do.
    var deleteWaiting: String?
    /// What the morning was when last heard: a change reloads the page.
    var heard: String?

    /// How far back the heatmap reaches: it fits a 360 px window.
    public static let heatmapMonths = 3

    public init() {}

    /// The card of the routine chosen.
    public var card: Morning.Card? {
        guard let cards else { return nil }
        return cards.first { $0.routineId == chosenId } ?? cards.first
    }

    /// The week on show: 0 this week, -1 the one before.
    public var offset: Int { weeks.offset }

    /// The chart on show: this week's from the card, another once bmd has sent it.
    public var chart: Morning.WeekChart? { weeks.chart(of: card) }

    /// The chosen routine's totals.
    public var routineStats: Morning.RoutineStats? {
        guard let card else { return nil }
        return stats?.routines.first { $0.routineId == card.routineId }
    }

    /// The heatmap of the chosen routine.
    public var shownHeatmap: Morning.HistoryReply? {
        heatmap?.routineId == card?.routineId ? heatmap : nil
    }

    /// The earliest week with something to see: the week of the routine's first record
    /// or of its run's start, whichever is earlier; 0 when both are ahead.
    public var earliestOffset: Int {
        card.map { WeekBrowser.earliestOffset(of: $0, firstRecord: routineStats?.stats.firstDate) } ?? 0
    }

    public var canGoBack: Bool { weeks.canGoBack(card, firstRecord: routineStats?.stats.firstDate) }
    public var canGoForward: Bool { card != nil && weeks.canGoForward }

    public mutating func handle(_ event: HistoryEvent, status: Morning.StatusReply?) -> [HistoryEffect] {
        switch event {
        case .shown(let on):
            shown = on
            // Asked again each time it shows: a routine deleted from a terminal changes
            // no status, so only asking again shows it gone.
            guard on else { return [] }
            return reload()
        case .cards(let new):
            cards = new
            if card?.routineId != chosenId { chosenId = card?.routineId; weeks.reset() }
            return card.map { [.loadHeatmap(routine: $0.routineId)] } ?? []
        case .week(let chart, let at):
            weeks.show(chart, offset: at, card: card)
            return []
        case .stats(let reply):
            stats = reply
            if let id = deleteWaiting {
                deleteWaiting = nil
                if id == card?.routineId { askDelete() }
            }
            return []
        case .heatmap(let reply):
            heatmap = reply
            return []
        case .choose(let id):
            notice = nil
            guard id != card?.routineId, cards?.contains(where: { $0.routineId == id }) == true else { return [] }
            chosenId = id
            weeks.reset()
            return [.loadHeatmap(routine: id)]
        case .previousWeek:
            notice = nil
            guard let card else { return [] }
            return take(weeks.back(card, firstRecord: routineStats?.stats.firstDate))
        case .nextWeek:
            notice = nil
            guard let card else { return [] }
            return take(weeks.forward(card))
        case .thisWeek:
            notice = nil
            weeks.reset()
            return []
        case .askRestart:
            notice = nil
            guard let card else { return [] }
            let tomorrow = status.flatMap { Day(iso: $0.date) }?.next.description
            question = Confirmation(
                heading: "Start \(card.routine) over?",
                body: DataWords.restartQuestion(routine: card.routine, active: card.active, tomorrow: tomorrow, status: status)
                    .joined(separator: "\n"),
                action: "Start Over", destructive: false)
            pending = .restart(routine: card.routineId)
            return []
        case .askDelete:
            notice = nil
            guard let card else { return [] }
            guard routineStats != nil else {
                // How many days of records it has is part of the question.
                deleteWaiting = card.routineId
                return [.loadStats]
            }
            askDelete()
            return []
        case .confirm:
            defer { question = nil; pending = nil }
            return pending.map { [$0] } ?? []
        case .cancel:
            question = nil
            pending = nil
            return []
        case .restarted(let reply):
            notice = DataWords.restarted(reply).joined(separator: " ")
            weeks.reset()
            return reload()
        case .deleted(let reply):
            notice = DataWords.deleted(reply)
                + (reply.routine.active ? " No routine is active now; pick one on the Routines page." : "")
            if chosenId == reply.routine.id { chosenId = nil }
            weeks.reset()
            return reload()
        }
    }

    /// A new status: when the morning changed (a check, a new day, another routine, a
    /// reset) while the page is on screen, what it shows is asked again.
    public mutating func show(status: Morning.StatusReply) -> [HistoryEffect] {
        let now = "\(status.date) \(status.phase) \(status.routine?.id ?? "-") \(status.routine?.startDate ?? "-") \(status.today?.completed ?? -1)"
        guard now != heard else { return [] }
        heard = now
        guard shown else { return [] }
        // A week browsed back stays as it is; this week's chart comes with the cards.
        return reload()
    }

    /// What a step through the weeks asks of bmd, or why there is none.
    private mutating func take(_ step: WeekBrowser.Step) -> [HistoryEffect] {
        switch step {
        case let .load(routine, offset): return [.loadWeek(routine: routine, offset: offset)]
        case .thisWeek: return []
        case .refused(let why):
            notice = why
            return []
        }
    }

    private mutating func reload() -> [HistoryEffect] {
        return [.loadCards, .loadStats]
    }

    private mutating func askDelete() {
        guard let card, let stats = routineStats else { return }
        question = Confirmation(
            heading: "Delete \(card.routine)?",
            body: DataWords.deleteQuestion(routine: card.routine, days: stats.stats.daysTracked, active: card.active,
                                           celebrity: card.type == .celebrity,
                                           catalog: "on the Routines page").joined(separator: "\n"),
            action: "Delete", destructive: true)
        pending = .delete(routine: card.routineId)
    }

    // MARK: What the page says

    /// "23 – 29 Nov · this week", "16 – 22 Nov · last week", "26 Oct – 1 Nov · 4 weeks ago".
    public static func weekLabel(_ chart: Morning.WeekChart, offset: Int) -> String {
        guard let first = chart.days.first.flatMap({ Day(iso: $0.date) }),
              let last = chart.days.last.flatMap({ Day(iso: $0.date) }) else { return chart.weekStart }
        let end = "\(last.dayOfMonth) \(MorningText.month(last.month))"
        let start: String
        if first.year != last.year {
            start = "\(first.dayOfMonth) \(MorningText.month(first.month)) \(first.year)"
        } else if first.month != last.month {
            start = "\(first.dayOfMonth) \(MorningText.month(first.month))"
        } else {
            start = "\(first.dayOfMonth)"
        }
        let range = "\(start) – \(end)" + (first.year != last.year ? " \(last.year)" : "")
        return "\(range) · \(WeekBrowser.when(offset))"
    }

    /// What one day of a week chart holds, as a screen reader says it: "Mon 23 Nov: 2 of 3".
    public static func dayWords(_ day: Morning.WeekDay, chart: Morning.WeekChart) -> String {
        guard let date = Day(iso: day.date) else { return day.date }
        let label = MorningText.scrollerLabel(date)
        if day.date > chart.today { return "\(label): to come" }
        if let start = chart.startDate, day.date < start, day.completed == nil { return "\(label): before \(chart.routine) started" }
        guard let done = day.completed else { return "\(label): no record" }
        if day.date == chart.today { return "\(label): today, \(done) of \(chart.total) so far" }
        return "\(label): \(done) of \(chart.total)"
    }

    /// The whole chart in words, for its accessible name.
    public static func chartWords(_ chart: Morning.WeekChart, offset: Int) -> String {
        "\(chart.routine), \(weekLabel(chart, offset: offset)). " + chart.days.map { dayWords($0, chart: chart) }.joined(separator: "; ")
    }

    /// A day of the heatmap in words, nil before its range: "Mon 23 Nov: 2 of 3".
    public static func heatmapDayWords(_ day: Morning.HistoryDay, from: String) -> String? {
        guard day.date >= from, let date = Day(iso: day.date) else { return nil }
        let label = MorningText.scrollerLabel(date)
        guard let done = day.completed, let total = day.total else { return "\(label): no record" }
        return "\(label): \(done) of \(total)"
    }

    /// The heatmap's accessible name: whose, which dates, how many days tracked and perfect.
    public static func heatmapWords(_ reply: Morning.HistoryReply) -> String {
        "Heatmap of \(reply.routine ?? "all routines"): " + DataWords.heatmapSummary(reply).joined(separator: ", ")
    }
}
