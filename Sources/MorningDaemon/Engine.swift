import Foundation
import Logging
import MorningCore
import MorningProtocol
import MorningStore

/// Where the daemon gets the time and the zone from. Tests give a fixed one.
public struct WallClock: Sendable {
    public var now: @Sendable () -> Date
    public var zone: @Sendable () -> TimeZone

    public init(now: @escaping @Sendable () -> Date, zone: @escaping @Sendable () -> TimeZone) {
        self.now = now
        self.zone = zone
    }

    public static let system = WallClock(now: { Date() }, zone: { TimeZone.current })
}

/// Owns the routines and answers every method of org.bettermorning.Morning.
///
/// One lock serializes all requests: each reads the book, computes the new one with the
/// pure core, stores its changes in one transaction, and only then keeps it. A request
/// whose changes cannot be stored leaves the book as it was (nothing half-applied).
///
/// The engine is synchronous so that bmd answers a call on the event loop that read
/// it, with no hop to another thread and back (an actor cost each call a wake-up of
/// another thread). Only TestNotification waits, on the notification server, and it
/// waits outside the lock.
public final class Engine: @unchecked Sendable {
    /// Held by every public method; the internal ones expect it held.
    private let lock = NSLock()
    private(set) var book: Book
    let store: Store
    private let clock: WallClock
    let logger: Logger
    let catalog: [CatalogEntry]
    let notifier: (any Notifier)?
    /// Told after every stored change, so the reminder is planned again at once.
    private(set) var changed: @Sendable () -> Void = {}
    /// Clients following the status (L2): how to reach each, and the last status it was sent.
    private var followers: [UInt64: (follower: StatusFollower, last: Morning.StatusReply?)] = [:]
    private var nextFollower: UInt64 = 0
    /// The totals of every Day Record, made on the first `stats` or `history` that needs
    /// them and kept up to date as records are stored; nil until then, and again after a
    /// change it cannot follow (an import, a deleted routine).
    private var summary: HistorySummary?

    public init(store: Store, clock: WallClock = .system, catalog: [CatalogEntry] = Catalog.entries,
                notifier: (any Notifier)? = nil, logger: Logger) throws {
        self.store = store
        self.clock = clock
        self.catalog = catalog
        self.notifier = notifier
        self.logger = logger
        book = try store.loadBook()
        // Days that ended while bmd was not running are finalized now (T3).
        let local = LocalTime(zone: clock.zone())
        let today = local.day(containing: clock.now())
        var next = book
        let changes = next.catchUp(today: today)
        if !changes.isEmpty {
            try store.apply(changes)
            book = next
            logger.info("finalized \(changes.count) missed day(s) at start")
        }
    }

    /// Runs `body` holding the lock.
    func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// The current book, for status lines and tests.
    public var snapshot: Book { locked { book } }

    /// Calls `handler` after every change that is stored.
    public func whenChanged(_ handler: @escaping @Sendable () -> Void) { locked { changed = handler } }

    // MARK: - The wall clock's side

    /// Called at every wake of the alarm: finalizes the days that have ended (T3), plans
    /// the next wake, and when a reminder is due records it as sent and returns what to
    /// say. Recording first means a crash while sending loses a reminder rather than
    /// sending two (N4).
    public func wake() throws -> (plan: Plan, wakeAt: Date, reminder: (message: ReminderMessage, scheduled: Date)?) {
        try locked { try planWake() }
    }

    private func planWake() throws -> (plan: Plan, wakeAt: Date, reminder: (message: ReminderMessage, scheduled: Date)?) {
        let now = try refreshed()
        publishStatus()
        var plan = now.book.plan(now: now.instant, local: now.local)
        // While someone follows the status, the current task changing is worth a wake too.
        var wakeAt = plan.wake
        if !followers.isEmpty, let change = now.book.nextTaskChange(now: now.instant, local: now.local) {
            wakeAt = min(wakeAt, change)
        }
        guard let day = plan.sendNow, let routine = now.book.active, let first = routine.tasks.first else {
            return (plan, wakeAt, nil)
        }
        var next = book
        try apply(next.markReminderSent(on: day))
        book = next
        plan = book.plan(now: now.instant, local: now.local)
        let message = ReminderMessage.daily(routine: routine.name, firstTime: first.time.description,
                                            firstTask: first.title, taskCount: routine.tasks.count)
        logger.info("reminder due", metadata: ["day": "\(day)", "routine": "\(routine.name)"])
        return (plan, min(wakeAt, plan.wake), (message, Reminder.instant(on: day, at: first.time, local: now.local)))
    }

    // MARK: - Time and state

    struct Now {
        var instant: Date
        var local: LocalTime
        var today: Day
        var book: Book
    }

    private func moment() -> (Date, LocalTime, Day) {
        let local = LocalTime(zone: clock.zone())
        let now = clock.now()
        return (now, local, local.day(containing: now))
    }

