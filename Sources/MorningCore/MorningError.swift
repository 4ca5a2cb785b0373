/// Why a request was refused. Each case names a rule of docs/product.md and carries
/// what the client needs to say what to do instead. Nothing is changed when one is thrown.
public enum MorningError: Error, Hashable, Sendable {
    case noActiveRoutine
    /// The active routine starts on `startDate`, after today (A1).
    case notStarted(routine: String, startDate: Day)
    /// Activating the routine that already runs (A3).
    case alreadyActive(routine: String)
    case routineNotFound(query: String)
    case ambiguousRoutine(query: String, candidates: [String])
    /// A catalog routine that was never activated has no stored copy to restart or delete.
    case notStored(routine: String, id: String)
    case taskNotFound(query: String, total: Int)
    case ambiguousTask(query: String, candidates: [String])
    /// Only today can be checked (T1, T2).
    case notToday(date: Day, today: Day)
    /// Outside `earliest … latest` (T2).
    case dateOutOfRange(date: Day, earliest: Day, latest: Day)
    /// Outside `earliest … latest` of a routine that is not active: its start to its last recorded day.
    case dateOutOfEndedRange(date: Day, earliest: Day, latest: Day)
    /// Today is already finalized for this routine (a clock that went back).
    case dayLocked(date: Day)
    case invalidDate(text: String)
    /// A custom routine that breaks a limit of C3.
    case invalidRoutine(reason: String)
    /// An import over `routines` stored routines without `--replace` (H5).
    case importRefused(routines: Int)
    /// An export file that breaks a limit of D1/D2 or does not hold together (H5).
    case invalidImport(reason: String)
    /// A time that cannot be read, or is off the five-minute grid (D2); then `earlier`
    /// and `later` are the nearest grid times (`later` is nil after 23:55).
    case invalidTime(text: String, earlier: TimeOfDay?, later: TimeOfDay?)
    /// The draft already holds the most tasks a routine may have (C3).
    case draftFull(limit: Int)
    /// Saving with no draft at all.
    case noDraft
    /// No task of the draft is at this 1-based position.
    case noDraftTask(position: Int, total: Int)
    /// A routine file that breaks its format or a limit of C3 on `line` (1-based).
    case routineFile(line: Int, reason: String)
}
