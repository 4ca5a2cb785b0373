import Logging
import MorningCore
@testable import MorningDaemon
import MorningProtocol
import MorningStore
import Testing

@Suite("The engine: varlink calls against the core and a real SQLite store")
struct EngineTests {
    let logger = Logger(label: "test")

    // Section 10 of the scripting contract.
    @Test("status carries every contract field, null where empty")
    func statusContract() async throws {
        let clock = TestClock("2026-11-22T10:00:00Z", zone: "Europe/London")
        let engine = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        // Read as JSON, not through the binding: a field left out would read as nil there too.
        let status = try await engine.reply(Morning.Call.status()).parameters
        for key in ["phase", "routine", "today", "nextReminder", "notifications"] {
            #expect(status[key] != nil, "missing \(key)")
        }
        #expect(status["phase"] == .string("none"))
        #expect(status["routine"] == .null && status["today"] == .null && status["nextReminder"] == .null)
    }

    @Test("Started on a state where an older build made ids alike (straße, strasse), bmd gives each its own: both can be named, the export imports")
    func legacyIDsMended() async throws {
        let clock = TestClock("2026-11-22T10:00:00Z", zone: "Europe/London")
        let store = try Store.inMemory()
        let tasks = [RoutineTask(time: TimeOfDay(minutes: 360)!, title: "Walk")]
        try store.apply(["strasse", "straße"].enumerated().map { index, slug in
            .insertRoutine(Routine(id: Int64(index + 1), slug: slug, name: slug == "strasse" ? "Strasse" : "Straße", kind: .custom,
                                   tasks: tasks, isActive: false, createdDate: Day(iso: "2026-11-20")!,
                                   startDate: Day(iso: "2026-11-21")!, activationSerial: 0))
        })
        let engine = try Engine(store: store, clock: clock.wall, logger: logger)
        let ids = try store.loadBook().routines.map(\.slug)
        #expect(Set(ids.map { TitleText.folded($0) }).count == 2, "\(ids)")
        for id in ids {
            let week = try await engine.answer(Morning.Call.week(Morning.WeekParameters(routine: id)))
            #expect((try? week.get()) != nil, "\(id): \(week)")
        }
        let document = try await engine.answer(Morning.Call.export()).get().document
        let replaced = try await engine.answer(Morning.Call.import(Morning.ImportParameters(document: document, replace: true)))
        #expect((try? replaced.get()) != nil, "\(replaced)")
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
            // No routine is active: the offset itself was taken.
            #expect(try await engine.answer(Morning.Call.week(offset: offset)).refusal == .morning(.noActiveRoutine), "\(offset)")
        }
    }

    // Rule N1.
    @Test("the next reminder is the first task's time from the start date, with the local offset")
    func nextReminder() async throws {
        let clock = TestClock("2026-03-28T12:00:00Z", zone: "Europe/London")
        let engine = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        let activated = try await engine.call(Morning.Call.activate(routine: "franklin"))
        let first = try #require(activated.routine.tasks.first?.time)
        // The 29th is the day British Summer Time begins: the offset is +01:00 at the reminder.
        let status = try await engine.call(Morning.Call.status())
        #expect(status.nextReminder == "2026-03-29T\(first):00+01:00")
        _ = try await engine.call(Morning.Call.setNotifications(enabled: false))
        #expect(try await engine.reply(Morning.Call.status()).parameters["nextReminder"] == .null)
    }

    // Reads never write; the day is closed on bmd's own time (T3, T6).
    @Test("after midnight a read shows yesterday closed without writing it, and the midnight wake stores it")
    func midnightOnRequest() async throws {
        let clock = TestClock("2026-11-22T10:00:00Z", zone: "UTC")
        let store = try Store.inMemory()
        let engine = try Engine(store: store, clock: clock.wall, logger: logger)
        _ = try await engine.call(Morning.Call.activate(routine: "darwin"))
        clock.set("2026-11-23T08:00:00Z")
        _ = try await engine.call(Morning.Call.check(task: "1"))
        clock.set("2026-11-24T00:00:05Z")
        let day = try await engine.call(Morning.Call.day(date: "yesterday"))
        #expect(day.mode == .past && day.completed == 1)
        let today = try await engine.call(Morning.Call.day())
        #expect(today.date == "2026-11-24" && today.completed == 0)
        let routine = try #require(engine.snapshot.active).id
        #expect(try store.recordCount(of: routine) == 0)
        _ = try engine.wake()
        #expect(try store.recordCount(of: routine) == 1)
        let closed = try await engine.call(Morning.Call.day(date: "yesterday"))
        #expect(closed.mode == .past && closed.completed == 1)
    }

    // Rule T3.
    @Test("days missed while bmd was off are finalized when it starts")
    func catchUpAtStart() async throws {
        let clock = TestClock("2026-11-22T10:00:00Z", zone: "UTC")
        let store = try Store.inMemory()
        do {
            let engine = try Engine(store: store, clock: clock.wall, logger: logger)
            _ = try await engine.call(Morning.Call.activate(routine: "kant"))
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
        #expect(try await engine.answer(Morning.Call.check(task: "1")).refusal == .morning(.noActiveRoutine))
        _ = try await engine.call(Morning.Call.activate(routine: "darwin"))
        let before = engine.snapshot
        let again = try await engine.answer(Morning.Call.activate(routine: "darwin")).refusal
        #expect(again?.name == "org.bettermorning.Morning.AlreadyActive")
        let late = try await engine.answer(Morning.Call.day(date: "2026-12-24")).refusal
        #expect(late?.name == "org.bettermorning.Morning.DateOutOfRange")
        if case .morning(.dateOutOfRange(_, _, let latest, _))? = late { #expect(latest == "2026-12-06") }
        #expect(try await engine.answer(Morning.Call.day(date: "soon")).refusal == .morning(.invalidDate(text: "soon")))
        #expect(try await engine.answer(Morning.Call.restart(routine: "nobody")).refusal == .morning(.routineNotFound(query: "nobody")))
        #expect(engine.snapshot == before)
    }

    // Rule H2.
    @Test("the first weekday follows the locale (Sunday for en_US, Monday for en_GB and de_DE)", arguments: [
        ("en_US.UTF-8", "2026-11-22"), ("en_GB.UTF-8", "2026-11-16"), ("de_DE.UTF-8", "2026-11-16"), ("C", "2026-11-16"),
    ])
    func weekStart(locale: String, expected: String) async throws {
        let clock = TestClock("2026-11-22T10:00:00Z", zone: "UTC")   // a Sunday
        let engine = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        _ = try await engine.call(Morning.Call.activate(routine: "darwin"))
        let week = try await engine.call(Morning.Call.week(locale: locale))
        #expect(week.weekStart == expected)
    }
}
