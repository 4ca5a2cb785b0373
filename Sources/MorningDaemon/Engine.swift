import Foundation
import Logging
import MorningCore
import MorningProtocol
import MorningStore

/// Where the daemon gets the time and the zone from. Tests give a fixed one.
public struct WallClock: Sendable {
    public var now: @Sendable () -> Date
    public var zone: @Sendable () -> TimeZone
    /// Seconds that really passed since some fixed instant, whatever the wall clock does
    /// (suspends included), or nil where unknown: against it, a jump of the wall clock
    /// tells itself from time passing.
    public var elapsed: (@Sendable () -> TimeInterval)?

    public init(now: @escaping @Sendable () -> Date, zone: @escaping @Sendable () -> TimeZone,
                elapsed: (@Sendable () -> TimeInterval)?) {
        self.now = now
        self.zone = zone
        self.elapsed = elapsed
    }

    public static let system = WallClock(now: { Date() }, zone: { TimeZone.current }, elapsed: {
        // CLOCK_BOOTTIME counts a suspend too: a lid closed overnight is time passing.
        var spec = timespec()
        clock_gettime(CLOCK_BOOTTIME, &spec)
        return TimeInterval(spec.tv_sec) + TimeInterval(spec.tv_nsec) / 1_000_000_000
    })
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
    /// Whether days that ended could not be closed yet (the state file busy, full or
    /// read-only): the alarm then comes back for them soon rather than at midnight.
    private var closingDeferred = false
    /// What reads show while the closing of days waits for the store (busy, full or
    /// read-only): the book with the days the clock reads before open again. Nil otherwise.
    private var awaitingStore: Book? {
        didSet { generation &+= 1 }
    }
    /// How soon the alarm comes back for days that could not be closed.
    static let closingRetry: TimeInterval = 15
    /// The wall clock and the time that really passed, when days were last closed.
    private var lastSeen: (wall: Date, elapsed: TimeInterval)?
    /// When, in `clock.elapsed`'s count, this bmd last sent a reminder.
    private var lastSent: (elapsed: TimeInterval, local: LocalTime)?
    /// Whether the wall clock was seen to jump ahead and that is not stored yet.
    private var sawJump = false
    /// How much further than the time that passed the wall clock must move to have jumped:
    /// more than a clock that is slewed, or read a moment apart, ever differs by.
    static let jumpTolerance: TimeInterval = 60

