import Foundation
import Logging
import MorningCore
@testable import MorningDaemon
import MorningProtocol
import MorningStore
import Testing

func call(_ engine: Engine, _ method: String, _ parameters: [String: Any] = [:]) async throws -> [String: Any] {
    var frame = [UInt8](try JSONSerialization.data(withJSONObject: ["method": method, "parameters": parameters]))
    frame.append(0)
    var splitter = FrameSplitter()
    splitter.append(frame)
    let frameBytes = try #require(try splitter.next())
    let reply = try #require(await engine.respond(to: try VarlinkCall(frame: frameBytes)))
    return try #require(try JSONSerialization.jsonObject(with: Data(reply.dropLast())) as? [String: Any])
}

func parameters(_ reply: [String: Any]) -> [String: Any] { reply["parameters"] as? [String: Any] ?? [:] }

@Suite("The engine: varlink calls against the core and a real SQLite store")
struct EngineTests {
    let logger = Logger(label: "test")

    // Section 10 of the scripting contract.
    @Test("status carries every contract field, null where empty")
    func statusContract() async throws {
        let clock = TestClock("2026-11-22T10:00:00Z", zone: "Europe/London")
        let engine = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        let status = parameters(try await call(engine, "org.bettermorning.Morning.Status"))
        for key in ["phase", "routine", "today", "nextReminder", "notifications"] {
            #expect(status.keys.contains(key), "missing \(key)")
        }
        #expect(status["phase"] as? String == "none")
        #expect(status["routine"] is NSNull && status["today"] is NSNull && status["nextReminder"] is NSNull)
    }

