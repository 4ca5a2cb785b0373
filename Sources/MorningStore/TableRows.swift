import GRDB
import MorningCore

// One row type per table (GRDB's records, not the history's Day Records). They hold
// what SQLite holds (dates as text, times as minutes); converting to the core's types
// checks every value, so a damaged file gives a StoreError instead of a wrong Book.

/// A row of `routine`.
struct RoutineRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "routine"

    var id: Int64
    var slug: String
    var name: String
    var kind: String
    var isActive: Bool
    var createdDate: String
    var startDate: String
    var activationSerial: Int64

    init(_ routine: Routine) {
        id = routine.id
        slug = routine.slug
        name = routine.name
        kind = routine.kind.rawValue
        isActive = routine.isActive
        createdDate = routine.createdDate.description
        startDate = routine.startDate.description
        activationSerial = routine.activationSerial
    }

    func routine(tasks: [RoutineTask], lastRecordDate: Day?) throws -> Routine {
        guard let kind = RoutineKind(rawValue: kind) else {
            throw StoreError.unreadable("routine \(id) has the unknown kind \"\(kind)\"")
        }
        return Routine(id: id, slug: slug, name: name, kind: kind, tasks: tasks, isActive: isActive,
                       createdDate: try Day(stored: createdDate, in: "routine"),
                       startDate: try Day(stored: startDate, in: "routine"),
                       activationSerial: activationSerial, lastRecordDate: lastRecordDate)
    }
}

/// A row of `task`: one task of a routine, by its 1-based position in time order.
struct TaskRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "task"

    var routineId: Int64
    var position: Int
    var time: Int
    var title: String

    var task: RoutineTask {
        get throws { try RoutineTask(storedMinutes: time, title: title, at: "task \(position) of routine \(routineId)") }
    }
}

/// A row of `dayRecord`. `completed` is stored beside the mask so that SQL can sum it.
struct DayRecordRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "dayRecord"

    var routineId: Int64
    var date: String
    var doneMask: Int64
    var taskCount: Int
    var completed: Int

    init(_ record: DayRecord) {
        routineId = record.routineID
        date = record.date.description
        doneMask = Int64(record.doneMask)
        taskCount = record.taskCount
        completed = record.completed
    }

    var record: DayRecord {
        get throws {
            DayRecord(routineID: routineId, date: try Day(stored: date, in: "dayRecord"),
                      doneMask: try UInt32(stored: doneMask, in: "dayRecord"), taskCount: taskCount)
        }
    }
}

/// A row of `openDay`: the checks of a day that is not finalized yet. Never 0.
struct OpenDayRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "openDay"

    var routineId: Int64
    var date: String
    var doneMask: Int64
}