    /// Told, with the lock held, whenever what the status says may have changed.
    private var statusMayChange: @Sendable () -> Void = {}
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
        // Ids an older build made that are one id with case set aside are made distinct.
        var mended = book
        let distinct = mended.distinctIDs(catalog: catalog)
        if !distinct.isEmpty {
            try store.apply(distinct)
            book = mended
            logger.info("gave \(distinct.count) routine(s) an id of their own: their ids differed only in case")
        }
        // Days that ended while bmd was not running are finalized now.
        let finalized = try catchUp(today: LocalTime(zone: clock.zone()).day(containing: clock.now()))
        if finalized > 0 { logger.info("finalized missed days at start (\(finalized) change(s) stored)") }
    }

    /// Folds the WAL into the state file once bmd has stopped serving, so that the file
    /// alone holds every change however late the connections close.
    public func stop() {
        locked {
            do {
                try store.foldWAL()
            } catch {
                logger.warning("could not fold the WAL into the state file as bmd stopped (the WAL keeps the changes): \(error)")
            }
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

    /// Calls `handler`, with the engine's lock held, whenever what the status says may
    /// have changed: a change stored, a wake of the alarm. It must not wait.
    public func whenStatusMayChange(_ handler: @escaping @Sendable () -> Void) { locked { statusMayChange = handler } }

    /// Plans the wakes again now: someone began or stopped following the status.
    public func replan() { locked { changed() } }

    // MARK: - The wall clock's side

    /// Called at every wake of the alarm: finalizes the days that have ended, plans
    /// the next wake, and when a reminder is due records it as sent and returns what to
    /// say. Recording first means a crash while sending loses a reminder rather than
    /// sending two.
    ///
    /// `followed` says whether anyone follows the status; then the wake also comes when
    /// anything the status shows changes, such as a minute of the countdown.
    public func wake(followed: Bool = false) throws -> (plan: Plan, wakeAt: Date, reminder: DueReminder?) {
        try locked { try planWake(followed: followed) }
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
            let now = current()
            guard now.today == day, let first = now.book.morning(at: now.instant, local: now.local).day?.states.first else {
                return false
            }
            return first != .done
        }
    }

    private func planWake(followed: Bool) throws -> (plan: Plan, wakeAt: Date, reminder: DueReminder?) {
        // Days that ended are closed on bmd's own time: here, at the start, and with a write.
        try catchUp(today: current().today)
        let now = current()
        statusMayChange()
        var plan = now.book.plan(now: now.instant, local: now.local, lastSentOn: now.lastSentOn)
        // While someone follows the status, anything it shows changing is worth a wake too.
        var wakeAt = plan.wake
        if closingDeferred { wakeAt = min(wakeAt, now.instant.addingTimeInterval(Engine.closingRetry)) }
        if followed, let change = now.book.morning(at: now.instant, local: now.local).nextChange {
            wakeAt = min(wakeAt, change)
        }
        guard let day = plan.sendNow, let routine = now.book.active else { return (plan, wakeAt, nil) }
        var next = book
        do {
            // bmd's own note, made with the lock held: it never waits for another
            // program's lock on the file, or every read would wait behind it.
            try apply(next.markReminderSent(on: day), waiting: false)
        } catch let error as StoreError where error.isFullOrReadOnly {
            // The reminder still goes out; only a restart before the disk has room could send it again.
            logger.warning("cannot record that the reminder was sent: \(error)")
        }
        book = next
        if let elapsed = clock.elapsed?() { lastSent = (elapsed, now.local) }
        plan = book.plan(now: now.instant, local: now.local, lastSentOn: lastSentOn(now.instant, now.local))
        guard let (message, scheduled) = book.reminder(of: day, sentAt: now.instant, local: now.local) else {
            return (plan, min(wakeAt, plan.wake), nil)
        }
        logger.info("reminder due", metadata: ["day": "\(day)", "routine": "\(routine.name)"])
        return (plan, min(wakeAt, plan.wake), DueReminder(message: message, scheduled: scheduled, day: day))
    }

    // MARK: - Time and state

    struct Now {
        var instant: Date
        var local: LocalTime
        var today: Day
        var book: Book
        /// The date, by the clock as it reads now, on which this bmd last sent a reminder.
        var lastSentOn: Day?
    }

    /// The date, by the clock as it reads at `now`, on which this bmd last sent a
    /// reminder: the time that really passed since, counted back from now, in the zone it
    /// was sent in (a flight west lives a date again, and its reminder went out). Nil when
    /// it sent none since it started, or where that time is unknown.
    private func lastSentOn(_ now: Date, _ local: LocalTime) -> Day? {
        guard let lastSent, let elapsed = clock.elapsed?() else { return nil }
        return lastSent.local.day(containing: now.addingTimeInterval(lastSent.elapsed - elapsed))
    }

    private func moment() -> (Date, LocalTime, Day) {
        let local = LocalTime(zone: clock.zone())
        let now = clock.now()
        return (now, local, local.day(containing: now))
    }

    /// Stores `changes` in one transaction, then brings the history totals up to date; in
    /// a batch, keeps them to be stored with the batch's. With `waiting: false` a store
    /// whose file another program holds refuses at once (`StoreError.busy`).
    func apply(_ changes: [Change], waiting: Bool = true) throws {
        if batch != nil {
            batch! += changes
            return
        }
        try store.apply(changes, waiting: waiting)
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
                statusMayChange()
            }
            changed()
            return .failure(error)
        }
    }

    /// The totals of every Day Record, read from the store the first time.
    func historySummary() throws -> HistorySummary {
        try totals.summary { try store.records() }
    }

    /// Closes every day that has ended (the core's `closeDays`, with the zone's rules), at
    /// start and at every wake; every write closes them too, in its own transaction.
    /// Returns how many changes were stored. When the state file is busy (another
    /// program's lock), full or read-only, the days wait: reads show a day that ended but
    /// is not finalized as it will be (its checks ✓, the rest ✗), and days the clock reads
    /// before are shown open again as they will be, so that every read agrees with every
    /// other while the write waits.
    @discardableResult
    private func catchUp(today: Day) throws -> Int {
        var next = book
        let local = LocalTime(zone: clock.zone())
        let changes = try closing(&next, today: today, local: local)
        guard !changes.isEmpty else {
            awaitingStore = nil
            return 0
        }
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
            closingDeferred = true
            var shown = book
            if shown.clockReadsBeforeClosedDays(today: today) {
                _ = shown.reopenDaysAhead(today: today, later: try store.laterRecords(from: today))
            }
            if awaitingStore != shown {
                awaitingStore = shown == book ? nil : shown
                generation &+= 1
                statusMayChange()
            }
            return 0
        }
        closingDeferred = false
        awaitingStore = nil
        sawJump = false
        book = next
        changed()
        statusMayChange()
        return changes.count
    }

    /// The changes that close the days that ended, on `book`: a jump of the wall clock
    /// ahead is noted first, so that what it writes can be taken back if it comes back.
    private func closing(_ book: inout Book, today: Day, local: LocalTime) throws -> [Change] {
        if let elapsed = clock.elapsed?() {
            let wall = clock.now()
            if let last = lastSeen, wall.timeIntervalSince(last.wall) > elapsed - last.elapsed + Engine.jumpTolerance {
                sawJump = true
            }
            lastSeen = (wall, elapsed)
        }
        let noted = sawJump ? book.noteJumpAhead(today: today) : []
        // A jump that reads no later than every date read before is nothing to note; one
        // that is waits, with the rest of the closing, until it is stored.
        if noted.isEmpty { sawJump = false }
        return try noted + book.closeDays(today: today, exists: local.exists) { try store.laterRecords(from: today) }
    }

    /// The book and the clock now, for a read. A read never closes a day: that is
    /// done on bmd's own time (at the start and at each wake, midnight's among them), so
    /// that a read neither writes nor waits for the disk or another program's lock. A
    /// day that has ended and is not closed yet shows as it will be once closed.
    func current() -> Now {
        let (now, local, today) = moment()
        return Now(instant: now, local: local, today: today, book: awaitingStore ?? book,
                   lastSentOn: lastSentOn(now, local))
    }

    /// The day a write is made on, with the zone's rules, for the rules of the core.
    struct Today {
        var date: Day
        var local: LocalTime
        func exists(_ day: Day) -> Bool { local.exists(day) }
    }

    /// Applies one rule to a copy of the book and keeps it only once its changes are stored;
    /// then plans again and tells followers, unless `announcing` is false (a change that
    /// moves neither the plan nor the status).
    @discardableResult
    func mutate<T>(announcing: Bool = true, waiting: Bool = true, _ rule: (inout Book, Today) throws -> (T, [Change])) throws -> T {
        let (_, local, today) = moment()
        try catchUp(today: today)
        var next = book
        // Days that could not be closed on bmd's own time are closed with this write, in
        // its transaction: a write waits for another program's lock anyway.
        let closing = try self.closing(&next, today: today, local: local)
        let (result, ruleChanges) = try rule(&next, Today(date: today, local: local))
        let changes = closing + ruleChanges
        if !changes.isEmpty { try apply(changes, waiting: waiting) }
        book = next
        if !closing.isEmpty {
            closingDeferred = false
            awaitingStore = nil
            sawJump = false
        }
        if !changes.isEmpty && (announcing || !closing.isEmpty) {
            changed()
            statusMayChange()
        }
        return result
    }

    // MARK: - The service manager

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
        return Morning.Notifications(enabled: book.settings.notificationsEnabled, sound: book.settings.reminderSound,
                                     available: available,
                                     reason: available ? nil : notifier?.unavailableReason ?? "this bmd runs without a notifier")
    }

    /// The status as it is now; the caller holds the lock.
    func currentStatus() -> Morning.StatusReply {
        status(current(), notifications: notifications).reply
    }

    /// What decides whether a Status reply computed earlier still holds, with the
    /// instant it was read at: a reply holds while this is the same and the clock has not
    /// reached the reply's next change.
    public struct StatusKey: Equatable, Sendable {
        var generation: UInt64
        var zone: String
        var available: Bool
        var reason: String?
    }

    /// The key the status would be computed under now.
    public func statusKey() -> (key: StatusKey, instant: Date) {
        locked { (key(notifications), clock.now()) }
    }

    private func key(_ notifications: Morning.Notifications) -> StatusKey {
        StatusKey(generation: generation, zone: clock.zone().identifier, available: notifications.available,
                  reason: notifications.reason)
    }

    /// The status now, the key it was computed under, and until when it holds by the
    /// clock alone: the model's next change, the next reminder or midnight.
    public func statusSnapshot() -> (reply: Morning.StatusReply, key: StatusKey, computedAt: Date, validUntil: Date) {
        locked {
            // The notifier's state is read once, for the key and the reply alike: it can
            // change at any moment under the notifier's own lock, not this one.
            let notifications = self.notifications
            let now = current()
            let (reply, validUntil) = status(now, notifications: notifications)
            return (reply, key(notifications), now.instant, validUntil)
        }
    }

    /// The wall clock was set or the zone's rules changed: the next status is computed anew.
    public func timeChanged() {
        locked { generation &+= 1 }
    }

    /// The Status reply at `now`, and until when it holds by the clock alone: the model's
    /// next change, the next reminder or midnight.
    private func status(_ now: Now, notifications: Morning.Notifications) -> (reply: Morning.StatusReply, validUntil: Date) {
        let morning = now.book.morning(at: now.instant, local: now.local)
        let plan = now.book.plan(now: now.instant, local: now.local, lastSentOn: now.lastSentOn)
        let reply = Morning.StatusReply(morning, nextReminder: plan.nextReminder, notifications: notifications, local: now.local)
        return (reply, [morning.nextChange, plan.nextReminder].compactMap { $0 }.reduce(plan.nextMidnight, min))
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
        let now = current()
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
        let (position, changed, today) = try mutate { book, now in
            let today = now.date
            if let text = date {
                let date = try Engine.parseDate(text, today: today)
                if date != today { throw Morning.Error.notToday(date: date, today: today) }
            }
            let r = try book.check(task, done: done, today: today, exists: now.exists)
            return ((r.position, r.changed, today), r.changes)
        }
        let view = try book.dayView(of: today, today: today, record: nil)
        return Morning.TaskChange(task: Replies.task(view, position: position), changed: changed,
                                  completed: view.completed, total: view.total)
    }

    func weekChart(_ p: Morning.WeekParameters) throws -> Morning.WeekChart {
        let now = current()
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
        let now = current()
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
