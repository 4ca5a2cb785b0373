import MorningCore
import Foundation
import Logging
@testable import MorningDaemon
import MorningProtocol
import MorningStore
import Testing

/// A notification server that comes and goes when the test says.
private final class FlippingNotifier: Notifier, @unchecked Sendable {
    private let lock = NSLock()
    private var available = true

    func set(available: Bool) { lock.withLock { self.available = available } }

    var isAvailable: Bool { lock.withLock { available } }
    var unavailableReason: String? { lock.withLock { available ? nil : "the server went away" } }
    func post(_ message: ReminderMessage) async -> ShownNotification? { isAvailable ? ShownNotification(id: 1, server: ":1.1") : nil }
    func postWaiting(_ message: ReminderMessage) -> Bool { isAvailable }
    func probe() async -> Bool { isAvailable }
    func withdraw(_ shown: ShownNotification) async {}
}

/// bmd keeps the Status reply it sent while nothing it says can have changed; these check
/// that a kept reply is, byte for byte, what computing it anew gives.
@Suite("The Status reply kept between calls")
struct StatusReplyTests {
    let logger = Logger(label: "test")
    let status = Morning.Call.status().call

    /// The reply computed anew, as any other call's.
    private func fresh(_ engine: Engine) async throws -> String {
        String(decoding: try #require(await engine.respond(to: status)), as: UTF8.self)
    }

    private func kept(_ status: StatusBroadcast) -> String {
        String(decoding: status.frame(), as: UTF8.self)
    }

    @Test("Through a morning in 7 s steps, with checks between, the kept reply is the one computed anew")
    func throughAMorning() async throws {
        // Franklin's tasks are at 05:00, 05:15, … 08:00; his routine starts the day after activation.
        let clock = TestClock("2026-11-22T20:00:00Z", zone: "Europe/Berlin")
        let engine = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        let broadcast = StatusBroadcast(engine: engine)
        _ = try await engine.call(Morning.Call.activate(routine: "franklin"))
        clock.advance(7 * 3600 + 30 * 60)  // 04:30 the next morning, local time
        var seen = Set<String>()
        for step in 0..<(4 * 3600 / 7) {
            // Asked twice, so that the second answer is the kept one when the first was kept.
            let (first, second) = (kept(broadcast), kept(broadcast))
            let expected = try await fresh(engine)
            #expect(first == expected, "at step \(step)")
            #expect(second == expected, "at step \(step)")
            seen.insert(expected)
            // Seven of the eight tasks get checked on the way, so the morning never ends all done.
            if step % 300 == 75 {
                _ = try await engine.call(Morning.Call.check(task: "\(step / 300 + 1)"))
                #expect(kept(broadcast) == (try await fresh(engine)), "after checking at step \(step)")
            }
            clock.advance(7)
        }
        // The minutes to the next task move by the minute: the sweep saw the status change often.
        #expect(seen.count > 200)
    }

    @Test("A notification server going or coming is in the next reply, within the same half minute")
    func serverComesAndGoes() async throws {
        let clock = TestClock("2026-11-23T06:00:10Z", zone: "Europe/London")
        let notifier = FlippingNotifier()
        let engine = try Engine(store: try Store.inMemory(), clock: clock.wall, notifier: notifier, logger: logger)
        let broadcast = StatusBroadcast(engine: engine)
        let before = kept(broadcast)
        #expect(before.contains(#""available":true"#))
        notifier.set(available: false)
        let gone = kept(broadcast)
        #expect(gone.contains(#""available":false"#) && gone.contains("the server went away"))
        #expect(gone == (try await fresh(engine)))
        notifier.set(available: true)
        #expect(kept(broadcast) == before)
    }

    @Test("A change of zone, of the notifications setting or of the routine is in the next reply")
    func changesShowAtOnce() async throws {
        let clock = TestClock("2026-11-22T20:00:00Z", zone: "Europe/Berlin")
        let engine = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        let broadcast = StatusBroadcast(engine: engine)
        _ = try await engine.call(Morning.Call.activate(routine: "franklin"))
        clock.advance(9 * 3600 + 10)  // 06:00:10 the next morning in Berlin
        let before = kept(broadcast)
        #expect(before.contains(#""date":"2026-11-23""#))

        clock.fly(to: "America/New_York")  // 00:00:10 there: the same day, nothing begun yet
        let moved = kept(broadcast)
        #expect(moved != before)
        #expect(moved == (try await fresh(engine)))

        _ = try await engine.call(Morning.Call.setNotifications(enabled: false))
        let silenced = kept(broadcast)
        #expect(silenced != moved && silenced.contains(#""enabled":false"#))
        #expect(silenced == (try await fresh(engine)))

        _ = try await engine.call(Morning.Call.activate(routine: "darwin"))
        #expect(kept(broadcast) == (try await fresh(engine)))
        #expect(kept(broadcast) != silenced)
    }
}
