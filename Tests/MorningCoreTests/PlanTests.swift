import Foundation
import Testing
@testable import MorningCore

/// The reminder and midnight plan (N1, N3, N4, N5, T4), from the wall clock alone.
@Suite("Planning the reminder and midnight")
struct PlanTests {
    /// A book whose active routine starts on `start` with tasks at `times`.
    func book(start: String, times: [String], enabled: Bool = true, firedOn: String? = nil) -> Book {
        let tasks = times.enumerated().map { RoutineTask(time: TimeOfDay($0.element)!, title: "Task \($0.offset + 1)") }
        let routine = Routine(id: 1, slug: "r", name: "R", kind: .custom, tasks: tasks, isActive: true,
                              createdDate: day(start).previous, startDate: day(start), activationSerial: 1)
        return Book(routines: [routine], settings: Settings(notificationsEnabled: enabled, reminderFiredOn: firedOn.map(day)))
    }

    // Rule N1.
    @Test("the reminder is the first task's time from the start date on; the wake is the earlier of it and midnight")
    func basic() {
        let local = zone("Europe/Paris")
        let b = book(start: "2026-11-23", times: ["06:30", "07:00"])
        let plan = b.plan(now: utc("2026-11-22T20:00:00Z"), local: local)
        #expect(plan.sendNow == nil)
        #expect(plan.nextReminder == utc("2026-11-23T05:30:00Z"))
        #expect(plan.nextMidnight == utc("2026-11-22T23:00:00Z"))
        #expect(plan.wake == plan.nextMidnight)
        // After midnight the reminder is next.
        #expect(b.plan(now: utc("2026-11-22T23:00:01Z"), local: local).wake == utc("2026-11-23T05:30:00Z"))
    }

    // Rule N1.
    @Test("a first task at 00:00 fires at midnight itself")
    func midnightTask() {
        let local = zone("Europe/Paris")
        let b = book(start: "2026-11-23", times: ["00:00", "07:00"])
        let plan = b.plan(now: utc("2026-11-22T20:00:00Z"), local: local)
        #expect(plan.nextReminder == plan.nextMidnight)
        // Woken at that midnight, it is due now.
        #expect(b.plan(now: utc("2026-11-22T23:00:00.004Z"), local: local).sendNow == day("2026-11-23"))
    }

    // Rule N1.
    @Test("no active routine or notifications off: no reminder, only midnight")
    func none() {
        let local = zone("UTC")
        #expect(Book().plan(now: utc("2026-11-22T20:00:00Z"), local: local).nextReminder == nil)
        let off = book(start: "2026-11-22", times: ["06:30"], enabled: false)
        let plan = off.plan(now: utc("2026-11-22T05:00:00Z"), local: local)
        #expect(plan.nextReminder == nil && plan.sendNow == nil && plan.wake == utc("2026-11-23T00:00:00Z"))
    }

    // Rule N4.
    @Test("woken late while the morning runs, up to the end of the last task's slot, the reminder fires once, late", arguments: [
        "2026-11-23T06:30:00.003Z", "2026-11-23T07:10:00Z", "2026-11-23T07:59:59Z", "2026-11-23T08:00:00Z", "2026-11-23T08:29:59Z",
    ])
    func lateInsideWindow(now: String) {
        let b = book(start: "2026-11-23", times: ["06:30", "07:00", "08:00"])
        let plan = b.plan(now: utc(now), local: zone("UTC"))
        #expect(plan.sendNow == day("2026-11-23"))
        #expect(plan.nextReminder == utc("2026-11-24T06:30:00Z"))
    }

    // Rule N4.
    @Test("woken once the morning is finished (the last slot's thirty minutes over), today's reminder is skipped", arguments: [
        "2026-11-23T08:30:00Z", "2026-11-23T13:00:00Z",
    ])
    func lateOutsideWindow(now: String) {
        let b = book(start: "2026-11-23", times: ["06:30", "07:00", "08:00"])
        let plan = b.plan(now: utc(now), local: zone("UTC"))
        #expect(plan.sendNow == nil)
        #expect(plan.nextReminder == utc("2026-11-24T06:30:00Z"))
    }

