/// What the store holds of the days from today on, for the rule of a clock that reads
/// earlier than days already closed.
public struct LaterRecords: Sendable, Equatable {
    /// Every Day Record dated today or later, of every routine.
    public var records: [DayRecord]
    /// Each routine's latest Day Record before today.
    public var latestBefore: [RoutineID: Day]

    public init(records: [DayRecord], latestBefore: [RoutineID: Day]) {
        self.records = records
        self.latestBefore = latestBefore
    }

    /// What `all`, every Day Record there is, holds of the days from `today` on.
    public init(all: [DayRecord], today: Day) {
        var later: [DayRecord] = []
        var latest: [RoutineID: Day] = [:]
        for record in all {
            if record.date >= today {
                later.append(record)
            } else {
                latest[record.routineID] = max(record.date, latest[record.routineID] ?? record.date)
            }
        }
        self.init(records: later, latestBefore: latest)
    }

    /// What the store will hold of the days from `today` on once it also holds `changes`:
    /// the records they finalize, less those they remove.
    public func applying(_ changes: [Change], today: Day) -> LaterRecords {
        var next = self
        for change in changes {
            switch change {
            case .finalizeDay(let record):
                if record.date >= today {
                    next.records.append(record)
                } else {
                    next.latestBefore[record.routineID] = max(record.date, next.latestBefore[record.routineID] ?? record.date)
                }
            case .removeDayRecord(let id, let date):
                next.records.removeAll { $0.routineID == id && $0.date == date }
            default:
                break
            }
        }
        return next
    }
}

extension Book {
    /// The day a rule that writes is applied on, which only `closeDays` gives: holding one
    /// means the days that ended before it are closed.
    ///
    /// The rules that read days (check, activate, restart, delete, saving a draft, create,
    /// import) take one and assume so: they close no day themselves, and a rule cannot be
    /// called on a book whose ended days were not closed. Debug builds check it too
    /// (`assertClosed`), in case a `Today` is used on a book it was not given for.
    public struct Today {
        public let date: Day
        /// The zone's rule of which dates have a day at all.
        public let exists: (Day) -> Bool

        fileprivate init(date: Day, exists: @escaping (Day) -> Bool) {
            self.date = date
            self.exists = exists
        }
    }

    /// Closes every day that has ended: the one function of the core that does, called by
    /// bmd once per write, before the rule (`DayClosing`), at its start and at every wake.
    /// It gives the `Today` the rules that write are applied on.
    ///
    /// `exists` is the zone's rule of which dates have a day at all: a date the zone skips
    /// whole (Samoa's 2011-12-30) gets no record. `later` reads what the store holds from
    /// today on; it is read only when the clock reads earlier than a day the active routine
    /// has closed (see `reopenDaysAhead`), or comes back from a jump ahead. A caller that
    /// cannot read the store (`later` gives nil) leaves those days as they are.
    ///
    /// Idempotent: a second call with the same today changes nothing.
    public mutating func closeDays(today: Day, exists: @escaping (Day) -> Bool,
                                   later: () throws -> LaterRecords?) rethrows -> (changes: [Change], today: Today) {
        #if DEBUG
        Book.closingRuns?.note()
        #endif
        var changes: [Change] = []
        let back = jumpComingBack(today: today)
        if clockReadsBeforeClosedDays(today: today) || back != nil, let records = try later() {
            reopenDaysAhead(today: today, later: records, into: &changes)
            if let back { takeBackJumpAhead(from: settings.jumpsAhead[back].from, today: today, later: records, into: &changes) }
        }
        finalizeEnded(today: today, exists: exists, into: &changes)
        noteToday(today, back: back, into: &changes)
        return (changes, Today(date: today, exists: exists))
    }

    /// Stops a debug build when a rule is applied with a `Today` its book's closing did not
    /// give: a day of the running routine that ended before it is still open.
    func assertClosed(_ today: Today) {
        assert(daysClosed(before: today), "a rule applied on a book whose ended days are open")
    }

    /// Whether no day of the running routine that ended before `today` is left open: what
    /// `closeDays` leaves, and what every rule that takes a `Today` assumes.
    func daysClosed(before today: Today) -> Bool {
        guard let routine = active else { return true }
        var day = max(routine.startDate, routine.lastRecordDate?.next ?? routine.startDate)
        while day < today.date {
            if today.exists(day) { return false }
            day = day.next
        }
        return true
    }

