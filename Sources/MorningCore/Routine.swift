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

/// The limits of a routine's name and tasks, in one place.
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

/// What happened to each task on one finished day.
public struct DayRecord: Hashable, Sendable {
    public var routineID: RoutineID
    public var date: Day
    /// Bit `p - 1` is set when task `p` (1-based) was done.
    public var doneMask: UInt32
    public var taskCount: Int

    public init(routineID: RoutineID, date: Day, doneMask: UInt32, taskCount: Int) {
        self.routineID = routineID
        self.date = date
        self.doneMask = doneMask
        self.taskCount = taskCount
    }

    public var completed: Int { doneMask.nonzeroBitCount }

    public func isDone(position: Int) -> Bool { doneMask & (1 << UInt32(position - 1)) != 0 }
}

/// The user's settings (reset clears them).
public struct Settings: Hashable, Sendable {
    public var notificationsEnabled: Bool
    /// Whether the reminder asks the notification server for the alarm sound.
    public var reminderSound: Bool
    /// Whether the reminder stays on screen until acted on where the server would take
    /// an ordinary notification away after a few seconds (GNOME Shell).
    public var keepReminderOnScreen: Bool
    public var welcomeShown: Bool
    /// The day whose reminder has been sent, so that a restart never sends it twice.
    public var reminderFiredOn: Day?
    /// The reminder's popup on screen, so that a restarted daemon can still close it and
    /// answer its buttons; nil when none is.
    public var reminderPopup: ReminderPopup?
    /// The latest date the clock has read while days were closed: a clock that reads an
    /// earlier one is behind now, or was ahead then.
    public var latestToday: Day?
    /// The jumps of the clock ahead past every date it had read (a step of the wall
    /// clock, not time passing) that may still be taken back, oldest first: what was
    /// written on the dates after one began is taken back if the clock comes back to what
    /// it read before it. Empty once a later date came as time passes.
    public var jumpsAhead: [JumpAhead]
    /// The clock's timeline (`JumpAhead.timelines`) when the reminder of `reminderFiredOn`
    /// went out; nil where unknown.
    public var reminderFiredTimeline: Double?
    /// A reminder forgotten with a jump ahead the clock came back from: its date, and the
    /// timeline it went out on. A clock on that timeline again (the same step once more)
    /// reads what it read then, and that date's reminder does not go out twice.
    public var reminderForgotten: ForgottenReminder?

    /// Where the oldest outstanding jump ahead began, nil when none is.
    public var aheadFrom: Day? { jumpsAhead.first?.from }

    public init(notificationsEnabled: Bool = true, reminderSound: Bool = true, keepReminderOnScreen: Bool = true,
                welcomeShown: Bool = false,
                reminderFiredOn: Day? = nil, reminderPopup: ReminderPopup? = nil,
                latestToday: Day? = nil, jumpsAhead: [JumpAhead] = []) {
        self.latestToday = latestToday
        self.jumpsAhead = jumpsAhead
        self.notificationsEnabled = notificationsEnabled
        self.reminderSound = reminderSound
        self.keepReminderOnScreen = keepReminderOnScreen
        self.welcomeShown = welcomeShown
        self.reminderFiredOn = reminderFiredOn
        self.reminderPopup = reminderPopup
    }
}

/// A reminder sent while the clock had jumped ahead, forgotten when it came back.
public struct ForgottenReminder: Hashable, Sendable {
    public var day: Day
    public var timeline: Double

    /// How close to `timeline` the clock must read to be the same step once more: tighter
    /// than `JumpAhead.sameTimeline`, as a clock stepped by hand to the real morning may
    /// land minutes from where the mistaken step had put it, and that morning is real.
    public static let sameStep: Double = 60

    public init(day: Day, timeline: Double) {
        self.day = day
        self.timeline = timeline
    }
}

/// A jump of the wall clock ahead, past every date it had read, that may still be taken back.
public struct JumpAhead: Hashable, Sendable {
    /// The latest date the clock had read when it jumped.
    public var from: Day
    /// The date whose reminder had been sent then: a reminder sent while the clock read
    /// later is forgotten with the jump.
    public var reminderFiredBefore: Day?
    /// The clock's timelines on which it read `from`: each is the wall clock's reading, in
    /// seconds since 1970, at the instant the time that really passed (bmd's
    /// CLOCK_BOOTTIME) was zero. A clock that reads one of them again (within
    /// `JumpAhead.sameTimeline`) reads what it would have read had it never jumped: it has
    /// come back. A clock on another one is wrong in another way, behind perhaps, and
    /// takes nothing back. Empty where the time that passed is unknown (a jump an older
    /// bmd noted): such a jump is taken back only by a rule run without bmd's clock.
    public var timelines: [Double]

    /// How far apart two readings of the clock may be and still be one timeline: more than
    /// a clock set right by hand misses by, less than any step a person would call wrong.
    public static let sameTimeline: Double = 15 * 60

    /// How many timelines a jump keeps: the clock read its date on this many, at most,
    /// before the oldest is dropped.
    public static let timelinesKept = 8

    public init(from: Day, reminderFiredBefore: Day?, timelines: [Double]) {
        self.from = from
        self.reminderFiredBefore = reminderFiredBefore
        self.timelines = timelines
    }

    /// Whether `timeline` is one the clock read `from` on.
    public func isOn(_ timeline: Double) -> Bool {
        timelines.contains { abs($0 - timeline) <= JumpAhead.sameTimeline }
    }
}

/// A reminder's popup as the notification server showed it: the morning it announces,
/// the id the server gave it, and the server's unique bus name (ids are the server's own,
/// and a server started anew numbers from 1 again).
public struct ReminderPopup: Hashable, Sendable {
    public var day: Day
    public var id: UInt32
    public var server: String
    /// The session bus it was shown on (its GUID): after a logout and login a new bus's
    /// server may have the same unique name and number its own notifications from 1
    /// again. Nil for a popup an older bmd remembered without it.
    public var bus: String?

    public init(day: Day, id: UInt32, server: String, bus: String? = nil) {
        self.day = day
        self.id = id
        self.server = server
        self.bus = bus
    }
}

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
