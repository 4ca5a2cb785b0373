import Foundation
import MorningCore
import MorningProtocol
import Testing
@testable import MorningControl

/// Every minute of a day, every surface — the bar's text, its tooltip, `status`, the
/// app's "← now" marker, the late reminder and `check` with no task — names the same
/// task to do now, from the one model of now, and a finished morning names none.
@Suite("Every surface says the same thing, every minute")
struct SurfacesAgreeTests {
    static let shapes: [(name: String, tasks: [(String, String)])] = [
        ("Franklin", Catalog.entries.first { $0.id == "franklin" }!.tasks.map { ($0.time.description, $0.title) }),
        ("one task", [("06:30", "Run")]),
        ("two at once", [("06:30", "Tea"), ("06:30", "Toast")]),
        ("from midnight", [("00:00", "Night walk"), ("00:30", "Sleep again")]),
        ("late", [("23:00", "Read"), ("23:55", "Lights out")]),
    ]

    /// The positions checked in `pattern` of a routine of `count` tasks.
    static func checked(_ pattern: String, count: Int) -> Set<Int> {
        switch pattern {
        case "all": Set(1...count)
        case "first": [1]
        case "last": [count]
        case "every other": Set(stride(from: 1, through: count, by: 2))
        default: []
        }
    }

    @Test("the bar, tooltip, status, the app and the late reminder name the same task at every minute",
          arguments: 0..<5, ["none", "all", "first", "last", "every other"])
    func everyMinute(shape index: Int, pattern: String) throws {
        let shape = Self.shapes[index]
        let tasks = shape.tasks.map { RoutineTask(time: TimeOfDay($0.0)!, title: $0.1) }
        let routine = Routine(id: 1, slug: "r", name: "R", kind: .custom, tasks: Routine.sorted(tasks), isActive: true,
                              createdDate: Day(iso: "2026-11-22")!, startDate: Day(iso: "2026-11-23")!, activationSerial: 1)
        var book = Book(routines: [routine], settings: Settings())
        for p in Self.checked(pattern, count: tasks.count).sorted() {
            _ = try book.check(String(p), done: true, today: book.closeDays(today: Day(iso: "2026-11-23")!, exists: { _ in true }) { nil }.today)
        }
        let local = LocalTime(zone: TimeZone(identifier: "UTC")!)
        let midnight = Date(timeIntervalSince1970: 1_795_392_000)  // 2026-11-23T00:00:00Z
        #expect(local.day(containing: midnight) == Day(iso: "2026-11-23"))
        for minute in 0..<1440 {
            let instant = midnight.addingTimeInterval(Double(minute * 60))
            let morning = book.morning(at: instant, local: local)
            let s = Morning.StatusReply(morning, nextReminder: nil, notifications: .init(enabled: true, available: true),
                                        local: local)
            let context = "\(shape.name), \(pattern) checked, minute \(minute)"
            let bar = BarText.short(s, maxWidth: 200)
            let tooltip = BarText.parts(s)
            let status = StatusText.render(s, style: .plain)
            let late = ReminderMessage.late(morning).body
            if let now = s.now?.task {
                #expect(bar.hasSuffix(" " + now.title), "\(context)")
                #expect(tooltip.contains("now \(now.time) \(now.title)"), "\(context)")
                #expect(status.contains("now:           \(now.time)  \(now.title)"), "\(context)")
                #expect(late.contains("now \(now.time) \(now.title)"), "\(context)")
                #expect(s.currentTask == now, "\(context)")
                #expect(now.state != .done, "\(context)")
            } else {
                #expect(!tooltip.contains { $0.hasPrefix("now ") }, "\(context)")
                #expect(!status.contains("now:           0") && !status.contains("now:           1")
                        && !status.contains("now:           2"), "\(context)")
                #expect(!late.contains(", now "), "\(context)")
                let refusal = CheckNow.nothing(s)
                #expect(refusal.hasPrefix("nothing to check now: "), "\(context)")
                // Naming a task is offered only where today has one left to check.
                let left = ![Morning.MorningState.none, .notStarted, .allDone].contains(MorningText.state(s))
                #expect(refusal.hasSuffix("bmctl check TASK") == left, "\(context): \(refusal)")
            }
            // The terminal app's Routine tab and the window's Today (which shows
            // MorningText.headline itself) head the day with the same line.
            var app = AppModel()
            _ = app.show(status: s)
            let appScreen = AppScreen(width: 200, height: 30, style: .plain).lines(app)
            #expect(appScreen.contains(MorningText.headline(s)), "\(context): \(appScreen)")
            if let next = s.nextTask {
                #expect(next.state != .done, "a checked task is never next: \(context)")
                #expect(tooltip.contains { $0.hasPrefix("next \(next.time) \(next.title)") }, "\(context)")
                #expect(status.contains("next task:     \(next.time)  \(next.title)"), "\(context)")
            }
            // No surface says none are left while a task is undone ("finished 3/4" included).
            if let today = s.today, today.completed < today.total {
                var app = AppModel()
                _ = app.show(status: s)
                let screen = AppScreen(width: 100, height: 30, style: .plain).lines(app).joined(separator: "\n")
                for (surface, text) in [("bar", bar), ("tooltip", tooltip.joined(separator: "\n")), ("status", status),
                                        ("late reminder", late), ("app", screen), ("check", CheckNow.nothing(s))] {
                    #expect(!text.contains("none left"), "\(surface) says none are left with \(today.total - today.completed) undone: \(context): \(text)")
                }
            }
            if s.state == .finished || s.state == .allDone {
                #expect(s.now?.task == nil && s.nextTask == nil, "a finished morning names no task: \(context)")
                #expect(bar.hasSuffix(s.state == .allDone ? "all done" : "finished"), "\(context)")
            }
        }
    }

    @Test("check with nothing to check says what would help: a routine to activate, or when a new routine starts")
    func checkNothingWithoutARunningDay() {
        let none = CheckNow.nothing(Sample.nothingActive)
        #expect(none == "nothing to check now: no routine is active; pick one with `bmctl explore`, then `bmctl activate NAME`")
        var waiting = Sample.running
        waiting.state = .notStarted
        waiting.routine?.startDate = "2026-11-24"
        // On the day it was chosen, a routine says when it starts, as a check of a task does.
        #expect(CheckNow.nothing(waiting)
                == "nothing to check now: your new routine Tim Cook starts tomorrow (2026-11-24); its tasks can be checked from then")
        waiting.routine?.startDate = "2026-11-30"
        #expect(CheckNow.nothing(waiting).contains("starts on 2026-11-30"))
        #expect(!CheckNow.nothing(waiting).contains("tomorrow"))
    }
}