    /// The outstanding jump ahead the clock has come back from, if any: it reads earlier
    /// than the latest date it read, on a timeline it read the date the jump began from on
    /// (the oldest such jump; what came after it goes with it). A clock that reads an
    /// earlier date on any other timeline is wrong in another way (behind, perhaps by more
    /// than the whole history) and takes nothing back. Without bmd's clock
    /// (`clockTimeline` nil), the oldest jump.
    func jumpComingBack(today: Day) -> Int? {
        guard let latest = settings.latestToday, today < latest, !settings.jumpsAhead.isEmpty else { return nil }
        guard let timeline = clockTimeline else { return 0 }
        return settings.jumpsAhead.firstIndex { $0.isOn(timeline) }
    }

    /// Notes that the wall clock jumped ahead (it moved further than the time that
    /// passed): when it now reads later than every date it had read, what is written from
    /// here on, until it comes back, may be taken back (`closeDays`). bmd calls it when it
    /// sees such a jump, before it closes the days, with the timelines (`JumpAhead.timelines`)
    /// on which the clock read the latest date before it jumped.
    public mutating func noteJumpAhead(today: Day, timelines: [Double] = []) -> [Change] {
        guard let latest = settings.latestToday, today > latest else { return [] }
        let jump = JumpAhead(from: latest, reminderFiredBefore: settings.reminderFiredOn,
                             timelines: Array(timelines.suffix(JumpAhead.timelinesKept)))
        settings.jumpsAhead = Array((settings.jumpsAhead + [jump]).suffix(Book.jumpsKept))
        // The dates the jump reads are its own: `closeDays` does not take them for time passing.
        settings.latestToday = today
        return [.setSettings(settings)]
    }

    /// How many jumps ahead are kept outstanding at most: a clock stepped ahead day after
    /// day without a midnight passing (as libfaketime steps it) drops the oldest.
    static let jumpsKept = 16

    /// Keeps the latest date the clock has read, and ends the jumps ahead the clock came
    /// back from (`back`, an index of `jumpsAhead`); a later date that came as time passes
    /// ends them all (a clock that stays ahead past a midnight is taken for right from then
    /// on: what it wrote since is as good as any day's).
    private mutating func noteToday(_ today: Day, back: Int?, into changes: inout [Change]) {
        let before = settings
        let latest = settings.latestToday ?? today
        if today >= latest {
            if today > latest { settings.jumpsAhead = [] }
            settings.latestToday = today
            if let forgotten = settings.reminderForgotten, today > forgotten.day { settings.reminderForgotten = nil }
        } else if let back {
            // Back from a jump ahead: the dates it read were the clock's mistake, and so
            // were the reminders it sent for them.
            let jump = settings.jumpsAhead[back]
            settings.latestToday = max(today, jump.from)
            if let fired = settings.reminderFiredOn, fired > today {
                settings.reminderForgotten = settings.reminderFiredTimeline.map { ForgottenReminder(day: fired, timeline: $0) }
                settings.reminderFiredOn = today <= jump.from ? jump.reminderFiredBefore : today
                settings.reminderFiredTimeline = nil
            }
            // On the timeline it jumped from, the clock is back for good; without bmd's
            // clock, once it reads the date the jump began or earlier.
            if clockTimeline != nil || today <= jump.from {
                settings.jumpsAhead.removeSubrange(back...)
            }
        }
        if settings != before { changes.append(.setSettings(settings)) }
    }

