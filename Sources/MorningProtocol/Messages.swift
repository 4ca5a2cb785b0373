/// The parameters and replies of org.bettermorning.Morning, one type per varlink type
/// or method (see org.bettermorning.Morning.varlink, which these must match).
public enum Morning {
    public static let interface = "org.bettermorning.Morning"

    public enum RoutineType: String, Codable, Sendable, Hashable { case celebrity, custom }
    public enum Phase: String, Codable, Sendable, Hashable { case none, waiting, running }
    public enum DayMode: String, Codable, Sendable, Hashable { case today, past, future }
    public enum TaskState: String, Codable, Sendable, Hashable { case done, missed, untouched, upcoming }

    public struct TaskTime: Codable, Sendable, Hashable {
        public var time: String
        public var title: String
        public init(time: String, title: String) { self.time = time; self.title = title }
    }

    public struct CatalogRoutine: Codable, Sendable, Hashable {
        public var id: String
        public var name: String
        public var bio: String
        public var source: String
        public var tasks: [TaskTime]
        public init(id: String, name: String, bio: String, source: String, tasks: [TaskTime]) {
            self.id = id; self.name = name; self.bio = bio; self.source = source; self.tasks = tasks
        }
    }

    public struct RoutineInfo: Codable, Sendable, Hashable {
        public var id: String
        public var name: String
        public var type: RoutineType
        public var active: Bool
        public var createdDate: String
        public var startDate: String
        public var tasks: [TaskTime]
        public init(id: String, name: String, type: RoutineType, active: Bool, createdDate: String,
                    startDate: String, tasks: [TaskTime]) {
            self.id = id; self.name = name; self.type = type; self.active = active
            self.createdDate = createdDate; self.startDate = startDate; self.tasks = tasks
        }
    }

    public struct Progress: Codable, Sendable, Hashable {
        public var date: String
        public var completed: Int
        public var total: Int
        public init(date: String, completed: Int, total: Int) {
            self.date = date; self.completed = completed; self.total = total
        }
    }

    public struct Notifications: Codable, Sendable, Hashable {
        public var enabled: Bool
        public var available: Bool
        public init(enabled: Bool, available: Bool) { self.enabled = enabled; self.available = available }
    }

    public struct DayTask: Codable, Sendable, Hashable {
        public var position: Int
        public var time: String
        public var title: String
        public var state: TaskState
        public init(position: Int, time: String, title: String, state: TaskState) {
            self.position = position; self.time = time; self.title = title; self.state = state
        }
    }

    public struct WeekDay: Codable, Sendable, Hashable {
        public var date: String
        @Nullable public var completed: Int?
        public init(date: String, completed: Int?) { self.date = date; self.completed = completed }
    }

    /// A week chart; also the reply of `Week`.
    public struct WeekChart: Codable, Sendable, Hashable {
        public var routine: String
        public var routineId: String
        public var total: Int
        public var weekStart: String
        public var today: String
        public var days: [WeekDay]
        public init(routine: String, routineId: String, total: Int, weekStart: String, today: String, days: [WeekDay]) {
            self.routine = routine; self.routineId = routineId; self.total = total
            self.weekStart = weekStart; self.today = today; self.days = days
        }
    }

    public struct Card: Codable, Sendable, Hashable {
        public var routine: String
        public var routineId: String
        public var type: RoutineType
        public var active: Bool
        public var week: WeekChart
        public init(routine: String, routineId: String, type: RoutineType, active: Bool, week: WeekChart) {
            self.routine = routine; self.routineId = routineId; self.type = type; self.active = active; self.week = week
        }
    }

    // MARK: Methods

    public struct Status: Codable, Sendable, Hashable {
        public var phase: Phase
        public var date: String
        @Nullable public var routine: RoutineInfo?
        @Nullable public var today: Progress?
        @Nullable public var currentTask: DayTask?
        @Nullable public var nextTask: DayTask?
        public var behind: Int
        @Nullable public var nextReminder: String?
        public var notifications: Notifications
        public init(phase: Phase, date: String, routine: RoutineInfo?, today: Progress?, currentTask: DayTask?,
                    nextTask: DayTask?, behind: Int, nextReminder: String?, notifications: Notifications) {
            self.phase = phase; self.date = date; self.routine = routine; self.today = today
            self.currentTask = currentTask; self.nextTask = nextTask; self.behind = behind
            self.nextReminder = nextReminder; self.notifications = notifications
        }
    }

    public struct ExploreParameters: Codable, Sendable, Hashable {
        public var name: String?
        public init(name: String? = nil) { self.name = name }
    }

    public struct ExploreReply: Codable, Sendable, Hashable {
        public var routines: [CatalogRoutine]
        public init(routines: [CatalogRoutine]) { self.routines = routines }
    }

    /// Parameters of `Activate`, `Restart` and `Delete`.
    public struct RoutineParameters: Codable, Sendable, Hashable {
        public var routine: String
        public init(routine: String) { self.routine = routine }
    }

