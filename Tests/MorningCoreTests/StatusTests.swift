import Foundation
import Testing
@testable import MorningCore

/// Where the morning stands at each minute (L1, L2): a task is in progress until the
/// next task's time, behind only once that time has come unchecked, and done or
/// finished, never behind, after the last task.
@Suite("The status across a morning")
struct StatusTests {
    /// A routine running today (2026-11-23, UTC) with tasks at 06:30, 07:00 and 07:30,
    /// with the given positions checked.
    func book(checked: [Int]) throws -> Book {
        let tasks = ["06:30", "07:00", "07:30"].enumerated().map {
            RoutineTask(time: TimeOfDay($0.element)!, title: "Task \($0.offset + 1)")
        }
        let routine = Routine(id: 1, slug: "r", name: "R", kind: .custom, tasks: tasks, isActive: true,
                              createdDate: day("2026-11-22"), startDate: day("2026-11-23"), activationSerial: 1)
        var b = Book(routines: [routine], settings: Settings(notificationsEnabled: true, reminderFiredOn: nil))
        for p in checked { _ = try b.check(String(p), done: true, today: day("2026-11-23")) }
        return b
    }

    struct Row: CustomTestStringConvertible {
        var time: String
        var checked: [Int]
        var pace: StatusView.Pace
        var behind: Int
        var taskNow: Int?
        var next: Int?
        var minutesToNext: Int?
        var testDescription: String { "\(time) checked \(checked)" }
    }

    static let morning: [Row] = [
        Row(time: "06:00", checked: [], pace: .upcoming, behind: 0, taskNow: nil, next: 1, minutesToNext: 30),
        Row(time: "06:29:30", checked: [], pace: .upcoming, behind: 0, taskNow: nil, next: 1, minutesToNext: 1),
        Row(time: "06:29:59", checked: [], pace: .upcoming, behind: 0, taskNow: nil, next: 1, minutesToNext: 1),
        Row(time: "06:17:50", checked: [], pace: .upcoming, behind: 0, taskNow: nil, next: 1, minutesToNext: 12),
        // The first task's time has come: it is in progress, not behind.
        Row(time: "06:30", checked: [], pace: .inProgress, behind: 0, taskNow: 1, next: 2, minutesToNext: 30),
        Row(time: "06:59", checked: [], pace: .inProgress, behind: 0, taskNow: 1, next: 2, minutesToNext: 1),
        // The second task's time has come with the first unchecked: now it is behind.
        Row(time: "07:00", checked: [], pace: .behind, behind: 1, taskNow: 1, next: 3, minutesToNext: 30),
        Row(time: "07:00", checked: [1], pace: .inProgress, behind: 0, taskNow: 2, next: 3, minutesToNext: 30),
        Row(time: "07:10", checked: [2], pace: .behind, behind: 1, taskNow: 1, next: 3, minutesToNext: 20),
        Row(time: "07:29", checked: [1, 2], pace: .inProgress, behind: 0, taskNow: nil, next: 3, minutesToNext: 1),
        // After the last task's time the schedule is over: finished, not behind until midnight.
        Row(time: "07:30", checked: [], pace: .finished, behind: 0, taskNow: 1, next: nil, minutesToNext: nil),
        Row(time: "23:59", checked: [1], pace: .finished, behind: 0, taskNow: 2, next: nil, minutesToNext: nil),
        // Every task checked: done, whatever the time.
        Row(time: "06:00", checked: [1, 2, 3], pace: .done, behind: 0, taskNow: nil, next: 1, minutesToNext: 30),
        Row(time: "07:15", checked: [1, 2, 3], pace: .done, behind: 0, taskNow: nil, next: 3, minutesToNext: 15),
        Row(time: "08:00", checked: [1, 2, 3], pace: .done, behind: 0, taskNow: nil, next: nil, minutesToNext: nil),
    ]

    @Test("L1, L2: pace, behind, the task to do now and the time to the next task across a morning",
          arguments: morning)
    func across(row: Row) throws {
        let clock = row.time.count == 5 ? row.time + ":00" : row.time
        let now = utc("2026-11-23T\(clock)Z")
        let s = try book(checked: row.checked).status(now: now, local: zone("UTC"))
        #expect(s.pace == row.pace)
        #expect(s.behind == row.behind)
        #expect(s.taskNow == row.taskNow)
        #expect(s.nextTask == row.next)
        #expect(s.minutesToNextTask(now: now) == row.minutesToNext)
        #expect(s.nextTaskAt == row.next.map { utc("2026-11-23T\(["06:30", "07:00", "07:30"][$0 - 1]):00Z") })
    }

    @Test("L1: no pace and nothing to do when the routine does not run today")
    func notRunning() throws {
        let now = utc("2026-11-22T07:00:00Z")
        let s = try book(checked: []).status(now: now, local: zone("UTC"))
        #expect(s.phase == .waiting)
        #expect(s.pace == nil && s.taskNow == nil && s.nextTaskAt == nil && s.behind == 0)
    }
}
