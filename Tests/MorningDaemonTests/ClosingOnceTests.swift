import Logging
import MorningCore
@testable import MorningDaemon
import MorningProtocol
import MorningStore
import Testing

/// Closing the days that ended has one owner: bmd's write door closes them once per call
/// that writes, and the rules it applies take the days as closed. Counted here with the
/// core's debug-only count of `Book.closeDays` runs.
@Suite("Every call that writes closes the days once")
struct ClosingOnceTests {
    let logger = Logger(label: "test")

    /// How many times the days were closed while `call` was answered.
    func closings<Reply: JSONCodable>(_ call: VarlinkRequest<Reply>, on engine: Engine) async throws -> Int {
        let runs = Book.ClosingRuns()
        let answer = try await Book.$closingRuns.withValue(runs) { try await engine.answer(call) }
        if case .failure(let refusal) = answer, call.call.method != Morning.Method.testNotification.rawValue {
            Issue.record("\(call.call.method) was refused: \(refusal)")
        }
        return runs.count
    }

    @Test("Each call that writes, made a day after the last, closes the days that ended exactly once")
    func oncePerWrite() async throws {
        let clock = TestClock("2026-11-22T10:00:00Z", zone: "UTC")
        let store = try Store.inMemory()
        let engine = try Engine(store: store, clock: clock.wall, logger: logger)
        _ = try await engine.call(Morning.Call.activate(routine: "darwin"))
        var seen: Set<String> = []
        /// Moves a day on, so that a day has always ended unclosed, then counts the call's closings.
        func expectOnce<Reply: JSONCodable>(_ call: VarlinkRequest<Reply>, runs expected: Int = 1) async throws {
            clock.advance(86_400)
            seen.insert(call.call.method)
            #expect(try await closings(call, on: engine) == expected, "\(call.call.method)")
        }
        try await expectOnce(Morning.Call.check(task: "1"))
        try await expectOnce(Morning.Call.uncheck(task: "1"))
        try await expectOnce(Morning.Call.setNotifications(enabled: false))
        try await expectOnce(Morning.Call.setNotificationSound(sound: false))
        try await expectOnce(Morning.Call.setKeepOnScreen(keep: true))
        try await expectOnce(Morning.Call.welcome(take: true))
        try await expectOnce(Morning.Call.draftTitle(title: "Mine"))
        try await expectOnce(Morning.Call.draftAdd(time: "06:00", title: "Run"))
        try await expectOnce(Morning.Call.draftAdd(time: "07:00", title: "Read"))
        try await expectOnce(Morning.Call.draftRemove(position: 2))
        try await expectOnce(Morning.Call.draftSave())
        try await expectOnce(Morning.Call.draftTitle(title: "Another"))
        try await expectOnce(Morning.Call.draftDiscard())
        try await expectOnce(Morning.Call.create(title: "Made", tasks: [Morning.TaskTime(time: "06:00", title: "Run")]))
        try await expectOnce(Morning.Call.createFromFile(text: "From a file\n06:00 Walk\n"))
        try await expectOnce(Morning.Call.restart(routine: "darwin"))
        try await expectOnce(Morning.Call.activate(routine: "kant"))
        try await expectOnce(Morning.Call.delete(routine: "Made"))
        // An import brings a book whose days nobody has closed: it closes them as it comes
        // in, after the write door closed the days of the book it replaces.
        let document = try await engine.call(Morning.Call.export()).document
        try await expectOnce(Morning.Call.import(document: document, replace: true), runs: 2)
        try await expectOnce(Morning.Call.reset())
        // Neither changes the book: no day is closed for them.
        try await expectOnce(Morning.Call.reload(), runs: 0)
        try await expectOnce(Morning.Call.testNotification(), runs: 0)
        let writers = Set(Morning.Method.allCases.filter { !$0.readsOnly }.map(\.rawValue))
        #expect(writers.subtracting(seen).isEmpty, "calls that write and are not counted here: \(writers.subtracting(seen))")
    }

    @Test("A read closes no day; a refused write still closes them once, and stores the closing")
    func readsAndRefusals() async throws {
        let clock = TestClock("2026-11-22T10:00:00Z", zone: "UTC")
        let store = try Store.inMemory()
        let engine = try Engine(store: store, clock: clock.wall, logger: logger)
        _ = try await engine.call(Morning.Call.activate(routine: "darwin"))
        clock.set("2026-11-25T10:00:00Z")
        #expect(try await closings(Morning.Call.status(), on: engine) == 0)
        #expect(try await closings(Morning.Call.day(date: "yesterday"), on: engine) == 0)
        let id = try #require(engine.snapshot.active).id
        #expect(try store.recordCount(of: id) == 0)
        let runs = Book.ClosingRuns()
        let refusal = try await Book.$closingRuns.withValue(runs) {
            try await engine.answer(Morning.Call.check(task: "no such task")).refusal
        }
        #expect(refusal?.name == "org.bettermorning.Morning.TaskNotFound")
        #expect(runs.count == 1)
        // The 23rd and the 24th ended: closed though the check itself was refused.
        #expect(try store.recordCount(of: id) == 2)
    }

    @Test("A check made after midnight, before any wake, closes yesterday first, once, then checks today")
    func afterMidnight() async throws {
        let clock = TestClock("2026-11-22T10:00:00Z", zone: "UTC")
        let store = try Store.inMemory()
        let engine = try Engine(store: store, clock: clock.wall, logger: logger)
        _ = try await engine.call(Morning.Call.activate(routine: "darwin"))
        clock.set("2026-11-23T23:59:00Z")
        _ = try await engine.call(Morning.Call.check(task: "1"))
        let id = try #require(engine.snapshot.active).id
        // Two minutes on, no wake of the alarm between: only the write closes the 23rd.
        clock.advance(120)
        #expect(try await closings(Morning.Call.check(task: "2"), on: engine) == 1)
        #expect(try store.recordCount(of: id) == 1)
        let yesterday = try #require(try store.record(of: id, on: Day(iso: "2026-11-23")!))
        #expect(yesterday.isDone(position: 1) && !yesterday.isDone(position: 2))
        let today = try await engine.call(Morning.Call.day())
        #expect(today.date == "2026-11-24" && today.completed == 1)
        #expect(engine.snapshot.checks(of: id, on: Day(iso: "2026-11-24")!) == 0b10)
    }
}
