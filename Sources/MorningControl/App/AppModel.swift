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
    /// A routine's week `offset` weeks from this one, for its card.
    case loadWeek(routine: String, offset: Int)
    /// How many days of records a routine has, to ask before deleting it.
    case countDays(routine: String)
    case activate(routine: String)
    case restart(routine: String)
    case delete(routine: String)
    case reset
    case setNotifications(Bool)
    case setNotificationSound(Bool)
    /// Your own routine: the questions of `bmctl create` on the shell's screen, the
    /// draft resumed where it was left, then back to the app.
    case create
}

/// A question the app waits on: `y` does `effect`, any other key leaves all as it is.
struct AppQuestion: Equatable {
    var lines: [String]
    var effect: AppEffect
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
    /// The day on show in the Routine tab; it may lag the scroller's choice while bmd
    /// answers.
    var day: Morning.DayReply?
    /// The Routine tab's date scroller: the dates bmd serves and the one chosen.
    var scroller = DayScroller()
    /// The first date the scroller shows whole.
    var first: Day?
    /// The task under the cursor, counting from 0.
    var cursor = 0
    /// One line about what just happened or what went wrong, until the next key.
    var message: String?
    /// Set while bmd cannot be reached: the foot says so until it answers again.
    var away: String?
    /// The welcome, shown over everything until a key is pressed.
    var welcome: String?
    var catalog: [Morning.CatalogRoutine]?
    var cards: [Morning.Card]?
    /// The routine under the cursor in Explore, and whether its profile is open.
    var exploreIndex = 0
    var profile = false
    /// The card under the cursor in Data, and the weeks of its routine, browsed as the
    /// window's History page browses them.
    var cardIndex = 0
    var weeks = WeekBrowser()
    /// Each routine's first day with a record, by routine id: how far back its weeks go.
    var firstRecords: [String: String] = [:]
    /// Settings, over whichever tab is open.
    var settings = false
    /// A question waiting for y.
    var question: AppQuestion?

    /// Days the scroller shows whole; one more peeks in at the right edge.
    static let daysShown = 5

    /// The day on show, when it is the one selected.
    var shownDay: Morning.DayReply? {
        guard let day, scroller.isSelected(day.date) else { return nil }
        return day
    }

    // MARK: Replies

    /// A new status from the stream: a check made elsewhere, a task's time come, a new day.
    /// A scroller that was on today follows today over midnight.
    mutating func show(status new: Morning.StatusReply) -> [AppEffect] {
        let oldToday = scroller.today
        status = new
        // What was said about one day is not said on the next.
        if oldToday != nil, oldToday?.description != new.date { message = nil }
        // Data's cards change with every check; a week browsed back stays as it is.
        let cards: [AppEffect] = tab == .data && weeks.offset == 0 && self.cards != nil ? [.loadCards] : []
        guard let target = scroller.follow(new) else {
            day = nil; first = nil; cursor = 0
            return cards
        }
        scrollTo(target)
        return [.loadDay(target.description)] + cards
    }

