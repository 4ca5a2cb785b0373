import Testing
@testable import MorningCore

/// What the reminder says, on time and late.
@Suite struct ReminderMessageTests {
    // The notification names the routine and the first task (N2).
    @Test("the daily reminder names the routine, the first task with its time, and the number of tasks")
    func dailyMessage() {
        let message = ReminderMessage.daily(routine: "Haruki Murakami", firstTime: "04:00",
                                            firstTask: "Get up at four", taskCount: 4)
        #expect(message.summary == "Good morning — Haruki Murakami")
        #expect(message.body == "First: 04:00 Get up at four. 4 tasks today.")
    }

    @Test("one task is 'task'; a title that ends a sentence gets no second full stop")
    func dailyMessageWording() {
        let one = ReminderMessage.daily(routine: "Solo", firstTime: "06:30", firstTask: "Run", taskCount: 1)
        #expect(one.body == "First: 06:30 Run. 1 task today.")
        let asked = ReminderMessage.daily(routine: "Q", firstTime: "07:00", firstTask: "Why not? ", taskCount: 2)
        #expect(asked.body == "First: 07:00 Why not? 2 tasks today.")
        let stopped = ReminderMessage.daily(routine: "Q", firstTime: "07:00", firstTask: "Wake.", taskCount: 2)
        #expect(stopped.body == "First: 07:00 Wake. 2 tasks today.")
    }

    // A late reminder (N4, N6).
    @Test("a late reminder says where the morning stands: how many are done and the task to do now")
    func lateMessage() {
        let late = ReminderMessage.late(routine: "Breakfast Club", completed: 2, total: 8,
                                        now: ("07:00", "Eat breakfast"), next: ("07:30", "Read"))
        #expect(late.summary == "Good morning — Breakfast Club")
        #expect(late.body == "Running late: 2 of 8 done, now 07:00 Eat breakfast.")
        let caughtUp = ReminderMessage.late(routine: "Q", completed: 3, total: 8, now: nil, next: ("07:30", "Read?"))
        #expect(caughtUp.body == "Running late: 3 of 8 done, next 07:30 Read?")
        let all = ReminderMessage.late(routine: "Q", completed: 8, total: 8, now: nil, next: nil)
        #expect(all.body == "Running late: 8 of 8 done.")
    }

    @Test("a late reminder names the task status names: behind at 06:20, the first unchecked task")
    func lateFromTheModel() throws {
        let tasks = [("05:00", "Rise and wash"), ("05:15", "Say a morning prayer"), ("06:15", "Carry on with your current study"),
                     ("07:00", "Eat breakfast")].map { RoutineTask(time: TimeOfDay($0.0)!, title: $0.1) }
        let routine = Routine(id: 1, slug: "f", name: "Benjamin Franklin", kind: .celebrity, tasks: tasks, isActive: true,
                              createdDate: day("2026-11-22"), startDate: day("2026-11-23"), activationSerial: 1)
        var book = Book(routines: [routine], settings: Settings())
        _ = try book.check("2", done: true, today: book.closed(day("2026-11-23")))
        let morning = book.morning(at: utc("2026-11-23T06:20:00Z"), local: zone("UTC"))
        #expect(ReminderMessage.late(morning).body == "Running late: 1 of 4 done, now 05:00 Rise and wash.")
        _ = try book.check("1", done: true, today: book.closed(day("2026-11-23")))
        _ = try book.check("3", done: true, today: book.closed(day("2026-11-23")))
        let caughtUp = book.morning(at: utc("2026-11-23T06:20:00Z"), local: zone("UTC"))
        #expect(ReminderMessage.late(caughtUp).body == "Running late: 3 of 4 done, next 07:00 Eat breakfast.")
    }

    @Test("the reminder is worded on time within a minute of the first task, and from the model of now after it")
    func onTimeOrLate() throws {
        let tasks = [("05:00", "Rise and wash"), ("05:15", "Pray")].map { RoutineTask(time: TimeOfDay($0.0)!, title: $0.1) }
        let routine = Routine(id: 1, slug: "f", name: "Franklin", kind: .custom, tasks: tasks, isActive: true,
                              createdDate: day("2026-11-22"), startDate: day("2026-11-23"), activationSerial: 1)
        let book = Book(routines: [routine], settings: Settings())
        let today = day("2026-11-23")
        let onTime = try #require(book.reminder(of: today, sentAt: utc("2026-11-23T05:00:30Z"), local: zone("UTC")))
        #expect(onTime.0.body == "First: 05:00 Rise and wash. 2 tasks today.")
        #expect(onTime.scheduled == utc("2026-11-23T05:00:00Z"))
        #expect(onTime.0.checkLabel == "✓ Rise and wash")
        let late = try #require(book.reminder(of: today, sentAt: utc("2026-11-23T05:20:00Z"), local: zone("UTC")))
        #expect(late.0.body == "Running late: 0 of 2 done, now 05:00 Rise and wash.")
        #expect(late.0.checkLabel == "✓ Rise and wash")
        #expect(Book(routines: [], settings: Settings()).reminder(of: today, sentAt: utc("2026-11-23T05:20:00Z"),
                                                                   local: zone("UTC")) == nil)
    }
}
