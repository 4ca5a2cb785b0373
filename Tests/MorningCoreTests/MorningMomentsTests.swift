import Foundation
import Testing
@testable import MorningCore

/// Named moments of a three-task morning (06:30, 07:00, 07:30): the cases a person
/// meets, each with what every surface shows.
@Suite("The morning at named moments")
struct MorningMomentsTests {
    func book(checked: [Int]) throws -> Book {
        let tasks = ["06:30", "07:00", "07:30"].enumerated().map {
            RoutineTask(time: TimeOfDay($0.element)!, title: "Task \($0.offset + 1)")
        }
        let routine = Routine(id: 1, slug: "r", name: "R", kind: .custom, tasks: tasks, isActive: true,
                              createdDate: day("2026-11-22"), startDate: day("2026-11-23"), activationSerial: 1)
        var b = Book(routines: [routine], settings: Settings(notificationsEnabled: true, reminderFiredOn: nil))
        for p in checked { _ = try b.check(String(p), done: true, today: b.closed(day("2026-11-23"))) }
        return b
    }

    struct Row: CustomTestStringConvertible, Sendable {
        var time: String
        var checked: [Int]
        var state: MorningMoment.State
        var behind: Int
        var taskNow: Int?
        var next: Int?
        var minutesToNext: Int?
        var testDescription: String { "\(time) checked \(checked)" }
    }

    static let morning: [Row] = [
        Row(time: "06:00", checked: [], state: .beforeFirstTask, behind: 0, taskNow: nil, next: 1, minutesToNext: 30),
        Row(time: "06:29:30", checked: [], state: .beforeFirstTask, behind: 0, taskNow: nil, next: 1, minutesToNext: 1),
        Row(time: "06:29:59", checked: [], state: .beforeFirstTask, behind: 0, taskNow: nil, next: 1, minutesToNext: 1),
        // The clock shows 06:17; the task is at 06:30: 13 minutes, as a person counts.
        Row(time: "06:17:50", checked: [], state: .beforeFirstTask, behind: 0, taskNow: nil, next: 1, minutesToNext: 13),
        // The first task's time has come: it is in progress, not behind.
        Row(time: "06:30", checked: [], state: .inProgress, behind: 0, taskNow: 1, next: 2, minutesToNext: 30),
        Row(time: "06:59", checked: [], state: .inProgress, behind: 0, taskNow: 1, next: 2, minutesToNext: 1),
        // The second task's time has come with the first unchecked: now it is behind.
        Row(time: "07:00", checked: [], state: .behind, behind: 1, taskNow: 1, next: 3, minutesToNext: 30),
        Row(time: "07:00", checked: [1], state: .inProgress, behind: 0, taskNow: 2, next: 3, minutesToNext: 30),
        Row(time: "07:10", checked: [2], state: .behind, behind: 1, taskNow: 1, next: 3, minutesToNext: 20),
        Row(time: "07:29", checked: [1, 2], state: .inProgress, behind: 0, taskNow: nil, next: 3, minutesToNext: 1),
        // The last task's slot lasts thirty minutes: behind on the first two meanwhile.
        Row(time: "07:30", checked: [], state: .behind, behind: 2, taskNow: 1, next: nil, minutesToNext: nil),
        Row(time: "07:59", checked: [1, 2], state: .inProgress, behind: 0, taskNow: 3, next: nil, minutesToNext: nil),
        // After the last slot the morning is finished and names no task, until midnight.
        Row(time: "08:00", checked: [], state: .finished, behind: 0, taskNow: nil, next: nil, minutesToNext: nil),
        Row(time: "23:59", checked: [1], state: .finished, behind: 0, taskNow: nil, next: nil, minutesToNext: nil),
        // Every task checked: all done, whatever the time, and nothing is next.
        Row(time: "06:00", checked: [1, 2, 3], state: .allDone, behind: 0, taskNow: nil, next: nil, minutesToNext: nil),
        Row(time: "07:15", checked: [1, 2, 3], state: .allDone, behind: 0, taskNow: nil, next: nil, minutesToNext: nil),
        // A task checked ahead of its time is never next: the one after it is.
        Row(time: "06:45", checked: [2], state: .inProgress, behind: 0, taskNow: 1, next: 3, minutesToNext: 45),
    ]

    @Test("the state, the behind count, the task to do now and the countdown at each moment", arguments: morning)
    func across(row: Row) throws {
        let clock = row.time.count == 5 ? row.time + ":00" : row.time
        let now = utc("2026-11-23T\(clock)Z")
        let m = try book(checked: row.checked).morning(at: now, local: zone("UTC"))
        #expect(m.state == row.state)
        #expect(m.behind == row.behind)
        #expect(m.taskNow == row.taskNow)
        #expect(m.nextTask == row.next)
        #expect(m.minutesToNext == row.minutesToNext)
        #expect(m.nextTaskAt == row.next.map { utc("2026-11-23T\(["06:30", "07:00", "07:30"][$0 - 1]):00Z") })
    }

    // Rule L1: behind, the surfaces also name the slot the clock is in.
    @Test("the slot the clock is in: the latest task whose time has come, checked or not; none before the first task or once finished",
          arguments: [("06:00", [Int](), nil as Int?), ("06:30", [], 1), ("07:10", [], 2), ("07:45", [], 3), ("07:45", [3], 3),
                      ("07:59", [1], 3), ("08:00", [], nil)])
    func slotOfTheClock(time: String, checked: [Int], slot: Int?) throws {
        let m = try book(checked: checked).morning(at: utc("2026-11-23T\(time):00Z"), local: zone("UTC"))
        #expect(m.slotTask == slot, "\(time) checked \(checked): \(m.state)")
        let reply = Morning.StatusReply(m, nextReminder: nil, notifications: .init(enabled: true, available: true), local: zone("UTC"))
        #expect(reply.now?.slot?.position == slot)
    }

    @Test("no state of the day and nothing to do when the routine starts on a later day")
    func notRunning() throws {
        let now = utc("2026-11-22T07:00:00Z")
        let m = try book(checked: []).morning(at: now, local: zone("UTC"))
        #expect(m.state == .notStarted && m.pace == nil)
        #expect(m.taskNow == nil && m.nextTaskAt == nil && m.behind == 0)
    }
}
