import Foundation
import Logging
import MorningCore
@testable import MorningDaemon
import MorningStore
import Testing

private let M = "org.bettermorning.Morning."

/// `bmctl day --routine NAME`: the days of a routine before a switch stay readable.
@Suite struct DayOfRoutineTests {
    let logger = Logger(label: "test")

    @Test("after a switch, Day with the old routine shows its finished days; beyond its last day it says why")
    func oldRoutineAfterSwitch() async throws {
        let clock = TestClock("2026-11-15T10:00:00Z", zone: "UTC")
        let engine = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        _ = try await call(engine, M + "Activate", ["routine": "kant"])          // from 2026-11-16
        clock.set("2026-11-16T08:00:00Z")
        _ = try await call(engine, M + "Check", ["task": "1"])
        clock.set("2026-11-17T08:00:00Z")
        _ = try await call(engine, M + "Check", ["task": "2"])
        _ = try await call(engine, M + "Activate", ["routine": "franklin"])      // 2026-11-17 ends now
        clock.set("2026-11-19T08:00:00Z")

        let first = parameters(try await call(engine, M + "Day", ["routine": "kant", "date": "2026-11-16"]))
        #expect(first["routineId"] as? String == "kant")
        #expect(first["mode"] as? String == "past")
        let states = (first["tasks"] as? [[String: Any]] ?? []).map { $0["state"] as? String ?? "" }
        #expect(states.first == "done")
        #expect(states.dropFirst().allSatisfy { $0 == "missed" })
        #expect(first["completed"] as? Int == 1)
        let ended = parameters(try await call(engine, M + "Day", ["routine": "kant", "date": "2026-11-17"]))
        #expect(ended["completed"] as? Int == 1)

        // Without a routine, the active one.
        let active = parameters(try await call(engine, M + "Day", ["date": "today"]))
        #expect(active["routineId"] as? String == "franklin")

        let after = try await call(engine, M + "Day", ["routine": "kant", "date": "2026-11-18"])
        #expect(after["error"] as? String == M + "DateOutOfRange")
        let error = parameters(after)
        #expect(error["earliest"] as? String == "2026-11-16")
        #expect(error["latest"] as? String == "2026-11-17")
        #expect(error["ended"] as? Bool == true)

        // The active routine's own range does not say it ended.
        let ahead = try await call(engine, M + "Day", ["date": "2026-12-31"])
        #expect(ahead["error"] as? String == M + "DateOutOfRange")
        #expect(parameters(ahead)["ended"] as? Bool != true)
    }
}
