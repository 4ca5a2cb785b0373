import Foundation
import Logging
import MorningCore
import MorningProtocol
import MorningStore

/// Owns the book and answers every method of org.bettermorning.Morning by ordering the
/// jobs, each in a folder of its own: closing the days that ended (`ClosingDays/`), the
/// reminder and its popup (`Reminder/`), history, export and import (`History/`), the
/// draft (`Drafts/`), and the status its followers are sent (`Followers/`). The calls of
/// the routines, the day and the settings are in `MorningService.swift`, beside this
/// file; the others are with their job.
///
/// One lock serializes all requests: each reads the book and computes the new one with
/// the pure core. When a change is kept: outside a batch, once its transaction is
/// stored; in a batch of calls (`inOneTransaction`), at once, so that the batch's later
/// calls see it, and the batch's transaction is stored before any of its calls is
/// answered. When that store fails, the book is read again from the store, so nothing
/// of the batch stays, and every call of it is told of the error.
///
/// The engine is synchronous, so that each caller decides where a call runs without a
/// hop to another thread and back (an actor cost each call a wake-up of another
/// thread): a method the interface file marks as reading only is answered on the event
/// loop that read it; a write on the thread that gathers writes into batches, one
/// transaction each; a method marked as answered apart (TestNotification, which waits
/// on the notification server outside the lock, and Export) on a thread of its own.
public final class Engine: @unchecked Sendable {
    /// Held by every public method; the internal ones expect it held.
    private let lock = NSRecursiveLock()
    var book: Book {
        didSet { generation &+= 1 }
    }
    /// Counts the changes of `book` (and of the zone's rules and of what reads show while
    /// days wait to be closed), so that a reply computed from it can tell whether it still holds.
    var generation: UInt64 = 0
    let store: Store
    let clock: WallClock
    let logger: Logger
    let catalog: [CatalogEntry]
    let notifier: (any Notifier)?
    /// Told after every stored change, so the reminder is planned again at once.
    private(set) var changed: @Sendable () -> Void = {}
    /// Told, with the lock held, whenever what the status says may have changed.
    private(set) var statusMayChange: @Sendable () -> Void = {}
    /// The changes of the calls answered so far in a batch, while one is being answered;
    /// nil otherwise. See `inOneTransaction`.
    private(set) var batch: [Change]?
    /// What closing the days remembers between calls (`ClosingDays/`).
    var closing = DayClosing() {
        didSet { generation &+= 1 }
    }
    /// The totals of every Day Record, for stats and the heatmap (`History/`).
    var totals = HistoryTotals()

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
        // Days that ended while bmd was not running are closed now.
        let closed = try closeEndedDays(today: LocalTime(zone: clock.zone()).day(containing: clock.now()))
        if closed > 0 { logger.info("finalized missed days at start (\(closed) change(s) stored)") }
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

    // MARK: - Time and state

    /// The book and the clock as one read sees them.
    struct Reading {
        var instant: Date
        var local: LocalTime
        var today: Day
        var book: Book
    }

    func moment() -> (Date, LocalTime, Day) {
        let local = LocalTime(zone: clock.zone())
        let now = clock.now()
        return (now, local, local.day(containing: now))
    }

    /// The book and the clock now, for a read. A read never closes a day (see
    /// `closeEndedDays`): a day that has ended and is not closed yet shows as it will be
    /// once closed, so that a read neither writes nor waits for the disk or another
    /// program's lock.
    func current() -> Reading {
        let (now, local, today) = moment()
        return Reading(instant: now, local: local, today: today, book: closing.awaitingStore ?? book)
    }

    /// A write as its rule sees it: the day it is made on, which closing the days gave
    /// (`Book.Today`), and what the store holds from that day on once this write's closing
    /// is stored with it.
    struct Write {
        var today: Book.Today
        var later: () throws -> LaterRecords
    }

    // MARK: - Writing

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

    /// The write door, which every call that changes the book goes through: closes the
    /// days that ended, once (`DayClosing`), applies one rule to a copy of the book so
    /// closed, stores the closing's and the rule's changes in one transaction (see
    /// `apply`: in a batch, with the batch's) and keeps the copy; then plans again and
    /// tells followers, unless `announcing` is false (a change that moves neither the plan
    /// nor the status) and no day was closed.
    ///
    /// A rule that refuses still leaves the days it found ended closed: the closing is
    /// then stored on its own, as at a wake.
    @discardableResult
    func mutate<T>(announcing: Bool = true, waiting: Bool = true, _ rule: (inout Book, Write) throws -> (T, [Change])) throws -> T {
        let (_, local, today) = moment()
        var closed = book
        let (closingChanges, closedToday) = try changesClosingDays(&closed, today: today, local: local)
        if closingChanges.isEmpty { closing.awaitingStore = nil }
        // The rule reads the store as it will be once this write's closing is in it.
        let write = Write(today: closedToday) { [store] in
            try store.laterRecords(from: today).applying(closingChanges, today: today)
        }
        var next = closed
        let result: T, ruleChanges: [Change]
        do {
            (result, ruleChanges) = try rule(&next, write)
        } catch {
            do {
                try keepClosing(closed, closingChanges, today: today)
            } catch let storing {
                logger.warning("cannot finalize the days that ended yet: \(storing)")
            }
            throw error
        }
        let changes = closingChanges + ruleChanges
        if !changes.isEmpty {
            do {
                try apply(changes, waiting: waiting)
            } catch let error as StoreError where error.isFullOrReadOnly && !closingChanges.isEmpty {
                try awaitStore(today: today)
                throw error
            }
        }
        book = next
        if !closingChanges.isEmpty { closing.stored() }
        if !changes.isEmpty && (announcing || !closingChanges.isEmpty) {
            changed()
            statusMayChange()
        }
        return result
    }

    /// Runs `work` — the answers to several calls that may write — as one transaction.
    ///
    /// Each call sees the changes of those before it: they are kept in the book at once.
    /// Their changes are then written and flushed to the disk once, outside the lock, so
    /// that calls that only read are not held up by the disk; only then is `work`'s
    /// result returned, so that no call is told of a change before it is stored. When
    /// storing fails nothing of the batch is kept: the book is read again from the store
    /// and the error returned, for every call to be told. Meanwhile other calls may see
    /// the batch's changes, as they will be once stored.
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
}
