import Foundation
import Logging
import MorningCore
@testable import MorningDaemon
import MorningProtocol
import MorningStore
import Testing

/// The completed counts of a week chart, day by day.
private func counts(_ days: [Morning.WeekDay]) -> [Int?] {
    days.map(\.completed)
}

/// An export document of one active custom routine of `tasks` tasks, with `days`
/// ([date: positions done]) finished, as a client writes it with the binding.
func exportDocument(tasks: Int, start: String, days: [(String, [Int])], name: String = "Twenty") -> Morning.ExportDocument {
    Morning.ExportDocument(format: "better-morning-export", version: 1, exportedOn: "2026-11-22", routines: [
        Morning.ExportRoutine(
            id: name.lowercased(), name: name, type: .custom, active: true, createdDate: start, startDate: start,
            tasks: (0..<tasks).map { Morning.TaskTime(time: TimeOfDay(minutes: 300 + $0 * 5)!.description, title: "Task \($0 + 1)") },
            days: days.map { Morning.ExportDay(date: $0.0, done: $0.1) },
            open: []),
    ])
}

// Rules H1–H5.
@Suite("The engine's history methods: week, data, stats, history, export and import")
struct HistoryEngineTests {
    let logger = Logger(label: "test")

    // Rule H2.
    @Test("a routine started mid-week has no bars before its start, zeros for missed days, and today live")
    func startedMidWeek() async throws {
        let clock = TestClock("2026-11-18T10:00:00Z", zone: "UTC")   // Wednesday
        let engine = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        _ = try await engine.call(Morning.Call.activate(routine: "darwin"))   // from Thursday
        clock.set("2026-11-19T08:00:00Z")
        _ = try await engine.call(Morning.Call.check(task: "1"))
        _ = try await engine.call(Morning.Call.check(task: "2"))
        clock.set("2026-11-20T08:00:00Z")
        _ = try await engine.call(Morning.Call.check(task: "1"))
        clock.set("2026-11-22T08:00:00Z")                                  // Saturday passed untouched
        _ = try await engine.call(Morning.Call.check(task: "1"))

        let gb = try await engine.call(Morning.Call.week(locale: "en_GB.UTF-8"))
        #expect(gb.weekStart == "2026-11-16")
        #expect(counts(gb.days) == [nil, nil, nil, 2, 1, 0, 1])
        // The chart says where the run began, so a reader knows why Monday to Wednesday are blank.
        #expect(gb.startDate == "2026-11-19")
        let us = try await engine.call(Morning.Call.week(locale: "en_US.UTF-8"))
        #expect(us.weekStart == "2026-11-22")
        #expect(counts(us.days) == [1, nil, nil, nil, nil, nil, nil])
        let usBefore = try await engine.call(Morning.Call.week(offset: -1, locale: "en_US.UTF-8"))
        #expect(usBefore.weekStart == "2026-11-15")
        #expect(counts(usBefore.days) == [nil, nil, nil, nil, 2, 1, 0])
        let de = try await engine.call(Morning.Call.week(date: "2026-11-19", locale: "de_DE.UTF-8"))
        #expect(de.weekStart == "2026-11-16")
    }

    // Rules H2, A4.
    @Test("a restart mid-week keeps the days before it; the days until the new start have no bar")
    func restartMidWeek() async throws {
        let clock = TestClock("2026-11-15T10:00:00Z", zone: "UTC")   // Sunday
        let engine = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        _ = try await engine.call(Morning.Call.activate(routine: "kant"))      // from Monday
        clock.set("2026-11-17T08:00:00Z")
        _ = try await engine.call(Morning.Call.check(task: "1"))
        _ = try await engine.call(Morning.Call.restart(routine: "kant"))       // Tuesday ends now; again from Wednesday
        clock.set("2026-11-19T08:00:00Z")                                    // Wednesday passed untouched
        _ = try await engine.call(Morning.Call.check(task: "1"))
        _ = try await engine.call(Morning.Call.check(task: "2"))
        let week = try await engine.call(Morning.Call.week(locale: "en_GB"))
        #expect(counts(week.days) == [0, 1, 0, 2, nil, nil, nil])
        // Before the new start the day view is out of range (T2), yet the week keeps those days.
        let old = try await engine.answer(Morning.Call.day(date: "2026-11-17")).refusal
        #expect(old?.name == "org.bettermorning.Morning.DateOutOfRange")
    }

