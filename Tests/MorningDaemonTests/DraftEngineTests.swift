import Foundation
import Logging
import MorningCore
@testable import MorningDaemon
import MorningProtocol
import MorningStore
import Testing

/// The draft and create methods over varlink, against the core and a real SQLite store.
// Rules C2–C5.
@Suite("The engine: drafts and creating a routine")
struct DraftEngineTests {
    let logger = Logger(label: "test")
    let method = "org.bettermorning.Morning."

    func tasks(_ reply: [String: Any]) -> [String] {
        (parameters(reply)["tasks"] as? [[String: Any]] ?? []).map { "\($0["position"]!) \($0["time"]!) \($0["title"]!)" }
    }

    // Section 10 of the scripting contract.
    @Test("DraftShow with no draft is an explicit null title and no tasks")
    func showNothing() async throws {
        let engine = try Engine(store: try Store.inMemory(), clock: TestClock("2026-11-22T10:00:00Z", zone: "UTC").wall, logger: logger)
        let shown = parameters(try await call(engine, method + "DraftShow"))
        #expect(shown["title"] is NSNull)
        #expect((shown["tasks"] as? [Any])?.isEmpty == true)
    }

    // Rules C2, D2.
    @Test("each added task is answered with the sorted draft and its own place")
    func addSorted() async throws {
        let engine = try Engine(store: try Store.inMemory(), clock: TestClock("2026-11-22T10:00:00Z", zone: "UTC").wall, logger: logger)
        _ = try await call(engine, method + "DraftAdd", ["time": "07:00", "title": "Coffee"])
        let added = try await call(engine, method + "DraftAdd", ["time": "6:45am", "title": "Run"])
        #expect((parameters(added)["task"] as? [String: Any])?["position"] as? Int == 1)
        #expect(tasks(added) == ["1 06:45 Run", "2 07:00 Coffee"])
        let removed = try await call(engine, method + "DraftRemove", ["position": 2])
        #expect((parameters(removed)["task"] as? [String: Any])?["title"] as? String == "Coffee")
        #expect(tasks(removed) == ["1 06:45 Run"])
    }

    // Rule C2.
    @Test("the draft is in the state file after every answered call, so a new bmd finds it")
    func C2_survivesARestart() async throws {
        let clock = TestClock("2026-11-22T10:00:00Z", zone: "UTC")
        let store = try Store.inMemory()
        do {
            let engine = try Engine(store: store, clock: clock.wall, logger: logger)
            _ = try await call(engine, method + "DraftTitle", ["title": "Mine"])
            _ = try await call(engine, method + "DraftAdd", ["time": "06:00", "title": "Run"])
        }
        let engine = try Engine(store: store, clock: clock.wall, logger: logger)
        let shown = try await call(engine, method + "DraftShow")
        #expect(parameters(shown)["title"] as? String == "Mine" && tasks(shown) == ["1 06:00 Run"])
    }

    // Rule C3.
    @Test("refusals carry their error and parameters, and change nothing")
    func C3_refusals() async throws {
        let engine = try Engine(store: try Store.inMemory(), clock: TestClock("2026-11-22T10:00:00Z", zone: "UTC").wall, logger: logger)
        var reply = try await call(engine, method + "DraftAdd", ["time": "06:07", "title": "Run"])
        #expect(reply["error"] as? String == method + "InvalidTime")
        #expect(parameters(reply)["text"] as? String == "06:07")
        #expect(parameters(reply)["earlier"] as? String == "06:05" && parameters(reply)["later"] as? String == "06:10")
        reply = try await call(engine, method + "DraftSave")
        #expect(reply["error"] as? String == method + "NoDraft")
        reply = try await call(engine, method + "DraftTitle", ["title": String(repeating: "x", count: 21)])
        #expect(reply["error"] as? String == method + "InvalidRoutine")
        #expect(engine.snapshot.draft == nil)
        for n in 0..<20 { _ = try await call(engine, method + "DraftAdd", ["time": "06:00", "title": "Task \(n)"]) }
        let full = engine.snapshot
        reply = try await call(engine, method + "DraftAdd", ["time": "07:00", "title": "One more"])
        #expect(reply["error"] as? String == method + "DraftFull" && parameters(reply)["limit"] as? Int == 20)
        reply = try await call(engine, method + "DraftRemove", ["position": 21])
        #expect(reply["error"] as? String == method + "NoDraftTask" && parameters(reply)["total"] as? Int == 20)
        #expect(engine.snapshot == full)
    }

    // Rule C4.
    @Test("a routine file with an error is refused with its line, and nothing is saved")
    func C4_fileErrorNamesTheLine() async throws {
        let engine = try Engine(store: try Store.inMemory(), clock: TestClock("2026-11-22T10:00:00Z", zone: "UTC").wall, logger: logger)
        let reply = try await call(engine, method + "CreateFromFile", ["text": "Mine\n06:00 Run\n6:07am Stretch\n"])
        #expect(reply["error"] as? String == method + "RoutineFileError")
        #expect(parameters(reply)["line"] as? Int == 3)
        #expect(parameters(reply)["reason"] as? String == "6:07am is not on the five-minute grid; use 06:05 or 06:10")
        #expect(engine.snapshot.routines.isEmpty)
    }

    // Rules C5, A2.
    @Test("DraftSave and Create answer like Activate and finalize the running routine's today")
    func C5_saveAnswersLikeActivate() async throws {
        let clock = TestClock("2026-11-22T10:00:00Z", zone: "UTC")
        let engine = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        _ = try await call(engine, method + "Create", ["title": "First", "tasks": [["time": "6am", "title": "Run"]]])
        clock.set("2026-11-23T07:00:00Z")
        _ = try await call(engine, method + "Check", ["task": "1"])
        _ = try await call(engine, method + "DraftTitle", ["title": "Second"])
        _ = try await call(engine, method + "DraftAdd", ["time": "05:30", "title": "Read"])
        let saved = parameters(try await call(engine, method + "DraftSave"))
        let routine = try #require(saved["routine"] as? [String: Any])
        #expect(routine["name"] as? String == "Second" && routine["type"] as? String == "custom")
        #expect(routine["startDate"] as? String == "2026-11-24" && routine["active"] as? Bool == true)
        #expect((saved["previous"] as? [String: Any])?["name"] as? String == "First")
        #expect((saved["finalized"] as? [String: Any])?["completed"] as? Int == 1)
        #expect(parameters(try await call(engine, method + "DraftShow"))["title"] is NSNull)
        // D3 by contrast: custom routines are never in the catalog.
        let explored = parameters(try await call(engine, method + "Explore"))["routines"] as? [[String: Any]] ?? []
        #expect(!explored.contains { ["First", "Second"].contains($0["name"] as? String) })
    }
}
