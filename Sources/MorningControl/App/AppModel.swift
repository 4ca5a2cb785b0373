import MorningProtocol

/// What the app needs from bmd after a key or a new status. The runner makes the call
/// and hands the reply back to the model, so the model itself never waits on a socket.
enum AppEffect: Equatable {
    case quit
    /// The day at this date (`YYYY-MM-DD`) of the active routine.
    case loadDay(String)
    case check(position: Int, date: String)
    case uncheck(position: Int, date: String)
    /// The celebrity routines, for Explore.
    case loadCatalog
    /// The data cards, for Data.
    case loadCards
}

/// The terminal app's state: which tab is open, what bmd last said, where the cursor is.
///
/// Keys and replies go in (`handle`, `show`), effects come out; `AppScreen` draws it.
/// Nothing here reads a clock or a socket, so tests drive it key by key.
struct AppModel: Equatable {
    enum Tab: Int, CaseIterable {
        case explore, routine, data

        var title: String { ["Explore", "Routine", "Data"][rawValue] }
    }

    var tab: Tab = .routine
    var status: Morning.StatusReply?
    /// The day on show in the Routine tab; it may lag `selected` while bmd answers.
    var day: Morning.DayReply?
    /// The date chosen on the scroller.
    var selected: Day?
    /// The first date the scroller shows.
    var first: Day?
    /// The task under the cursor, counting from 0.
    var cursor = 0
    /// One line about what just happened or what went wrong, until the next key.
    var message: String?
    /// The welcome, shown over everything until a key is pressed.
    var welcome: String?
    var catalog: [Morning.CatalogRoutine]?
    var cards: [Morning.Card]?
    /// How far Explore and Data are scrolled, in lines.
    var scroll = 0

    /// Days the scroller shows whole; one more peeks in at the right edge.
    static let daysShown = 5
    /// How far ahead the scroller reaches.
    static let daysAhead = 14

    var today: Day? { status.flatMap { Day(iso: $0.date) } }
    /// The active routine's start date: the scroller begins there.
    var earliest: Day? { status?.phase == Morning.Phase.none ? nil : status?.routine.flatMap { Day(iso: $0.startDate) } }
    var latest: Day? { today?.adding(days: Self.daysAhead) }

    /// The day on show, when it is the one selected.
    var shownDay: Morning.DayReply? {
        guard let day, let selected, day.date == selected.description else { return nil }
        return day
    }

    // MARK: Replies

    /// A new status from the stream: a check made elsewhere, a task's time come, a new day.
    /// A scroller that was on today follows today over midnight.
    mutating func show(status new: Morning.StatusReply) -> [AppEffect] {
        let oldToday = today
        let oldRoutine = status?.routine?.id
        status = new
        guard let today, let earliest, let latest else {
            day = nil; selected = nil; first = nil; cursor = 0
            return []
        }
        var target = selected ?? today
        if selected == nil || selected == oldToday || oldRoutine != new.routine?.id { target = max(today, earliest) }
        target = min(max(target, earliest), latest)
        select(target)
        return [.loadDay(target.description)]
    }

    mutating func show(day reply: Morning.DayReply) {
        guard reply.date == selected?.description else { return }  // an answer overtaken by another key
        day = reply
        cursor = min(cursor, max(0, reply.tasks.count - 1))
    }

    /// A check or uncheck bmd made.
    mutating func show(change task: Morning.DayTask, completed: Int, changed: Bool) {
        guard var day, let index = day.tasks.firstIndex(where: { $0.position == task.position }) else { return }
        day.tasks[index] = task
        day.completed = completed
        self.day = day
        if !changed {
            message = task.state == .done ? "\(task.title) was already checked" : "\(task.title) was not checked"
        }
    }

    mutating func show(catalog routines: [Morning.CatalogRoutine]) { catalog = routines }
    mutating func show(cards: [Morning.Card]) { self.cards = cards }

    /// bmd refused what was asked: say why, keep everything else.
    mutating func fail(_ text: String) { message = text }

    // MARK: Keys

    mutating func handle(_ key: AppKey) -> [AppEffect] {
        message = nil
        if welcome != nil {
            welcome = nil
            return key == .interrupt ? [.quit] : []
        }
        switch key {
        case .interrupt, .character("q"), .character("Q"): return [.quit]
        case .character("1"): return open(.explore)
        case .character("2"): return open(.routine)
        case .character("3"): return open(.data)
        case .tab: return open(Tab(rawValue: (tab.rawValue + 1) % Tab.allCases.count)!)
        case .backTab: return open(Tab(rawValue: (tab.rawValue + Tab.allCases.count - 1) % Tab.allCases.count)!)
        default: break
        }
        switch tab {
        case .routine: return routineKey(key)
        case .explore, .data: return pageKey(key)
        }
    }

    private mutating func open(_ new: Tab) -> [AppEffect] {
        guard new != tab else { return [] }
        tab = new
        scroll = 0
        switch new {
        case .explore: return [.loadCatalog]
        case .data: return [.loadCards]
        case .routine: return selected.map { [.loadDay($0.description)] } ?? []
        }
    }

    private mutating func pageKey(_ key: AppKey) -> [AppEffect] {
        switch key {
        case .up, .character("k"): scroll = max(0, scroll - 1)
        case .down, .character("j"): scroll += 1
        default: break
        }
        return []
    }

    private mutating func routineKey(_ key: AppKey) -> [AppEffect] {
        guard status != nil, let selected, let earliest, let latest, let today else {
            switch key {
            case .character("e"): return open(.explore)
            case .character("c"):
                message = "Create your own routine with `bmctl create` in a shell; it shows here once saved."
            default: break
            }
            return []
        }
        switch key {
        case .left, .character("h"):
            guard selected > earliest else {
                message = "The routine started on \(Weekday.shortName(of: earliest.description)) \(earliest); there is nothing earlier."
                return []
            }
            return move(to: selected.previous)
        case .right, .character("l"):
            guard selected < latest else {
                message = "The scroller reaches two weeks ahead, to \(latest)."
                return []
            }
            return move(to: selected.next)
        case .character("t"):
            return move(to: min(max(today, earliest), latest))
        case .up, .character("k"):
            cursor = max(0, cursor - 1)
        case .down, .character("j"):
            cursor = min(cursor + 1, max(0, (shownDay?.tasks.count ?? 1) - 1))
        case .space, .enter:
            return toggle()
        default: break
        }
        return []
    }

    private mutating func move(to date: Day) -> [AppEffect] {
        guard date != selected else { return [] }
        select(date)
        return [.loadDay(date.description)]
    }

    /// Chooses `date` and scrolls the scroller just enough to show it whole.
    private mutating func select(_ date: Day) {
        selected = date
        // At first the chosen day sits third, with the two before it in view.
        var first = self.first ?? date.adding(days: -2)
        if date < first { first = date }
        if date > first.adding(days: Self.daysShown - 1) { first = date.adding(days: -(Self.daysShown - 1)) }
        if let earliest, first < earliest { first = earliest }
        self.first = first
    }

    private mutating func toggle() -> [AppEffect] {
        guard let day = shownDay, day.tasks.indices.contains(cursor) else { return [] }
        let task = day.tasks[cursor]
        switch day.mode {
        case .today:
            return [task.state == .done ? .uncheck(position: task.position, date: day.date)
                                        : .check(position: task.position, date: day.date)]
        case .past:
            message = "Past days are read-only: they show what was done (✓) and missed (✗)."
        case .future:
            message = "This day has not come yet; its tasks can be checked on the day."
        }
        return []
    }
}
