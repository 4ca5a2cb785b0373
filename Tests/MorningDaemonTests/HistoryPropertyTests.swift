import Foundation
import Logging
import MorningCore
@testable import MorningDaemon
import MorningProtocol
import MorningStore
import MorningTestSupport
import Testing

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

    private func export(_ engine: Engine) async throws -> Morning.ExportDocument {
        try await engine.call(Morning.Call.export()).document
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
                    _ = try await live.answer(Morning.Call.activate(routine: id))
                case 2:
                    let id = random.pick(Self.celebrities)
                    log.append("restart \(id)")
                    _ = try await live.answer(Morning.Call.restart(routine: id))
                case 3, 4:
                    let task = "\(1 + random.below(4))"
                    log.append("check \(task)")
                    _ = try await live.answer(Morning.Call.check(task: task))
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
        let status = try await engine.call(Morning.Call.status())
        let today = status.date

        let document = try await export(engine)
        for routine in document.routines {
            let dates = (routine.days + routine.open).map(\.date)
            #expect(Set(dates).count == dates.count, "a day twice in \(routine.id); \(trace)")
            // Dates as YYYY-MM-DD compare as text.
            for day in routine.days where day.date > today && day.done.isEmpty {
                #expect(Bool(false), "an empty record after today (\(today)): \(day) of \(routine.id); \(trace)")
            }
        }

        // Today can be checked once its routine has started: one untouched task is checked
        // and unchecked again.
        if status.phase == .running {
            let day = try await engine.call(Morning.Call.day())
            #expect(day.mode == .today, "\(day); \(trace)")
            if let untouched = day.tasks.first(where: { $0.state == .untouched }) {
                let checked = try await engine.answer(Morning.Call.check(task: "\(untouched.position)"))
                #expect(checked.refusal == nil, "today is not checkable: \(checked); \(trace)")
                _ = try await engine.answer(Morning.Call.uncheck(task: "\(untouched.position)"))
            } else {
                #expect(!day.tasks.contains { $0.state == .missed }, "today is closed: \(day); \(trace)")
            }
        }

        // The export imports into a fresh bmd and gives the same history back.
        let fresh = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        // Years of history make a call larger than most: it goes in under Import's own limit.
        let imported = try await fresh.answer(Morning.Call.import(document: document, replace: false))
        #expect(imported.refusal == nil, "the export was refused: \(imported); \(trace)")
        let again = try await export(fresh)
        #expect(again == document, "the import changed the history; \(trace)")
    }
}
