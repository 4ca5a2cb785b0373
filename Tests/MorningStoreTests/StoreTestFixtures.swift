import Foundation
import MorningCore
@testable import MorningStore

func day(_ iso: String) -> Day { Day(iso: iso)! }

func task(_ time: String, _ title: String) -> RoutineTask {
    RoutineTask(time: TimeOfDay(time)!, title: title)
}

/// A stored routine with sensible defaults; tests set what they look at.
func routine(_ id: RoutineID, slug: String? = nil, active: Bool = false, start: String = "2026-11-23",
             serial: Int64 = 1, tasks: [RoutineTask] = [task("06:00", "Wake up"), task("06:15", "Drink water")]) -> Routine {
    Routine(id: id, slug: slug ?? "routine-\(id)", name: "Routine \(id)", kind: .custom, tasks: tasks,
            isActive: active, createdDate: day("2026-11-22"), startDate: day(start), activationSerial: serial)
}

/// A fresh folder under the temporary directory, removed once `body` returns.
func withTemporaryFolder<T>(_ body: (URL) throws -> T) throws -> T {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("MorningStoreTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder)
}

extension URL {
    /// The state file's name in a state folder (F1).
    var stateFile: String { appendingPathComponent("bmd.sqlite").path }
}

/// The zone's rule of which dates have a day, for tests in a zone that skips none
/// (zones that skip a date have tests of their own, with `LocalTime.exists`).
func everyDateExists(_ day: Day) -> Bool { true }
