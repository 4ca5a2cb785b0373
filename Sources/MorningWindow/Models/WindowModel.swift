import MorningProtocol
import MorningWords

/// What the window needs done after an event: a call to bmd, or a wait. The link makes
/// the call and hands the answer back as an event, so the model never waits on a socket.
public enum WindowEffect: Equatable, Sendable {
    /// Connect to bmd and follow its status stream.
    case connect
    /// The day at this date (`YYYY-MM-DD`) of the active routine.
    case loadDay(String)
    case check(position: Int, date: String)
    case uncheck(position: Int, date: String)
    /// Wait this long, then send `.retry`: bmd is away and will be asked again.
    case retry(afterMilliseconds: UInt32)
    case routines(RoutinesEffect)
    case history(HistoryEffect)
    case preferences(PreferencesEffect)
}

/// What happens to the window: bmd's answers, the connection, and the person's actions.
public enum WindowEvent: Equatable, Sendable {
    /// The window opened.
    case started
    /// A status from the stream: a check made elsewhere, a task's time come, a new day.
    case status(Morning.StatusReply)
    case day(Morning.DayReply)
    /// bmd checked or unchecked a task.
    case changed(Morning.TaskChange)
    /// bmd refused a call; the error as bmd named it.
    case refused(Morning.Error)
    /// A call failed in a way bmd's interface does not name, said in words.
    case failed(String)
    /// bmd refused the day at this date: it is not asked for again before the next status.
    case dayRefused(date: String, Morning.Error)
    /// bmd's answer for the day at this date could not be read, said in words; it is not
    /// asked for again before the next status either.
    case dayFailed(date: String, String)
    /// The status stream ended or bmd could not be reached, and why.
    case lost(String)
    /// The wait before asking bmd again is over.
    case retry
    /// A call has waited for bmd's answer longer than `WindowModel.patience`: bmd accepted
    /// it but says nothing (stopped, or stuck).
    case unanswered
    /// bmd answered again after `.unanswered`.
    case answering
    case showPage(WindowModel.Page)
    /// Today on today's date ("Open today", the `today` action), whatever was on show.
    case openToday
    /// A date chosen on the scroller.
    case select(Day)
    /// The check box of the task at this position of the day on show was clicked.
    case toggle(position: Int)
    case routines(RoutinesEvent)
    case history(HistoryEvent)
    case preferences(PreferencesEvent)
}

/// The window's state: the page open, what bmd last said, the date chosen, whether bmd
/// answers. Events go in (`handle`), effects come out; the GTK layer draws it. Nothing
/// here reads a clock or a socket, so tests drive it event by event.
public struct WindowModel: Equatable, Sendable {
    public enum Page: Int, CaseIterable, Sendable {
        case today, routines, history

        public var title: String { ["Today", "Routines", "History"][rawValue] }
        /// The name of the page in the view stack.
        public var name: String { ["today", "routines", "history"][rawValue] }
    }

    /// How the window stands with bmd.
    public enum Link: Equatable, Sendable {
        /// Not yet heard from bmd since the window opened.
        case connecting
        /// Following bmd's status stream.
        case live
        /// bmd went away or never answered, for this reason; `tries` failed tries since.
        case away(reason: String, tries: Int)
    }

    public var page: Page = .today
    public var link: Link = .connecting
    public var status: Morning.StatusReply?
    /// The day on show on Today; it may lag the scroller's choice while bmd answers.
    public var day: Morning.DayReply?
    /// Today's date scroller: the dates bmd serves and the one chosen.
    public var scroller = DayScroller()
    /// One line about what went wrong, until the next action.
    public var message: String?
    /// bmd has left a call unanswered for longer than `patience`; the next word from bmd
    /// ends this.
    public var silent = false
    /// The ticks the person made that bmd has not taken or refused yet, oldest first: each
    /// box shows its tick, waiting, rather than what bmd last said.
    public var pendingTicks: [PendingTick] = []

    /// A check or uncheck asked of bmd and not yet answered.
    public struct PendingTick: Equatable, Sendable {
        public var position: Int
        public var date: String
        /// Checked (true) or unchecked (false), as the person wants it.
        public var done: Bool

        public init(position: Int, date: String, done: Bool) {
            self.position = position
            self.date = date
            self.done = done
        }
    }

    /// The date whose day bmd refused or answered unreadably: it is not asked for again
    /// until a status or the person asks, so a refusal never turns into a loop of calls.
    public var unservedDay: String?
    public var routines = RoutinesModel()
    public var history = HistoryModel()
    public var preferences = PreferencesModel()

    /// How long the window waits for an answer before it says that bmd does not answer.
    public static let patience: UInt32 = 5000

    public init() {}

    /// The day on show, when it is the one selected.
    public var shownDay: Morning.DayReply? {
        guard let day, scroller.isSelected(day.date) else { return nil }
        return day
    }