    // Rule N4.
    @Test("a routine of one task at 06:30 is still reminded at 06:40, while its one slot runs, and not after it")
    func singleTask() {
        let b = book(start: "2026-11-23", times: ["06:30"])
        #expect(b.plan(now: utc("2026-11-23T06:30:00.020Z"), local: zone("UTC")).sendNow == day("2026-11-23"))
        #expect(b.plan(now: utc("2026-11-23T06:40:00Z"), local: zone("UTC")).sendNow == day("2026-11-23"))
        #expect(b.plan(now: utc("2026-11-23T07:00:00Z"), local: zone("UTC")).sendNow == nil)
    }

    // Rule N4.
    @Test("once sent (and stored), never again that day, even after a restart")
    func neverTwice() {
        var b = book(start: "2026-11-23", times: ["06:30", "08:00"])
        let now = utc("2026-11-23T06:30:00.010Z")
        let due = b.plan(now: now, local: zone("UTC"))
        #expect(due.sendNow == day("2026-11-23"))
        #expect(b.markReminderSent(on: day("2026-11-23")) == [.setSettings(b.settings)])
        // The same book as a restarted bmd would load it.
        let restarted = Book(routines: b.routines, openDays: b.openDays, settings: b.settings)
        for later in ["2026-11-23T06:30:01Z", "2026-11-23T07:00:00Z"] {
            let plan = restarted.plan(now: utc(later), local: zone("UTC"))
            #expect(plan.sendNow == nil)
            #expect(plan.nextReminder == utc("2026-11-24T06:30:00Z"))
        }
    }

    // Rule N5.
    @Test("in the spring gap the reminder is at the first instant after it; in the repeat, the first occurrence", arguments: [
        ("America/New_York", "2026-03-08", "02:30", "2026-03-08T07:00:00Z"),
        ("America/New_York", "2026-11-01", "01:30", "2026-11-01T05:30:00Z"),
        ("Australia/Lord_Howe", "2026-10-04", "02:15", "2026-10-03T15:30:00Z"),
        ("Australia/Lord_Howe", "2026-04-05", "01:45", "2026-04-04T14:45:00Z"),
    ])
    func dst(zoneID: String, dayText: String, time: String, expected: String) {
        let local = zone(zoneID)
        let b = book(start: dayText, times: [time, "09:00"])
        let evening = local.start(of: day(dayText)).addingTimeInterval(-3600)
        #expect(b.plan(now: evening, local: local).nextReminder == utc(expected))
        // At the first occurrence it fires; an hour later (the repeat) it does not fire again.
        var sent = b
        #expect(sent.plan(now: utc(expected).addingTimeInterval(0.01), local: local).sendNow == day(dayText))
        _ = sent.markReminderSent(on: day(dayText))
        #expect(sent.plan(now: utc(expected).addingTimeInterval(3600), local: local).sendNow == nil)
    }

    // Rule T4.
    @Test("the next midnight is the first instant of tomorrow in Santiago, Havana and Beirut", arguments: [
        ("America/Santiago", "2026-09-05T12:00:00Z", "2026-09-06T04:00:00Z"),
        ("America/Havana", "2026-03-07T12:00:00Z", "2026-03-08T05:00:00Z"),
        ("America/Havana", "2026-10-31T12:00:00Z", "2026-11-01T04:00:00Z"),
        ("Asia/Beirut", "2026-03-28T12:00:00Z", "2026-03-28T22:00:00Z"),
        ("Asia/Beirut", "2026-10-24T12:00:00Z", "2026-10-24T22:00:00Z"),
    ])
    func midnights(zoneID: String, now: String, expected: String) {
        #expect(Book().plan(now: utc(now), local: zone(zoneID)).nextMidnight == utc(expected))
    }

    // Rule N3.
    @Test("a time-zone change moves the plan: the same instant, another local day and reminder")
    func zoneChange() {
        let b = book(start: "2026-11-20", times: ["07:00", "08:00"])
        let now = utc("2026-11-22T22:30:00Z")
        // In London it is 22:30 on the 22nd; in Tokyo already 07:30 on the 23rd, inside the window.
        #expect(b.plan(now: now, local: zone("Europe/London")).nextReminder == utc("2026-11-23T07:00:00Z"))
        #expect(b.plan(now: now, local: zone("Asia/Tokyo")).sendNow == day("2026-11-23"))
    }
}