/// A row of `setting`. A missing key means the default of `Settings()`.
struct SettingRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "setting"

    var key: String
    var value: String

    static let notificationsEnabled = "notificationsEnabled"
    static let welcomeShown = "welcomeShown"
    static let reminderSound = "reminderSound"
    static let keepReminderOnScreen = "keepReminderOnScreen"
    /// A date, or empty for none.
    static let reminderFiredOn = "reminderFiredOn"
    /// "DAY ID SERVER", such as "2026-03-03 7 :1.42", or empty for none.
    static let reminderPopup = "reminderPopup"
    /// A date, or empty for none: the latest date the clock read while days were closed.
    static let latestToday = "latestToday"
    /// A date, or empty for none: where an outstanding jump of the clock ahead began, as an
    /// older bmd kept it (one jump, with no timeline). Read; written empty.
    static let aheadFrom = "aheadFrom"
    /// A date, or empty for none: the reminder sent when that jump began. Read; written empty.
    static let reminderFiredBeforeJump = "reminderFiredBeforeJump"
    /// The outstanding jumps ahead, oldest first, separated by ";": each "FROM FIRED
    /// TIMELINE,TIMELINE…", FIRED a date or "-", the timelines seconds since 1970 (or none).
    static let jumpsAhead = "jumpsAhead"
    /// Seconds since 1970 (whole milliseconds), or empty: the timeline the last reminder went out on.
    static let reminderFiredTimeline = "reminderFiredTimeline"
    /// "DAY TIMELINE", or empty: a reminder forgotten with a jump ahead.
    static let reminderForgotten = "reminderForgotten"

    static func rows(_ settings: Settings) -> [SettingRow] {
        [SettingRow(key: notificationsEnabled, value: String(settings.notificationsEnabled)),
         SettingRow(key: welcomeShown, value: String(settings.welcomeShown)),
         SettingRow(key: reminderSound, value: String(settings.reminderSound)),
         SettingRow(key: keepReminderOnScreen, value: String(settings.keepReminderOnScreen)),
         SettingRow(key: reminderFiredOn, value: settings.reminderFiredOn?.description ?? ""),
         SettingRow(key: reminderPopup, value: settings.reminderPopup.map { "\($0.day) \($0.id) \($0.server)" + ($0.bus.map { " " + $0 } ?? "") } ?? ""),
         SettingRow(key: latestToday, value: settings.latestToday?.description ?? ""),
         SettingRow(key: aheadFrom, value: ""),
         SettingRow(key: reminderFiredBeforeJump, value: ""),
         SettingRow(key: jumpsAhead, value: settings.jumpsAhead.map { jump in
             "\(jump.from) \(jump.reminderFiredBefore?.description ?? "-") " + timelines(jump.timelines)
         }.joined(separator: ";")),
         SettingRow(key: reminderFiredTimeline, value: settings.reminderFiredTimeline.map { timelines([$0]) } ?? ""),
         SettingRow(key: reminderForgotten, value: settings.reminderForgotten.map { "\($0.day) " + timelines([$0.timeline]) } ?? "")]
    }

    /// Timelines as they are stored: whole milliseconds, which is finer than any tolerance.
    private static func timelines(_ values: [Double]) -> String {
        values.map { String(Int64(($0 * 1000).rounded())) }.joined(separator: ",")
    }

    private static func timelines(_ text: Substring, in row: SettingRow) throws -> [Double] {
        try text.split(separator: ",").map { part in
            guard let millis = Int64(part) else { throw StoreError.unreadable("setting \(row.key) holds \"\(row.value)\"") }
            return Double(millis) / 1000
        }
    }

    private static func jumps(_ row: SettingRow) throws -> [JumpAhead] {
        try row.value.split(separator: ";").map { entry in
            let parts = entry.split(separator: " ", omittingEmptySubsequences: false)
            guard parts.count == 3 else { throw StoreError.unreadable("setting \(row.key) holds \"\(row.value)\"") }
            return JumpAhead(from: try Day(stored: String(parts[0]), in: "setting"),
                             reminderFiredBefore: parts[1] == "-" ? nil : try Day(stored: String(parts[1]), in: "setting"),
                             timelines: try timelines(parts[2], in: row))
        }
    }

    static func settings(from rows: [SettingRow]) throws -> Settings {
        var settings = Settings()
        var older: (from: Day?, fired: Day?) = (nil, nil)
        for row in rows {
            switch row.key {
            case notificationsEnabled: settings.notificationsEnabled = try flag(row)
            case welcomeShown: settings.welcomeShown = try flag(row)
            case reminderSound: settings.reminderSound = try flag(row)
            case keepReminderOnScreen: settings.keepReminderOnScreen = try flag(row)
            case reminderFiredOn: settings.reminderFiredOn = row.value.isEmpty ? nil : try Day(stored: row.value, in: "setting")
            case reminderPopup: settings.reminderPopup = row.value.isEmpty ? nil : try popup(row)
            case latestToday: settings.latestToday = row.value.isEmpty ? nil : try Day(stored: row.value, in: "setting")
            case aheadFrom where !row.value.isEmpty:
                // An older bmd's one jump, with no timeline: only a rule without bmd's clock takes it back.
                older.from = try Day(stored: row.value, in: "setting")
            case reminderFiredBeforeJump where !row.value.isEmpty:
                older.fired = try Day(stored: row.value, in: "setting")
            case jumpsAhead: settings.jumpsAhead = try jumps(row)
            case reminderFiredTimeline: settings.reminderFiredTimeline = try timelines(Substring(row.value), in: row).first
            case reminderForgotten where !row.value.isEmpty:
                let parts = row.value.split(separator: " ")
                guard parts.count == 2, let timeline = try timelines(parts[1], in: row).first else {
                    throw StoreError.unreadable("setting \(row.key) holds \"\(row.value)\"")
                }
                settings.reminderForgotten = ForgottenReminder(day: try Day(stored: String(parts[0]), in: "setting"), timeline: timeline)
            default: continue   // Keys this build does not know are left alone: nothing here writes them.
            }
        }
        if let from = older.from, settings.jumpsAhead.isEmpty {
            settings.jumpsAhead = [JumpAhead(from: from, reminderFiredBefore: older.fired, timelines: [])]
        }
        return settings
    }

    private static func popup(_ row: SettingRow) throws -> ReminderPopup {
        // "day id server bus"; an older bmd wrote no bus.
        let parts = row.value.split(separator: " ").map(String.init)
        guard parts.count == 3 || parts.count == 4, let id = UInt32(parts[1]), parts[2].hasPrefix(":") else {
            throw StoreError.unreadable("setting \(row.key) is \"\(row.value)\", not a day, an id, a bus name and a bus")
        }
        return ReminderPopup(day: try Day(stored: parts[0], in: "setting"), id: id, server: parts[2],
                             bus: parts.count == 4 ? parts[3] : nil)
    }

    private static func flag(_ row: SettingRow) throws -> Bool {
        guard let value = Bool(row.value) else {
            throw StoreError.unreadable("setting \(row.key) is \"\(row.value)\", not true or false")
        }
        return value
    }
}

extension Day {
    init(stored text: String, in table: String) throws {
        guard let day = Day(iso: text) else {
            throw StoreError.unreadable("\(table) holds the date \"\(text)\", not YYYY-MM-DD")
        }
        self = day
    }
}

extension RoutineTask {
    /// A task read back from a row; `place` names it when the stored time is not on the grid.
    init(storedMinutes minutes: Int, title: String, at place: String) throws {
        guard let time = TimeOfDay(minutes: minutes) else {
            throw StoreError.unreadable("\(place) is at \(minutes) minutes, off the 5-minute grid")
        }
        self.init(time: time, title: title)
    }
}

extension UInt32 {
    init(stored mask: Int64, in table: String) throws {
        guard let value = UInt32(exactly: mask) else {
            throw StoreError.unreadable("\(table) holds the task mask \(mask), out of range")
        }
        self = value
    }
}