    /// Stores `changes` in one transaction, then brings the history summary up to date.
    func apply(_ changes: [Change]) throws {
        try store.apply(changes)
        for change in changes {
            switch change {
            case .finalizeDay(let record):
                if summary?.add(record) == false { summary = nil }
            case .deleteRoutine, .deleteEverything, .importEverything:
                summary = nil
            case .insertRoutine, .updateRoutine, .setOpenDay, .setSettings, .setDraft:
                break
            }
        }
    }

    /// The totals of every Day Record, read from the store the first time.
    func historySummary() throws -> HistorySummary {
        if let summary { return summary }
        let made = HistorySummary(records: try store.records())
        summary = made
        return made
    }

    /// The book after finalizing every day that has ended since the last request (T3).
    func refreshed() throws -> Now {
        let (now, local, today) = moment()
        var next = book
        let changes = next.catchUp(today: today)
        if !changes.isEmpty {
            try apply(changes)
            book = next
            publishStatus()
        }
        return Now(instant: now, local: local, today: today, book: book)
    }

    /// Applies one rule to a copy of the book and keeps it only once its changes are stored.
    @discardableResult
    func mutate<T>(_ rule: (inout Book, Day) throws -> (T, [Change])) throws -> T {
        let (_, _, today) = moment()
        var next = book
        var changes = next.catchUp(today: today)
        let (result, more) = try rule(&next, today)
        changes += more
        if !changes.isEmpty { try apply(changes) }
        book = next
        if !changes.isEmpty {
            changed()
            publishStatus()
        }
        return result
    }

    // MARK: - Following the status (L2)

    /// Follows the status for `follower`: the current frame (`continues: true`) at once,
    /// then one each time what the status says changes, until `unfollow` or the end.
    public func follow(_ follower: StatusFollower) -> UInt64 {
        locked {
            let id = nextFollower
            nextFollower += 1
            followers[id] = (follower, nil)
            publishStatus()
            // The alarm now also needs the task times.
            changed()
            return id
        }
    }

    public func unfollow(_ id: UInt64) {
        locked { _ = followers.removeValue(forKey: id) }
    }

    /// Sends the status to every follower whose last status says something else.
    private func publishStatus() {
        guard !followers.isEmpty, let status = try? currentStatus() else { return }
        for (id, entry) in followers where entry.last != status {
            entry.follower.send(status)
            followers[id]?.last = status
        }
    }

    /// Ends every follow stream (the daemon stops).
    public func endFollowing() {
        let ended = locked {
            defer { followers = [:] }
            return followers.values.map(\.follower)
        }
        for follower in ended { follower.end() }
    }

    /// One line for the service manager's STATUS=: the routine, the day and the next
    /// reminder. Progress is left out on purpose: the line changes a few times a day,
    /// not with every check, so the service manager is never flooded.
    public func statusLine(_ plan: Plan) -> String {
        locked { line(plan) }
    }

    private func line(_ plan: Plan) -> String {
        let local = LocalTime(zone: clock.zone())
        let today = local.day(containing: clock.now())
        let reminder = plan.nextReminder.map { "next reminder \(local.iso8601($0))" } ?? "no reminder planned"
        guard let routine = book.active else { return "No active routine; \(reminder)" }
        switch book.phase(today: today) {
        case .running:
            return "\(routine.name): day \(today); \(reminder)"
        default:
            return "\(routine.name) starts \(routine.startDate); \(reminder)"
        }
    }

    // MARK: - Methods

    var notifications: Morning.Notifications {
        Morning.Notifications(enabled: book.settings.notificationsEnabled, available: notifier?.isAvailable ?? false)
    }

    /// The status as it is now; the caller holds the lock.
    func currentStatus() throws -> Morning.StatusReply {
        let now = try refreshed()
        let view = now.book.status(now: now.instant, local: now.local)
        var today: Morning.Progress?
        var current: Morning.DayTask?
        var next: Morning.DayTask?
        var taskNow: Morning.DayTask?
        var morningNow: Morning.Now?
        if view.phase == .running, let dayView = view.day {
            today = Morning.Progress(date: now.today.description, completed: dayView.completed, total: dayView.total)
            current = view.currentTask.map { Replies.task(dayView, position: $0) }
            next = view.nextTask.map { Replies.task(dayView, position: $0) }
            taskNow = view.taskNow.map { Replies.task(dayView, position: $0) }
        }
        if let pace = view.pace {
            let wire: Morning.Pace = switch pace {
            case .upcoming: .upcoming
            case .inProgress: .inProgress
            case .behind: .behind
            case .done: .done
            case .finished: .finished
            }
            morningNow = Morning.Now(pace: wire, task: taskNow, nextTaskAt: view.nextTaskAt.map { now.local.iso8601($0) },
                                     minutesToNext: view.minutesToNextTask(now: now.instant))
        }
        let phase: Morning.Phase = switch view.phase {
        case .none: .none
        case .waiting: .waiting
        case .running: .running
        }
        return Morning.StatusReply(phase: phase, date: now.today.description, routine: view.routine.map(Replies.routine),
                              today: today, currentTask: current, nextTask: next, now: morningNow, behind: view.behind,
                              nextReminder: view.nextReminder.map { now.local.iso8601($0) },
                              notifications: notifications)
    }

