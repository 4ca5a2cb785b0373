/// One stored routine as an export holds it (H5): the routine, its tasks, every Day
/// Record and the checks of a day not finalized yet, with tasks named by 1-based
/// position in time order.
public struct ArchivedRoutine: Hashable, Sendable {
    public var slug: String
    public var name: String
    public var kind: RoutineKind
    /// In time order, as positions count them.
    public var tasks: [RoutineTask]
    public var isActive: Bool
    public var createdDate: Day
    public var startDate: Day
    /// Finished days: their Day Records.
    public var days: [ArchivedDay]
    /// Days not finalized yet (today of the running routine): the tasks checked so far.
    public var open: [ArchivedDay]

    public init(slug: String, name: String, kind: RoutineKind, tasks: [RoutineTask], isActive: Bool,
                createdDate: Day, startDate: Day, days: [ArchivedDay], open: [ArchivedDay]) {
        self.slug = slug
        self.name = name
        self.kind = kind
        self.tasks = tasks
        self.isActive = isActive
        self.createdDate = createdDate
        self.startDate = startDate
        self.days = days
        self.open = open
    }
}

/// One day of an archived routine: the 1-based positions of the tasks done.
public struct ArchivedDay: Hashable, Sendable {
    public var date: Day
    public var done: [Int]

    public init(date: Day, done: [Int]) {
        self.date = date
        self.done = done
    }

    init(date: Day, mask: UInt32) {
        self.init(date: date, done: (1...32).filter { mask & (1 << UInt32($0 - 1)) != 0 })
    }

    var mask: UInt32 { done.reduce(0) { $0 | 1 << UInt32($1 - 1) } }
}

/// What an import stores: routines with fresh ids, their records and open days.
public struct Archive: Hashable, Sendable {
    public var routines: [Routine]
    public var records: [DayRecord]
    public var openDays: [Book.OpenDay: UInt32]

    public init(routines: [Routine], records: [DayRecord], openDays: [Book.OpenDay: UInt32]) {
        self.routines = routines
        self.records = records
        self.openDays = openDays
    }
}

extension Book {
    // MARK: - Export (H5)

    /// Every stored routine in data-card order (H1) with its history; `records` are all
    /// Day Records, in any order.
    public func archive(records: [DayRecord]) -> [ArchivedRoutine] {
        var byRoutine: [RoutineID: [DayRecord]] = [:]
        for record in records { byRoutine[record.routineID, default: []].append(record) }
        return routinesByRecency.map { routine in
            let open = openDays.filter { $0.key.routineID == routine.id }
                .map { ArchivedDay(date: $0.key.date, mask: $0.value) }
                .sorted { $0.date < $1.date }
            return ArchivedRoutine(
                slug: routine.slug, name: routine.name, kind: routine.kind, tasks: routine.tasks,
                isActive: routine.isActive, createdDate: routine.createdDate, startDate: routine.startDate,
                days: (byRoutine[routine.id] ?? []).sorted { $0.date < $1.date }.map { ArchivedDay(date: $0.date, mask: $0.doneMask) },
                open: open)
        }
    }

    // MARK: - Import (H5)