    mutating func show(day reply: Morning.DayReply) {
        guard scroller.isSelected(reply.date) else { return }  // an answer overtaken by another key
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

    mutating func show(catalog routines: [Morning.CatalogRoutine]) {
        catalog = routines
        exploreIndex = min(exploreIndex, max(0, routines.count - 1))
    }

    /// The data cards, and the stats that say how far back each routine's records go.
    mutating func show(cards: [Morning.Card], stats: [Morning.RoutineStats]) {
        self.cards = cards
        firstRecords = Dictionary(stats.compactMap { routine in routine.stats.firstDate.map { (routine.routineId, $0) } },
                                  uniquingKeysWith: { first, _ in first })
        cardIndex = min(cardIndex, max(0, cards.count - 1))
        weeks.reset()
    }

    /// The card under the cursor.
    var card: Morning.Card? { cards.flatMap { $0.indices.contains(cardIndex) ? $0[cardIndex] : nil } }

    /// The chart the Data tab shows: this week's from the card, another once it has come.
    var chart: Morning.WeekChart? { weeks.chart(of: card) }

    mutating func show(week chart: Morning.WeekChart, offset: Int) {
        weeks.show(chart, offset: offset, card: card)
    }

    /// The number of days a routine has records for came: ask before deleting it.
    mutating func askDelete(routine id: String, days: Int) {
        guard let card = cards?.first(where: { $0.routineId == id }) else { return }
        var lines = DataWords.deleteQuestion(routine: card.routine, days: days, active: card.active, celebrity: card.type == .celebrity)
        lines.append("y deletes it · any other key keeps it")
        question = AppQuestion(lines: lines, effect: .delete(routine: id))
    }

    /// A routine was made active or started over: say so, and what ended today.
    mutating func show(activation reply: Morning.Activation, restarted: Bool) -> [AppEffect] {
        message = (restarted ? ChangeText.restarted(reply, style: .plain) : ChangeText.activated(reply, style: .plain))
            .split(separator: "\n").joined(separator: " ")
        profile = false
        tab = .routine
        return []
    }

    /// The create questions ended without saving: say why; the draft is kept.
    mutating func createStopped(_ reason: String) {
        message = reason
    }

    mutating func show(deleted reply: Morning.DeleteReply) -> [AppEffect] {
        message = ChangeText.deleted(reply, style: .plain).split(separator: "\n").joined(separator: " ")
        return [.loadCards]
    }

    mutating func showReset() -> [AppEffect] {
        message = ChangeText.reset().split(separator: "\n").joined(separator: " ")
        settings = false
        cards = nil
        return tab == .data ? [.loadCards] : []
    }

    mutating func show(notifications: Morning.Notifications) {
        status?.notifications = notifications
        message = ChangeText.notifications(notifications, style: .plain).split(separator: "\n").joined(separator: " ")
    }

    /// bmd refused what was asked: say why, keep everything else.
    mutating func fail(_ text: String) { message = text }

    /// What the foot says while bmd cannot be reached.
    static let awayText = "bmd is away (stopped or restarting); reconnecting…"

    /// bmd stopped or restarted: say so; what was said before was about the bmd that went.
    mutating func bmdAway() {
        away = Self.awayText
        message = nil
    }

    /// Whether a first start may show the welcome: not while a routine is going, so the
    /// app opened from the reminder shows today's routine.
    static func offersWelcome(_ status: Morning.StatusReply) -> Bool {
        status.phase == Morning.Phase.none
    }

    // MARK: Keys

    mutating func handle(_ key: TerminalKey) -> [AppEffect] {
        message = nil
        if welcome != nil {
            welcome = nil
            return key == .interrupt ? [.quit] : []
        }
        if let asked = question {
            question = nil
            switch key {
            case .interrupt: return [.quit]
            case .character("y"), .character("Y"): return [asked.effect]
            default:
                message = "Nothing changed."
                return []
            }
        }
        switch key {
        case .interrupt, .character("q"), .character("Q"): return [.quit]
        case .character("s"):
            settings.toggle()
            return []
        case .escape where settings:
            settings = false
            return []
        default: break
        }
        if settings { return settingsKey(key) }
        switch key {
        case .character("1"): return open(.explore)
        case .character("2"): return open(.routine)
        case .character("3"): return open(.data)
        case .tab: return open(Tab(rawValue: (tab.rawValue + 1) % Tab.allCases.count)!)
        case .backTab: return open(Tab(rawValue: (tab.rawValue + Tab.allCases.count - 1) % Tab.allCases.count)!)
        default: break
        }
        switch tab {
        case .routine: return routineKey(key)
        case .explore: return exploreKey(key)
        case .data: return dataKey(key)
        }
    }

    private mutating func open(_ new: Tab) -> [AppEffect] {
        settings = false
        guard new != tab else { return [] }
        tab = new
        profile = false
        switch new {
        case .explore: return [.loadCatalog]
        case .data: return [.loadCards]
        case .routine: return scroller.selected.map { [.loadDay($0.description)] } ?? []
        }
    }

    private mutating func settingsKey(_ key: TerminalKey) -> [AppEffect] {
        switch key {
        case .character("n"):
            guard let notifications = status?.notifications else { return [] }
            return [.setNotifications(!notifications.enabled)]
        case .character("a"):
            guard let notifications = status?.notifications else { return [] }
            return [.setNotificationSound(notifications.sound != true)]
        case .character("w"):
            welcome = WelcomeText.render(style: .plain)
        case .character("r"):
            question = AppQuestion(lines: [
                DataWords.resetQuestion,
                "y resets · any other key keeps everything",
            ], effect: .reset)
        default: break
        }
        return []
    }

    /// The routine under the cursor in Explore.
    var explored: Morning.CatalogRoutine? {
        catalog.flatMap { $0.indices.contains(exploreIndex) ? $0[exploreIndex] : nil }
    }

    private mutating func exploreKey(_ key: TerminalKey) -> [AppEffect] {
        guard let routine = explored, let catalog else { return [] }
        if profile {
            switch key {
            case .left, .character("h"), .escape: profile = false
            case .enter, .character("a"): choose(routine)
            default: break
            }
            return []
        }
        switch key {
        case .up, .character("k"): exploreIndex = max(0, exploreIndex - 1)
        case .down, .character("j"): exploreIndex = min(catalog.count - 1, exploreIndex + 1)
        case .enter, .space, .right, .character("l"): profile = true
        case .character("c"): return [.create]
        default: break
        }
        return []
    }

    /// Asks before making `routine` the active one, saying what that ends today.
    private mutating func choose(_ routine: Morning.CatalogRoutine) {
        if routine.id == status?.routine?.id {
            message = "\(routine.name) is already your routine; to start it over, use r in Data."
            return
        }
        var lines = ["Make \(routine.name) your routine? It starts tomorrow" + (tomorrow.map { " (\($0))" } ?? "") + "."]
        if let status, let ends = MorningText.switchEnds(status) { lines.append(ends) }
        lines.append("y chooses it · any other key keeps things as they are")
        question = AppQuestion(lines: lines, effect: .activate(routine: routine.id))
    }

    private var tomorrow: String? { scroller.today?.next.description }

    private mutating func dataKey(_ key: TerminalKey) -> [AppEffect] {
        guard let cards, let card else { return [] }
        switch key {
        case .up, .character("k"), .down, .character("j"):
            let next = key == .up || key == .character("k") ? max(0, cardIndex - 1) : min(cards.count - 1, cardIndex + 1)
            guard next != cardIndex else { return [] }
            cardIndex = next
            weeks.reset()
        case .left, .character("h"):
            return take(weeks.back(card, firstRecord: firstRecords[card.routineId]))
        case .right, .character("l"):
            return take(weeks.forward(card))
        case .character("r"):
            var lines = DataWords.restartQuestion(routine: card.routine, active: card.active, tomorrow: tomorrow, status: status)
            lines.append("y starts it over · any other key keeps things as they are")
            question = AppQuestion(lines: lines, effect: .restart(routine: card.routineId))
        case .character("d"):
            return [.countDays(routine: card.routineId)]
        default: break
        }
        return []
    }

    /// What a step through the weeks asks of bmd, or why there is none.
    private mutating func take(_ step: WeekBrowser.Step) -> [AppEffect] {
        switch step {
        case let .load(routine, offset): return [.loadWeek(routine: routine, offset: offset)]
        case .thisWeek: return []
        case .refused(let why):
            message = why
            return []
        }
    }

    private mutating func routineKey(_ key: TerminalKey) -> [AppEffect] {
        guard status != nil, let selected = scroller.selected, let earliest = scroller.earliest,
              let latest = scroller.latest, let today = scroller.todayOrNearest else {
            switch key {
            case .character("e"): return open(.explore)
            case .character("c"): return [.create]
            default: break
            }
            return []
        }
        switch key {
        case .left, .character("h"):
            guard selected > earliest else {
                message = scroller.nothingEarlier
                return []
            }
            return move(to: selected.previous)
        case .right, .character("l"):
            guard selected < latest else {
                message = scroller.nothingLater
                return []
            }
            return move(to: selected.next)
        case .character("t"):
            return move(to: today)
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
        guard date != scroller.selected, let date = scroller.select(date) else { return [] }
        scrollTo(date)
        return [.loadDay(date.description)]
    }

    /// Scrolls the scroller just enough to show `date` whole.
    private mutating func scrollTo(_ date: Day) {
        // At first the chosen day sits third, with the two before it in view.
        var first = self.first ?? date.adding(days: -2)
        if date < first { first = date }
        if date > first.adding(days: Self.daysShown - 1) { first = date.adding(days: -(Self.daysShown - 1)) }
        if let earliest = scroller.earliest, first < earliest { first = earliest }
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
