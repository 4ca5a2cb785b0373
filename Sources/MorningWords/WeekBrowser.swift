import MorningProtocol

/// The week chart both clients browse, a routine's week at a time: which week is on show,
/// how far back there is something to see, and the words for it. The terminal app's Data
/// tab and the window's History page each hold one.
public struct WeekBrowser: Equatable, Sendable {
    /// The week on show: 0 this week, -1 the one before.
    public private(set) var offset = 0
    /// The chart of a week other than this one, once bmd has sent it.
    public private(set) var week: Morning.WeekChart?

    /// What a step asks for.
    public enum Step: Equatable, Sendable {
        /// The chart of `routine`'s week at `offset`, from bmd.
        case load(routine: String, offset: Int)
        /// This week's chart, which the routine's card holds.
        case thisWeek
        /// No step: why not, in a sentence.
        case refused(String)
    }

    public init() {}

    /// The chart on show for `card`: this week's from the card, another once bmd has sent it.
    public func chart(of card: Morning.Card?) -> Morning.WeekChart? {
        guard let card else { return nil }
        if offset == 0 { return card.week }
        return week?.routineId == card.routineId ? week : nil
    }

    /// The earliest week with something to see: the week of the routine's first record
    /// (`firstRecord`, from its stats) or of its run's start, whichever is earlier; 0 when
    /// both are ahead.
    public static func earliestOffset(of card: Morning.Card, firstRecord: String?) -> Int {
        guard let weekStart = Day(iso: card.week.weekStart) else { return 0 }
        let dates = [card.week.startDate, firstRecord].compactMap { $0.flatMap { Day(iso: $0) } }
        guard let first = dates.min(), first < weekStart else { return 0 }
        return -((first.distance(to: weekStart) + 6) / 7)
    }

    public func canGoBack(_ card: Morning.Card?, firstRecord: String?) -> Bool {
        guard let card else { return false }
        return offset > Self.earliestOffset(of: card, firstRecord: firstRecord)
    }

    public var canGoForward: Bool { offset < 0 }

    /// A week back, unless the routine has nothing before the week on show.
    public mutating func back(_ card: Morning.Card, firstRecord: String?) -> Step {
        guard canGoBack(card, firstRecord: firstRecord) else {
            return .refused("\(card.routine) has no records before this week.")
        }
        offset -= 1
        return .load(routine: card.routineId, offset: offset)
    }

    /// A week on, up to this week.
    public mutating func forward(_ card: Morning.Card) -> Step {
        guard canGoForward else { return .refused("This is the current week; weeks ahead have no records yet.") }
        offset += 1
        return offset == 0 ? .thisWeek : .load(routine: card.routineId, offset: offset)
    }

    /// Back to this week: another routine chosen, a routine started over or deleted.
    public mutating func reset() {
        offset = 0
        week = nil
    }

    /// bmd's chart of the week at `offset`, kept when it is still the one on show.
    public mutating func show(_ chart: Morning.WeekChart, offset at: Int, card: Morning.Card?) {
        guard chart.routineId == card?.routineId, at == offset else { return }
        week = chart
    }

    /// "this week", "last week", "4 weeks ago".
    public static func when(_ offset: Int) -> String {
        switch offset {
        case 0: "this week"
        case -1: "last week"
        case ..<0: "\(-offset) weeks ago"
        default: "in \(offset) weeks"
        }
    }
}
