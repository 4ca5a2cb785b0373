import Foundation
import Logging
import MorningCore
@testable import MorningDaemon
import MorningProtocol
import MorningStore
import MorningTestSupport
import Testing

/// Days ahead of the clock: when the local date goes back, a day a
/// routine already began lies after today. It must still be finalized exactly once, and
/// every state bmd can reach must export and import back whole.
@Suite("Days ahead of the clock: finalized once, and every reachable state round-trips")
struct AheadOfClockTests {
    let logger = Logger(label: "test")


    // Rule T3.
    @Test("a day begun east of the date line and left by flying west is finalized when the routine is switched")
    func flightWest() async throws {
        // Kiritimati is UTC+14, Pago Pago UTC−11: the same instant is a day apart.
        let clock = TestClock("2026-11-20T12:00:00Z", zone: "Pacific/Kiritimati")   // the 21st, 02:00
        let engine = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        _ = try await engine.call(Morning.Call.activate(routine: "kant"))               // from the 22nd
        clock.step(hours: 24)                                                           // the 22nd, 02:00
        let checked = try await engine.answer(Morning.Call.check(task: "1"))
        #expect(checked.refusal == nil, "\(checked)")
        clock.fly(to: "Pacific/Pago_Pago")                                              // the 20th, 15:00
        let switched = try await engine.answer(Morning.Call.activate(routine: "franklin"))
        #expect(switched.refusal == nil, "\(switched)")

        let document = try await engine.exportDocument()
        let kant = try #require(document.routines.first { $0.id == "kant" })
        #expect(kant.open.isEmpty, "no day stays open on a routine that stopped: \(kant)")
        #expect(kant.days.map(\.date) == ["2026-11-22"])
        #expect(kant.days.first?.done == [1], "the day keeps its check")

        // bmd's own export of that state imports.
        let fresh = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        let imported = try await fresh.answer(Morning.Call.import(document: document, replace: false))
        #expect(imported.refusal == nil, "\(imported)")
        #expect(try await fresh.exportDocument() == document)
    }

    // Rule A4.
    @Test("restarting a routine while the clock is behind its days starts it tomorrow, keeping the check made ahead")
    func restartBehindTheClock() async throws {
        let clock = TestClock("2026-11-20T12:00:00Z", zone: "UTC")
        let engine = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        _ = try await engine.call(Morning.Call.activate(routine: "kant"))               // from the 21st
        clock.step(hours: 24 * 3)                                                       // the 23rd: two days recorded
        _ = try await engine.call(Morning.Call.check(task: "1"))
        clock.step(hours: -24 * 4)                                                      // back to the 19th
        let restarted = try await engine.call(Morning.Call.restart(routine: "kant"))
        #expect(restarted.routine.startDate == "2026-11-20", "a restart counts from the real today")
        let kant = try #require(try await engine.exportDocument().routines.first)
        // The two days the clock ran past hold no check and are gone; the 23rd keeps its check.
        #expect(kant.days.isEmpty, "\(kant)")
        #expect(kant.open.map(\.date) == ["2026-11-23"])
        #expect(kant.createdDate == "2026-11-20", "not made after the run it starts, and moved back no further")
    }

    @Test("A clock five years fast for a minute leaves no trace: today checks, restart counts from today, the export imports")
    func fiveYearsFastForAMinute() async throws {
        let clock = TestClock("2026-11-20T12:00:00Z", zone: "Europe/Berlin")
        let engine = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        _ = try await engine.call(Morning.Call.activate(routine: "kant"))               // from the 21st
        clock.step(hours: 48)                                                           // the 22nd
        _ = try await engine.call(Morning.Call.check(task: "1"))
        clock.step(hours: 24 * 1826)                                                    // five years fast
        _ = try await engine.call(Morning.Call.check(task: "2"))                        // the user's, on that day
        _ = try await engine.call(Morning.Call.status())
        clock.step(hours: -24 * 1826)                                                   // right again: the 22nd
        let checked = try await engine.answer(Morning.Call.check(task: "3"))
        #expect(checked.refusal == nil, "today can be checked again: \(checked)")
        let document = try await engine.exportDocument()
        let kant = try #require(document.routines.first)
        #expect(kant.days.map(\.date) == ["2026-11-21"], "\(kant)")
        let open = kant.open.map { "\($0.date) \($0.done)" }
        #expect(open.count == 2 && open[0].hasPrefix("2026-11-22") && open[1].hasPrefix("2031-11-22"), "\(open)")
        let fresh = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        let imported = try await fresh.answer(Morning.Call.import(document: document, replace: false))
        #expect(imported.refusal == nil, "\(imported)")
        let restarted = try await engine.call(Morning.Call.restart(routine: "kant"))
        #expect(restarted.routine.startDate == "2026-11-23")
    }

