/// The user's routines, the checks of days not yet finalized, the settings and the draft:
/// everything bmd keeps but finished history (the Day Records), which only grows and is
/// read on demand.
///
/// Every mutating method applies one rule and returns the durable changes in the order
/// the store must apply them. No rule closes the days that have ended: `closeDays` alone
/// does, and the rules that read days take the `Today` it gives, so they run on a book
/// whose ended days are closed (bmd closes them once per write, before the rule).
/// A method that throws may leave `self` half-changed: callers mutate a copy and keep
/// it only once its changes are stored.
public struct Book: Hashable, Sendable {
    public internal(set) var routines: [Routine]
    /// Checked positions (as a bit mask) of days that are not finalized yet.
    public internal(set) var openDays: [OpenDay: UInt32]
    public internal(set) var settings: Settings
    /// The custom routine being written, if any. Set by the rules in Book+Draft.swift.
    public internal(set) var draft: Draft?
    /// How many times the draft has changed, ever: one more for each `setDraft` change,
    /// so that a change made for a draft the caller saw can be refused once the draft
    /// moved on (another terminal, the window). It outlives the draft itself, so a
    /// draft started after a discard never takes a number an older one had.
    public internal(set) var draftRevision: Int
    /// The clock's timeline now (see `JumpAhead.timelines`), which tells a clock that came
    /// back from a jump ahead from one that is wrong in another way. bmd sets it before it
    /// closes days; it is not stored. Nil where the time that passed is unknown.
    public var clockTimeline: Double?

    public struct OpenDay: Hashable, Sendable {
        public var routineID: RoutineID
        public var date: Day
        public init(routineID: RoutineID, date: Day) {
            self.routineID = routineID
            self.date = date
        }
    }

    /// Two books are one when they hold the same: the clock's timeline is bmd's reading of
    /// its clock, not anything the book holds.
    public static func == (a: Book, b: Book) -> Bool {
        a.routines == b.routines && a.openDays == b.openDays && a.settings == b.settings && a.draft == b.draft
            && a.draftRevision == b.draftRevision
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(routines)
        hasher.combine(openDays)
        hasher.combine(settings)
        hasher.combine(draft)
        hasher.combine(draftRevision)
    }

    public init(routines: [Routine] = [], openDays: [OpenDay: UInt32] = [:], settings: Settings = Settings(),
                draft: Draft? = nil, draftRevision: Int = 0) {
        self.routines = routines
        self.openDays = openDays
        self.settings = settings
        self.draft = draft
        self.draftRevision = draftRevision
    }

    // MARK: - Reading

    public var active: Routine? { routines.first(where: \.isActive) }

    public func routine(id: RoutineID) -> Routine? { routines.first { $0.id == id } }

    /// Where the active routine stands today (status `phase`).
    public typealias Phase = Morning.Phase

    public func phase(today: Day) -> Phase {
        guard let active else { return .none }
        return active.startDate <= today ? .running : .waiting
    }

    /// The checked positions of a day that is not finalized.
    public func checks(of routineID: RoutineID, on date: Day) -> UInt32 {
        openDays[OpenDay(routineID: routineID, date: date)] ?? 0
    }

    /// Stored routines for the data cards: the active one first, then the most
    /// recently active first.
    public var routinesByRecency: [Routine] {
        routines.sorted { a, b in
            if a.isActive != b.isActive { return a.isActive }
            return a.activationSerial > b.activationSerial
        }
    }

    // MARK: - Day rollover

    /// Finalizes every finished day of the active routine that has no record yet:
    /// days it never saw end with every task ✗. Idempotent. Called only by `closeDays`.
    /// A date the zone skips entirely (`exists` false) has no day and gets no record.
    mutating func finalizeEnded(today: Day, exists: (Day) -> Bool, into changes: inout [Change]) {
        guard let index = routines.firstIndex(where: \.isActive) else { return }
        let routine = routines[index]
        var day = max(routine.startDate, routine.lastRecordDate?.next ?? routine.startDate)
        while day < today {
            if exists(day) { finalize(index, day, into: &changes) }
            day = day.next
        }
    }

