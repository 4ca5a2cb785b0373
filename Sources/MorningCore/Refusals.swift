import MorningProtocol

// The core refuses a request by throwing the interface's own error (`Morning.Error`,
// generated from the interface file): each refusal is written once, with the fields a
// client needs to say what to do instead. Nothing is changed when one is thrown.
//
// The constructors below take the core's values (days, times of day) where the interface
// carries their text, so rules speak in days and the wire form is written in one place.
extension Morning.Error {
    /// The active routine starts on `startDate`, after today.
    public static func notStarted(routine: String, startDate: Day) -> Self {
        .notStarted(routine: routine, startDate: startDate.description)
    }

    /// Only today can be checked.
    public static func notToday(date: Day, today: Day) -> Self {
        .notToday(date: date.description, today: today.description)
    }

    /// A date outside `earliest … latest`; `ended` when the routine is not active, so its
    /// days end at its last recorded day rather than two weeks ahead.
    public static func dateOutOfRange(date: Day, earliest: Day, latest: Day, ended: Bool? = nil) -> Self {
        .dateOutOfRange(date: date.description, earliest: earliest.description, latest: latest.description, ended: ended)
    }

    /// Today is already finalized for this routine (a clock that went back).
    public static func dayLocked(date: Day) -> Self {
        .dayLocked(date: date.description)
    }
}