    func explore(_ name: String?) throws -> [CatalogEntry] {
        guard let name, !name.isEmpty else { return catalog }
        let q = name.lowercased()
        let exact = catalog.filter { $0.id == q || $0.name.lowercased() == q }
        if !exact.isEmpty { return exact }
        let found = catalog.filter {
            $0.id.hasPrefix(q) || $0.name.lowercased().hasPrefix(q)
                || $0.name.lowercased().split(separator: " ").contains { $0.hasPrefix(q) }
        }
        if found.isEmpty { throw MorningError.routineNotFound(query: name) }
        return found
    }

    func activationReply(_ a: Book.Activation) -> Morning.Activation {
        Morning.Activation(routine: Replies.routine(a.routine), previous: a.previous.map(Replies.routine),
                                finalized: a.finalized.map(Replies.progress))
    }

    /// `today`, `yesterday`, `tomorrow` or `YYYY-MM-DD`.
    static func parseDate(_ text: String?, today: Day) throws -> Day {
        switch text?.lowercased() {
        case nil, "", "today": return today
        case "yesterday": return today.previous
        case "tomorrow": return today.next
        case let text?:
            guard let day = Day(iso: text) else { throw MorningError.invalidDate(text: text) }
            return day
        }
    }

    func day(_ text: String?) throws -> DayView {
        let now = try refreshed()
        let date = try Engine.parseDate(text, today: now.today)
        var record: DayRecord?
        if let active = now.book.active, date <= now.today, let last = active.lastRecordDate, date <= last {
            record = try store.record(of: active.id, on: date)
        }
        return try now.book.dayView(of: date, today: now.today, record: record)
    }

    func check(_ task: String, date: String?, done: Bool) throws -> Morning.TaskChange {
        // One reading of the clock for the date check, the rule and the reply.
        let (position, changed, today) = try mutate { book, today in
            if let text = date {
                let date = try Engine.parseDate(text, today: today)
                if date != today { throw MorningError.notToday(date: date, today: today) }
            }
            let r = try book.check(task, done: done, today: today)
            return ((r.position, r.changed, today), r.changes)
        }
        let view = try book.dayView(of: today, today: today, record: nil)
        return Morning.TaskChange(task: Replies.task(view, position: position), changed: changed,
                                  completed: view.completed, total: view.total)
    }

    func weekChart(_ p: Morning.WeekParameters) throws -> Morning.WeekChart {
        let now = try refreshed()
        let routine: Routine
        if let query = p.routine, !query.isEmpty {
            routine = try now.book.resolveStored(query, catalog: catalog)
        } else {
            guard let active = now.book.active else { throw MorningError.noActiveRoutine }
            routine = active
        }
        let anchor = try Engine.parseDate(p.date, today: now.today).adding(days: 7 * (p.offset ?? 0))
        let start = anchor.startOfWeek(firstWeekday: Weekdays.first(locale: p.locale))
        return Replies.week(try chart(routine, start, now))
    }

    private func chart(_ routine: Routine, _ start: Day, _ now: Now) throws -> WeekView {
        let counts = try store.completedCounts(of: routine.id, from: start, through: start.adding(days: 6))
        return now.book.week(of: routine, startingOn: start, today: now.today, recorded: counts)
    }

    func dataCards(_ p: Morning.DataParameters) throws -> Morning.DataReply {
        let now = try refreshed()
        let start = now.today.startOfWeek(firstWeekday: Weekdays.first(locale: p.locale))
        let routines = now.book.routinesByRecency
        // Every card's week in one read.
        let counts = try store.completedCounts(of: routines.map(\.id), from: start, through: start.adding(days: 6))
        let cards = routines.map { routine in
            let week = now.book.week(of: routine, startingOn: start, today: now.today, recorded: counts[routine.id] ?? [:])
            return Morning.Card(routine: routine.name, routineId: routine.slug,
                                type: routine.kind == .celebrity ? .celebrity : .custom, active: routine.isActive,
                                week: Replies.week(week))
        }
        return Morning.DataReply(cards: cards)
    }
}

/// The program's version, shown by GetInfo and `--version`.
public enum BuildInfo {
    public static let version = "0.1.0"
}

/// A client following the status (L2): how the engine reaches it. `send` is called
/// with the engine's lock held, so it only hands the status to the client's own loop.
public struct StatusFollower: Sendable {
    /// Takes one status.
    public var send: @Sendable (Morning.StatusReply) -> Void
    /// The daemon stops: no more frames.
    public var end: @Sendable () -> Void

    public init(send: @escaping @Sendable (Morning.StatusReply) -> Void, end: @escaping @Sendable () -> Void) {
        self.send = send
        self.end = end
    }
}
