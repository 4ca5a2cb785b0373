import Foundation
import MorningCore
@testable import MorningDaemon
import MorningStore
import Testing

/// The reminder's popup is bmd's across its own restarts: the store keeps which popup is
/// on screen, and a new run closes it when its morning begins. Fakes, so milliseconds.
@Suite("The reminder's popup across a restart of bmd")
struct ReminderRestartTests {
    typealias FirstMorning = ReminderServiceTests.FirstMorning

    static func day(_ iso: String) throws -> Day { try #require(Day(iso: iso)) }

    @Test("The popup shown is kept in the store with its day, id and server, and forgotten once bmd closes it")
    func keptUntilClosed() async throws {
        let bmd = try FirstMorning()
        try await bmd.running {
            await bmd.reminderSentAtFirstTask()
            let shown = ReminderPopup(day: try Self.day("2026-11-23"), id: 1, server: TestNotifier.server, bus: TestNotifier.bus)
            #expect(try bmd.store.loadBook().settings.reminderPopup == shown)

            _ = try bmd.service.engine.check(.init(task: "1"))
            await bmd.alarm.untilIdle()
            #expect(bmd.notifier.withdrawals == [1])
            #expect(try bmd.store.loadBook().settings.reminderPopup == nil)
        }
    }

    @Test("A bmd started with a popup on screen takes it back and closes it once the first task is checked")
    func takenBackAfterRestart() async throws {
        // The previous run sent today's reminder, then stopped with its popup on screen.
        let popup = ReminderPopup(day: try Self.day("2026-11-23"), id: 41, server: ":1.3")
        let bmd = try FirstMorning(settings: Settings(reminderFiredOn: popup.day, reminderPopup: popup))
        bmd.clock.set("2026-11-23T06:40:00Z")
        try await bmd.running {
            await bmd.alarm.untilIdle()
            #expect(bmd.service.popupOnScreen == .init(day: popup.day, notification: ShownNotification(id: 41, server: ":1.3")))
            #expect(bmd.notifier.withdrawals.isEmpty)

            _ = try bmd.service.engine.check(.init(task: "1"))
            await bmd.alarm.untilIdle()
            #expect(bmd.notifier.withdrawals == [0])
            #expect(bmd.notifier.withdrawn == [ShownNotification(id: 41, server: ":1.3")])
            #expect(try bmd.store.loadBook().settings.reminderPopup == nil)
        }
        // No second notification that day.
        #expect(bmd.notifier.all.isEmpty)
    }

    @Test("A popup is known by its bus too: after a logout and login, the same id from a server of the same name on the new bus is another application's")
    func knownByBusAndID() async throws {
        // The previous run showed the reminder on the session bus of the first login.
        let popup = ReminderPopup(day: try Self.day("2026-11-23"), id: 41, server: ":1.3", bus: "first-login-bus")
        let bmd = try FirstMorning(settings: Settings(reminderFiredOn: popup.day, reminderPopup: popup))
        bmd.clock.set("2026-11-23T06:40:00Z")
        try await bmd.running {
            await bmd.alarm.untilIdle()
            // Taken back with the bus it was shown on, which the store kept.
            let adopted = try #require(bmd.service.popupOnScreen?.notification)
            #expect(adopted == ShownNotification(id: 41, server: ":1.3", bus: "first-login-bus"))
            #expect(try bmd.store.loadBook().settings.reminderPopup?.bus == "first-login-bus")
            // Notification 41 of ":1.3" on the same bus is the reminder; on a new bus whose
            // server has the same name, it is someone else's: never closed nor acted on.
            #expect(adopted.isNotification(41, of: ":1.3", on: "first-login-bus"))
            #expect(!adopted.isNotification(41, of: ":1.3", on: "second-login-bus"))
            #expect(!adopted.isNotification(41, of: ":1.4", on: "first-login-bus"))
            #expect(!adopted.isNotification(42, of: ":1.3", on: "first-login-bus"))
        }
        // A popup an older bmd remembered without its bus is never taken for one on screen.
        #expect(!ShownNotification(id: 41, server: ":1.3").isNotification(41, of: ":1.3", on: "first-login-bus"))
    }

    @Test("A popup remembered from a day that has ended is closed at start")
    func yesterdaysPopupClosedAtStart() async throws {
        let popup = ReminderPopup(day: try Self.day("2026-11-22"), id: 9, server: ":1.3")
        let bmd = try FirstMorning(settings: Settings(reminderFiredOn: popup.day, reminderPopup: popup))
        try await bmd.running {
            await bmd.alarm.untilIdle()
            #expect(bmd.notifier.withdrawals == [0])
            let remembered = try bmd.store.loadBook().settings.reminderPopup
            #expect(remembered == nil)
        }
    }

    @Test("A popup the user closed is forgotten: nothing is left to close")
    func dismissedIsForgotten() async throws {
        let bmd = try FirstMorning()
        try await bmd.running {
            await bmd.reminderSentAtFirstTask()
            bmd.notifier.dismiss()
            #expect(try bmd.store.loadBook().settings.reminderPopup == nil)

            _ = try bmd.service.engine.check(.init(task: "1"))
            await bmd.alarm.untilIdle()
            #expect(bmd.notifier.withdrawals.isEmpty)
        }
    }

    @Test("The popup's ✓ checks the first task of the morning it announced, and the popup then closes")
    func checkButton() async throws {
        let bmd = try FirstMorning()
        try await bmd.running {
            await bmd.reminderSentAtFirstTask()
            let monday = try Self.day("2026-11-23")
            #expect(bmd.service.engine.reminderStillWanted(for: monday))

            bmd.notifier.press(.check)
            await bmd.alarm.untilIdle()
            #expect(!bmd.service.engine.reminderStillWanted(for: monday))
            #expect(bmd.notifier.withdrawals == [1])
            #expect(try bmd.store.loadBook().settings.reminderPopup == nil)
        }
    }

    @Test("After a restart, the ✓ of the popup the previous run showed still checks the first task; another notification's does not")
    func checkButtonAfterRestart() async throws {
        let monday = try Self.day("2026-11-23")
        let popup = ReminderPopup(day: monday, id: 41, server: TestNotifier.server, bus: TestNotifier.bus)
        let bmd = try FirstMorning(settings: Settings(reminderFiredOn: popup.day, reminderPopup: popup))
        bmd.clock.set("2026-11-23T06:40:00Z")
        try await bmd.running {
            await bmd.alarm.untilIdle()
            // Notification 40 is another program's.
            bmd.notifier.press(.check, on: 40)
            await bmd.alarm.untilIdle()
            #expect(bmd.service.engine.reminderStillWanted(for: monday))
            #expect(bmd.notifier.withdrawals.isEmpty)

            bmd.notifier.press(.check, on: 41)
            await bmd.alarm.untilIdle()
            #expect(!bmd.service.engine.reminderStillWanted(for: monday))
            #expect(bmd.notifier.withdrawn == [ShownNotification(id: 41, server: TestNotifier.server, bus: TestNotifier.bus)])
            let remembered = try bmd.store.loadBook().settings.reminderPopup
            #expect(remembered == nil)
        }
        #expect(bmd.notifier.all.isEmpty)
    }
}
