/// The types and replies of the history methods: Stats, History, Export and Import
/// (see org.bettermorning.Morning.varlink, which these must match).
extension Morning {
    public struct StatsTotals: Codable, Sendable, Hashable {
        public var tasksCompleted: Int
        public var tasksPlanned: Int
        public var daysTracked: Int
        public var averagePerDay: Double
        public var completionRate: Double
        public var perfectDays: Int
        public var bestRun: Int
        @Nullable public var bestRunFrom: String?
        @Nullable public var bestRunThrough: String?
        @Nullable public var firstDate: String?
        @Nullable public var lastDate: String?
        public init(tasksCompleted: Int, tasksPlanned: Int, daysTracked: Int, averagePerDay: Double,
                    completionRate: Double, perfectDays: Int, bestRun: Int, bestRunFrom: String?,
                    bestRunThrough: String?, firstDate: String?, lastDate: String?) {
            self.tasksCompleted = tasksCompleted; self.tasksPlanned = tasksPlanned; self.daysTracked = daysTracked
            self.averagePerDay = averagePerDay; self.completionRate = completionRate; self.perfectDays = perfectDays
            self.bestRun = bestRun; self.bestRunFrom = bestRunFrom; self.bestRunThrough = bestRunThrough
            self.firstDate = firstDate; self.lastDate = lastDate
        }
    }

    public struct RoutineStats: Codable, Sendable, Hashable {
        public var routine: String
        public var routineId: String
        public var type: RoutineType
        public var active: Bool
        public var tasks: Int
        public var stats: StatsTotals
        public init(routine: String, routineId: String, type: RoutineType, active: Bool, tasks: Int, stats: StatsTotals) {
            self.routine = routine; self.routineId = routineId; self.type = type; self.active = active
            self.tasks = tasks; self.stats = stats
        }
    }

    /// Parameters of `Stats`.
    public struct StatsParameters: Codable, Sendable, Hashable {
        public var routine: String?
        public init(routine: String? = nil) { self.routine = routine }
    }

    public struct StatsReply: Codable, Sendable, Hashable {
        public var routines: [RoutineStats]
        @Nullable public var overall: StatsTotals?
        public init(routines: [RoutineStats], overall: StatsTotals?) { self.routines = routines; self.overall = overall }
    }

    public struct HistoryDay: Codable, Sendable, Hashable {
        public var date: String
        @Nullable public var completed: Int?
        @Nullable public var total: Int?
        public init(date: String, completed: Int?, total: Int?) {
            self.date = date; self.completed = completed; self.total = total
        }
    }

    public struct HistoryParameters: Codable, Sendable, Hashable {
        public var routine: String?
        public var months: Int
        public var locale: String?
        public init(routine: String? = nil, months: Int, locale: String? = nil) {
            self.routine = routine; self.months = months; self.locale = locale
        }
    }

    public struct HistoryReply: Codable, Sendable, Hashable {
        @Nullable public var routine: String?
        @Nullable public var routineId: String?
        public var from: String
        public var today: String
        public var days: [HistoryDay]
        public init(routine: String?, routineId: String?, from: String, today: String, days: [HistoryDay]) {
            self.routine = routine; self.routineId = routineId; self.from = from; self.today = today; self.days = days
        }
    }

    public struct ExportDay: Codable, Sendable, Hashable {
        public var date: String
        public var done: [Int]
        public init(date: String, done: [Int]) { self.date = date; self.done = done }
    }

    public struct ExportRoutine: Codable, Sendable, Hashable {
        public var id: String
        public var name: String
        public var type: RoutineType
        public var active: Bool
        public var createdDate: String
        public var startDate: String
        public var tasks: [TaskTime]
        public var days: [ExportDay]
        public var open: [ExportDay]
        public init(id: String, name: String, type: RoutineType, active: Bool, createdDate: String, startDate: String,
                    tasks: [TaskTime], days: [ExportDay], open: [ExportDay]) {
            self.id = id; self.name = name; self.type = type; self.active = active; self.createdDate = createdDate
            self.startDate = startDate; self.tasks = tasks; self.days = days; self.open = open
        }
    }

    /// An export file's content, as `bmctl export --format json` writes it and
    /// `bmctl import` reads it (man/bmctl-export.md).
    public struct ExportDocument: Codable, Sendable, Hashable {
        /// What every export says in `format`, so that a stray JSON file is told apart.
        public static let formatName = "better-morning-export"
        /// The version of the layout this build writes and reads.
        public static let currentVersion = 1

        public var format: String
        public var version: Int
        public var exportedOn: String
        public var routines: [ExportRoutine]
        public init(format: String = formatName, version: Int = currentVersion, exportedOn: String, routines: [ExportRoutine]) {
            self.format = format; self.version = version; self.exportedOn = exportedOn; self.routines = routines
        }
    }

    public struct ExportReply: Codable, Sendable, Hashable {
        public var document: ExportDocument
        public init(document: ExportDocument) { self.document = document }
    }

    public struct ImportParameters: Codable, Sendable, Hashable {
        public var document: ExportDocument
        public var replace: Bool
        public init(document: ExportDocument, replace: Bool) { self.document = document; self.replace = replace }
    }

    public struct ImportReply: Codable, Sendable, Hashable {
        public var routines: Int
        public var records: Int
        public init(routines: Int, records: Int) { self.routines = routines; self.records = records }
    }
}
