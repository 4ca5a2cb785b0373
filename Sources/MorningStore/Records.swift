import GRDB
import MorningCore

// One record type per table. They hold what SQLite holds (dates as text, times as
// minutes); converting to the core's types checks every value, so a damaged file
// gives a StoreError instead of a wrong Book.

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
    /// A date, or empty for none: where an outstanding jump of the clock ahead began.
    static let aheadFrom = "aheadFrom"
    /// A date, or empty for none: the reminder sent when that jump began.
    static let reminderFiredBeforeJump = "reminderFiredBeforeJump"

    static func rows(_ settings: Settings) -> [SettingRow] {
        [SettingRow(key: notificationsEnabled, value: String(settings.notificationsEnabled)),
         SettingRow(key: welcomeShown, value: String(settings.welcomeShown)),
         SettingRow(key: reminderSound, value: String(settings.reminderSound)),
         SettingRow(key: keepReminderOnScreen, value: String(settings.keepReminderOnScreen)),
         SettingRow(key: reminderFiredOn, value: settings.reminderFiredOn?.description ?? ""),
         SettingRow(key: reminderPopup, value: settings.reminderPopup.map { "\($0.day) \($0.id) \($0.server)" + ($0.bus.map { " " + $0 } ?? "") } ?? ""),
         SettingRow(key: latestToday, value: settings.latestToday?.description ?? ""),
         SettingRow(key: aheadFrom, value: settings.aheadFrom?.description ?? ""),
         SettingRow(key: reminderFiredBeforeJump, value: settings.reminderFiredBeforeJump?.description ?? "")]
    }

    static func settings(from rows: [SettingRow]) throws -> Settings {
        var settings = Settings()
        for row in rows {
            switch row.key {
            case notificationsEnabled: settings.notificationsEnabled = try flag(row)
            case welcomeShown: settings.welcomeShown = try flag(row)
            case reminderSound: settings.reminderSound = try flag(row)
            case keepReminderOnScreen: settings.keepReminderOnScreen = try flag(row)
            case reminderFiredOn: settings.reminderFiredOn = row.value.isEmpty ? nil : try Day(stored: row.value, in: "setting")
            case reminderPopup: settings.reminderPopup = row.value.isEmpty ? nil : try popup(row)
            case latestToday: settings.latestToday = row.value.isEmpty ? nil : try Day(stored: row.value, in: "setting")
            case aheadFrom: settings.aheadFrom = row.value.isEmpty ? nil : try Day(stored: row.value, in: "setting")
            case reminderFiredBeforeJump:
                settings.reminderFiredBeforeJump = row.value.isEmpty ? nil : try Day(stored: row.value, in: "setting")
            default: continue   // Keys this build does not know are left alone: nothing here writes them.
            }
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