    /// Reply of `Activate` and `Restart`.
    public struct ActivationReply: Codable, Sendable, Hashable {
        public var routine: RoutineInfo
        @Nullable public var previous: RoutineInfo?
        @Nullable public var finalized: Progress?
        public init(routine: RoutineInfo, previous: RoutineInfo?, finalized: Progress?) {
            self.routine = routine; self.previous = previous; self.finalized = finalized
        }
    }

    public struct DeleteReply: Codable, Sendable, Hashable {
        public var routine: RoutineInfo
        public var records: Int
        public init(routine: RoutineInfo, records: Int) { self.routine = routine; self.records = records }
    }

    public struct DayParameters: Codable, Sendable, Hashable {
        public var date: String?
        public init(date: String? = nil) { self.date = date }
    }

    public struct DayReply: Codable, Sendable, Hashable {
        public var date: String
        public var routine: String
        public var routineId: String
        public var mode: DayMode
        public var completed: Int
        public var total: Int
        public var tasks: [DayTask]
        public init(date: String, routine: String, routineId: String, mode: DayMode, completed: Int, total: Int, tasks: [DayTask]) {
            self.date = date; self.routine = routine; self.routineId = routineId; self.mode = mode
            self.completed = completed; self.total = total; self.tasks = tasks
        }
    }

    /// Parameters of `Check` and `Uncheck`.
    public struct TaskParameters: Codable, Sendable, Hashable {
        public var task: String
        public var date: String?
        public init(task: String, date: String? = nil) { self.task = task; self.date = date }
    }

    public struct CheckReply: Codable, Sendable, Hashable {
        public var task: DayTask
        public var changed: Bool
        public var completed: Int
        public var total: Int
        public init(task: DayTask, changed: Bool, completed: Int, total: Int) {
            self.task = task; self.changed = changed; self.completed = completed; self.total = total
        }
    }

    public struct NotificationsParameters: Codable, Sendable, Hashable {
        public var enabled: Bool
        public init(enabled: Bool) { self.enabled = enabled }
    }

    public struct NotificationsReply: Codable, Sendable, Hashable {
        public var notifications: Notifications
        public init(notifications: Notifications) { self.notifications = notifications }
    }

    public struct WelcomeParameters: Codable, Sendable, Hashable {
        public var take: Bool
        public init(take: Bool) { self.take = take }
    }

    public struct WelcomeReply: Codable, Sendable, Hashable {
        public var pending: Bool
        public init(pending: Bool) { self.pending = pending }
    }

    public struct ReloadReply: Codable, Sendable, Hashable {
        @Nullable public var nextReminder: String?
        public var nextMidnight: String
        public init(nextReminder: String?, nextMidnight: String) {
            self.nextReminder = nextReminder; self.nextMidnight = nextMidnight
        }
    }

    public struct WeekParameters: Codable, Sendable, Hashable {
        public var routine: String?
        public var date: String?
        public var offset: Int?
        public var locale: String?
        public init(routine: String? = nil, date: String? = nil, offset: Int? = nil, locale: String? = nil) {
            self.routine = routine; self.date = date; self.offset = offset; self.locale = locale
        }

        /// The most weeks `offset` may move, either way (about 190 years). A larger one is
        /// an invalid parameter: no routine has a week there, and days that far out
        /// overflow the arithmetic on day numbers.
        public static let offsetLimit = 10_000

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            routine = try c.decodeIfPresent(String.self, forKey: .routine)
            date = try c.decodeIfPresent(String.self, forKey: .date)
            offset = try c.decodeIfPresent(Int.self, forKey: .offset)
            locale = try c.decodeIfPresent(String.self, forKey: .locale)
            if let offset, !(-Self.offsetLimit...Self.offsetLimit).contains(offset) {
                throw DecodingError.dataCorruptedError(forKey: .offset, in: c,
                                                       debugDescription: "more than \(Self.offsetLimit) weeks away")
            }
        }
    }

    public struct DataParameters: Codable, Sendable, Hashable {
        public var locale: String?
        public init(locale: String? = nil) { self.locale = locale }
    }

    public struct DataReply: Codable, Sendable, Hashable {
        public var cards: [Card]
        public init(cards: [Card]) { self.cards = cards }
    }

    /// The union of every error's parameters, for clients that read any error.
    public struct ErrorParameters: Codable, Sendable, Hashable {
        public var routine: String?
        public var startDate: String?
        public var query: String?
        public var candidates: [String]?
        public var id: String?
        public var total: Int?
        public var date: String?
        public var today: String?
        public var earliest: String?
        public var latest: String?
        public var text: String?
        public var reason: String?
        public var uid: Int?
        public var routines: Int?
        public var earlier: String?
        public var later: String?
        public var limit: Int?
        public var position: Int?
        public var line: Int?
        /// org.varlink.service errors.
        public var parameter: String?
        public var method: String?
        public var interface: String?
        public init() {}
    }
}
