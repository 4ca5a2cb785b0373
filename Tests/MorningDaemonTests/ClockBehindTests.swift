import Foundation
import Logging
import MorningCore
@testable import MorningDaemon
import MorningProtocol
import MorningStore
import MorningTestSupport
import Testing

/// A clock that runs behind for a while, and one that ran ahead into the next morning:
/// once it is right again nothing of the history moved, and each date has its reminder
/// once. An injected clock, so milliseconds: `set` moves the wall clock alone (a step),
/// `advance` moves it as time passes.
@Suite("A clock behind for a while, or ahead into the next morning, rewrites nothing")
struct ClockBehindTests {
    let logger = Logger(label: "test")


    /// A state file in a folder of its own, removed by `done`.
    private func stateFile() throws -> (path: String, done: () -> Void) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bm-behind-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return (folder.appendingPathComponent("bmd.sqlite").path, { try? FileManager.default.removeItem(at: folder) })
    }

    /// A month of franklin, then ten days of kant with a check today: a routine that
    /// stopped, with empty days, and one running, with its own start and creation dates.
    private func lived(_ clock: TestClock, _ engine: Engine) async throws {
        _ = try await engine.call(Morning.Call.activate(routine: "franklin"))   // from 2026-10-02
        clock.advance(40 * 86_400)                                               // 2026-11-10
        _ = try engine.wake()
        _ = try await engine.call(Morning.Call.activate(routine: "kant"))       // from 2026-11-11
        clock.advance(10 * 86_400)                                               // 2026-11-20
        _ = try engine.wake()
        _ = try await engine.call(Morning.Call.check(task: "1"))
    }

    // Rule T5.
    @Test("Three weeks behind, then right again: no record, start or creation date is deleted, moved or invented")
    func threeWeeksBehind() async throws {
        let clock = TestClock("2026-10-01T12:00:00Z", zone: "Europe/Berlin")
        let engine = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        try await lived(clock, engine)
        let before = try await engine.exportDocument()
        let right = clock.now

        clock.set(right.addingTimeInterval(-21 * 86_400))                       // 2026-10-30
        _ = try engine.wake()
        // Every record that exists still shows: franklin's 2026-11-05 ended empty.
        let old = try await engine.call(Morning.Call.day(date: "2026-11-05", routine: "franklin"))
        #expect(old.tasks.allSatisfy { $0.state == .missed }, "\(old)")
        _ = try await engine.call(Morning.Call.status())

        clock.set(right.addingTimeInterval(300))                                 // right again
        _ = try engine.wake()
        let after = try await engine.exportDocument()
        #expect(after == before, "the history changed:\nbefore \(before)\nafter  \(after)")
    }

    // Rule T5.
    @Test("Three weeks behind, earlier than both routines were made, for a minute, then right: no record, start or creation date is deleted, moved or invented",
          arguments: [false, true], [false, true])
    func behindBeforeTheRoutinesWereMade(stepped: Bool, restartWhileBehind: Bool) async throws {
        let file = try stateFile()
        defer { file.done() }
        let clock = TestClock("2026-11-08T12:00:00Z", zone: "Europe/Berlin")
        var engine = try Engine(store: try Store(path: file.path), clock: clock.wall, logger: logger)
        // The days pass as time does, or as steps of the wall clock while bmd runs (as a
        // person trying this with libfaketime moves it): each step is a jump ahead to bmd.
        func days(_ n: Double) throws {
            if stepped { clock.set(clock.now.addingTimeInterval(n * 86_400)) } else { clock.advance(n * 86_400) }
            _ = try engine.wake()
        }
        _ = try await engine.call(Morning.Call.activate(routine: "franklin"))   // made the 8th, from the 9th
        try days(4)                                                              // the 12th
        _ = try await engine.call(Morning.Call.check(task: "1"))
        try days(3)                                                              // the 15th
        _ = try await engine.call(Morning.Call.activate(routine: "kant"))       // made the 15th, from the 16th
        try days(3)                                                              // the 18th
        _ = try await engine.call(Morning.Call.check(task: "2"))
        try days(4)                                                              // the 22nd
        _ = try await engine.call(Morning.Call.check(task: "1"))
        let before = try await engine.exportDocument()
        let right = clock.now

        clock.set(right.addingTimeInterval(-21 * 86_400))                       // "the 1st", before both were made
        _ = try engine.wake()
        if restartWhileBehind {
            engine = try Engine(store: try Store(path: file.path), clock: clock.wall, logger: logger)
            _ = try engine.wake()
        }
        _ = try await engine.call(Morning.Call.status())
        clock.advance(60)
        _ = try engine.wake()

        clock.set(right.addingTimeInterval(120))                                 // right again
        _ = try engine.wake()
        let after = try await engine.exportDocument()
        #expect(after == before, "the history changed:\nbefore \(before)\nafter  \(after)")
        // bmd started again keeps the same history.
        engine = try Engine(store: try Store(path: file.path), clock: clock.wall, logger: logger)
        _ = try engine.wake()
        #expect(try await engine.exportDocument() == before)
    }

    // Rule N4.
    @Test("A day behind for a moment just after a reminder's time, the day after its reminder went out: that date gets no second reminder",
          arguments: [-120.0, 300, 1_800])
    func oneDayBehindAroundTheReminder(after: Double) async throws {
        let clock = TestClock("2026-11-22T12:00:00Z", zone: "UTC")
        let engine = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        _ = try await engine.call(Morning.Call.activate(routine: "franklin"))   // 05:00 first, from the 23rd
        var sent: [String] = []
        func wake() throws {
            if let due = try engine.wake().reminder { sent.append(due.day.description) }
        }
        clock.advance(17 * 3_600)                                                // the 23rd, 05:00
        try wake()
        #expect(sent == ["2026-11-23"])
        clock.advance(86_400 - 600)                                              // the 24th, 04:50
        try wake()

        clock.set(clock.now.addingTimeInterval(-86_400 + 600 + after))           // "the 23rd", around 05:00
        try wake()
        clock.advance(60)
        try wake()
        clock.set(clock.now.addingTimeInterval(86_400))                          // right again: the 24th
        try wake()
        clock.advance(3_600)
        try wake()
        #expect(sent == ["2026-11-23", "2026-11-24"], "a date's reminder was sent twice, or the 24th's never")
    }

    // Rule T5.
    @Test("A day behind for a moment, with a restart of bmd in it: never two reminders for one date")
    func oneDayBehindForAMoment() async throws {
        let file = try stateFile()
        defer { file.done() }
        let clock = TestClock("2026-11-22T12:00:00Z", zone: "UTC")
        var engine = try Engine(store: try Store(path: file.path), clock: clock.wall, logger: logger)
        _ = try await engine.call(Morning.Call.activate(routine: "franklin"))   // 05:00 first, from the 23rd
        var sent: [String] = []
        func wake() throws {
            if let due = try engine.wake().reminder { sent.append(due.day.description) }
        }
        clock.advance(17 * 3_600)                                                // the 23rd, 05:00
        try wake()
        clock.advance(86_400)                                                    // the 24th, 05:00
        try wake()
        #expect(sent == ["2026-11-23", "2026-11-24"])

        clock.set(clock.now.addingTimeInterval(-86_400 + 600))                   // "the 23rd, 05:10"
        try wake()
        engine = try Engine(store: try Store(path: file.path), clock: clock.wall, logger: logger)
        try wake()
        clock.set(clock.now.addingTimeInterval(86_400 + 600))                    // the 24th, 05:20: right
        try wake()
        #expect(sent == ["2026-11-23", "2026-11-24"], "a date's reminder was sent twice")
        clock.advance(86_400)                                                    // the 25th
        try wake()
        #expect(sent == ["2026-11-23", "2026-11-24", "2026-11-25"])
    }

    // Rule N4.
    @Test("A slow clock set a day ahead, whose morning's reminder went out, then back on the slow clock a moment and ahead again: no second reminder")
    func sameStepTwice() async throws {
        let file = try stateFile()
        defer { file.done() }
        let clock = TestClock("2026-11-22T05:10:00Z", zone: "UTC")
        var engine = try Engine(store: try Store(path: file.path), clock: clock.wall, logger: logger)
        _ = try await engine.call(Morning.Call.activate(routine: "franklin"))   // 05:00 first, from the 23rd
        var sent: [String] = []
        func wake() throws {
            if let due = try engine.wake().reminder { sent.append(due.day.description) }
        }
        try wake()
        clock.set(clock.now.addingTimeInterval(86_400))                          // set right: the 23rd, 05:10
        try wake()
        #expect(sent == ["2026-11-23"])
        clock.set(clock.now.addingTimeInterval(-86_400))                         // back on the slow clock
        try wake()
        engine = try Engine(store: try Store(path: file.path), clock: clock.wall, logger: logger)
        try wake()
        clock.set(clock.now.addingTimeInterval(86_400 + 20))                     // right again
        try wake()
        clock.advance(3_600)
        try wake()
        #expect(sent == ["2026-11-23"], "the 23rd's reminder went out twice")
        clock.advance(86_400)                                                    // the 24th
        try wake()
        #expect(sent == ["2026-11-23", "2026-11-24"])
    }

    // Rules T5 and N4.
    @Test("Eight hours ahead into the next morning, then corrected: the real next morning still gets its reminder")
    func aheadIntoTheNextMorning() async throws {
        let clock = TestClock("2026-11-22T12:00:00Z", zone: "UTC")
        let engine = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        _ = try await engine.call(Morning.Call.activate(routine: "franklin"))   // 05:00 first, from the 23rd
        var sent: [String] = []
        func wake() throws {
            if let due = try engine.wake().reminder { sent.append(due.day.description) }
        }
        clock.advance(17 * 3_600)                                                // the 23rd, 05:00
        try wake()
        clock.advance(17 * 3_600)                                                // the 23rd, 22:00
        try wake()
        clock.set(clock.now.addingTimeInterval(8 * 3_600))                       // "the 24th, 06:00"
        try wake()
        clock.set(clock.now.addingTimeInterval(-8 * 3_600 + 300))                // the 23rd, 22:05: right
        try wake()
        #expect(sent == ["2026-11-23", "2026-11-24"], "the clock ahead sent the 24th's early")
        clock.advance(7 * 3_600 - 300)                                          // the real 24th, 05:00
        try wake()
        #expect(sent == ["2026-11-23", "2026-11-24", "2026-11-24"], "the real morning of the 24th had no reminder")
        clock.advance(3_600)
        try wake()
        #expect(sent.count == 3)
    }

    // Rule T5.
    @Test("An export made while the clock was 40 days ahead imports once the clock is right")
    func exportMadeAheadImports() async throws {
        let clock = TestClock("2026-11-20T12:00:00Z", zone: "Europe/Berlin")
        let engine = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        _ = try await engine.call(Morning.Call.activate(routine: "kant"))       // from the 21st
        let right = clock.now
        clock.set(right.addingTimeInterval(40 * 86_400))
        _ = try engine.wake()
        _ = try await engine.call(Morning.Call.check(task: "1"))
        let backup = try await engine.exportDocument()

        clock.set(right.addingTimeInterval(300))
        _ = try engine.wake()
        let fresh = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        let imported = try await fresh.answer(Morning.Call.import(document: backup, replace: false))
        #expect(imported.refusal == nil, "\(imported)")
        #expect(try await fresh.exportDocument() == engine.exportDocument(), "the restored history is not what bmd itself holds now")
    }

    // Rules T4 and T6a.
    @Test("A check on 2011-12-31 in Samoa, which skipped the 30th, writes no record for the 30th, and no import brings one")
    func checkAfterASkippedDate() async throws {
        let clock = TestClock("2011-12-27T12:00:00Z", zone: "Pacific/Apia")     // the 27th, 02:00
        let engine = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        _ = try await engine.call(Morning.Call.activate(routine: "kant"))       // from the 28th
        clock.step(hours: 24 * 3)                                                // the 31st (the 30th never was)
        _ = try await engine.call(Morning.Call.check(task: "1"))
        let document = try await engine.exportDocument()
        let kant = try #require(document.routines.first)
        #expect(kant.days.map(\.date) == ["2011-12-28", "2011-12-29"], "\(kant)")

        // A document that holds the 30th, as another program or an older bmd wrote it.
        var forged = document
        forged.routines[0].days.append(Morning.ExportDay(date: "2011-12-30", done: []))
        forged.routines[0].days.sort { $0.date < $1.date }
        let fresh = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        let imported = try await fresh.answer(Morning.Call.import(document: forged, replace: false))
        #expect(imported.refusal == nil, "\(imported)")
        #expect(try await fresh.exportDocument().routines.first?.days.map(\.date) == ["2011-12-28", "2011-12-29"])
        forged.routines[0].days[2].done = [1]
        let checked = try await fresh.answer(Morning.Call.import(document: forged, replace: true))
        #expect(checked.refusal != nil, "a check on a date the zone skips was imported")
    }

    // Rule T6.
    @Test("While the closing waits for another program's lock, status and day agree on today")
    func readsAgreeWhileTheLockIsHeld() async throws {
        let file = try stateFile()
        defer { file.done() }
        let clock = TestClock("2026-11-20T12:00:00Z", zone: "UTC")
        let engine = try Engine(store: try Store(path: file.path), clock: clock.wall, logger: logger)
        _ = try await engine.call(Morning.Call.activate(routine: "franklin"))   // from the 21st
        clock.advance(86_400)                                                    // the 21st, 12:00
        _ = try engine.wake()
        _ = try await engine.call(Morning.Call.check(task: "1"))
        clock.advance(12 * 3_600)                                                // the 22nd: the 21st closes
        _ = try engine.wake()
        clock.set(clock.now.addingTimeInterval(-3_600))                          // "the 21st, 23:00"

        let holder = try LockHolder(file.path)
        defer { holder.release() }
        _ = try engine.wake()
        let status = try await engine.call(Morning.Call.status())
        let day = try await engine.call(Morning.Call.day())
        #expect(status.date == "2026-11-21" && day.date == "2026-11-21")
        let done = day.tasks.filter { $0.state == .done }.count
        #expect(status.today?.completed == done, "status says \(String(describing: status.today)), day says \(done) done")
        #expect(!day.tasks.contains { $0.state == .missed } || day.mode != .today, "today shows missed tasks: \(day)")
    }
}