    // Rules H1, H2.
    @Test("a routine of 20 tasks charts its counts; data has a card for every routine, active first")
    func twentyTasks() async throws {
        let clock = TestClock("2026-11-22T10:00:00Z", zone: "UTC")
        let engine = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        let document = exportDocument(tasks: 20, start: "2026-11-16", days: [
            ("2026-11-16", Array(1...20)), ("2026-11-17", Array(1...19)), ("2026-11-18", [20]),
            ("2026-11-19", []), ("2026-11-20", Array(1...10)), ("2026-11-21", [1, 2]),
        ])
        let imported = try await engine.call(Morning.Call.import(document: document, replace: false))
        #expect(imported.routines == 1 && imported.records == 6)
        let week = try await engine.call(Morning.Call.week(locale: "en_GB"))
        #expect(week.total == 20)
        #expect(counts(week.days) == [20, 19, 1, 0, 10, 2, 0])   // today live: nothing checked yet
        _ = try await engine.call(Morning.Call.activate(routine: "kant"))
        let cards = try await engine.call(Morning.Call.data(locale: "en_GB")).cards
        #expect(cards.map(\.routine) == ["Immanuel Kant", "Twenty"])
        // Switching finalized today for Twenty: 0 of 20.
        #expect(counts(cards[1].week.days) == [20, 19, 1, 0, 10, 2, 0])
        #expect(counts(cards[0].week.days) == [nil, nil, nil, nil, nil, nil, nil])
    }

    // Rule H3.
    @Test("stats of one routine, of each and overall, match the records")
    func stats() async throws {
        let clock = TestClock("2026-11-22T10:00:00Z", zone: "UTC")
        let engine = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        let document = exportDocument(tasks: 3, start: "2026-11-16", days: [
            ("2026-11-16", [1, 2, 3]), ("2026-11-17", [1, 2, 3]), ("2026-11-18", [2]), ("2026-11-19", [1, 2, 3]),
        ], name: "Three")
        _ = try await engine.call(Morning.Call.import(document: document, replace: false))
        // Today (the 22nd) runs; the 20th and 21st were caught up as all ✗ at import.
        let oneReply = try await engine.reply(Morning.Call.stats(routine: "three"))
        #expect(oneReply.parameters["overall"] == .null)
        let one = try oneReply.parameters(Morning.StatsReply.self)
        let s = try #require(one.routines.first?.stats)
        #expect(s.tasksCompleted == 10 && s.tasksPlanned == 18 && s.daysTracked == 6)
        #expect(s.perfectDays == 3 && s.bestRun == 2)
        #expect(s.bestRunFrom == "2026-11-16" && s.bestRunThrough == "2026-11-17")
        #expect(s.averagePerDay == 10.0 / 6.0)
        let all = try await engine.call(Morning.Call.stats())
        #expect(all.overall?.tasksCompleted == 10)
        #expect(try await engine.answer(Morning.Call.stats(routine: "nobody")).refusal == .morning(.routineNotFound(query: "nobody")))
    }

    // Rules H3, H4.
    @Test("stats and the heatmap stay exact as days end, routines switch and go, and history is imported")
    func keptUpToDate() async throws {
        let clock = TestClock("2026-11-02T10:00:00Z", zone: "UTC")
        let store = try Store.inMemory()
        let engine = try Engine(store: store, clock: clock.wall, logger: logger)
        /// What the engine says, against what the records in its store say.
        func same(_ when: String) async throws {
            let all = try await engine.call(Morning.Call.stats())
            let records = try store.records()
            #expect(all.overall == Replies.totals(Stats(records: records)), "overall \(when)")
            for routine in engine.snapshot.routinesByRecency {
                let one = try await engine.call(Morning.Call.stats(routine: routine.slug))
                let expected = Replies.stats(routine, Stats(records: records.filter { $0.routineID == routine.id }))
                #expect(one.routines == [expected], "\(routine.slug) \(when)")
            }
            let history = try await engine.call(Morning.Call.history(months: 2))
            guard let today = Day(iso: history.today) else {
                Issue.record("no today in \(history)")
                return
            }
            let records2 = try store.records(from: HistoryView.firstDay(months: 2, today: today), through: today)
            let view = engine.snapshot.history(of: nil, months: 2, today: today, firstWeekday: 2, records: records2)
            #expect(history == Replies.history(view), "history \(when)")
        }
        _ = try await engine.call(Morning.Call.activate(routine: "darwin"))
        for day in 3...9 {
            clock.set("2026-11-\(String(format: "%02d", day))T08:00:00Z")
            for task in 0..<(day % 4) { _ = try await engine.call(Morning.Call.check(task: "\(task + 1)")) }
            try await same("on the \(day)th")
        }
        _ = try await engine.call(Morning.Call.activate(routine: "franklin"))   // the 9th ends now for Darwin
        clock.set("2026-11-12T08:00:00Z")
        _ = try await engine.call(Morning.Call.check(task: "1"))
        try await same("after a switch")
        _ = try await engine.call(Morning.Call.delete(routine: "darwin"))
        try await same("after a delete")
        _ = try await engine.call(Morning.Call.import(document: exportDocument(tasks: 2, start: "2026-10-01", days: [
            ("2026-10-01", [1, 2]), ("2026-10-02", [2]),
        ]), replace: true))
        try await same("after an import")
        clock.set("2026-11-14T08:00:00Z")
        try await same("two days later")
    }

