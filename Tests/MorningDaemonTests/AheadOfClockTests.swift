import Foundation
import Logging
import MorningCore
@testable import MorningDaemon
import MorningProtocol
import MorningStore
import MorningTestSupport
import Testing

private let M = "org.bettermorning.Morning."

/// Days ahead of the clock (issue 18, item 1): when the local date goes back, a day a
/// routine already began lies after today. It must still be finalized exactly once, and
/// every state bmd can reach must export and import back whole.
@Suite("Days ahead of the clock: finalized once, and every reachable state round-trips")
struct AheadOfClockTests {
    let logger = Logger(label: "test")

    private func export(_ engine: Engine) async throws -> [String: Any] {
        let reply = try await call(engine, M + "Export")
        return try #require(parameters(reply)["document"] as? [String: Any], "export: \(reply)")
    }

    private func routines(_ document: [String: Any]) -> [[String: Any]] {
        document["routines"] as? [[String: Any]] ?? []
    }

    // Rule T3.
    @Test("a day begun east of the date line and left by flying west is finalized when the routine is switched")
    func flightWest() async throws {
        // Kiritimati is UTC+14, Pago Pago UTC−11: the same instant is a day apart.
        let clock = TestClock("2026-11-20T12:00:00Z", zone: "Pacific/Kiritimati")   // the 21st, 02:00
        let engine = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        _ = try await call(engine, M + "Activate", ["routine": "kant"])                 // from the 22nd
        clock.step(hours: 24)                                                           // the 22nd, 02:00
        let checked = try await call(engine, M + "Check", ["task": "1"])
        #expect(checked["error"] == nil, "\(checked)")
        clock.fly(to: "Pacific/Pago_Pago")                                              // the 20th, 15:00
        let switched = try await call(engine, M + "Activate", ["routine": "franklin"])
        #expect(switched["error"] == nil, "\(switched)")

        let document = try await export(engine)
        let kant = try #require(routines(document).first { $0["id"] as? String == "kant" })
        #expect((kant["open"] as? [Any])?.isEmpty == true, "no day stays open on a routine that stopped: \(kant)")
        let days = kant["days"] as? [[String: Any]] ?? []
        #expect(days.map { $0["date"] as? String } == ["2026-11-22"])
        #expect(days.first?["done"] as? [Int] == [1], "the day keeps its check")

        // bmd's own export of that state imports.
        let fresh = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        let imported = try await call(fresh, M + "Import", ["document": document, "replace": false])
        #expect(imported["error"] == nil, "\(imported)")
        #expect(NSDictionary(dictionary: try await export(fresh)) == NSDictionary(dictionary: document))
    }

    // Rule A4.
    @Test("restarting a routine while the clock is behind its days starts it tomorrow, keeping the check made ahead")
    func restartBehindTheClock() async throws {
        let clock = TestClock("2026-11-20T12:00:00Z", zone: "UTC")
        let engine = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        _ = try await call(engine, M + "Activate", ["routine": "kant"])                 // from the 21st
        clock.step(hours: 24 * 3)                                                       // the 23rd: two days recorded
        _ = try await call(engine, M + "Check", ["task": "1"])
        clock.step(hours: -24 * 4)                                                      // back to the 19th
        let restarted = parameters(try await call(engine, M + "Restart", ["routine": "kant"]))
        let routine = try #require(restarted["routine"] as? [String: Any])
        #expect(routine["startDate"] as? String == "2026-11-20", "a restart counts from the real today")
        let kant = try #require(routines(try await export(engine)).first)
        // The two days the clock ran past hold no check and are gone; the 23rd keeps its check.
        #expect((kant["days"] as? [[String: Any]])?.isEmpty == true, "\(kant)")
        #expect((kant["open"] as? [[String: Any]])?.map { $0["date"] as? String } == ["2026-11-23"])
        #expect(kant["createdDate"] as? String == "2026-11-19", "not made after the day the clock shows")
    }

    @Test("A clock five years fast for a minute leaves no trace: today checks, restart counts from today, the export imports")
    func fiveYearsFastForAMinute() async throws {
        let clock = TestClock("2026-11-20T12:00:00Z", zone: "Europe/Berlin")
        let engine = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        _ = try await call(engine, M + "Activate", ["routine": "kant"])                 // from the 21st
        clock.step(hours: 48)                                                           // the 22nd
        _ = try await call(engine, M + "Check", ["task": "1"])
        clock.step(hours: 24 * 1826)                                                    // five years fast
        _ = try await call(engine, M + "Check", ["task": "2"])                          // the user's, on that day
        _ = try await call(engine, M + "Status")
        clock.step(hours: -24 * 1826)                                                   // right again: the 22nd
        let checked = try await call(engine, M + "Check", ["task": "3"])
        #expect(checked["error"] == nil, "today can be checked again: \(checked)")
        let document = try await export(engine)
        let kant = try #require(routines(document).first)
        #expect((kant["days"] as? [[String: Any]])?.map { $0["date"] as? String } == ["2026-11-21"], "\(kant)")
        let open = (kant["open"] as? [[String: Any]] ?? []).map { "\($0["date"] ?? "") \($0["done"] ?? "")" }
        #expect(open.count == 2 && open[0].hasPrefix("2026-11-22") && open[1].hasPrefix("2031-11-22"), "\(open)")
        let fresh = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        let imported = try await call(fresh, M + "Import", ["document": document, "replace": false])
        #expect(imported["error"] == nil, "\(imported)")
        let restarted = parameters(try await call(engine, M + "Restart", ["routine": "kant"]))
        #expect((restarted["routine"] as? [String: Any])?["startDate"] as? String == "2026-11-23")
    }

