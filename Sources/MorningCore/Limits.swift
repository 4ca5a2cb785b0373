/// The limits the core's rules hold a person to, in one place: a routine's name and
/// tasks, how far ahead its days are shown, how many routines are stored.
public enum Limits {
    public static let nameLength = Morning.routineTitleLength
    public static let taskTitleLength = Morning.taskTitleLength
    public static let taskCount = 1...Morning.taskLimit
    /// How far ahead the day view reaches.
    public static let futureDays = Morning.daysAhead
    /// The most routines Better Morning stores. Far more than anyone keeps, and few
    /// enough that every reply listing them all (export, data cards, stats) stays well
    /// inside the 16 MiB a reply may have.
    public static let storedRoutines = 1_000
}