    @Test("A date the zone skips whole (Samoa, 2011-12-30) has no day and gets no record")
    func skippedDate() async throws {
        let clock = TestClock("2011-12-27T12:00:00Z", zone: "Pacific/Apia")           // the 27th, 02:00
        let engine = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        _ = try await engine.call(Morning.Call.activate(routine: "kant"))               // from the 28th
        clock.step(hours: 24 * 4)                                                       // the 1st of January
        let kant = try #require(try await engine.exportDocument().routines.first)
        #expect(kant.days.map(\.date) == ["2011-12-28", "2011-12-29", "2011-12-31"])
    }

    // Rule T5: the export shows the state as the next catch-up leaves it, settling included.
    @Test("An export made just after the clock went back holds what bmd keeps once it catches up, and imports back the same")
    func exportRightAfterTheClockWentBack() async throws {
        let clock = TestClock("2026-11-20T12:00:00Z", zone: "UTC")
        let engine = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        _ = try await engine.call(Morning.Call.activate(routine: "kant"))               // from the 21st
        clock.step(hours: 48)                                                           // the 22nd
        _ = try await engine.call(Morning.Call.check(task: "1"))
        clock.step(hours: 24)                                                           // the 23rd: the 22nd ends
        _ = try await engine.call(Morning.Call.check(task: "2"))
        clock.step(hours: -48)                                                          // back to the 21st, no call since
        let document = try await engine.exportDocument()
        let kant = try #require(document.routines.first)
        // The 21st and 22nd were closed only by a clock ahead: the empty 21st is today
        // again, the 22nd is open again with its check, as in bmd's next catch-up.
        #expect(kant.days.isEmpty, "\(kant)")
        #expect(kant.open.map { "\($0.date) \($0.done)" } == ["2026-11-22 [1]", "2026-11-23 [2]"], "\(kant)")

        let fresh = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        let imported = try await fresh.answer(Morning.Call.import(document: document, replace: false))
        #expect(imported.refusal == nil, "\(imported)")
        #expect(try await fresh.exportDocument() == document, "the import changed the state")
        // bmd itself, once a call has made it catch up, holds just what it exported.
        let unchecked = try await engine.answer(Morning.Call.uncheck(task: "3"))
        #expect(unchecked.refusal == nil, "\(unchecked)")
        #expect(try await engine.exportDocument() == document)
    }

    // Rule T5, with rule A4: a run started over takes in its days ahead, checks and all.
    @Test("Activating again a routine whose checked day lies ahead opens that day in the new run at once, so no day of the run goes unrecorded")
    func activateAgainWithADayAhead() async throws {
        let clock = TestClock("2026-11-20T12:00:00Z", zone: "UTC")
        let engine = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        _ = try await engine.call(Morning.Call.activate(routine: "kant"))               // from the 21st
        clock.step(hours: 48)                                                           // the 22nd
        _ = try await engine.call(Morning.Call.check(task: "1"))
        clock.step(hours: -48)                                                          // back to the 20th
        _ = try await engine.call(Morning.Call.activate(routine: "franklin"))           // kant's 22nd ends, checked
        _ = try await engine.call(Morning.Call.activate(routine: "kant"))               // kant again, from the 21st
        let now = try #require(try await engine.exportDocument().routines.first { $0.id == "kant" })
        #expect(now.days.isEmpty, "\(now)")
        #expect(now.open.map { "\($0.date) \($0.done)" } == ["2026-11-22 [1]"], "the check made ahead stays: \(now)")

        // Days pass with no call (the computer asleep): every day of the run ends once.
        clock.step(hours: 24 * 5)                                                       // the 25th
        let document = try await engine.exportDocument()
        let kant = try #require(document.routines.first { $0.id == "kant" })
        #expect(kant.days.map(\.date) == ["2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24"], "\(kant)")
        #expect(kant.days.map(\.done) == [[], [1], [], []], "\(kant)")
        #expect(kant.open.isEmpty, "\(kant)")
        let fresh = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        let imported = try await fresh.answer(Morning.Call.import(document: document, replace: false))
        #expect(imported.refusal == nil, "\(imported)")
        #expect(try await fresh.exportDocument() == document, "the import changed the state")
    }