    /// Writes the Day Record of one day: ✓ stay, everything else becomes ✗.
    @discardableResult
    private mutating func finalize(_ index: Int, _ date: Day, into changes: inout [Change]) -> DayRecord {
        let routine = routines[index]
        let key = OpenDay(routineID: routine.id, date: date)
        let record = DayRecord(routineID: routine.id, date: date,
                               doneMask: openDays[key] ?? 0, taskCount: routine.tasks.count)
        openDays[key] = nil
        routines[index].lastRecordDate = max(date, routine.lastRecordDate ?? date)
        changes.append(.finalizeDay(record))
        return record
    }

    /// Finalizes today for the routine at `index` if it runs today and is still open,
    /// then every day ahead of the clock that holds checks.
    ///
    /// Days ahead of the clock: when the local date goes back (a flight west over the
    /// date line, a clock set back), days the routine already began lie after today. A
    /// routine that stops ends them too, with what was checked on them,
    /// so that every day is finalized exactly once and none stays open on a routine that
    /// no longer runs. A day ahead that holds no check left no trace and gets no record.
    private mutating func finalizeTodayIfRunning(_ index: Int, today: Day, stopping: Bool = true,
                                                 into changes: inout [Change]) -> DayRecord? {
        let routine = routines[index]
        var finalized: DayRecord?
        if routine.startDate <= today, (routine.lastRecordDate ?? routine.startDate.previous) < today {
            finalized = finalize(index, today, into: &changes)
        }
        // A run started over from tomorrow takes the days ahead in, checks and all.
        guard stopping else { return finalized }
        let ahead = openDays.keys.filter { $0.routineID == routine.id && $0.date > today }.map(\.date).sorted()
        for date in ahead { finalize(index, date, into: &changes) }
        return finalized
    }

    /// The day a run started now begins: tomorrow, counted from the clock as it is now.
    ///
    /// Days of the routine that lie ahead of the clock (it ran ahead, or the date went
    /// back) do not push the start after them: their records are opened again for the
    /// new run as it starts (`reopenNewRun`), so no day is finalized twice.
    private func nextStart(of routine: Routine, today: Day) -> Day {
        today.next
    }

    // MARK: - Activation, switching and restart

    /// What an activation did: the routine as it now stands, the day it finalized for
    /// the routine that was running, and the changes to store.
    public struct Activation: Sendable {
        public var routine: Routine
        public var previous: Routine?
        public var finalized: DayRecord?
        public var changes: [Change]
    }

    /// Activates a catalog or stored routine from tomorrow, finalizing today for
    /// the one that was running first. The running one itself is refused.
    ///
    /// `later` is what the store holds from today on, the closing of today's days
    /// included, read only when a stored routine holds days in the run it starts.
    public mutating func activate(_ query: String, today: Today, catalog: [CatalogEntry] = Catalog.entries,
                                  later: () throws -> LaterRecords) throws -> Activation {
        assertClosed(today)
        switch try resolveActivatable(query, catalog: catalog) {
        case .stored(let routine):
            if routine.isActive { throw Morning.Error.alreadyActive(routine: routine.name) }
            return try switchTo(routine.id, today: today.date, later: later)
        case .catalog(let entry):
            try refuseWhenFull()
            let routine = Routine(id: nextRoutineID, slug: entry.id, name: entry.name, kind: .celebrity,
                                  tasks: entry.tasks, isActive: false, createdDate: today.date,
                                  startDate: today.date.next, activationSerial: 0)
            return insertAndSwitch(routine, today: today.date)
        }
    }

    /// Starts a stored routine over from tomorrow, keeping all of its history. `later`
    /// is read as `activate` reads it.
    public mutating func restart(_ query: String, today: Today, catalog: [CatalogEntry] = Catalog.entries,
                                 later: () throws -> LaterRecords) throws -> Activation {
        assertClosed(today)
        let routine = try resolveStored(query, catalog: catalog)
        return try switchTo(routine.id, today: today.date, later: later)
    }

