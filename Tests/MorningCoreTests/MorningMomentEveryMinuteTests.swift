import Foundation
import Testing
@testable import MorningCore

/// The one model of now, minute by minute: the task to do now, the next task, the state
/// and the instant of the next change, for the routine shapes people meet.
@Suite("The morning, minute by minute")
struct MorningMomentEveryMinuteTests {
    /// A routine shape, with today (2026-11-23, UTC) as its running day.
    struct Shape: CustomTestStringConvertible, Sendable {
        var name: String
        var times: [String]
        var testDescription: String { name }

        var routine: Routine {
            let tasks = times.enumerated().map { RoutineTask(time: TimeOfDay($0.element)!, title: "Task \($0.offset + 1)") }
            return Routine(id: 1, slug: "r", name: "R", kind: .custom, tasks: tasks, isActive: true,
                           createdDate: day("2026-11-22"), startDate: day("2026-11-23"), activationSerial: 1)
        }

        var minutes: [Int] { times.map { TimeOfDay($0)!.minutes } }
    }

    static let shapes = [
        Shape(name: "Franklin's eight tasks",
              times: ["05:00", "05:15", "05:30", "05:45", "06:15", "07:00", "08:00", "12:00"]),
        Shape(name: "one task", times: ["06:30"]),
        Shape(name: "two tasks at the same time", times: ["06:30", "06:30"]),
        Shape(name: "first task at midnight", times: ["00:00", "00:30", "01:00"]),
        Shape(name: "last task at 23:55", times: ["23:00", "23:55"]),
    ]

    enum Checks: String, CaseIterable, Sendable {
        case none, all, firstOnly, lastOnly, everyOther

        func checked(count: Int) -> Set<Int> {
            switch self {
            case .none: []
            case .all: Set(1...count)
            case .firstOnly: [1]
            case .lastOnly: [count]
            case .everyOther: Set(stride(from: 1, through: count, by: 2))
            }
        }
    }

    static func book(_ shape: Shape, checked: Set<Int>) throws -> Book {
        var b = Book(routines: [shape.routine], settings: Settings())
        for p in checked.sorted() { _ = try b.check(String(p), done: true, today: b.closed(day("2026-11-23"))) }
        return b
    }

    static let local = zone("UTC")
    static let midnight = utc("2026-11-23T00:00:00Z")

    static func at(_ minute: Int, seconds: Double = 0) -> Date {
        midnight.addingTimeInterval(Double(minute) * 60 + seconds)
    }

