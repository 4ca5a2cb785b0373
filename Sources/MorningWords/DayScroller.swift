import MorningProtocol

/// The date scroller of the terminal app's Routine tab and the window's Today page: which
/// dates it offers, the one chosen, and where a new status moves the choice. Both clients
/// hold one; each draws it its own way.
///
/// It offers exactly the days bmd serves: from the active routine's start to `daysAhead`
/// days after today, or only the start when the routine starts later than that (a routine
/// chosen ahead, a clock behind). A date outside is never asked for, so bmd never refuses
/// one of the scroller's.
public struct DayScroller: Equatable, Sendable {
    /// How far ahead the scroller reaches.
    public static let daysAhead = Morning.daysAhead

    /// Today, as bmd last said.
    public private(set) var today: Day?
    /// The active routine's start date, where the scroller begins; nil with no routine.
    public private(set) var earliest: Day?
    /// The date chosen.
    public private(set) var selected: Day?
    /// The routine whose days are on offer.
    private var routine: String?

    public init() {}

    /// The last date offered: `daysAhead` days after today, or the routine's start when
    /// that is later.
    public var latest: Day? {
        guard let ahead = today?.adding(days: Self.daysAhead) else { return nil }
        return earliest.map { max($0, ahead) } ?? ahead
    }

    /// Every date offered, from the first to the last.
    public var dates: [Day] {
        guard let earliest, let latest, earliest <= latest else { return [] }
        return (0...earliest.distance(to: latest)).map { earliest.adding(days: $0) }
    }

    /// Whether an answer about the day at `date` (`YYYY-MM-DD`) is for the date chosen:
    /// an answer overtaken by a later choice is dropped.
    public func isSelected(_ date: String) -> Bool { date == selected?.description }

    /// A new status. A choice that was on today follows today over midnight, and one of
    /// another routine goes to the new routine's today (or its start); any other choice
    /// stays, kept within the dates offered. The date to show, nil with no active routine.
    public mutating func follow(_ status: Morning.StatusReply) -> Day? {
        let oldToday = today
        let oldRoutine = routine
        today = Day(iso: status.date)
        routine = status.routine?.id
        earliest = status.phase == Morning.Phase.none ? nil : status.routine.flatMap { Day(iso: $0.startDate) }
        guard let today, let earliest else {
            selected = nil
            return nil
        }
        var target = selected ?? today
        if selected == nil || selected == oldToday || oldRoutine != routine { target = max(today, earliest) }
        return select(target)
    }

    /// Chooses `date`, or the nearest date offered. The date chosen; nil with no routine.
    @discardableResult
    public mutating func select(_ date: Day) -> Day? {
        guard let earliest, let latest else { return nil }
        selected = min(max(date, earliest), latest)
        return selected
    }

    /// Today, or the nearest date offered: what "Open today" and the `t` key choose.
    public var todayOrNearest: Day? {
        guard let today, let earliest, let latest else { return nil }
        return min(max(today, earliest), latest)
    }

    /// Why there is no date before the first: "The routine started on Mon 23 Nov …".
    public var nothingEarlier: String? {
        guard let earliest, let today else { return nil }
        let when = "\(Weekday.shortName(of: earliest.description)) \(earliest)"
        return earliest > today ? "The routine starts on \(when); there is nothing earlier."
                                : "The routine started on \(when); there is nothing earlier."
    }

    /// Why there is no date after the last.
    public var nothingLater: String? {
        guard let latest, let today else { return nil }
        guard latest > today.adding(days: Self.daysAhead) else {
            return "The scroller reaches two weeks ahead, to \(latest)."
        }
        let when = "\(Weekday.shortName(of: latest.description)) \(latest)"
        return "The routine starts on \(when); the days after it show once it is two weeks away."
    }
}
