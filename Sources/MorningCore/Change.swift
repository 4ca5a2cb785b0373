/// One durable change, in the order the store must apply it. A request's changes
/// are applied in one transaction or not at all.
public enum Change: Hashable, Sendable {
    case insertRoutine(Routine)
    /// Activation state, creation and start dates and serial; a routine's name and tasks never change.
    case updateRoutine(Routine)
    case deleteRoutine(RoutineID)
    /// The checked tasks of a day that is not finalized yet; an empty mask removes it.
    case setOpenDay(RoutineID, Day, doneMask: UInt32)
    /// Writes the Day Record and drops that day's open checks.
    case finalizeDay(DayRecord)
    /// Removes a Day Record that only a clock running ahead wrote.
    case removeDayRecord(RoutineID, Day)
    case setSettings(Settings)
    /// Removes every routine, record, open day and setting.
    case deleteEverything
    /// Stores the routines, Day Records and open days of an import.
    case importEverything(Archive)
    /// Replaces the draft of a custom routine, or removes it when nil. Each one stored is
    /// one revision of the draft: the store counts them as `Book.draftRevision` does.
    case setDraft(Draft?)
}
