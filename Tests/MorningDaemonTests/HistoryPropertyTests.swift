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
    /// How wrong a clock goes, in seconds: a minute, an hour, into the next morning, a
    /// day, three weeks, forty days, three years (times 1 to 3, either way).
    static let wrongBy: [Double] = [60, 3_600, 28_800, 86_400, 1_814_400, 3_456_000, 94_608_000]
    /// The clock stays within these, so that every date is one an import takes.
    static let earliest = ISO8601DateFormatter().date(from: "2001-01-01T00:00:00Z")!
    static let latest = ISO8601DateFormatter().date(from: "2040-01-01T00:00:00Z")!

    private func export(_ engine: Engine) async throws -> Morning.ExportDocument {
        try await engine.call(Morning.Call.export()).document
    }

    @Test("After each step: no day twice, no record of the running routine from today on, today checkable, the export imports the same, status answers in 50 ms")
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

    /// The processor time the calling thread has used, in seconds.
    static func threadTime() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// The rules that must hold in any state a history reaches.
    private func check(_ engine: Engine, clock: TestClock, trace: String) async throws {
        // bmd's alarm wakes at once when the clock is set or the zone changes, and at every
        // midnight: the days that ended are closed then, not by the status call.
        _ = try engine.wake()
        // The processor time of this thread, not the wall clock: other programs on a busy
        // machine do not count, only the work the status does (a status that read the
        // whole history again took seconds).
        let started = Self.threadTime()
        _ = StatusBroadcast(engine: engine).frame()
        let took = Self.threadTime() - started
        #expect(took < 0.05, "status took \(took) s of processor time; \(trace)")
        let status = try await engine.call(Morning.Call.status())
        let today = status.date

        let document = try await export(engine)
        for routine in document.routines {
            let dates = (routine.days + routine.open).map(\.date)
            #expect(Set(dates).count == dates.count, "a day twice in \(routine.id); \(trace)")
            // Dates as YYYY-MM-DD compare as text. The running routine's days from its start
            // on are open again when the clock reads before them; a stopped routine's days
            // stay as they are, whatever the clock reads.
            for day in routine.days where routine.active && day.date >= max(today, routine.startDate) {
                #expect(Bool(false), "a record of the running routine from today (\(today)) on: \(day) of \(routine.id); \(trace)")
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

    /// Where a history of `wrongClockHistories` stands, by a plain reference model: the
    /// true time (the test clock's `advance` moves it; a wrong clock is the wall clock set
    /// away from it and back), and the reminders sent while the clock was right or wrong.
    private struct Reference {
        var sentWhileRight: Set<String> = []
        var sentWhileWrong: Set<String> = []
        var zoneNeverChanged = true

        /// Notes a reminder; returns what broke the rule of one per date, if anything.
        mutating func sent(_ day: String, clockRight: Bool) -> String? {
            if clockRight {
                // A reminder sent while the clock was ahead into this morning does not cost
                // the real morning its own.
                return sentWhileRight.insert(day).inserted ? nil : "a second reminder for \(day)"
            }
            // Each time the clock is wrong, what it sends is its own mistake, taken back
            // once it is right; but never for a date whose reminder went out while right.
            sentWhileWrong.insert(day)
            return sentWhileRight.contains(day) ? "a second reminder for \(day), sent while the clock was wrong" : nil
        }
    }

    @Test("Random histories with a wrong clock for a while (behind or ahead, minutes to years, earlier than the first routine, a day behind around the reminder, glitches that repeat, restarts, zone changes, a slow clock set right): once right, the history is as it was, every export imports, one reminder per date, and the next reminder bmd announces comes")
    func wrongClockHistories() async throws {
        var random = FuzzRun.random(0x5752_4F4E_47)
        for run in 0..<16 * FuzzRun.scale {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bm-wrong-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let path = folder.appendingPathComponent("bmd.sqlite").path
            // Some runs begin just before the date Samoa skipped.
            let samoa = random.chance(0.25)
            let zone = samoa ? "Pacific/Apia" : random.pick(Self.zones)
            let start = samoa ? "2011-12-27T12:00:00Z" : "2026-11-20T12:00:00Z"
            let startInstant = ISO8601DateFormatter().date(from: start)!
            let clock = TestClock(startInstant, zone: zone)
            var engine = try Engine(store: try Store(path: path), clock: clock.wall, logger: logger)
            var model = Reference()
            var log: [String] = ["\(zone) from \(start)"]
            func trace() -> String { "run \(run), \(FuzzRun.tag): \(log.joined(separator: "; "))" }
            func wake(right: Bool) throws {
                if let due = try engine.wake().reminder, let broken = model.sent(due.day.description, clockRight: right) {
                    Issue.record("\(broken); \(trace())")
                }
            }
            if samoa {
                // A routine runs across the date Samoa skipped, and 2011-12-31 is checked.
                _ = try await engine.answer(Morning.Call.activate(routine: random.pick(Self.celebrities)))
                clock.advance(3 * 86_400)
                _ = try await engine.answer(Morning.Call.check(task: "1"))
                log.append("a routine from the 28th, checked on the 31st")
            }
            for _ in 0..<30 {
                switch random.below(13) {
                case 0, 1:
                    let id = random.pick(Self.celebrities)
                    log.append("activate \(id)")
                    _ = try await engine.answer(Morning.Call.activate(routine: id))
                case 2:
                    let id = random.pick(Self.celebrities)
                    log.append("restart \(id)")
                    _ = try await engine.answer(Morning.Call.restart(routine: id))
                case 3, 4:
                    let task = "\(1 + random.below(4))"
                    log.append("check \(task)")
                    _ = try await engine.answer(Morning.Call.check(task: task))
                case 5:
                    let seconds = Double(1 + random.below(30)) * random.pick([60.0, 3_600, 86_400])
                    clock.advance(seconds)
                    log.append("\(Int(seconds)) s pass")
                    try wake(right: true)
                case 6, 7:
                    // Time passes to the next reminder bmd announces: it comes then, unless
                    // that date's reminder already went out while the clock was right.
                    let status = try await engine.call(Morning.Call.status())
                    guard let text = status.nextReminder, let at = ISO8601DateFormatter().date(from: text),
                          at > clock.now, at.timeIntervalSince(clock.now) < 40 * 86_400 else { break }
                    clock.advance(at.timeIntervalSince(clock.now))
                    log.append("to the reminder at \(text)")
                    let day = LocalTime(zone: clock.wall.zone()).day(containing: at).description
                    let already = model.sentWhileRight.contains(day)
                    let due = try engine.wake().reminder
                    if let due, let broken = model.sent(due.day.description, clockRight: true) {
                        Issue.record("\(broken); \(trace())")
                    }
                    if due == nil, !already {
                        Issue.record("bmd announced a reminder at \(text) and sent none; \(trace())")
                    }
                case 8, 9:
                    // The clock is wrong for a while, then right again, at the same instant.
                    var right = clock.now
                    let scale: Double = random.pick(Self.wrongBy)
                    var offset = Double(1 + random.below(3)) * scale * (random.chance(0.5) ? 1 : -1)
                    let announced = try await engine.call(Morning.Call.status()).nextReminder
                        .flatMap { ISO8601DateFormatter().date(from: $0) }
                    switch random.below(10) {
                    case 0, 1, 2:
                        // Often just into the morning of the next reminder bmd announces.
                        if let at = announced, at.timeIntervalSince(right) < 86_400 { offset = at.timeIntervalSince(right) + 300 }
                    case 3, 4:
                        // A day behind that reminder, around its time: the morning before, whose
                        // reminder went out (or today's, hours back, when today's went out).
                        if let at = announced, at.timeIntervalSince(right) < 2 * 86_400 {
                            offset = at.timeIntervalSince(right) - 86_400 + random.pick([-120.0, 60, 300, 1_800])
                        }
                    case 5:
                        // Behind by more than the whole history: earlier than any routine was made.
                        offset = startInstant.timeIntervalSince(right) - Double(1 + random.below(30)) * 86_400
                    default:
                        break
                    }
                    // Sometimes another program holds the state file's lock meanwhile, as
                    // the clock goes back a day or two onto days already closed: the closing
                    // waits, and every read agrees with every other all the same.
                    let locked = random.chance(0.3)
                    if locked {
                        // Today gets a check, a day passes, and the clock goes back onto it.
                        _ = try await engine.answer(Morning.Call.check(task: "1"))
                        clock.advance(86_400)
                        try wake(right: true)
                        right = clock.now
                        offset = -86_400
                        log.append("check 1, a day passes")
                    }
                    let before = try await export(engine)
                    clock.set(right.addingTimeInterval(offset))
                    log.append("clock wrong by \(Int(offset)) s")
                    let holder = locked ? try LockHolder(path) : nil
                    if holder != nil { log.append("lock held") }
                    try wake(right: false)
                    // Sometimes it goes wrong again, another way, before it is right: a glitch
                    // that repeats, ahead then behind or the other way round.
                    for _ in 0..<(random.chance(0.3) ? 1 + random.below(2) : 0) {
                        let again = Double(1 + random.below(3)) * random.pick(Self.wrongBy) * (random.chance(0.5) ? 1 : -1)
                        clock.set(right.addingTimeInterval(again))
                        log.append("clock wrong by \(Int(again)) s instead")
                        try wake(right: false)
                        _ = try await engine.call(Morning.Call.status())
                    }
                    let status = try await engine.call(Morning.Call.status())
                    if status.phase == .running {
                        let day = try await engine.call(Morning.Call.day())
                        let done = day.tasks.filter { $0.state == .done }.count
                        #expect(status.today?.completed == done && day.date == status.date,
                                "status says \(String(describing: status.today)), day says \(done) done on \(day.date); \(trace())")
                    }
                    holder?.release()
                    if random.chance(0.3) {
                        engine = try Engine(store: try Store(path: path), clock: clock.wall, logger: logger)
                        log.append("bmd again")
                        try wake(right: false)
                    }
                    let madeThen = try await export(engine)
                    clock.set(right)
                    log.append("clock right")
                    try wake(right: true)
                    let after = try await export(engine)
                    let changed = zip(before.routines, after.routines).filter { $0 != $1 }
                        .map { "\($0.id): created \($0.createdDate) → \($1.createdDate), start \($0.startDate) → \($1.startDate), "
                            + "days \($0.days.map { "\($0.date)\($0.done)" }) → \($1.days.map { "\($0.date)\($0.done)" }), "
                            + "open \($0.open.map(\.date)) → \($1.open.map(\.date))" }
                    #expect(after == before, "the wrong clock left a trace: \(changed); \(trace())")
                    let fresh = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
                    let imported = try await fresh.answer(Morning.Call.import(document: madeThen, replace: false))
                    #expect(imported.refusal == nil, "an export made while the clock was wrong is refused: \(imported); \(trace())")
                case 10:
                    // bmd is killed: nothing is kept but the state file.
                    engine = try Engine(store: try Store(path: path), clock: clock.wall, logger: logger)
                    log.append("bmd again")
                    try wake(right: true)
                case 11:
                    // The clock was slow (a machine that started with its clock behind) and is
                    // set right: a step ahead that is no mistake. What is written from here
                    // on is real history, which no later wrong clock may change.
                    let slow: Double = random.pick([120, 3_600, 28_800, 86_400, 4 * 86_400, 21 * 86_400])
                    clock.set(clock.now.addingTimeInterval(slow))
                    log.append("clock set right, \(Int(slow)) s ahead of what it read")
                    try wake(right: true)
                default:
                    // A run in Samoa stays there, to meet the date it skips.
                    let to = samoa ? zone : random.pick(Self.zones)
                    clock.fly(to: to)
                    model.zoneNeverChanged = model.zoneNeverChanged && to == zone
                    log.append("fly to \(to)")
                    try wake(right: true)
                }
                // A date the zone skips whole never gets a record.
                if model.zoneNeverChanged {
                    let local = LocalTime(zone: clock.wall.zone())
                    for routine in try await export(engine).routines {
                        for day in routine.days where !local.exists(Day(iso: day.date)!) {
                            Issue.record("a record for \(day.date), a date \(zone) skips; \(trace())")
                        }
                    }
                }
            }
        }
    }
}
