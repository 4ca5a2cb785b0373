/// A stored routine's identity in the state file.
public typealias RoutineID = Int64

/// Whether a routine comes from the shipped catalog or was written by the user.
public typealias RoutineKind = Morning.RoutineType

/// One step of a routine: a title at a time of day.
public struct RoutineTask: Hashable, Sendable {
    public var time: TimeOfDay
    public var title: String

    public init(time: TimeOfDay, title: String) {
        self.time = time
        self.title = title
    }

    public static let titleLimit = Morning.taskTitleLength
}

/// A routine the user has: a celebrity copy made by activation or a saved custom routine.
public struct Routine: Hashable, Sendable {
    public var id: RoutineID
    /// The short name people type: the catalog id for celebrity copies, a slug of the title otherwise.
    public var slug: String
    public var name: String
    public var kind: RoutineKind
    /// Sorted by time; equal times keep the order they were added in. Never edited.
    public var tasks: [RoutineTask]
    public var isActive: Bool
    public var createdDate: Day
    /// The day the current run starts; tomorrow right after activation or restart.
    public var startDate: Day
    /// Grows with each activation, so "most recently active" is an ordering, not a clock.
    public var activationSerial: Int64
    /// The latest day that has a Day Record. Derived from the records; kept so that
    /// catching up never has to scan history.
    public var lastRecordDate: Day?

    public init(id: RoutineID, slug: String, name: String, kind: RoutineKind, tasks: [RoutineTask],
                isActive: Bool, createdDate: Day, startDate: Day, activationSerial: Int64,
                lastRecordDate: Day? = nil) {
        self.id = id
        self.slug = slug
        self.name = name
        self.kind = kind
        self.tasks = Routine.sorted(tasks)
        self.isActive = isActive
        self.createdDate = createdDate
        self.startDate = startDate
        self.activationSerial = activationSerial
        self.lastRecordDate = lastRecordDate
    }

    /// Sorts by time, keeping insertion order among equal times (a stable sort).
    public static func sorted(_ tasks: [RoutineTask]) -> [RoutineTask] {
        tasks.enumerated()
            .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map(\.element)
    }

    /// The first task's time: when the daily reminder fires.
    public var reminderTime: TimeOfDay? { tasks.first?.time }
}
