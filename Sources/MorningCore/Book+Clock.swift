/// What the store holds of the days from today on, for the rule of a clock that ran ahead.
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
}

extension Book {
    /// Whether the book holds a day that only a clock ahead of today could have written:
    /// a routine created after today, a run that starts after tomorrow, a record
    /// after today, or a record of today while the active routine runs today.
    ///
    /// Cheap, from the book alone: the caller reads `LaterRecords` only when it is true.
    public func clockRanAhead(today: Day) -> Bool {
        routines.contains { routine in
            if routine.createdDate > today || routine.startDate > today.next { return true }
            if let last = routine.lastRecordDate, last > today { return true }
            guard routine.isActive else { return false }
            return routine.startDate <= today && (routine.lastRecordDate.map { $0 >= today } ?? false)
        }
    }

    /// Takes back what a clock that ran ahead did, once the clock is right again.
    ///
    /// A clock that is wrong for a minute must not cost years: the days it closed that
    /// hold no check are removed, the active routine's days from its start on are open
    /// again (a check made on them while the clock was wrong stays, as a check of that
    /// day), a run that would start later than tomorrow starts tomorrow, and no routine
    /// was created after today. A record that holds checks on a routine that no longer
    /// runs stays as it is. Idempotent: a second call with the same today changes nothing.
    public mutating func settleClock(today: Day, later: LaterRecords) -> [Change] {
        var changes: [Change] = []
        var byRoutine: [RoutineID: [DayRecord]] = [:]
        for record in later.records where record.date >= today {
            byRoutine[record.routineID, default: []].append(record)
        }
        for index in routines.indices {
            let id = routines[index].id
            settle(index, today: today, records: byRoutine[id] ?? [], latestBefore: later.latestBefore[id], into: &changes)
        }
        return changes
    }

    /// Settles one routine: `records` are its Day Records from today on, `latestBefore`
    /// its latest one before today. See `settleClock`.
    private mutating func settle(_ index: Int, today: Day, records: [DayRecord], latestBefore: Day?,
                                 into changes: inout [Change]) {
        var routine = routines[index]
        let before = routine
        routine.createdDate = min(routine.createdDate, today)
        routine.startDate = min(routine.startDate, today.next)
        var kept: [Day] = []
        for record in records.sorted(by: { $0.date < $1.date }) where record.date >= today {
            if routine.isActive, record.date >= routine.startDate {
                changes.append(.removeDayRecord(routine.id, record.date))
                if record.doneMask != 0 {
                    let key = OpenDay(routineID: routine.id, date: record.date)
                    let mask = (openDays[key] ?? 0) | record.doneMask
                    openDays[key] = mask
                    changes.append(.setOpenDay(routine.id, record.date, doneMask: mask))
                }
            } else if record.date > today, record.doneMask == 0 {
                changes.append(.removeDayRecord(routine.id, record.date))
            } else {
                kept.append(record.date)
            }
        }
        routine.lastRecordDate = kept.max() ?? latestBefore
        routines[index] = routine
        if routine.createdDate != before.createdDate || routine.startDate != before.startDate {
            changes.append(.updateRoutine(routine))
        }
    }

    /// Settles the routine at `index` alone, just made active from tomorrow, when days of
    /// it lie in its new run: days closed in an earlier run while the clock was ahead of
    /// today. They are open again at once, checks and all, as the next catch-up would open
    /// them; left to it, a clock that passed them first would leave the run's days before
    /// them without a record. `later` is what the store holds; `changes`, the changes of
    /// the rule so far, which it does not hold yet.
    mutating func settleNewRun(_ index: Int, today: Day, later: () throws -> LaterRecords,
                               changes: inout [Change]) rethrows {
        let routine = routines[index]
        guard let last = routine.lastRecordDate, last >= routine.startDate else { return }
        let stored = try later()
        var records = stored.records.filter { $0.routineID == routine.id }
        var latestBefore = stored.latestBefore[routine.id]
        for change in changes {
            switch change {
            case .finalizeDay(let record) where record.routineID == routine.id:
                if record.date >= today {
                    records.append(record)
                } else {
                    latestBefore = max(record.date, latestBefore ?? record.date)
                }
            case .removeDayRecord(let id, let date) where id == routine.id:
                records.removeAll { $0.date == date }
            default:
                break
            }
        }
        settle(index, today: today, records: records, latestBefore: latestBefore, into: &changes)
    }

    /// Settles what a clock that ran ahead did (reading the later records only when
    /// there is something to settle), then finalizes the days that have ended.
    public mutating func catchUp(today: Day, exists: (Day) -> Bool = { _ in true },
                                 later: () throws -> LaterRecords) rethrows -> [Change] {
        var changes: [Change] = []
        if clockRanAhead(today: today) { changes += settleClock(today: today, later: try later()) }
        return changes + catchUp(today: today, exists: exists)
    }
}