    @Test("every minute of a day: the task to do now, the next task, the countdown and the state follow the rules",
          arguments: shapes, Checks.allCases)
    func everyMinute(shape: Shape, checks: Checks) throws {
        let checked = checks.checked(count: shape.times.count)
        let book = try Self.book(shape, checked: checked)
        let times = shape.minutes
        let lastEnd = times.max()! + 30
        for minute in 0..<1440 {
            let m = book.morning(at: Self.at(minute), local: Self.local)
            let open = times.indices.map { !checked.contains($0 + 1) }
            let come = times.indices.filter { open[$0] && times[$0] <= minute }
            let ahead = times.indices.filter { open[$0] && times[$0] > minute }
            let context = "\(shape.name), \(checks), minute \(minute)"
            let over = !open.contains(true) || minute >= lastEnd
            // A finished morning names no task; otherwise the first unchecked task whose time has come.
            #expect(m.taskNow == (over ? nil : come.first.map { $0 + 1 }), "\(context)")
            // A checked task is never next.
            if let next = m.nextTask { #expect(!checked.contains(next), "\(context)") }
            #expect(m.nextTask == (over ? nil : ahead.first.map { $0 + 1 }), "\(context)")
            // The countdown is the real difference, in the last hour before the task.
            if let next = m.nextTask, times[next - 1] - minute < 60 {
                #expect(m.minutesToNext == times[next - 1] - minute, "\(context)")
            } else {
                #expect(m.minutesToNext == nil, "\(context)")
            }
            let expected: MorningMoment.State
            if !open.contains(true) {
                expected = .allDone
            } else if minute >= lastEnd {
                expected = .finished
            } else if minute < times[0] {
                expected = .beforeFirstTask
            } else {
                let ended = times.indices.filter { i in
                    open[i] && (times.first { $0 > times[i] } ?? lastEnd) <= minute
                }
                expected = ended.isEmpty ? .inProgress : .behind
                #expect(m.behind == ended.count, "\(context)")
            }
            #expect(m.state == expected, "\(context)")
            #expect(m.completed == checked.count && m.total == times.count, "\(context)")
        }
    }

    /// What a follower sees of the model: everything but the next change itself.
    struct Shown: Equatable {
        var state: MorningMoment.State
        var taskNow: Int?
        var nextTask: Int?
        var minutesToNext: Int?
        var behind: Int

        init(_ m: MorningMoment) {
            (state, taskNow, nextTask, minutesToNext, behind) = (m.state, m.taskNow, m.nextTask, m.minutesToNext, m.behind)
        }
    }

    // Rule L1a: the status is kept current by one timer planned at this instant.
    @Test("nothing shown changes before the next change the model names, and something does at it, all day",
          arguments: shapes, Checks.allCases)
    func nextChangeIsExact(shape: Shape, checks: Checks) throws {
        let book = try Self.book(shape, checked: checks.checked(count: shape.times.count))
        let endOfDay = Self.at(1440)
        var instant = Self.midnight
        var wakes = 0
        while instant < endOfDay {
            let m = book.morning(at: instant, local: Self.local)
            let change = try #require(m.nextChange)
            #expect(change > instant)
            // Half a minute and a second before the change, the same is shown.
            for probe in [instant.addingTimeInterval(29), change.addingTimeInterval(-1)] where probe < change && probe > instant {
                #expect(Shown(book.morning(at: probe, local: Self.local)) == Shown(m), "\(shape.name) \(checks) at \(probe)")
            }
            if change < endOfDay {
                wakes += 1
            } else {
                #expect(change == endOfDay, "the last change of a day is its end")
            }
            instant = change
        }
        // Nothing wakes a follower outside the morning: at most one change a minute from an
        // hour before the first task until the last slot ends, and none all night.
        let span = shape.minutes.max()! + 30 - (shape.minutes.min()! - 59)
        #expect(wakes <= span + 1, "\(shape.name) \(checks): \(wakes) wakes")
    }

    @Test("a clock a few seconds off a whole minute counts the minutes the wall clock shows")
    func countdownBetweenMinutes() throws {
        let book = try Self.book(Self.shapes[0], checked: [])
        // 04:47:50: the clock shows 04:47, the first task is at 05:00, 13 minutes on.
        let m = book.morning(at: Self.at(4 * 60 + 47, seconds: 50), local: Self.local)
        #expect(m.nextTask == 1 && m.minutesToNext == 13)
        #expect(m.nextChange == Self.at(4 * 60 + 48))
        // 04:59:59.5: one minute, until the task's time comes.
        let last = book.morning(at: Self.at(4 * 60 + 59, seconds: 59.5), local: Self.local)
        #expect(last.minutesToNext == 1 && last.nextChange == Self.at(5 * 60))
        // More than an hour off, no countdown: only the task's time, and the change is when the hour starts.
        let early = book.morning(at: Self.at(3 * 60 + 10), local: Self.local)
        #expect(early.minutesToNext == nil && early.nextTaskAt == Self.at(5 * 60))
        #expect(early.nextChange == Self.at(4 * 60 + 1))
    }

    @Test("behind at 06:20 with nothing checked: the task to do now is the first, the next one is 07:00")
    func behindAtTwentyPastSix() throws {
        let book = try Self.book(Self.shapes[0], checked: [])
        let m = book.morning(at: Self.at(6 * 60 + 20), local: Self.local)
        #expect(m.state == .behind && m.behind == 4)
        #expect(m.taskNow == 1 && m.nextTask == 6 && m.minutesToNext == 40)
    }

    @Test("all done early: nothing to do now and nothing next, though task times lie ahead")
    func allDoneEarly() throws {
        let book = try Self.book(Self.shapes[0], checked: Set(1...8))
        let m = book.morning(at: Self.at(6 * 60), local: Self.local)
        #expect(m.state == .allDone && m.taskNow == nil && m.nextTask == nil && m.nextTaskAt == nil)
        #expect(m.nextChange == Self.at(1440))
    }

    @Test("a routine of one task is in progress for its thirty-minute slot, then finished")
    func oneTaskSlot() throws {
        let book = try Self.book(Self.shapes[1], checked: [])
        #expect(book.morning(at: Self.at(6 * 60 + 30), local: Self.local).state == .inProgress)
        #expect(book.morning(at: Self.at(6 * 60 + 59), local: Self.local).taskNow == 1)
        let after = book.morning(at: Self.at(7 * 60), local: Self.local)
        #expect(after.state == .finished && after.taskNow == nil && after.behind == 0)
    }

    @Test("no routine, and a routine that starts tomorrow, name no task")
    func notRunning() throws {
        let none = Book(routines: [], settings: Settings()).morning(at: Self.at(400), local: Self.local)
        #expect(none.state == .none && none.taskNow == nil && none.nextChange == nil)
        var routine = Self.shapes[0].routine
        routine.startDate = day("2026-11-24")
        let waiting = Book(routines: [routine], settings: Settings()).morning(at: Self.at(400), local: Self.local)
        #expect(waiting.state == .notStarted && waiting.taskNow == nil && waiting.day == nil)
        #expect(waiting.nextChange == Self.at(1440))
    }

    @Test("on a spring-forward day the morning's instants follow the wall clock")
    func springForward() throws {
        // Europe/Berlin, 2026-03-29: 02:00 becomes 03:00. A task at 02:30 begins at 03:00.
        var routine = Routine(id: 1, slug: "r", name: "R", kind: .custom,
                              tasks: [RoutineTask(time: TimeOfDay("02:30")!, title: "Gap"),
                                      RoutineTask(time: TimeOfDay("04:00")!, title: "After")],
                              isActive: true, createdDate: day("2026-03-27"), startDate: day("2026-03-28"),
                              activationSerial: 1)
        routine.lastRecordDate = nil
        let book = Book(routines: [routine], settings: Settings())
        let berlin = zone("Europe/Berlin")
        let before = book.morning(at: utc("2026-03-29T00:30:00Z"), local: berlin)  // 01:30 local
        #expect(before.state == .beforeFirstTask && before.minutesToNext == 30)
        let in_ = book.morning(at: utc("2026-03-29T01:00:00Z"), local: berlin)  // 03:00 local
        #expect(in_.state == .inProgress && in_.taskNow == 1 && in_.nextTask == 2 && in_.minutesToNext == nil)
        #expect(in_.nextChange == utc("2026-03-29T01:01:00Z"))
    }
}