    // Rule H4.
    @Test("the heatmap starts on the locale's first weekday; months out of range are refused")
    func history() async throws {
        let clock = TestClock("2026-11-19T10:00:00Z", zone: "UTC")
        let engine = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        _ = try await engine.call(Morning.Call.import(document: exportDocument(tasks: 2, start: "2026-11-02", days: [
            ("2026-11-02", [1, 2]), ("2026-11-03", [2]),
        ]), replace: false))
        let usReply = try await engine.reply(Morning.Call.history(months: 6, locale: "en_US.UTF-8"))
        let us = try usReply.parameters(Morning.HistoryReply.self)
        #expect(us.from == "2026-06-01" && usReply.parameters["routine"] == .null)
        #expect(us.days.first?.date == "2026-05-31")          // a Sunday
        #expect(us.days.last?.date == "2026-11-19")
        #expect(us.days.first { $0.date == "2026-11-03" }?.completed == 1)
        #expect(us.days.first { $0.date == "2026-11-04" }?.completed == 0)   // caught up
        let de = try await engine.call(Morning.Call.history(routine: "twenty", months: 6, locale: "de_DE.UTF-8"))
        #expect(de.days.first?.date == "2026-06-01")   // a Monday
        #expect(de.routine == "Twenty")
        let refused = try await engine.answer(Morning.Call.history(months: 13)).refusal
        #expect(refused?.name == "org.varlink.service.InvalidParameter")
    }

    // Rule H5.
    @Test("export, then import into a fresh state, gives the same week, data and day replies")
    func roundTrip() async throws {
        let clock = TestClock("2026-11-18T10:00:00Z", zone: "UTC")
        let first = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        _ = try await first.call(Morning.Call.activate(routine: "darwin"))
        clock.set("2026-11-19T08:00:00Z")
        _ = try await first.call(Morning.Call.check(task: "2"))
        _ = try await first.call(Morning.Call.activate(routine: "franklin"))
        clock.set("2026-11-21T08:00:00Z")
        _ = try await first.call(Morning.Call.check(task: "1"))
        let document = try await first.call(Morning.Call.export()).document
        #expect(document.format == "better-morning-export" && document.version == 1)

        let second = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        let imported = try await second.answer(Morning.Call.import(document: document, replace: false))
        #expect(imported.refusal == nil)
        /// Both engines answer `request` alike, reply or refusal.
        func same<Reply: JSONCodable & Equatable>(_ request: VarlinkRequest<Reply>) async throws {
            let a = try await first.answer(request)
            let b = try await second.answer(request)
            #expect(a == b, "\(request.call.method) \(String(decoding: request.call.parameters.text(), as: UTF8.self))")
        }
        try await same(Morning.Call.data(locale: "en_GB"))
        try await same(Morning.Call.week(routine: "darwin"))
        try await same(Morning.Call.week())
        try await same(Morning.Call.day())
        try await same(Morning.Call.day(date: "yesterday"))
        try await same(Morning.Call.stats())
        try await same(Morning.Call.export())
    }

    // Rule H5.
    @Test("an import over routines without replace, or of a broken document, changes nothing")
    func refusals() async throws {
        let clock = TestClock("2026-11-22T10:00:00Z", zone: "UTC")
        let store = try Store.inMemory()
        let engine = try Engine(store: store, clock: clock.wall, logger: logger)
        _ = try await engine.call(Morning.Call.import(document: exportDocument(tasks: 2, start: "2026-11-16", days: [("2026-11-16", [1])]),
                                                      replace: false))
        let before = engine.snapshot
        let records = try store.records()

        let refused = try await engine.answer(Morning.Call.import(document: exportDocument(tasks: 3, start: "2026-11-01", days: [],
                                                                                           name: "Other"), replace: false))
        #expect(refused.refusal == .morning(.importRefused(routines: 1)))

        /// Why bmd found `document` invalid; nil when it did not answer InvalidImport.
        func invalid(_ document: Morning.ExportDocument) async throws -> String? {
            let refusal = try await engine.answer(Morning.Call.import(document: document, replace: true)).refusal
            #expect(refusal?.name == "org.bettermorning.Morning.InvalidImport", "\(String(describing: refusal))")
            guard case .morning(.invalidImport(let reason))? = refusal else { return nil }
            return reason
        }
        var badDate = exportDocument(tasks: 2, start: "2026-11-16", days: [("2026-02-30", [1])])
        var badFormat = badDate
        badFormat.format = "something-else"
        var badTime = exportDocument(tasks: 2, start: "2026-11-16", days: [])
        badTime.routines[0].tasks = [Morning.TaskTime(time: "06:07", title: "Off the grid")]
        for (document, reason) in [(badDate, "\"2026-02-30\" is not a date"), (badFormat, "not a Better Morning export"),
                                   (badTime, "\"06:07\"")] {
            let said = try await invalid(document)
            #expect(said?.contains(reason) == true, "\(String(describing: said))")
        }
        badDate.version = 2
        #expect(try await invalid(badDate)?.contains("version 2") == true)
        #expect(engine.snapshot == before)
        #expect(try store.records() == records)
    }
}