    /// Saves a new custom routine and activates it from tomorrow.
    public mutating func saveCustom(name: String, tasks: [RoutineTask], today: Today,
                                    catalog: [CatalogEntry] = Catalog.entries) throws -> Activation {
        assertClosed(today)
        try Book.validate(name: name, tasks: tasks)
        try refuseWhenFull()
        let routine = Routine(id: nextRoutineID, slug: uniqueSlug(for: name, catalog: catalog), name: name,
                              kind: .custom, tasks: tasks, isActive: false, createdDate: today.date,
                              startDate: today.date.next, activationSerial: 0)
        return insertAndSwitch(routine, today: today.date)
    }

    /// Refuses a new stored routine once `Limits.storedRoutines` are kept.
    private func refuseWhenFull() throws {
        guard routines.count < Limits.storedRoutines else {
            throw Morning.Error.invalidRoutine(reason: "Better Morning keeps at most \(Limits.storedRoutines) routines; "
                                              + "delete one you no longer need (`bmctl delete NAME`) to make room")
        }
    }

    private mutating func insertAndSwitch(_ routine: Routine, today: Day) -> Activation {
        var changes: [Change] = []
        var (previous, finalized) = (Routine?.none, DayRecord?.none)
        if let current = routines.firstIndex(where: \.isActive) {
            (previous, finalized) = deactivate(current, today: today, into: &changes)
        }
        var routine = routine
        routine.isActive = true
        routine.startDate = today.next
        routine.activationSerial = nextSerial
        routines.append(routine)
        changes.append(.insertRoutine(routine))
        return Activation(routine: routine, previous: previous, finalized: finalized, changes: changes)
    }

    private mutating func switchTo(_ id: RoutineID, today: Day, later: () throws -> LaterRecords) rethrows -> Activation {
        var changes: [Change] = []
        var (previous, finalized) = (Routine?.none, DayRecord?.none)
        if let current = routines.firstIndex(where: \.isActive) {
            if routines[current].id == id {
                // Restarting the running routine: today ends for it first.
                finalized = finalizeTodayIfRunning(current, today: today, stopping: false, into: &changes)
            } else {
                (previous, finalized) = deactivate(current, today: today, into: &changes)
            }
        }
        let index = routines.firstIndex { $0.id == id }!
        routines[index].isActive = true
        routines[index].startDate = nextStart(of: routines[index], today: today)
        // A routine made while the clock read later than now was not made after the run it
        // starts: only then does its creation date move, to the run's first day.
        routines[index].createdDate = min(routines[index].createdDate, routines[index].startDate)
        routines[index].activationSerial = nextSerial
        changes.append(.updateRoutine(routines[index]))
        try reopenNewRun(index, today: today, later: later, changes: &changes)
        return Activation(routine: routines[index], previous: previous, finalized: finalized, changes: changes)
    }

    /// Ends the running routine: today is finalized for it, then it stops.
    private mutating func deactivate(_ index: Int, today: Day, into changes: inout [Change]) -> (Routine, DayRecord?) {
        let finalized = finalizeTodayIfRunning(index, today: today, into: &changes)
        routines[index].isActive = false
        changes.append(.updateRoutine(routines[index]))
        return (routines[index], finalized)
    }

    // MARK: - Delete and reset

    /// Removes a stored routine with its records and checks. If it was active, none is.
    public mutating func delete(_ query: String, today: Today,
                                catalog: [CatalogEntry] = Catalog.entries) throws -> (Routine, [Change]) {
        assertClosed(today)
        let routine = try resolveStored(query, catalog: catalog)
        routines.removeAll { $0.id == routine.id }
        openDays = openDays.filter { $0.key.routineID != routine.id }
        return (routine, [.deleteRoutine(routine.id)])
    }

    /// Forgets every routine, record, check, setting and the draft; the welcome shows again.
    public mutating func reset() -> [Change] {
        let dropsDraft = draft != nil
        self = Book(draftRevision: draftRevision)
        // The draft goes too: a change to it is one more revision, so a window that still
        // shows the old draft cannot title or save a new one in its name.
        return [.deleteEverything] + (dropsDraft ? [setDraft(nil)] : [])
    }

