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
    private let lock = NSRecursiveLock()
    private(set) var book: Book {
        didSet { generation &+= 1 }
    }
    /// Counts the changes of `book` (and of the zone's rules), so that a reply computed
    /// from it can tell whether it still holds.
    private var generation: UInt64 = 0
    /// The last Status reply as sent, while it still says what a new one would.
    private var statusReply: StatusReply?
    let store: Store
    private let clock: WallClock
    let logger: Logger
    let catalog: [CatalogEntry]
    let notifier: (any Notifier)?
    /// Told after every stored change, so the reminder is planned again at once.
    private(set) var changed: @Sendable () -> Void = {}
    /// The changes of the calls answered so far in a batch, while one is being answered;
    /// nil otherwise. See `inOneTransaction`.
    private var batch: [Change]?
    /// Clients following the status.
    private var followers = StatusFollowers()
    /// The totals of every Day Record, for stats and the heatmap.
    private var totals = HistoryTotals()

    public init(store: Store, clock: WallClock = .system, catalog: [CatalogEntry] = Catalog.entries,
                notifier: (any Notifier)? = nil, logger: Logger) throws {
        self.store = store
        self.clock = clock
        self.catalog = catalog
        self.notifier = notifier
        self.logger = logger
        book = try store.loadBook()
        // Days that ended while bmd was not running are finalized now.
        let finalized = try catchUp(today: LocalTime(zone: clock.zone()).day(containing: clock.now()))
        if finalized > 0 { logger.info("finalized missed days at start (\(finalized) change(s) stored)") }
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

    /// Called at every wake of the alarm: finalizes the days that have ended, plans
    /// the next wake, and when a reminder is due records it as sent and returns what to
    /// say. Recording first means a crash while sending loses a reminder rather than
    /// sending two.
    public func wake() throws -> (plan: Plan, wakeAt: Date, reminder: DueReminder?) {
        try locked { try planWake() }
    }

    /// A reminder to send now: what it says, when it was due, and the morning it is for.
    public struct DueReminder: Sendable {
        public var message: ReminderMessage
        public var scheduled: Date
        public var day: Day
    }

    /// Whether the reminder of `day` still has something to announce: it is still that
    /// day, its routine runs, and the first task is not checked yet.
    public func reminderStillWanted(for day: Day) -> Bool {
        locked {
            guard let now = try? refreshed(), now.today == day else { return false }
            let view = now.book.status(now: now.instant, local: now.local)
            guard view.phase == .running, let first = view.day?.states.first else { return false }
            return first != .done
        }
    }

    private func planWake() throws -> (plan: Plan, wakeAt: Date, reminder: DueReminder?) {
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
        do {
            try apply(next.markReminderSent(on: day))
        } catch let error as StoreError where error.isFullOrReadOnly {
            // The reminder still goes out; only a restart before the disk has room could send it again.
            logger.warning("cannot record that the reminder was sent: \(error)")
        }
        book = next
        plan = book.plan(now: now.instant, local: now.local)
        let scheduled = Reminder.instant(on: day, at: first.time, local: now.local)
        var message: ReminderMessage
        // Still on time within the grace, as the plan counts it; later, the morning has begun.
        if now.instant > scheduled.addingTimeInterval(Reminder.onTimeGrace) {
            message = lateMessage(book.status(now: now.instant, local: now.local), routine: routine)
        } else {
            message = ReminderMessage.daily(routine: routine.name, firstTime: first.time.description,
                                            firstTask: first.title, taskCount: routine.tasks.count)
        }
        message.firstTask = first.title
        logger.info("reminder due", metadata: ["day": "\(day)", "routine": "\(routine.name)"])
        return (plan, min(wakeAt, plan.wake), DueReminder(message: message, scheduled: scheduled, day: day))
    }

    /// The reminder of a morning already under way: how far it has come and what to do now.
    private func lateMessage(_ view: StatusView, routine: Routine) -> ReminderMessage {
        func task(_ position: Int?) -> (time: String, title: String)? {
            position.map { (routine.tasks[$0 - 1].time.description, routine.tasks[$0 - 1].title) }
        }
        return ReminderMessage.late(routine: routine.name, completed: view.completed ?? 0, total: routine.tasks.count,
                                    now: task(view.taskNow), next: task(view.nextTask))
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

    /// Stores `changes` in one transaction, then brings the history totals up to date; in
    /// a batch, keeps them to be stored with the batch's.
    func apply(_ changes: [Change]) throws {
        if batch != nil {
            batch! += changes
            return
        }
        try store.apply(changes)
        totals.note(changes)
    }

    /// Runs `work` — the answers to several calls that may write — as one transaction.
    ///
    /// Each call sees the changes of those before it; their changes are then written and
    /// flushed to the disk once, outside the lock, so that calls that only read are not
    /// held up by the disk; only then is `work`'s result returned, so that no call is told
    /// of a change before it is stored. When storing fails nothing of the batch is kept:
    /// the book is read again from the store and the error returned, for every call to be
    /// told. Meanwhile other calls may see the batch's changes, as they will be once stored.
    public func inOneTransaction<T>(_ work: () -> T) -> Result<T, any Error> {
        lock.lock()
        batch = []
        let result = work()
        let changes = batch ?? []
        batch = nil
        lock.unlock()
        guard !changes.isEmpty else { return .success(result) }
        do {
            try store.apply(changes)
            locked { totals.note(changes) }
            return .success(result)
        } catch {
            logger.error("could not store \(changes.count) change(s) of a batch of calls: \(error)")
            locked {
                totals = HistoryTotals()
                if let stored = try? store.loadBook() { book = stored }
                publishStatus()
            }
            changed()
            return .failure(error)
        }
    }

    /// The totals of every Day Record, read from the store the first time.
    func historySummary() throws -> HistorySummary {
        try totals.summary { try store.records() }
    }

    /// Finalizes every day that has ended and is not yet: the one place this is done, at
    /// start, before every call and at every wake. Returns how many changes were stored.
    /// On a full disk the days wait: reads show a day that ended but is not finalized as
    /// it will be (its checks ✓, the rest ✗), and finalizing it later gives that record.
    @discardableResult
    private func catchUp(today: Day) throws -> Int {
        var next = book
        let local = LocalTime(zone: clock.zone())
        let changes = try next.catchUp(today: today, exists: local.exists) { try store.laterRecords(from: today) }
        guard !changes.isEmpty else { return 0 }
        do {
            // Days that ended can be closed later: they never wait for another program's lock.
            if batch == nil {
                try store.apply(changes, waiting: false)
                totals.note(changes)
            } else {
                try apply(changes)
            }
        } catch let error as StoreError where error.isFullOrReadOnly {
            logger.warning("cannot finalize the days that ended yet: \(error)")
            return 0
        }
        book = next
        changed()
        publishStatus()
        return changes.count
    }

    /// The book after finalizing every day that has ended since the last request.
    func refreshed() throws -> Now {
        let (now, local, today) = moment()
        try catchUp(today: today)
        return Now(instant: now, local: local, today: today, book: book)
    }

    /// Applies one rule to a copy of the book and keeps it only once its changes are stored.
    @discardableResult
    func mutate<T>(_ rule: (inout Book, Day) throws -> (T, [Change])) throws -> T {
        let (_, _, today) = moment()
        try catchUp(today: today)
        var next = book
        let (result, changes) = try rule(&next, today)
        if !changes.isEmpty { try apply(changes) }
        book = next
        if !changes.isEmpty {
            changed()
            publishStatus()
        }
        return result
    }

    // MARK: - Following the status

    /// Follows the status for `follower`: the current frame (`continues: true`) at once,
    /// then one each time what the status says changes, until `unfollow` or the end.
    public func follow(_ follower: StatusFollower) -> UInt64 {
        locked {
            let id = followers.add(follower)
            publishStatus()
            // The alarm now also needs the task times.
            changed()
            return id
        }
    }

    public func unfollow(_ id: UInt64) {
        locked { followers.remove(id) }
    }

    /// Sends the status to every follower whose last status says something else.
    private func publishStatus() {
        guard !followers.isEmpty, let status = try? currentStatus() else { return }
        followers.publish(status)
    }

    /// Ends every follow stream (the daemon stops).
    public func endFollowing() {
        let ended = locked { followers.removeAll() }
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
        let available = notifier?.isAvailable ?? false
        return Morning.Notifications(enabled: book.settings.notificationsEnabled, available: available,
                                     reason: available ? nil : notifier?.unavailableReason ?? "this bmd runs without a notifier")
    }

    /// The status as it is now; the caller holds the lock.
    func currentStatus() throws -> Morning.StatusReply {
        try currentStatus(try refreshed(), notifications: notifications)
    }

    /// The reply frame to a Status call, as the varlink server writes it, computed again
    /// only when it may say something else.
    ///
    /// A status bar asks for the status every second or so, and many may ask at once; the
    /// answer changes only with the state, the notification server, the zone, or the
    /// time. Everything in it that moves with time moves on a whole minute of the wall
    /// clock (a task's time, midnight, a reminder) or half a minute from one (the minutes
    /// to the next task, rounded to the nearest), so a reply holds until the next half
    /// minute of the clock — in zones whose offset from UTC is a whole number of half
    /// minutes, as every zone's has been for decades; in others it is not kept.
    public func statusFrame() throws -> [UInt8] {
        try locked {
            let instant = clock.now()
            let halfMinute = (instant.timeIntervalSince1970 / 30).rounded(.down)
            // The notifier's state is read once, for the key and the reply alike: it can
            // change at any moment under the notifier's own lock, not this one.
            let notifications = self.notifications
            let key = StatusReply.Key(generation: generation, halfMinute: halfMinute, zone: clock.zone().identifier,
                                      available: notifications.available, reason: notifications.reason)
            if let kept = statusReply, kept.key == key { return kept.frame }
            let now = try refreshed()
            let frame = VarlinkReply(parameters: try currentStatus(now, notifications: notifications).json).frame
            let t = now.instant.timeIntervalSince1970
            let computedIn = (t / 30).rounded(.down)
            // At the very instant a half minute begins, a value rounded to the nearest
            // minute may still be the one before; such a reply is not kept.
            if t > computedIn * 30, now.local.offsetSeconds(at: now.instant) % 30 == 0 {
                statusReply = StatusReply(key: StatusReply.Key(generation: generation, halfMinute: computedIn,
                                                               zone: now.local.zone.identifier, available: key.available,
                                                               reason: key.reason), frame: frame)
            } else {
                statusReply = nil
            }
            return frame
        }
    }

    /// The wall clock was set or the zone's rules changed: the next status is computed anew.
    public func timeChanged() {
        locked { generation &+= 1 }
    }

    /// A Status reply and what it was computed from.
    private struct StatusReply {
        struct Key: Equatable {
            var generation: UInt64
            var halfMinute: Double
            var zone: String
            var available: Bool
            var reason: String?
        }

        var key: Key
        var frame: [UInt8]
    }

    private func currentStatus(_ now: Now, notifications: Morning.Notifications) throws -> Morning.StatusReply {
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
            morningNow = Morning.Now(pace: pace, task: taskNow, nextTaskAt: view.nextTaskAt.map { now.local.iso8601($0) },
                                     minutesToNext: view.minutesToNextTask(now: now.instant))
        }
        return Morning.StatusReply(phase: view.phase, date: now.today.description, routine: view.routine.map(Replies.routine),
                              today: today, currentTask: current, nextTask: next, now: morningNow, behind: view.behind,
                              nextReminder: view.nextReminder.map { now.local.iso8601($0) },
                              notifications: notifications)
    }

    func explore(_ name: String?) throws -> [CatalogEntry] {
        guard let name, !name.isEmpty else { return catalog }
        let q = TitleText.folded(name)
        let fold: (String) -> String = { TitleText.folded($0) }
        let exact = catalog.filter { fold($0.id) == q || fold($0.name) == q }
        if !exact.isEmpty { return exact }
        let found = catalog.filter {
            fold($0.id).hasPrefix(q) || fold($0.name).hasPrefix(q)
                || fold($0.name).split(separator: " ").contains { $0.hasPrefix(q) }
        }
        if found.isEmpty { throw Morning.Error.routineNotFound(query: name) }
        return found
    }

    func activationReply(_ a: Book.Activation) -> Morning.Activation {
        Morning.Activation(routine: Replies.routine(a.routine), previous: a.previous.map(Replies.routine),
                                finalized: a.finalized.map(Replies.progress))
    }

    /// The day `text` names (a date word or `YYYY-MM-DD`; today when nil).
    static func parseDate(_ text: String?, today: Day) throws -> Day {
        guard let day = Day(named: text, today: today) else { throw Morning.Error.invalidDate(text: text ?? "") }
        return day
    }

    /// A day of the active routine, or of the stored routine `query` names.
    func day(_ text: String?, routine query: String? = nil) throws -> DayView {
        let now = try refreshed()
        let date = try Engine.parseDate(text, today: now.today)
        var routine = now.book.active
        if let query, !query.isEmpty { routine = try now.book.resolveStored(query, catalog: catalog) }
        var record: DayRecord?
        if let routine, let last = routine.lastRecordDate, date <= last {
            record = try store.record(of: routine.id, on: date)
        }
        guard let routine, !routine.isActive else { return try now.book.dayView(of: date, today: now.today, record: record) }
        return try now.book.endedDayView(of: routine, date: date, record: record)
    }

    func check(_ task: String, date: String?, done: Bool) throws -> Morning.TaskChange {
        // One reading of the clock for the date check, the rule and the reply.
        let (position, changed, today) = try mutate { book, today in
            if let text = date {
                let date = try Engine.parseDate(text, today: today)
                if date != today { throw Morning.Error.notToday(date: date, today: today) }
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
            guard let active = now.book.active else { throw Morning.Error.noActiveRoutine }
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
                                type: routine.kind, active: routine.isActive,
                                week: Replies.week(week))
        }
        return Morning.DataReply(cards: cards)
    }
}

/// A client following the status: how the engine reaches it. `send` is called
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