    /// Restores an export: into a book without routines, or over everything with `replace`.
    ///
    /// Everything is checked before anything changes (`MorningError.invalidImport`); a
    /// book with routines is refused without `replace` (`MorningError.importRefused`).
    /// Replacing removes what `reset` removes but keeps this machine's settings, so a
    /// reminder already sent today is not sent again. The routines keep the export's
    /// order as their recency, and days that ended since the export are finalized at once.
    public mutating func importArchive(_ archived: [ArchivedRoutine], replace: Bool, today: Day) throws
        -> (routines: Int, records: Int, changes: [Change])
    {
        try Book.validate(archived, today: today)
        guard replace || routines.isEmpty else { throw MorningError.importRefused(routines: routines.count) }
        var archive = Archive(routines: [], records: [], openDays: [:])
        for (index, entry) in archived.enumerated() {
            let id = RoutineID(index + 1)
            let records = entry.days.map {
                DayRecord(routineID: id, date: $0.date, doneMask: $0.mask, taskCount: entry.tasks.count)
            }
            archive.routines.append(Routine(
                id: id, slug: entry.slug, name: entry.name, kind: entry.kind, tasks: entry.tasks,
                isActive: entry.isActive, createdDate: entry.createdDate, startDate: entry.startDate,
                activationSerial: Int64(archived.count - index), lastRecordDate: records.map(\.date).max()))
            archive.records += records
            for day in entry.open where !day.done.isEmpty {
                archive.openDays[OpenDay(routineID: id, date: day.date)] = day.mask
            }
        }
        var changes: [Change] = replace ? [.deleteEverything, .setSettings(settings)] : []
        changes.append(.importEverything(archive))
        self = Book(routines: archive.routines, openDays: archive.openDays, settings: settings,
                    draft: replace ? nil : draft)
        changes += catchUp(today: today)
        return (archive.routines.count, archive.records.count, changes)
    }

    /// The checks of an import: the limits of D1 and D2, one active routine at most,
    /// unique ids, real task positions, and no day after `today`.
    static func validate(_ archived: [ArchivedRoutine], today: Day) throws {
        var slugs: Set<String> = []
        var active: String?
        for (index, entry) in archived.enumerated() {
            func refuse(_ reason: String) -> MorningError {
                .invalidImport(reason: "routine \(index + 1) (\(entry.slug.isEmpty ? entry.name : entry.slug)): \(reason)")
            }
            guard !entry.slug.isEmpty, entry.slug.count <= 64, !entry.slug.contains(where: { $0.isWhitespace }) else {
                throw refuse("an id has 1 to 64 characters and no blanks; \"\(entry.slug)\" does not")
            }
            guard slugs.insert(entry.slug).inserted else { throw refuse("the id \"\(entry.slug)\" is used twice") }
            do {
                try Book.validate(name: entry.name, tasks: entry.tasks)
            } catch MorningError.invalidRoutine(let reason) {
                throw refuse(reason)
            }
            // Positions count tasks in time order (D2): a file in another order would
            // move every ✓ to another task.
            for (a, b) in zip(entry.tasks, entry.tasks.dropFirst()) where b.time < a.time {
                throw refuse("tasks must be in time order; \(b.time) \(b.title) comes after \(a.time) \(a.title)")
            }
            if entry.isActive {
                if let active { throw refuse("only one routine can be active, and \(active) is already") }
                active = entry.slug
            }
            var dates: Set<Day> = []
            for day in entry.days {
                guard dates.insert(day.date).inserted else { throw refuse("the day \(day.date) appears twice") }
                try validate(day, tasks: entry.tasks.count, today: today, refuse)
            }
            let last = entry.days.map(\.date).max()
            for day in entry.open {
                guard entry.isActive else { throw refuse("only the active routine has a day in progress (\(day.date))") }
                guard day.date >= entry.startDate, day.date > (last ?? entry.startDate.previous) else {
                    throw refuse("the day in progress \(day.date) is before the start or already finished")
                }
                guard dates.insert(day.date).inserted else { throw refuse("the day \(day.date) appears twice") }
                try validate(day, tasks: entry.tasks.count, today: today, refuse)
            }
        }
    }

    private static func validate(_ day: ArchivedDay, tasks: Int, today: Day, _ refuse: (String) -> MorningError) throws {
        guard day.date <= today else { throw refuse("the day \(day.date) is after today (\(today))") }
        if let bad = day.done.first(where: { !(1...tasks).contains($0) }) {
            throw refuse("the day \(day.date) marks task \(bad) done, but the routine has tasks 1 to \(tasks)")
        }
        guard Set(day.done).count == day.done.count else {
            throw refuse("the day \(day.date) marks a task done twice")
        }
    }
}