    /// Takes back what was written while the clock read later than it had ever read, on
    /// the dates after `from`, where the jump began, and after today: the days closed then
    /// that hold no check (of every routine), and the start and creation dates set then. A
    /// check made then is the user's and stays. What was closed before the jump, while
    /// the clock went on as time passed, is never touched.
    private mutating func takeBackJumpAhead(from: Day, today: Day, later: LaterRecords, into changes: inout [Change]) {
        // The date the jump began may hold a record closed before it (a switch that day).
        let first = max(today, from.next)
        for index in routines.indices {
            // The running routine's days from its start on are open again already.
            let id = routines[index].id, active = routines[index].isActive, start = routines[index].startDate
            let mine = later.records.filter { $0.routineID == id && $0.date >= today && !(active && $0.date >= start) }
            if active && mine.isEmpty { continue }
            var kept: [Day] = later.latestBefore[id].map { [$0] } ?? []
            for record in mine {
                // Today stays: a routine stopped while the clock was ahead ended today at
                // the latest, and that day really ended for it.
                if record.date >= first, record.date > today, record.doneMask == 0 {
                    changes.append(.removeDayRecord(id, record.date))
                } else {
                    kept.append(record.date)
                }
            }
            if !active || routines[index].lastRecordDate.map({ $0 < start }) ?? true {
                routines[index].lastRecordDate = kept.max()
            }
        }
        for index in routines.indices {
            let before = routines[index]
            // A run started then resumes right after its last day kept, or tomorrow, but
            // never before the jump began: the clock read that date already.
            if routines[index].startDate > today.next, routines[index].startDate > from.next {
                let resume = min(routines[index].lastRecordDate?.next ?? today.next, today.next)
                routines[index].startDate = max(from.next, resume)
            }
            if routines[index].createdDate > today, routines[index].createdDate > from {
                routines[index].createdDate = min(max(today, from), routines[index].startDate)
            }
            if routines[index] != before { changes.append(.updateRoutine(routines[index])) }
        }
    }

    /// Whether the active routine holds a Day Record of today or later, from its start on:
    /// the clock reads earlier than a day that was closed, because it ran ahead then or
    /// runs behind now. Cheap, from the book alone.
    public func clockReadsBeforeClosedDays(today: Day) -> Bool {
        guard let routine = active, let last = routine.lastRecordDate else { return false }
        return last >= max(today, routine.startDate)
    }

    /// Opens again the active routine's days from today (and its start) on that were
    /// closed, keeping their checks, so that today can be checked.
    ///
    /// Which of the two readings of the clock was wrong cannot be told from the clock
    /// alone, so this does only what the next catch-up undoes exactly: the days are
    /// closed again, each with the same checks, as the clock passes them again. Nothing
    /// else moves: no record of a routine that no longer runs, no start or creation date,
    /// and no day before today. A check made meanwhile is the user's and stays.
    public mutating func reopenDaysAhead(today: Day, later: LaterRecords) -> [Change] {
        var changes: [Change] = []
        reopenDaysAhead(today: today, later: later, into: &changes)
        return changes
    }

    private mutating func reopenDaysAhead(today: Day, later: LaterRecords, into changes: inout [Change]) {
        guard let index = routines.firstIndex(where: \.isActive) else { return }
        let id = routines[index].id
        reopen(index, from: today, records: later.records.filter { $0.routineID == id && $0.date >= today },
               latestBefore: later.latestBefore[id], into: &changes)
    }

    /// Reopens the days of the routine at `index` from `from` (and its start) on; `records`
    /// are its Day Records from `from` on, `latestBefore` its latest one before `from`.
    private mutating func reopen(_ index: Int, from: Day, records: [DayRecord], latestBefore: Day?,
                                 into changes: inout [Change]) {
        let routine = routines[index]
        let first = max(from, routine.startDate)
        var kept: [Day] = latestBefore.map { [$0] } ?? []
        for record in records.sorted(by: { $0.date < $1.date }) {
            guard record.date >= first else {
                kept.append(record.date)
                continue
            }
            changes.append(.removeDayRecord(routine.id, record.date))
            if record.doneMask != 0 {
                let key = OpenDay(routineID: routine.id, date: record.date)
                let mask = (openDays[key] ?? 0) | record.doneMask
                openDays[key] = mask
                changes.append(.setOpenDay(routine.id, record.date, doneMask: mask))
            }
        }
        routines[index].lastRecordDate = kept.max()
    }

    /// Reopens the routine at `index` alone, just made active, when days of it lie in its
    /// new run: days closed in an earlier run while the clock read later than now. They are
    /// open again at once, checks and all, as the next catch-up would open them; left to
    /// it, a clock that passed them first would leave the run's days before them without a
    /// record. `later` is what the store holds, with the closing of this write's days;
    /// `changes`, the changes of the rule so far, which it does not hold yet.
    mutating func reopenNewRun(_ index: Int, today: Day, later: () throws -> LaterRecords,
                               changes: inout [Change]) rethrows {
        let routine = routines[index]
        guard let last = routine.lastRecordDate, last >= routine.startDate else { return }
        let stored = try later().applying(changes, today: today)
        reopen(index, from: today, records: stored.records.filter { $0.routineID == routine.id },
               latestBefore: stored.latestBefore[routine.id], into: &changes)
    }
}