    @Test("An export made the day after a date the zone skips imports back without a record for that date")
    func importAfterSkippedDate() async throws {
        let clock = TestClock("2011-12-27T12:00:00Z", zone: "Pacific/Apia")           // the 27th, 02:00
        let engine = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        _ = try await engine.call(Morning.Call.activate(routine: "kant"))               // from the 28th
        clock.step(hours: 24 * 3)                                                       // the 31st: the 30th never was
        let document = try await engine.exportDocument()
        let kant = try #require(document.routines.first)
        #expect(kant.days.map(\.date) == ["2011-12-28", "2011-12-29"])
        let fresh = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        let imported = try await fresh.answer(Morning.Call.import(document: document, replace: false))
        #expect(imported.refusal == nil, "\(imported)")
        #expect(try await fresh.exportDocument() == document, "the import changed the state")
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
                var refusal: ErrorReply?
                switch random.below(12) {
                case 0, 1:
                    let id = random.pick(Self.celebrities)
                    log.append("activate \(id)")
                    refusal = try await engine.answer(Morning.Call.activate(routine: id)).refusal
                case 2:
                    let id = random.pick(Self.celebrities + ["mine"])
                    log.append("restart \(id)")
                    refusal = try await engine.answer(Morning.Call.restart(routine: id)).refusal
                case 3, 4, 5:
                    let task = "\(1 + random.below(4))"
                    let done = random.chance(0.8)
                    log.append("\(done ? "check" : "uncheck") \(task)")
                    if done {
                        refusal = try await engine.answer(Morning.Call.check(task: task)).refusal
                    } else {
                        refusal = try await engine.answer(Morning.Call.uncheck(task: task)).refusal
                    }
                case 6:
                    created += 1
                    log.append("create mine \(created)")
                    let tasks = [Morning.TaskTime(time: "06:00", title: "Run"), Morning.TaskTime(time: "07:00", title: "Read")]
                    refusal = try await engine.answer(Morning.Call.create(title: "Mine \(created)", tasks: tasks)).refusal
                case 7 where random.chance(0.3):
                    let id = random.pick(Self.celebrities)
                    log.append("delete \(id)")
                    refusal = try await engine.answer(Morning.Call.delete(routine: id)).refusal
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
                    refusal = try await engine.answer(Morning.Call.status()).refusal
                }
                let error = refusal?.name ?? ""
                #expect(!error.hasSuffix("StorageFailed") && !error.contains("service"),
                        "run \(run), \(FuzzRun.tag): \(log.joined(separator: "; ")) → \(String(describing: refusal))")
            }
            let trace = "run \(run), \(FuzzRun.tag): \(log.joined(separator: "; "))"
            let document = try await engine.exportDocument()
            for routine in document.routines where !routine.active {
                #expect(routine.open.isEmpty, "an open day on a stopped routine: \(routine.id); \(trace)")
            }
            // Finalized exactly once: no date twice among a routine's records and open days.
            for routine in document.routines {
                let dates = (routine.days + routine.open).map(\.date)
                #expect(Set(dates).count == dates.count, "a date twice in \(routine.id); \(trace)")
            }
            let fresh = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
            let imported = try await fresh.answer(Morning.Call.import(document: document, replace: false))
            #expect(imported.refusal == nil, "bmd's own export was refused: \(imported); \(trace)")
            let again = try await fresh.exportDocument()
            #expect(again == document, "the import changed the state; \(trace)")
        }
    }
}
