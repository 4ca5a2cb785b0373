import Foundation
import Logging
import MorningCore
@testable import MorningDaemon
import MorningProtocol
import MorningStore
import MorningTestSupport
import Testing

private let M = "org.bettermorning.Morning."

/// Random histories of calls, clock moves, zone changes and restarts of bmd over one state
/// file; after every step the rules a user relies on hold.
@Suite("Random histories: a wrong clock, a restart or a zone change costs no history")
struct HistoryPropertyTests {
    let logger = Logger(label: "test")
    static let zones = ["UTC", "Europe/Berlin", "Pacific/Kiritimati", "Pacific/Pago_Pago", "America/Santiago", "Pacific/Apia"]
    static let celebrities = ["franklin", "kant", "darwin", "angelou"]
    /// The clock stays within these, so that every date is one an import takes.
    static let earliest = ISO8601DateFormatter().date(from: "2001-01-01T00:00:00Z")!
    static let latest = ISO8601DateFormatter().date(from: "2040-01-01T00:00:00Z")!

    /// A call of any size: an import of years of history is larger than other calls' frames.
    private func callLarge(_ engine: Engine, _ method: String, _ parameters: [String: Any]) async throws -> [String: Any] {
        let frame = [UInt8](try JSONSerialization.data(withJSONObject: ["method": method, "parameters": parameters]))
        let reply = try #require(await engine.respond(to: try VarlinkCall(frame: frame)))
        return try #require(try JSONSerialization.jsonObject(with: Data(reply.dropLast())) as? [String: Any])
    }

    private func export(_ engine: Engine) async throws -> [String: Any] {
        let reply = try await call(engine, M + "Export")
        return try #require(parameters(reply)["document"] as? [String: Any], "export: \(reply)")
    }

    @Test("After each step: no day twice, no empty record after today, today checkable, the export imports the same, status answers in 50 ms")
    func histories() async throws {
        var random = FuzzRun.random(0x4849_5354)
        for run in 0..<6 * FuzzRun.scale {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bm-history-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let path = folder.appendingPathComponent("bmd.sqlite").path
            let clock = TestClock(ISO8601DateFormatter().date(from: "2026-11-20T12:00:00Z")!, zone: random.pick(Self.zones))
            var engine: Engine? = try Engine(store: try Store(path: path), clock: clock.wall, logger: logger)
            var log: [String] = []
            for _ in 0..<40 {
                let live = try #require(engine)
                switch random.below(10) {
                case 0, 1:
                    let id = random.pick(Self.celebrities)
                    log.append("activate \(id)")
                    _ = try await call(live, M + "Activate", ["routine": id])
                case 2:
                    let id = random.pick(Self.celebrities)
                    log.append("restart \(id)")
                    _ = try await call(live, M + "Restart", ["routine": id])
                case 3, 4:
                    let task = "\(1 + random.below(4))"
                    log.append("check \(task)")
                    _ = try await call(live, M + "Check", ["task": task])
                case 5, 6:
                    // Minutes to years, either way.
                    let scale: Double = random.pick([60, 3_600, 86_400, 30 * 86_400, 365 * 86_400])
                    let step = Double(1 + random.below(5)) * scale * (random.chance(0.5) ? 1 : -1)
                    let to = min(max(clock.now.addingTimeInterval(step), Self.earliest), Self.latest)
                    clock.set(to)
                    log.append("clock to \(to)")
                case 7:
                    let zone = random.pick(Self.zones)
                    clock.fly(to: zone)
                    log.append("fly to \(zone)")
                case 8:
                    // bmd stops (or is killed: nothing is kept but the state file) and starts again.
                    engine = nil
                    engine = try Engine(store: try Store(path: path), clock: clock.wall, logger: logger)
                    log.append("bmd again")
                default:
                    log.append("status")
                }
                try await check(try #require(engine), clock: clock, trace: "run \(run), \(FuzzRun.tag): \(log.joined(separator: "; "))")
            }
        }
    }

    /// The rules that must hold in any state a history reaches.
    private func check(_ engine: Engine, clock: TestClock, trace: String) async throws {
        // bmd's alarm wakes at once when the clock is set or the zone changes, and at every
        // midnight: the days that ended are closed then, not by the status call.
        _ = try engine.wake()
        let started = ContinuousClock.now
        _ = StatusBroadcast(engine: engine).frame()
        let took = ContinuousClock.now - started
        #expect(took < .milliseconds(50), "status took \(took); \(trace)")
        let status = parameters(try await call(engine, M + "Status"))
        let today = try #require(status["date"] as? String)

        let document = try await export(engine)
        for routine in document["routines"] as? [[String: Any]] ?? [] {
            let days = routine["days"] as? [[String: Any]] ?? []
            let open = routine["open"] as? [[String: Any]] ?? []
            let dates = (days + open).compactMap { $0["date"] as? String }
            #expect(Set(dates).count == dates.count, "a day twice in \(routine["id"] ?? "?"); \(trace)")
            // Dates as YYYY-MM-DD compare as text.
            for day in days where (day["date"] as? String ?? "") > today && (day["done"] as? [Any])?.isEmpty != false {
                #expect(Bool(false), "an empty record after today (\(today)): \(day) of \(routine["id"] ?? "?"); \(trace)")
            }
        }

        // Today can be checked once its routine has started: one untouched task is checked
        // and unchecked again.
        if status["phase"] as? String == "running" {
            let day = parameters(try await call(engine, M + "Day"))
            #expect(day["mode"] as? String == "today", "\(day); \(trace)")
            let tasks = day["tasks"] as? [[String: Any]] ?? []
            if let untouched = tasks.first(where: { $0["state"] as? String == "untouched" }),
               let position = untouched["position"] as? Int {
                let checked = try await call(engine, M + "Check", ["task": "\(position)"])
                #expect(checked["error"] == nil, "today is not checkable: \(checked); \(trace)")
                _ = try await call(engine, M + "Uncheck", ["task": "\(position)"])
            } else {
                #expect(!tasks.contains { $0["state"] as? String == "missed" }, "today is closed: \(day); \(trace)")
            }
        }

        // The export imports into a fresh bmd and gives the same history back.
        let fresh = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        let imported = try await callLarge(fresh, M + "Import", ["document": document, "replace": false])
        #expect(imported["error"] == nil, "the export was refused: \(imported); \(trace)")
        let again = try await export(fresh)
        #expect(NSDictionary(dictionary: again) == NSDictionary(dictionary: document), "the import changed the history; \(trace)")
    }
}
