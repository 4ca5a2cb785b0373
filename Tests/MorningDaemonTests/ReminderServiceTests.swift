import Foundation
import Logging
import MorningCore
@testable import MorningDaemon
@testable import MorningStore
import Testing

/// The reminder service over a real engine and SQLite store, with an alarm, a
/// notification server and a clock the test holds: the order of recording, arming and
/// sending, in milliseconds.
@Suite("The reminder service: what happens first when a reminder is due")
struct ReminderServiceTests {
    /// A routine whose first task is at 06:30, running from the 23rd of November.
    static let dawn = CatalogEntry(id: "dawn", name: "Dawn Chorus", bio: "", source: "",
                                   tasks: [("06:30", "Get up"), ("07:00", "Walk")])
    static let reminder = ReminderMessage(summary: "Good morning — Dawn Chorus",
                                          body: "First: 06:30 Get up. 2 tasks today.", firstTask: "Get up",
                                          staysUntilClosed: true, sound: "alarm-clock-elapsed", keepsOnScreen: true)
    static let reminderTime = instant("2026-11-23T06:30:00Z")
    static let midnight = instant("2026-11-24T00:00:00Z")

    static func instant(_ iso: String) -> Date { ISO8601DateFormatter().date(from: iso)! }
    static let quiet = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }

    /// bmd at 06:00 on the routine's first day (London is on UTC in November).
    struct FirstMorning {
        let clock = TestClock("2026-11-23T06:00:00Z", zone: "Europe/London")
        let store: Store
        let alarm = TestAlarm()
        let notifier: TestNotifier
        let service: ReminderService

        /// `settings`, when given, are what a previous run of bmd left in the store.
        init(holdingPosts: Bool = false, settings: Settings? = nil) throws {
            let store = try Store.inMemory()
            self.store = store
            var book = try store.loadBook()
            let today = try #require(Day(iso: "2026-11-22"))
            let closing = try book.closeDays(today: today, exists: everyDateExists) { try store.laterRecords(from: today) }
            try store.apply(closing.changes)
            try store.apply(try book.activate("dawn", today: closing.today, catalog: [dawn]) { try store.laterRecords(from: today) }.changes)
            if let settings { try store.apply([.setSettings(settings)]) }
            let engine = try Engine(store: store, clock: clock.wall, catalog: [dawn], logger: quiet)
            notifier = TestNotifier(store: store, alarm: alarm, holding: holdingPosts)
            service = ReminderService(engine: engine, alarm: alarm, notifier: notifier, clock: clock.wall,
                                      logger: quiet)
        }

        /// Lets the service settle, moves the clock to 06:30 and lets the alarm go off; returns
        /// once the reminder is posted and the service is idle again.
        func reminderSentAtFirstTask() async {
            await alarm.untilIdle()
            clock.set("2026-11-23T06:30:00Z")
            alarm.goOff(.due)
            _ = await notifier.nextPost()
            await alarm.untilIdle()
        }

        /// Runs the service through `body`, then stops it and waits for it to end.
        func running(_ body: () async throws -> Void) async throws {
            async let ended: Void = service.run()
            var failure: (any Error)?
            do { try await body() } catch { failure = error }
            alarm.stop()
            notifier.release()
            try await ended
            if let failure { throw failure }
        }
    }

    // Rule N4.
    @Test("the reminder is stored as sent before it is posted, so a crash never sends it twice")
    func recordedBeforePosted() async throws {
        let bmd = try FirstMorning()
        try await bmd.running {
            await bmd.alarm.untilIdle()
            #expect(bmd.alarm.armed == [Self.reminderTime])

            bmd.clock.set("2026-11-23T06:30:00Z")
            bmd.alarm.goOff(.due)
            let post = await bmd.notifier.nextPost()

            #expect(post.message == Self.reminder)
            #expect(post.storeSaysSentOn == Day(iso: "2026-11-23"))
            await bmd.alarm.untilIdle()
        }
        #expect(bmd.notifier.all.count == 1)
    }

    // Rule N3.
    @Test("the alarm is armed for midnight before the reminder is sent, so a hung server never delays midnight")
    func armedBeforeSending() async throws {
        let bmd = try FirstMorning(holdingPosts: true)
        try await bmd.running {
            await bmd.alarm.untilIdle()
            bmd.clock.set("2026-11-23T06:30:00Z")
            bmd.alarm.goOff(.due)

            // The server hangs on this post: midnight is armed all the same.
            let post = await bmd.notifier.nextPost()
            #expect(post.message == Self.reminder)
            #expect(post.armedBefore == [Self.reminderTime, Self.midnight])
            #expect(bmd.alarm.armed.last == Self.midnight)

            bmd.notifier.release()
            await bmd.alarm.untilIdle()
            #expect(bmd.alarm.armed == [Self.reminderTime, Self.midnight])
        }
    }

    @Test("A wake whose state cannot be written is tried again a minute later on bmd's clock, and the reminder then goes out")
    func failedPlanRetried() async throws {
        let bmd = try FirstMorning()
        try await bmd.running {
            await bmd.alarm.untilIdle()

            // The store refuses every change of the settings, where the sent reminder is kept.
            try bmd.store.execute(sql: """
                CREATE TEMP TRIGGER refuse_settings BEFORE INSERT ON main.setting
                BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END
                """)
            bmd.clock.set("2026-11-23T06:30:00Z")
            bmd.alarm.goOff(.due)
            await bmd.alarm.untilIdle()

            #expect(bmd.alarm.armed == [Self.reminderTime, Self.instant("2026-11-23T06:31:00Z")])
            #expect(bmd.notifier.all.isEmpty, "nothing is sent that could not be recorded")

            // The disk has room again when the retry comes.
            try bmd.store.execute(sql: "DROP TRIGGER temp.refuse_settings")
            bmd.clock.set("2026-11-23T06:31:00Z")
            bmd.alarm.goOff(.due)
            let post = await bmd.notifier.nextPost()

            #expect(post.message == Self.reminder)
            #expect(post.storeSaysSentOn == Day(iso: "2026-11-23"))
            await bmd.alarm.untilIdle()
            #expect(bmd.alarm.armed.last == Self.midnight)
        }
        #expect(bmd.notifier.all.count == 1)
    }

    @Test("With the sound turned off the reminder asks for none, and still stays until closed")
    func silentReminder() async throws {
        let bmd = try FirstMorning(settings: Settings(reminderSound: false))
        try await bmd.running {
            await bmd.reminderSentAtFirstTask()
        }
        let post = try #require(bmd.notifier.all.first)
        #expect(post.message.sound == nil)
        #expect(post.message.staysUntilClosed)
    }

    // Rule N4.
    @Test("a reminder sent late says where the morning stands, not the first task's time")
    func lateReminderSaysProgress() async throws {
        // bmd starts at 06:45, a quarter of an hour after the first task's time.
        let bmd = try FirstMorning()
        bmd.clock.set("2026-11-23T06:45:00Z")
        try await bmd.running {
            let post = await bmd.notifier.nextPost()
            #expect(post.message == ReminderMessage(summary: "Good morning — Dawn Chorus",
                                                    body: "Running late: 0 of 2 done, now 06:30 Get up.",
                                                    firstTask: "Get up", staysUntilClosed: true, sound: "alarm-clock-elapsed",
                                                    keepsOnScreen: true))
            await bmd.alarm.untilIdle()
        }
        #expect(bmd.notifier.all.count == 1)
    }

    // Rule N4.
    @Test("a late reminder counts the tasks already checked and names the next one when none is waiting")
    func lateReminderAfterChecking() async throws {
        let bmd = try FirstMorning()
        bmd.clock.set("2026-11-23T06:40:00Z")
        // Checked from bmctl before bmd's alarm went off.
        _ = try bmd.service.engine.check(.init(task: "1"))
        try await bmd.running {
            let post = await bmd.notifier.nextPost()
            #expect(post.message.body == "Running late: 1 of 2 done, next 07:00 Walk.")
            await bmd.alarm.untilIdle()
        }
    }

    // Rule N6.
    @Test("the reminder's popup is closed once the first task is checked, and only then")
    func closedWhenFirstTaskChecked() async throws {
        let bmd = try FirstMorning()
        try await bmd.running {
            await bmd.reminderSentAtFirstTask()
            #expect(bmd.notifier.withdrawals.isEmpty)

            // Another task checked first: the morning's first task is still waiting.
            bmd.clock.set("2026-11-23T06:35:00Z")
            _ = try bmd.service.engine.check(.init(task: "2"))
            await bmd.alarm.untilIdle()
            #expect(bmd.notifier.withdrawals.isEmpty)

            _ = try bmd.service.engine.check(.init(task: "1"))
            await bmd.alarm.untilIdle()
            #expect(bmd.notifier.withdrawals == [1])

            // Unchecking brings no second notification, and there is nothing more to close.
            _ = try bmd.service.engine.uncheck(.init(task: "1"))
            _ = try bmd.service.engine.check(.init(task: "1"))
            await bmd.alarm.untilIdle()
            #expect(bmd.notifier.withdrawals == [1])
        }
        #expect(bmd.notifier.all.count == 1)
    }

    // Rule N6.
    @Test("a reminder left unanswered is closed when its day ends")
    func closedAtMidnight() async throws {
        let bmd = try FirstMorning()
        try await bmd.running {
            await bmd.reminderSentAtFirstTask()
            #expect(bmd.notifier.withdrawals.isEmpty)

            bmd.clock.set("2026-11-24T00:00:00Z")
            bmd.alarm.goOff(.due)
            await bmd.alarm.untilIdle()
            #expect(bmd.notifier.withdrawals == [1])
        }
    }
}