    // MARK: - The day

    /// Marks a task of today ✓ (`done`) or untouched again. Returns its 1-based
    /// position and whether anything changed.
    public mutating func check(_ taskQuery: String, done: Bool,
                               today closed: Today) throws -> (position: Int, changed: Bool, changes: [Change]) {
        assertClosed(closed)
        let today = closed.date
        var changes: [Change] = []
        let routine = try runningRoutine(today: today)
        let position = try Book.resolveTask(taskQuery, in: routine.tasks)
        let key = OpenDay(routineID: routine.id, date: today)
        let old = openDays[key] ?? 0
        let bit = UInt32(1) << UInt32(position - 1)
        let new = done ? old | bit : old & ~bit
        if new != old {
            openDays[key] = new == 0 ? nil : new
            changes.append(.setOpenDay(routine.id, today, doneMask: new))
        }
        return (position, new != old, changes)
    }

    /// The active routine if today is one of its open days, or why not.
    public func runningRoutine(today: Day) throws -> Routine {
        guard let routine = active else { throw Morning.Error.noActiveRoutine }
        guard routine.startDate <= today else {
            throw Morning.Error.notStarted(routine: routine.name, startDate: routine.startDate)
        }
        if let last = routine.lastRecordDate, last >= today { throw Morning.Error.dayLocked(date: today) }
        return routine
    }

    // MARK: - Settings

    public mutating func setNotifications(_ enabled: Bool) -> [Change] {
        settings.notificationsEnabled = enabled
        return [.setSettings(settings)]
    }

    public mutating func setReminderSound(_ on: Bool) -> [Change] {
        settings.reminderSound = on
        return [.setSettings(settings)]
    }

    public mutating func setKeepReminderOnScreen(_ on: Bool) -> [Change] {
        settings.keepReminderOnScreen = on
        return [.setSettings(settings)]
    }

    /// Records that `day`'s reminder went out, before it is sent: never two for one date.
    /// The date kept only grows, so a clock set back never sends an earlier date's again.
    public mutating func markReminderSent(on day: Day) -> [Change] {
        settings.reminderFiredOn = max(day, settings.reminderFiredOn ?? day)
        settings.reminderFiredTimeline = clockTimeline
        return [.setSettings(settings)]
    }

    /// Remembers the reminder's popup on screen, or that none is (nil).
    public mutating func rememberPopup(_ popup: ReminderPopup?) -> [Change] {
        guard settings.reminderPopup != popup else { return [] }
        settings.reminderPopup = popup
        return [.setSettings(settings)]
    }

    public mutating func markWelcomeShown() -> [Change] {
        guard !settings.welcomeShown else { return [] }
        settings.welcomeShown = true
        return [.setSettings(settings)]
    }

    // MARK: - Identity

    private var nextRoutineID: RoutineID { (routines.map(\.id).max() ?? 0) + 1 }
    private var nextSerial: Int64 { (routines.map(\.activationSerial).max() ?? 0) + 1 }

    /// A short id for a custom routine: its title with case set aside and hyphens, made
    /// unique against the catalog and the stored routines. Case is set aside the way names
    /// are matched (`TitleText.folded`), so that no two ids are one name to bmctl: a
    /// "Franklın" gets an id of its own beside the catalog's "franklin", and "Straße"
    /// and "Strasse" get "strasse" and "strasse-2".
    func uniqueSlug(for name: String, catalog: [CatalogEntry]) -> String {
        var base = ""
        for ch in TitleText.folded(name) {
            if ch.isLetter || ch.isNumber {
                base.append(ch)
            } else if !base.isEmpty, base.last != "-" {
                base.append("-")
            }
        }
        while base.hasSuffix("-") { base.removeLast() }
        if base.isEmpty { base = "routine" }
        let taken = Set((routines.map(\.slug) + catalog.map(\.id)).map { TitleText.folded($0) })
        var slug = base, n = 2
        while taken.contains(slug) {
            slug = "\(base)-\(n)"
            n += 1
        }
        return slug
    }