    @Test("A week offset beyond 10,000 weeks either way is an invalid parameter, found by fuzzing")
    func weekOffsetIsBounded() async throws {
        // Week moved by Int.max weeks overflowed the day arithmetic and stopped bmd.
        let clock = TestClock("2026-11-22T10:00:00Z", zone: "Europe/London")
        let engine = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        for offset in ["9223372036854775807", "-9223372036854775808", "1317624576693539401", "10001", "-10001"] {
            let frame = Array(#"{"method":"org.bettermorning.Morning.Week","parameters":{"offset":\#(offset)}}"#.utf8)
            let reply = try #require(await engine.respond(to: try VarlinkCall(frame: frame)))
            #expect(String(decoding: reply.dropLast(), as: UTF8.self)
                    == #"{"error":"org.varlink.service.InvalidParameter","parameters":{"parameter":"offset"}}"#, "\(offset)")
        }
        for offset in [-10_000, 0, 10_000] {
            let reply = try await call(engine, "org.bettermorning.Morning.Week", ["offset": offset])
            // No routine is active: the offset itself was taken.
            #expect(reply["error"] as? String == "org.bettermorning.Morning.NoActiveRoutine", "\(offset)")
        }
    }

    // Rule N1.
    @Test("the next reminder is the first task's time from the start date, with the local offset")
    func nextReminder() async throws {
        let clock = TestClock("2026-03-28T12:00:00Z", zone: "Europe/London")
        let engine = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        let activated = parameters(try await call(engine, "org.bettermorning.Morning.Activate", ["routine": "franklin"]))
        let first = try #require(((activated["routine"] as? [String: Any])?["tasks"] as? [[String: Any]])?.first?["time"] as? String)
        // The 29th is the day British Summer Time begins: the offset is +01:00 at the reminder.
        let status = parameters(try await call(engine, "org.bettermorning.Morning.Status"))
        #expect(status["nextReminder"] as? String == "2026-03-29T\(first):00+01:00")
        _ = try await call(engine, "org.bettermorning.Morning.SetNotifications", ["enabled": false])
        #expect(parameters(try await call(engine, "org.bettermorning.Morning.Status"))["nextReminder"] is NSNull)
    }

    // Reads never write; the day is closed on bmd's own time (T3, T6).
    @Test("after midnight a read shows yesterday closed without writing it, and the midnight wake stores it")
    func midnightOnRequest() async throws {
        let clock = TestClock("2026-11-22T10:00:00Z", zone: "UTC")
        let store = try Store.inMemory()
        let engine = try Engine(store: store, clock: clock.wall, logger: logger)
        _ = try await call(engine, "org.bettermorning.Morning.Activate", ["routine": "darwin"])
        clock.set("2026-11-23T08:00:00Z")
        _ = try await call(engine, "org.bettermorning.Morning.Check", ["task": "1"])
        clock.set("2026-11-24T00:00:05Z")
        let day = parameters(try await call(engine, "org.bettermorning.Morning.Day", ["date": "yesterday"]))
        #expect(day["mode"] as? String == "past" && day["completed"] as? Int == 1)
        let today = parameters(try await call(engine, "org.bettermorning.Morning.Day"))
        #expect(today["date"] as? String == "2026-11-24" && today["completed"] as? Int == 0)
        let routine = try #require(engine.snapshot.active).id
        #expect(try store.recordCount(of: routine) == 0)
        _ = try engine.wake()
        #expect(try store.recordCount(of: routine) == 1)
        let closed = parameters(try await call(engine, "org.bettermorning.Morning.Day", ["date": "yesterday"]))
        #expect(closed["mode"] as? String == "past" && closed["completed"] as? Int == 1)
    }

    // Rule T3.
    @Test("days missed while bmd was off are finalized when it starts")
    func catchUpAtStart() async throws {
        let clock = TestClock("2026-11-22T10:00:00Z", zone: "UTC")
        let store = try Store.inMemory()
        do {
            let engine = try Engine(store: store, clock: clock.wall, logger: logger)
            _ = try await call(engine, "org.bettermorning.Morning.Activate", ["routine": "kant"])
        }
        clock.set("2026-11-27T10:00:00Z")
        let engine = try Engine(store: store, clock: clock.wall, logger: logger)
        let id = try #require(engine.snapshot.active).id
        #expect(try store.recordCount(of: id) == 4)   // the 23rd to the 26th
    }

    @Test("Refusals carry the error name and parameters, and change nothing")
    func refusals() async throws {
        let clock = TestClock("2026-11-22T10:00:00Z", zone: "UTC")
        let engine = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        var reply = try await call(engine, "org.bettermorning.Morning.Check", ["task": "1"])
        #expect(reply["error"] as? String == "org.bettermorning.Morning.NoActiveRoutine")
        _ = try await call(engine, "org.bettermorning.Morning.Activate", ["routine": "darwin"])
        let before = engine.snapshot
        reply = try await call(engine, "org.bettermorning.Morning.Activate", ["routine": "darwin"])
        #expect(reply["error"] as? String == "org.bettermorning.Morning.AlreadyActive")
        reply = try await call(engine, "org.bettermorning.Morning.Day", ["date": "2026-12-24"])
        #expect(reply["error"] as? String == "org.bettermorning.Morning.DateOutOfRange")
        #expect(parameters(reply)["latest"] as? String == "2026-12-06")
        reply = try await call(engine, "org.bettermorning.Morning.Day", ["date": "soon"])
        #expect(reply["error"] as? String == "org.bettermorning.Morning.InvalidDate")
        reply = try await call(engine, "org.bettermorning.Morning.Restart", ["routine": "nobody"])
        #expect(reply["error"] as? String == "org.bettermorning.Morning.RoutineNotFound")
        #expect(engine.snapshot == before)
    }

    // Rule H2.
    @Test("the first weekday follows the locale (Sunday for en_US, Monday for en_GB and de_DE)", arguments: [
        ("en_US.UTF-8", "2026-11-22"), ("en_GB.UTF-8", "2026-11-16"), ("de_DE.UTF-8", "2026-11-16"), ("C", "2026-11-16"),
    ])
    func weekStart(locale: String, expected: String) async throws {
        let clock = TestClock("2026-11-22T10:00:00Z", zone: "UTC")   // a Sunday
        let engine = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        _ = try await call(engine, "org.bettermorning.Morning.Activate", ["routine": "darwin"])
        let week = parameters(try await call(engine, "org.bettermorning.Morning.Week", ["locale": locale]))
        #expect(week["weekStart"] as? String == expected)
    }
}