    public mutating func handle(_ event: WindowEvent) -> [WindowEffect] {
        switch event {
        case .started:
            return [.connect]
        case .status(let new):
            return show(status: new) + history.show(status: new).map(WindowEffect.history)
        case .day(let reply):
            // An answer overtaken by a later choice of date is dropped.
            if scroller.isSelected(reply.date) {
                day = reply
                unservedDay = nil
            }
            return []
        case .dayRefused(let date, let error):
            return unserved(date, words: RefusalWords.sentence(for: error))
        case .dayFailed(let date, let words):
            return unserved(date, words: words)
        case .changed(let change):
            pendingTicks.removeAll { $0.position == change.task.position }
            show(change: change)
            return []
        case .unanswered:
            silent = true
            return []
        case .answering:
            silent = false
            return []
        case .refused(let error):
            // Calls are answered in order: a refusal while ticks wait is the oldest one's.
            if !pendingTicks.isEmpty { pendingTicks.removeFirst() }
            message = RefusalWords.sentence(for: error)
            // What is on show may be out of date: ask again, unless bmd would not give it.
            return askAgain()
        case .failed(let words):
            if !pendingTicks.isEmpty { pendingTicks.removeFirst() }
            message = words
            return askAgain()
        case .lost(let reason):
            let tries: Int
            if case .away(_, let before) = link { tries = before + 1 } else { tries = 1 }
            link = .away(reason: reason, tries: tries)
            silent = false  // away says more
            routines.pending = []  // the changes asked on the lost connection get no answer
            if !pendingTicks.isEmpty {
                let names = pendingTicks.map { tick in
                    day?.tasks.first { $0.position == tick.position }.map { "\($0.time) \($0.title)" } ?? "task \(tick.position)"
                }
                pendingTicks = []
                message = "bmd went away before it said whether it took your tick of " + names.joined(separator: ", ")
                    + "; the day shows what bmd holds once it is back."
            }
            return [.retry(afterMilliseconds: Backoff.delay(tries: tries))]
        case .retry:
            return [.connect]
        case .showPage(let new):
            page = new
            message = nil
            return []
        case .openToday:
            page = .today
            message = nil
            return scroller.todayOrNearest.map { handle(.select($0)) } ?? []
        case .select(let wanted):
            let before = scroller.selected
            guard let date = scroller.select(wanted) else { return [] }
            message = nil
            guard date != before || unservedDay == date.description else { return [] }
            unservedDay = nil
            return [.loadDay(date.description)]
        case .toggle(let position):
            message = nil
            guard link == .live, !pendingTicks.contains(where: { $0.position == position }), let day = shownDay,
                  day.mode == .today, let task = day.tasks.first(where: { $0.position == position }) else { return [] }
            pendingTicks.append(PendingTick(position: position, date: day.date, done: task.state != .done))
            return task.state == .done ? [.uncheck(position: position, date: day.date)]
                                       : [.check(position: position, date: day.date)]
        case .routines(let event):
            return routines.handle(event).map { .routines($0) }
        case .history(let event):
            if event.isAction { message = nil }
            return history.handle(event, status: status).map(WindowEffect.history)
        case .preferences(let event):
            if event.isAction { message = nil }
            return preferences.handle(event, live: link == .live).map(WindowEffect.preferences)
        }
    }

    /// A new status: bmd answers. A scroller that was on today follows today over midnight;
    /// the day on show is asked for again, as a check may have been made elsewhere.
    private mutating func show(status new: Morning.StatusReply) -> [WindowEffect] {
        status = new
        link = .live
        // The Routines page follows the draft: a change made elsewhere is read again.
        let following = routines.show(status: new).map(WindowEffect.routines)
        preferences.show(status: new)
        guard let target = scroller.follow(new) else {
            day = nil
            return following
        }
        unservedDay = nil
        return following + [.loadDay(target.description)]
    }

    /// The day on show asked for again, unless bmd refused it already.
    private func askAgain() -> [WindowEffect] {
        guard let selected = scroller.selected, unservedDay != selected.description else { return [] }
        return [.loadDay(selected.description)]
    }

    /// bmd will not give the day at `date`: said, and not asked again now (asking again at
    /// once would be refused again at once, for as long as the window is open).
    private mutating func unserved(_ date: String, words: String) -> [WindowEffect] {
        guard scroller.isSelected(date) else { return [] }  // overtaken by a later choice
        unservedDay = date
        message = words
        return []
    }

    private mutating func show(change: Morning.TaskChange) {
        guard var day, day.mode == .today,
              let index = day.tasks.firstIndex(where: { $0.position == change.task.position }) else { return }
        day.tasks[index] = change.task
        day.completed = change.completed
        self.day = day
    }
}
