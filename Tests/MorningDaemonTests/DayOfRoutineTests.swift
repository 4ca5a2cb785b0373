import Logging
import MorningCore
@testable import MorningDaemon
import MorningProtocol
import MorningStore
import Testing

/// `bmctl day --routine NAME`: the days of a routine before a switch stay readable.
@Suite struct DayOfRoutineTests {
    let logger = Logger(label: "test")

    @Test("after a switch, Day with the old routine shows its finished days; beyond its last day it says why")
    func oldRoutineAfterSwitch() async throws {
        let clock = TestClock("2026-11-15T10:00:00Z", zone: "UTC")
        let engine = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        _ = try await engine.call(Morning.Call.activate(routine: "kant"))          // from 2026-11-16
        clock.set("2026-11-16T08:00:00Z")
        _ = try await engine.call(Morning.Call.check(task: "1"))
        clock.set("2026-11-17T08:00:00Z")
        _ = try await engine.call(Morning.Call.check(task: "2"))
        _ = try await engine.call(Morning.Call.activate(routine: "franklin"))      // 2026-11-17 ends now
        clock.set("2026-11-19T08:00:00Z")

        let first = try await engine.call(Morning.Call.day(date: "2026-11-16", routine: "kant"))
        #expect(first.routineId == "kant")
        #expect(first.mode == .past)
        let states = first.tasks.map(\.state)
        #expect(states.first == .done)
        #expect(states.dropFirst().allSatisfy { $0 == .missed })
        #expect(first.completed == 1)
        let ended = try await engine.call(Morning.Call.day(date: "2026-11-17", routine: "kant"))
        #expect(ended.completed == 1)

        // Without a routine, the active one.
        let active = try await engine.call(Morning.Call.day(date: "today"))
        #expect(active.routineId == "franklin")

        let after = try await engine.answer(Morning.Call.day(date: "2026-11-18", routine: "kant")).refusal
        #expect(after?.name == "org.bettermorning.Morning.DateOutOfRange")
        if case .morning(.dateOutOfRange(_, let earliest, let latest, let ended))? = after {
            #expect(earliest == "2026-11-16")
            #expect(latest == "2026-11-17")
            #expect(ended == true)
        }

        // The active routine's own range does not say it ended.
        let ahead = try await engine.answer(Morning.Call.day(date: "2026-12-31")).refusal
        #expect(ahead?.name == "org.bettermorning.Morning.DateOutOfRange")
        if case .morning(.dateOutOfRange(_, _, _, let ended))? = ahead { #expect(ended != true) }
    }
}
