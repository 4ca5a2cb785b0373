import Foundation
import MorningCore
import MorningStore

/// Closing the days that ended: the unchecked tasks of a day that has ended become ✗ and
/// its record is stored. The rule is the core's `Book.closeDays`; this is the engine's
/// one place that calls it, once at each of three moments:
///
/// - at start, for the days that ended while bmd was not running;
/// - at every wake of the alarm, which always comes at midnight (and 15 seconds later
///   again while days wait to be closed), on bmd's own time: these never wait for
///   another program's lock on the state file;
/// - at every write, in the write door (`Engine.mutate`), before its rule: the closing is
///   stored in the write's own transaction (a write waits for the lock anyway), or on its
///   own, as at a wake, when the rule refuses. The rules of the core close no day: they
///   take the `Book.Today` the closing gives.
///
/// Reads never close a day. While the closing waits (the state file busy, full or
/// read-only), reads show the book as it will be once stored (`awaitingStore`), so that
/// every read agrees with every other.
struct DayClosing {
    /// How soon the alarm comes back for days that could not be closed.
    static let retry: TimeInterval = 15
    /// How much further than the time that passed the wall clock must move to have jumped:
    /// more than a clock that is slewed, or read a moment apart, ever differs by.
    static let jumpTolerance: TimeInterval = 60

    /// Whether days that ended could not be closed yet: the alarm then comes back for
    /// them soon rather than at midnight.
    var deferred = false
    /// What reads show while the closing of days waits for the store: the book with the
    /// days the clock reads before open again. Nil otherwise.
    var awaitingStore: Book?
    /// The wall clock and the time that really passed, when days were last closed.
    var lastSeen: (wall: Date, elapsed: TimeInterval)?
    /// Whether the wall clock was seen to jump ahead and that is not stored yet.
    var sawJump = false
    /// The clock's timelines (`JumpAhead.timelines`) on which this bmd saw it read the
    /// latest date it has read: a jump ahead noted begins on them. Kept in memory only: a
    /// jump is seen only between two readings of one run of bmd.
    var latestTimelines: [Double] = []

    /// The closing was stored: nothing waits any more.
    mutating func stored() {
        deferred = false
        awaitingStore = nil
        sawJump = false
    }

    /// Keeps the timeline the clock reads `today` on when today is the latest date it
    /// read (`latest`, which was `before` this closing: a new one starts afresh).
    mutating func noteTimeline(_ timeline: Double?, today: Day, latest: Day?, before: Day?) {
        if latest != before { latestTimelines = [] }
        guard let timeline, today == latest,
              !latestTimelines.contains(where: { abs($0 - timeline) <= JumpAhead.sameTimeline }) else { return }
        latestTimelines = Array((latestTimelines + [timeline]).suffix(JumpAhead.timelinesKept))
    }

    /// The changes that close the days that ended, on `book`, given the wall clock's
    /// reading (`wall`) and the time that really passed since the machine started
    /// (`elapsed`, when the clock can tell it): a jump of the wall clock ahead is noted
    /// first, so that what it writes can be taken back if it comes back. `later` is what the
    /// store holds from today on, read only when the clock reads before days already closed.
    /// Nothing here reads a clock or the disk, so a test gives it each reading. Gives the
    /// changes and the day that rules of the core are applied on once they are made.
    mutating func changes(closing book: inout Book, today: Day, local: LocalTime, wall: Date, elapsed: TimeInterval?,
                          later: () throws -> LaterRecords) throws -> (changes: [Change], today: Book.Today) {
        // The clock's timeline tells a clock back from a jump ahead from one wrong otherwise.
        book.clockTimeline = nil
        if let elapsed {
            noteClock(wall: wall, elapsed: elapsed)
            book.clockTimeline = wall.timeIntervalSince1970 - elapsed
        }
        let latestBefore = book.settings.latestToday
        let noted = sawJump ? book.noteJumpAhead(today: today, timelines: latestTimelines) : []
        // A jump that reads no later than every date read before is nothing to note; one
        // that is waits, with the rest of the closing, until it is stored.
        if noted.isEmpty { sawJump = false }
        let closed = try book.closeDays(today: today, exists: local.exists, later: later)
        noteTimeline(book.clockTimeline, today: today, latest: book.settings.latestToday, before: latestBefore)
        return (noted + closed.changes, closed.today)
    }

    /// Notes whether the wall clock jumped ahead since it was last read, against the time
    /// that really passed (`elapsed`).
    mutating func noteClock(wall: Date, elapsed: TimeInterval) {
        if let last = lastSeen, wall.timeIntervalSince(last.wall) > elapsed - last.elapsed + DayClosing.jumpTolerance {
            sawJump = true
        }
        lastSeen = (wall, elapsed)
    }
}

extension Engine {
    /// Closes every day that has ended (see `DayClosing`) on its own, never waiting for
    /// another program's lock; in a batch, with the batch. Returns how many changes were
    /// stored. When the state file is busy, full or read-only, the days wait: reads show a
    /// day that ended but is not closed as it will be (its checks ✓, the rest ✗), and days
    /// the clock reads before are shown open again as they will be.
    @discardableResult
    func closeEndedDays(today: Day) throws -> Int {
        var closed = book
        let changes = try changesClosingDays(&closed, today: today, local: LocalTime(zone: clock.zone())).changes
        return try keepClosing(closed, changes, today: today)
    }

    /// Keeps `closed`, the book with the days that ended closed by `changes`, once they are
    /// stored on their own (see `closeEndedDays`). Returns how many changes were stored.
    @discardableResult
    func keepClosing(_ closed: Book, _ changes: [Change], today: Day) throws -> Int {
        guard !changes.isEmpty else {
            closing.awaitingStore = nil
            return 0
        }
        do {
            if batch == nil {
                try store.apply(changes, waiting: false)
                totals.note(changes)
            } else {
                try apply(changes)
            }
        } catch let error as StoreError where error.isFullOrReadOnly {
            logger.warning("cannot finalize the days that ended yet: \(error)")
            try awaitStore(today: today)
            return 0
        }
        closing.stored()
        book = closed
        changed()
        statusMayChange()
        return changes.count
    }

    /// The days that ended could not be stored closed: the alarm comes back for them soon,
    /// and meanwhile reads show the days the clock reads before open again, as they will be.
    func awaitStore(today: Day) throws {
        closing.deferred = true
        var shown = book
        if shown.clockReadsBeforeClosedDays(today: today) {
            _ = shown.reopenDaysAhead(today: today, later: try store.laterRecords(from: today))
        }
        if closing.awaitingStore != shown {
            closing.awaitingStore = shown == book ? nil : shown
            statusMayChange()
        }
    }

    /// The changes that close the days that ended, on `closed`, with the clock as it reads
    /// now (see `DayClosing.changes`), and the day a rule is then applied on. The clock's
    /// timeline is the clock's, kept in the engine's book at once whatever is stored: the
    /// reminder's plan reads it.
    func changesClosingDays(_ closed: inout Book, today: Day, local: LocalTime) throws -> (changes: [Change], today: Book.Today) {
        let result = try closing.changes(closing: &closed, today: today, local: local, wall: clock.now(),
                                         elapsed: clock.elapsed?()) {
            try store.laterRecords(from: today)
        }
        if book.clockTimeline != closed.clockTimeline { book.clockTimeline = closed.clockTimeline }
        return result
    }
}
