/// One stored routine as an export holds it: the routine, its tasks, every Day
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
    // MARK: - Export

    /// Every stored routine in data-card order with its history; `records` are all
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

    /// Every stored routine as the next closing of days will leave it, for an export: the
    /// days that ended are finalized, and the days of the active routine a clock that read
    /// later closed are open again, as bmd does before any change and an import does as it
    /// stores. `records` are all Day
    /// Records, in any order. An export is a read and stores nothing; it says what bmd
    /// holds once it catches up, which is what the export imports back to.
    public func archive(records: [DayRecord], today: Day, exists: @escaping (Day) -> Bool) -> [ArchivedRoutine] {
        // On a copy: the closing is only foreseen, never kept.
        var book = self
        let changes = book.closeDays(today: today, exists: exists) { LaterRecords(all: records, today: today) }.changes
        var added: [DayRecord] = []
        var removed: Set<OpenDay> = []
        for change in changes {
            switch change {
            case .finalizeDay(let record): added.append(record)
            case .removeDayRecord(let id, let date): removed.insert(OpenDay(routineID: id, date: date))
            default: break
            }
        }
        let kept = removed.isEmpty ? records : records.filter { !removed.contains(OpenDay(routineID: $0.routineID, date: $0.date)) }
        return book.archive(records: kept + added)
    }

    // MARK: - Import

    /// Restores an export: into a book without routines, or over everything with `replace`.
    ///
    /// Everything is checked before anything changes (`Morning.Error.invalidImport`); a
    /// book with routines is refused without `replace` (`Morning.Error.importRefused`).
    /// Replacing removes what `reset` removes but keeps this machine's settings, so a
    /// reminder already sent today is not sent again. The routines keep the export's
    /// order as their recency, and days that ended since the export are finalized at once,
    /// but for a date the zone skips whole, as bmd's own catch-up does.
    /// Titles are stored trimmed, as every other way in stores them.
    ///
    /// The one rule that closes days: not the book's, which are closed already (`today`),
    /// but those of the book it brings in, which nobody has closed here, so that the book
    /// it leaves is closed as every rule leaves it.
    public mutating func importArchive(_ archived: [ArchivedRoutine], replace: Bool, today closed: Today,
                                       catalog: [CatalogEntry] = Catalog.entries) throws
        -> (routines: Int, records: Int, changes: [Change])
    {
        assertClosed(closed)
        let (today, exists) = (closed.date, closed.exists)
        try Book.validate(archived, today: today, exists: exists, catalog: catalog)
        guard replace || routines.isEmpty else { throw Morning.Error.importRefused(routines: routines.count) }
        var archive = Archive(routines: [], records: [], openDays: [:])
        for (index, entry) in archived.enumerated() {
            let id = RoutineID(index + 1)
            // An empty day on a date this zone skips whole has no day here: it is not stored.
            let records = entry.days.filter { exists($0.date) || !$0.done.isEmpty }.map {
                DayRecord(routineID: id, date: $0.date, doneMask: $0.mask, taskCount: entry.tasks.count)
            }
            let tasks = entry.tasks.map { RoutineTask(time: $0.time, title: $0.title.trimmingWhitespace) }
            archive.routines.append(Routine(
                id: id, slug: entry.slug, name: entry.name.trimmingWhitespace, kind: entry.kind, tasks: tasks,
                isActive: entry.isActive, createdDate: entry.createdDate, startDate: entry.startDate,
                activationSerial: Int64(archived.count - index), lastRecordDate: records.map(\.date).max()))
            archive.records += records
            for day in entry.open where !day.done.isEmpty {
                archive.openDays[OpenDay(routineID: id, date: day.date)] = day.mask
            }
        }
        var changes: [Change] = replace ? [.deleteEverything, .setSettings(settings)] : []
        changes.append(.importEverything(archive))
        let dropsDraft = replace && draft != nil
        self = Book(routines: archive.routines, openDays: archive.openDays, settings: settings,
                    draft: replace ? nil : draft, draftRevision: draftRevision)
        if dropsDraft { changes.append(setDraft(nil)) }
        // An export made while the clock read later than this one does, here or on another
        // machine, is closed as bmd closes its own state.
        changes += closeDays(today: today, exists: exists) { LaterRecords(all: archive.records, today: today) }.changes
        // The records stored: the export's and the days finalized since it, less the days
        // of the active routine opened again because they lie ahead of this clock.
        var stored = archive.records.count
        for change in changes {
            if case .finalizeDay = change { stored += 1 }
            if case .removeDayRecord = change { stored -= 1 }
        }
        return (archive.routines.count, stored, changes)
    }

    /// The earliest date an import may hold. Better Morning was written long after it,
    /// and a date before it is a mistake, not a memory: an active routine started on
    /// 0001-01-01 would have bmd write hundreds of thousands of Day Records at once.
    public static let earliestImportDate = Day(year: 2000, month: 1, day: 1)!

    /// The most routines an import may hold: with it, every reply that lists all routines
    /// (export, data cards, stats) stays well inside the 16 MiB a reply may have.
    public static let importRoutineLimit = Limits.storedRoutines

    /// The most Day Records an import may bring, the days it finalizes at once included:
    /// more than two centuries of mornings (bmd writes one record a day), and few enough
    /// that every export after it fits in one reply (each record is about 40 bytes of it).
    public static let importRecordLimit = 100_000

    /// The checks of an import: the limits of names and tasks, one active routine at most,
    /// unique ids, celebrity routines only from the catalog and custom ones never with a
    /// catalog id, real task positions, and dates that bmd could have written: none
    /// before 2000, a routine created before it starts, no day before the routine was
    /// created, and no check on a date this zone skips whole. Dates after today are taken:
    /// bmd writes them when its clock reads later than the true time, and an export made
    /// then imports once the clock is right.
    static func validate(_ archived: [ArchivedRoutine], today: Day, exists: (Day) -> Bool,
                         catalog: [CatalogEntry] = Catalog.entries) throws {
        guard archived.count <= importRoutineLimit else {
            throw Morning.Error.invalidImport(reason: "it holds \(archived.count) routines; Better Morning keeps at most \(importRoutineLimit)")
        }
        let catalogIDs = Set(catalog.map(\.id))
        // An id that differs from a catalog id only by case would take its name: `activate`
        // finds routines without regard to case.
        let foldedCatalogIDs = Set(catalog.map { TitleText.folded($0.id) })
        var slugs: Set<String> = []
        var active: String?
        var recordCount = 0
        for (index, entry) in archived.enumerated() {
            func refuse(_ reason: String) -> Morning.Error {
                let label = entry.slug.isEmpty || TitleText.problem(in: entry.slug) != nil ? "" : " (\(entry.slug))"
                return .invalidImport(reason: "routine \(index + 1)\(label): \(reason)")
            }
            guard !entry.slug.isEmpty, entry.slug.count <= 64, entry.slug.utf8.count <= 256,
                  !entry.slug.contains(where: { $0.isWhitespace }) else {
                throw refuse("an id has 1 to 64 characters and no blanks; \"\(entry.slug.prefix(80))\" does not")
            }
            if let problem = TitleText.problem(in: entry.slug) { throw refuse("its id is not plain text: \(problem)") }
            guard slugs.insert(TitleText.folded(entry.slug)).inserted else { throw refuse("the id \"\(entry.slug)\" is used twice") }
            switch entry.kind {
            case .celebrity:
                guard catalogIDs.contains(entry.slug) else {
                    throw refuse("it is a celebrity routine, but this Better Morning's catalog has none with the id \"\(entry.slug)\" (`bmctl explore` lists them)")
                }
            case .custom:
                guard !foldedCatalogIDs.contains(TitleText.folded(entry.slug)) else {
                    throw refuse("the id \"\(entry.slug)\" belongs to a celebrity routine of the catalog; a custom routine needs another id")
                }
            }
            do {
                try Book.validate(name: entry.name, tasks: entry.tasks)
            } catch Morning.Error.invalidRoutine(let reason) {
                throw refuse(reason)
            }
            // Positions count tasks in time order: a file in another order would
            // move every ✓ to another task.
            for (a, b) in zip(entry.tasks, entry.tasks.dropFirst()) where b.time < a.time {
                throw refuse("tasks must be in time order; \(b.time) \(b.title) comes after \(a.time) \(a.title)")
            }
            for (field, date) in [("createdDate", entry.createdDate), ("startDate", entry.startDate)] {
                try validate(date, field: field, refuse)
            }
            guard entry.createdDate <= entry.startDate else {
                throw refuse("it starts on \(entry.startDate), before the day it was created (\(entry.createdDate))")
            }
            if entry.isActive {
                if let active { throw refuse("only one routine can be active, and \(active) is already") }
                active = entry.slug
            }
            var dates: Set<Day> = []
            for day in entry.days {
                guard dates.insert(day.date).inserted else { throw refuse("the day \(day.date) appears twice") }
                try validate(day, createdDate: entry.createdDate, tasks: entry.tasks.count, exists: exists, refuse)
            }
            let last = entry.days.map(\.date).max()
            for day in entry.open {
                guard entry.isActive else { throw refuse("only the active routine has a day in progress (\(day.date))") }
                guard day.date >= entry.startDate, day.date > (last ?? entry.startDate.previous) else {
                    throw refuse("the day in progress \(day.date) is before the start or already finished")
                }
                guard dates.insert(day.date).inserted else { throw refuse("the day \(day.date) appears twice") }
                try validate(day, createdDate: entry.createdDate, tasks: entry.tasks.count, exists: exists, refuse)
            }
            recordCount += entry.days.count
            if entry.isActive {
                // The days between the export and today are finalized by the import itself.
                let first = max(entry.startDate, last?.next ?? entry.startDate)
                recordCount += max(0, today.ordinal - first.ordinal)
            }
            guard recordCount <= importRecordLimit else {
                throw Morning.Error.invalidImport(reason: "it would store more than \(importRecordLimit) Day Records, "
                                                 + "the days to finalize since the export included; Better Morning keeps at most that many from one import")
            }
        }
    }

    private static func validate(_ date: Day, field: String, _ refuse: (String) -> Morning.Error) throws {
        guard date >= earliestImportDate else {
            throw refuse("its \(field) \(date) is before \(earliestImportDate); Better Morning holds no dates that early")
        }
    }

    private static func validate(_ day: ArchivedDay, createdDate: Day, tasks: Int, exists: (Day) -> Bool,
                                 _ refuse: (String) -> Morning.Error) throws {
        guard exists(day.date) || day.done.isEmpty else {
            throw refuse("the day \(day.date) has checks, but this time zone skips that date whole: it has no day here")
        }
        guard day.date >= createdDate else {
            throw refuse("the day \(day.date) is before the day the routine was created (\(createdDate))")
        }
        if let bad = day.done.first(where: { !(1...tasks).contains($0) }) {
            throw refuse("the day \(day.date) marks task \(bad) done, but the routine has tasks 1 to \(tasks)")
        }
        guard Set(day.done).count == day.done.count else {
            throw refuse("the day \(day.date) marks a task done twice")
        }
    }
}