    @Test("A date the zone skips whole (Samoa, 2011-12-30) has no day and gets no record")
    func skippedDate() async throws {
        let clock = TestClock("2011-12-27T12:00:00Z", zone: "Pacific/Apia")           // the 27th, 02:00
        let engine = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        _ = try await call(engine, M + "Activate", ["routine": "kant"])                 // from the 28th
        clock.step(hours: 24 * 4)                                                       // the 1st of January
        let kant = try #require(routines(try await export(engine)).first)
        #expect((kant["days"] as? [[String: Any]])?.map { $0["date"] as? String } == ["2011-12-28", "2011-12-29", "2011-12-31"])
    }

    /// The zones a run flies between: both sides of the date line, DST zones, midnight gaps.
    static let zones = ["UTC", "Pacific/Kiritimati", "Pacific/Pago_Pago", "America/Los_Angeles", "Asia/Tokyo",
                        "Europe/Berlin", "America/Santiago", "Pacific/Auckland"]
    static let celebrities = ["franklin", "kant", "darwin", "angelou"]

    @Test("Random calls, zone changes and clock steps: no day stays open on a stopped routine, and every export imports back the same")
    func randomRoundTrip() async throws {
        var random = FuzzRun.random(0x4148_4541)
        for run in 0..<12 * FuzzRun.scale {
            let clock = TestClock("2026-11-20T12:00:00Z", zone: random.pick(Self.zones))
            let engine = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
            var log: [String] = []
            // The clock never goes more than ten days behind the latest time it showed,
            // well inside what an import accepts.
            var latest = clock.now
            var created = 0
            for _ in 0..<60 {
                var reply: [String: Any] = [:]
                switch random.below(12) {
                case 0, 1:
                    let id = random.pick(Self.celebrities)
                    log.append("activate \(id)")
                    reply = try await call(engine, M + "Activate", ["routine": id])
                case 2:
                    let id = random.pick(Self.celebrities + ["mine"])
                    log.append("restart \(id)")
                    reply = try await call(engine, M + "Restart", ["routine": id])
                case 3, 4, 5:
                    let task = "\(1 + random.below(4))"
                    let done = random.chance(0.8)
                    log.append("\(done ? "check" : "uncheck") \(task)")
                    reply = try await call(engine, M + (done ? "Check" : "Uncheck"), ["task": task])
                case 6:
                    created += 1
                    log.append("create mine \(created)")
                    reply = try await call(engine, M + "Create", ["title": "Mine \(created)",
                                                                  "tasks": [["time": "06:00", "title": "Run"], ["time": "07:00", "title": "Read"]]])
                case 7 where random.chance(0.3):
                    let id = random.pick(Self.celebrities)
                    log.append("delete \(id)")
                    reply = try await call(engine, M + "Delete", ["routine": id])
                case 7, 8:
                    let hours = Double(1 + random.below(40))
                    clock.step(hours: hours)
                    latest = max(latest, clock.now)
                    log.append("clock +\(hours) h")
                case 9:
                    let back = Double(1 + random.below(60))
                    if latest.timeIntervalSince(clock.now) + back * 3600 <= 10 * 86_400 {
                        clock.step(hours: -back)
                        log.append("clock −\(back) h")
                    }
                case 10:
                    let zone = random.pick(Self.zones)
                    clock.fly(to: zone)
                    log.append("fly to \(zone)")
                default:
                    log.append("status")
                    reply = try await call(engine, M + "Status")
                }
                let error = reply["error"] as? String ?? ""
                #expect(!error.hasSuffix("StorageFailed") && !error.contains("service"),
                        "run \(run), \(FuzzRun.tag): \(log.joined(separator: "; ")) → \(reply)")
            }
            let trace = "run \(run), \(FuzzRun.tag): \(log.joined(separator: "; "))"
            let document = try await export(engine)
            for routine in routines(document) where routine["active"] as? Bool != true {
                #expect((routine["open"] as? [Any])?.isEmpty == true, "an open day on a stopped routine: \(routine["id"] ?? "?"); \(trace)")
            }
            // Finalized exactly once: no date twice among a routine's records and open days.
            for routine in routines(document) {
                let dates = ((routine["days"] as? [[String: Any]] ?? []) + (routine["open"] as? [[String: Any]] ?? []))
                    .compactMap { $0["date"] as? String }
                #expect(Set(dates).count == dates.count, "a date twice in \(routine["id"] ?? "?"); \(trace)")
            }
            let fresh = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
            let imported = try await call(fresh, M + "Import", ["document": document, "replace": false])
            #expect(imported["error"] == nil, "bmd's own export was refused: \(imported); \(trace)")
            let again = try await export(fresh)
            #expect(NSDictionary(dictionary: again) == NSDictionary(dictionary: document), "the import changed the state; \(trace)")
        }
    }
}