    /// Gives a new id to each custom routine whose id is, with case set aside, the id of
    /// a catalog entry or of a routine stored before it. Older builds made ids with plain
    /// lower case, so a state may hold "straße" beside "strasse", or "franklın" beside
    /// the catalog's "franklin": neither could be named, nor their export imported.
    public mutating func distinctIDs(catalog: [CatalogEntry] = Catalog.entries) -> [Change] {
        var taken = Set(catalog.map { TitleText.folded($0.id) })
        var changes: [Change] = []
        for index in routines.indices.sorted(by: { routines[$0].id < routines[$1].id }) {
            let routine = routines[index]
            let folded = TitleText.folded(routine.slug)
            if routine.kind == .celebrity || taken.insert(folded).inserted { continue }
            routines[index].slug = uniqueSlug(for: routine.name, catalog: catalog)
            taken.insert(TitleText.folded(routines[index].slug))
            changes.append(.updateRoutine(routines[index]))
        }
        return changes
    }

    /// The limits of a name and tasks, for a routine about to be saved.
    public static func validate(name: String, tasks: [RoutineTask]) throws {
        try validate(name: name)
        guard !tasks.isEmpty else {
            throw Morning.Error.invalidRoutine(reason: "a routine needs at least one task")
        }
        guard tasks.count <= Limits.taskCount.upperBound else {
            throw Morning.Error.invalidRoutine(reason: "a routine has at most \(Limits.taskCount.upperBound) tasks; this one has \(tasks.count)")
        }
        for task in tasks { try validate(taskTitle: task.title) }
    }

    /// The limit of a routine's title: `Limits.nameLength` characters of plain text, leading and
    /// trailing blanks aside (every way in stores it trimmed).
    public static func validate(name: String) throws {
        if let problem = TitleText.problem(in: name) {
            throw Morning.Error.invalidRoutine(reason: "a routine's title is plain text; this one cannot be stored: \(problem)")
        }
        let trimmed = name.trimmingWhitespace
        guard Limits.nameLength.contains(trimmed.count) else {
            throw Morning.Error.invalidRoutine(reason: "a routine's title has \(Limits.nameLength.lowerBound) to \(Limits.nameLength.upperBound) characters; "
                + TitleText.lengthVerdict(name, trimmedCount: trimmed.count, limit: Limits.nameLength.upperBound))
        }
        guard TitleText.fitsBytes(trimmed, characters: Limits.nameLength.upperBound) else {
            throw Morning.Error.invalidRoutine(reason: "a routine's title takes at most \(4 * Limits.nameLength.upperBound) bytes; "
                + "this one takes \(trimmed.utf8.count): its characters carry too many accents or marks")
        }
    }

    /// The limit of a task's title: `Limits.taskTitleLength` characters of plain text, leading and
    /// trailing blanks aside (every way in stores it trimmed).
    public static func validate(taskTitle title: String) throws {
        if let problem = TitleText.problem(in: title) {
            throw Morning.Error.invalidRoutine(reason: "a task's title is plain text; this one cannot be stored: \(problem)")
        }
        let trimmed = title.trimmingWhitespace
        guard Limits.taskTitleLength.contains(trimmed.count) else {
            throw Morning.Error.invalidRoutine(reason: "a task's title has \(Limits.taskTitleLength.lowerBound) to \(Limits.taskTitleLength.upperBound) characters; "
                + TitleText.lengthVerdict(title, trimmedCount: trimmed.count, limit: Limits.taskTitleLength.upperBound))
        }
        guard TitleText.fitsBytes(trimmed, characters: Limits.taskTitleLength.upperBound) else {
            throw Morning.Error.invalidRoutine(reason: "a task's title takes at most \(4 * Limits.taskTitleLength.upperBound) bytes; "
                + "this one takes \(trimmed.utf8.count): its characters carry too many accents or marks")
        }
    }
}

extension String {
    var trimmingWhitespace: String {
        var s = Substring(self)
        while s.first?.isWhitespace == true { s.removeFirst() }
        while s.last?.isWhitespace == true { s.removeLast() }
        return String(s)
    }
}
