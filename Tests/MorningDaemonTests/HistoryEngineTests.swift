import Foundation
import Logging
import MorningCore
@testable import MorningDaemon
import MorningProtocol
import MorningStore
import Testing

private let M = "org.bettermorning.Morning."

/// The completed counts of a Week reply, day by day.
private func counts(_ week: [String: Any]) -> [Int?] {
    ((week["days"] as? [[String: Any]]) ?? []).map { $0["completed"] as? Int }
}

/// An export document of one active custom routine of `tasks` tasks, with `days`
/// ([date: positions done]) finished, as a generic client would send it.
func exportDocument(tasks: Int, start: String, days: [(String, [Int])], name: String = "Twenty") -> [String: Any] {
    [
        "format": "better-morning-export", "version": 1, "exportedOn": "2026-11-22",
        "routines": [[
            "id": name.lowercased(), "name": name, "type": "custom", "active": true,
            "createdDate": start, "startDate": start,
            "tasks": (0..<tasks).map { ["time": TimeOfDay(minutes: 300 + $0 * 5)!.description, "title": "Task \($0 + 1)"] },
            "days": days.map { ["date": $0.0, "done": $0.1] },
            "open": [[String: Any]](),
        ]],
    ]
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
        _ = try await call(engine, M + "Activate", ["routine": "darwin"])   // from Thursday
        clock.set("2026-11-19T08:00:00Z")
        _ = try await call(engine, M + "Check", ["task": "1"])
        _ = try await call(engine, M + "Check", ["task": "2"])
        clock.set("2026-11-20T08:00:00Z")
        _ = try await call(engine, M + "Check", ["task": "1"])
        clock.set("2026-11-22T08:00:00Z")                                  // Saturday passed untouched
        _ = try await call(engine, M + "Check", ["task": "1"])

        let gb = parameters(try await call(engine, M + "Week", ["locale": "en_GB.UTF-8"]))
        #expect(gb["weekStart"] as? String == "2026-11-16")
        #expect(counts(gb) == [nil, nil, nil, 2, 1, 0, 1])
        let us = parameters(try await call(engine, M + "Week", ["locale": "en_US.UTF-8"]))
        #expect(us["weekStart"] as? String == "2026-11-22")
        #expect(counts(us) == [1, nil, nil, nil, nil, nil, nil])
        let usBefore = parameters(try await call(engine, M + "Week", ["locale": "en_US.UTF-8", "offset": -1]))
        #expect(usBefore["weekStart"] as? String == "2026-11-15")
        #expect(counts(usBefore) == [nil, nil, nil, nil, 2, 1, 0])
        let de = parameters(try await call(engine, M + "Week", ["locale": "de_DE.UTF-8", "date": "2026-11-19"]))
        #expect(de["weekStart"] as? String == "2026-11-16")
    }

    // Rules H2, A4.
    @Test("a restart mid-week keeps the days before it; the days until the new start have no bar")
    func restartMidWeek() async throws {
        let clock = TestClock("2026-11-15T10:00:00Z", zone: "UTC")   // Sunday
        let engine = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        _ = try await call(engine, M + "Activate", ["routine": "kant"])      // from Monday
        clock.set("2026-11-17T08:00:00Z")
        _ = try await call(engine, M + "Check", ["task": "1"])
        _ = try await call(engine, M + "Restart", ["routine": "kant"])       // Tuesday ends now; again from Wednesday
        clock.set("2026-11-19T08:00:00Z")                                  // Wednesday passed untouched
        _ = try await call(engine, M + "Check", ["task": "1"])
        _ = try await call(engine, M + "Check", ["task": "2"])
        let week = parameters(try await call(engine, M + "Week", ["locale": "en_GB"]))
        #expect(counts(week) == [0, 1, 0, 2, nil, nil, nil])
        // Before the new start the day view is out of range (T2), yet the week keeps those days.
        let old = try await call(engine, M + "Day", ["date": "2026-11-17"])
        #expect(old["error"] as? String == M + "DateOutOfRange")
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
        let imported = parameters(try await call(engine, M + "Import", ["document": document, "replace": false]))
        #expect(imported["routines"] as? Int == 1 && imported["records"] as? Int == 6)
        let week = parameters(try await call(engine, M + "Week", ["locale": "en_GB"]))
        #expect(week["total"] as? Int == 20)
        #expect(counts(week) == [20, 19, 1, 0, 10, 2, 0])   // today live: nothing checked yet
        _ = try await call(engine, M + "Activate", ["routine": "kant"])
        let cards = (parameters(try await call(engine, M + "Data", ["locale": "en_GB"]))["cards"] as? [[String: Any]]) ?? []
        #expect(cards.map { $0["routine"] as? String } == ["Immanuel Kant", "Twenty"])
        // Switching finalized today for Twenty: 0 of 20.
        #expect(counts((cards[1]["week"] as? [String: Any]) ?? [:]) == [20, 19, 1, 0, 10, 2, 0])
        #expect(counts((cards[0]["week"] as? [String: Any]) ?? [:]) == [nil, nil, nil, nil, nil, nil, nil])
    }

    // Rule H3.
    @Test("stats of one routine, of each and overall, match the records")
    func stats() async throws {
        let clock = TestClock("2026-11-22T10:00:00Z", zone: "UTC")
        let engine = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        let document = exportDocument(tasks: 3, start: "2026-11-16", days: [
            ("2026-11-16", [1, 2, 3]), ("2026-11-17", [1, 2, 3]), ("2026-11-18", [2]), ("2026-11-19", [1, 2, 3]),
        ], name: "Three")
        _ = try await call(engine, M + "Import", ["document": document, "replace": false])
        // Today (the 22nd) runs; the 20th and 21st were caught up as all ✗ at import.
        let one = parameters(try await call(engine, M + "Stats", ["routine": "three"]))
        #expect(one["overall"] is NSNull)
        let s = try #require(((one["routines"] as? [[String: Any]])?.first?["stats"]) as? [String: Any])
        #expect(s["tasksCompleted"] as? Int == 10 && s["tasksPlanned"] as? Int == 18 && s["daysTracked"] as? Int == 6)
        #expect(s["perfectDays"] as? Int == 3 && s["bestRun"] as? Int == 2)
        #expect(s["bestRunFrom"] as? String == "2026-11-16" && s["bestRunThrough"] as? String == "2026-11-17")
        #expect(s["averagePerDay"] as? Double == 10.0 / 6.0)
        let all = parameters(try await call(engine, M + "Stats"))
        #expect((all["overall"] as? [String: Any])?["tasksCompleted"] as? Int == 10)
        #expect(try await call(engine, M + "Stats", ["routine": "nobody"])["error"] as? String == M + "RoutineNotFound")
    }

    // Rules H3, H4.
    @Test("stats and the heatmap stay exact as days end, routines switch and go, and history is imported")
    func keptUpToDate() async throws {
        let clock = TestClock("2026-11-02T10:00:00Z", zone: "UTC")
        let store = try Store.inMemory()
        let engine = try Engine(store: store, clock: clock.wall, logger: logger)
        /// The reply's parameters as bmd wrote them.
        func reply(_ method: String, _ p: [String: Any] = [:]) async throws -> JSONValue {
            let frame = [UInt8](try JSONSerialization.data(withJSONObject: ["method": M + method, "parameters": p]))
            let bytes = try #require(await engine.respond(to: try VarlinkCall(frame: frame)))
            return try #require(try JSONValue.parse(bytes.dropLast())["parameters"])
        }
        /// What the engine says, against what the records in its store say.
        func same(_ when: String) async throws {
            let all = try await reply("Stats")
            let records = try store.records()
            #expect(all["overall"] == Replies.totals(Stats(records: records)).json, "overall \(when)")
            for routine in engine.snapshot.routinesByRecency {
                let one = try await reply("Stats", ["routine": routine.slug])
                let expected = Replies.stats(routine, Stats(records: records.filter { $0.routineID == routine.id }))
                #expect(one["routines"] == .array([expected.json]), "\(routine.slug) \(when)")
            }
            let history = try await reply("History", ["months": 2])
            guard case .string(let date)? = history["today"], let today = Day(iso: date) else {
                Issue.record("no today in \(history)")
                return
            }
            let records2 = try store.records(from: HistoryView.firstDay(months: 2, today: today), through: today)
            let view = engine.snapshot.history(of: nil, months: 2, today: today, firstWeekday: 2, records: records2)
            #expect(history == Replies.history(view).json, "history \(when)")
        }
        _ = try await call(engine, M + "Activate", ["routine": "darwin"])
        for day in 3...9 {
            clock.set("2026-11-\(String(format: "%02d", day))T08:00:00Z")
            for task in 0..<(day % 4) { _ = try await call(engine, M + "Check", ["task": "\(task + 1)"]) }
            try await same("on the \(day)th")
        }
        _ = try await call(engine, M + "Activate", ["routine": "franklin"])   // the 9th ends now for Darwin
        clock.set("2026-11-12T08:00:00Z")
        _ = try await call(engine, M + "Check", ["task": "1"])
        try await same("after a switch")
        _ = try await call(engine, M + "Delete", ["routine": "darwin"])
        try await same("after a delete")
        _ = try await call(engine, M + "Import", ["document": exportDocument(tasks: 2, start: "2026-10-01", days: [
            ("2026-10-01", [1, 2]), ("2026-10-02", [2]),
        ]), "replace": true])
        try await same("after an import")
        clock.set("2026-11-14T08:00:00Z")
        try await same("two days later")
    }

    // Rule H4.
    @Test("the heatmap starts on the locale's first weekday; months out of range are refused")
    func history() async throws {
        let clock = TestClock("2026-11-19T10:00:00Z", zone: "UTC")
        let engine = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        _ = try await call(engine, M + "Import", ["document": exportDocument(tasks: 2, start: "2026-11-02", days: [
            ("2026-11-02", [1, 2]), ("2026-11-03", [2]),
        ]), "replace": false])
        let us = parameters(try await call(engine, M + "History", ["months": 6, "locale": "en_US.UTF-8"]))
        #expect(us["from"] as? String == "2026-06-01" && us["routine"] is NSNull)
        let days = (us["days"] as? [[String: Any]]) ?? []
        #expect(days.first?["date"] as? String == "2026-05-31")          // a Sunday
        #expect(days.last?["date"] as? String == "2026-11-19")
        #expect(days.first { $0["date"] as? String == "2026-11-03" }?["completed"] as? Int == 1)
        #expect(days.first { $0["date"] as? String == "2026-11-04" }?["completed"] as? Int == 0)   // caught up
        let de = parameters(try await call(engine, M + "History", ["months": 6, "locale": "de_DE.UTF-8", "routine": "twenty"]))
        #expect(((de["days"] as? [[String: Any]])?.first?["date"]) as? String == "2026-06-01")   // a Monday
        #expect(de["routine"] as? String == "Twenty")
        let refused = try await call(engine, M + "History", ["months": 13])
        #expect(refused["error"] as? String == "org.varlink.service.InvalidParameter")
    }

    // Rule H5.
    @Test("export, then import into a fresh state, gives the same week, data and day replies")
    func roundTrip() async throws {
        let clock = TestClock("2026-11-18T10:00:00Z", zone: "UTC")
        let first = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        _ = try await call(first, M + "Activate", ["routine": "darwin"])
        clock.set("2026-11-19T08:00:00Z")
        _ = try await call(first, M + "Check", ["task": "2"])
        _ = try await call(first, M + "Activate", ["routine": "franklin"])
        clock.set("2026-11-21T08:00:00Z")
        _ = try await call(first, M + "Check", ["task": "1"])
        let document = try #require(parameters(try await call(first, M + "Export"))["document"] as? [String: Any])
        #expect(document["format"] as? String == "better-morning-export" && document["version"] as? Int == 1)

        let second = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: logger)
        let imported = try await call(second, M + "Import", ["document": document, "replace": false])
        #expect(imported["error"] == nil)
        for (method, p) in [("Data", ["locale": "en_GB"]), ("Week", ["routine": "darwin"]), ("Week", [:]),
                            ("Day", [:]), ("Day", ["date": "yesterday"]), ("Stats", [:]), ("Export", [:])] as [(String, [String: Any])] {
            let a = try JSONSerialization.data(withJSONObject: try await call(first, M + method, p), options: .sortedKeys)
            let b = try JSONSerialization.data(withJSONObject: try await call(second, M + method, p), options: .sortedKeys)
            #expect(a == b, "\(method) \(p)")
        }
    }

    // Rule H5.
    @Test("an import over routines without replace, or of a broken document, changes nothing")
    func refusals() async throws {
        let clock = TestClock("2026-11-22T10:00:00Z", zone: "UTC")
        let store = try Store.inMemory()
        let engine = try Engine(store: store, clock: clock.wall, logger: logger)
        _ = try await call(engine, M + "Import", ["document": exportDocument(tasks: 2, start: "2026-11-16", days: [("2026-11-16", [1])]),
                                                  "replace": false])
        let before = engine.snapshot
        let records = try store.records()

        let refused = try await call(engine, M + "Import", ["document": exportDocument(tasks: 3, start: "2026-11-01", days: [],
                                                                                       name: "Other"), "replace": false])
        #expect(refused["error"] as? String == M + "ImportRefused")
        #expect(parameters(refused)["routines"] as? Int == 1)

        var badDate = exportDocument(tasks: 2, start: "2026-11-16", days: [("2026-02-30", [1])])
        var badFormat = badDate
        badFormat["format"] = "something-else"
        var badTime = exportDocument(tasks: 2, start: "2026-11-16", days: [])
        var routines = badTime["routines"] as! [[String: Any]]
        routines[0]["tasks"] = [["time": "06:07", "title": "Off the grid"]]
        badTime["routines"] = routines
        for (document, reason) in [(badDate, "\"2026-02-30\" is not a date"), (badFormat, "not a Better Morning export"),
                                   (badTime, "\"06:07\"")] {
            let reply = try await call(engine, M + "Import", ["document": document, "replace": true])
            #expect(reply["error"] as? String == M + "InvalidImport")
            #expect((parameters(reply)["reason"] as? String)?.contains(reason) == true, "\(parameters(reply))")
        }
        badDate["version"] = 2
        #expect((parameters(try await call(engine, M + "Import", ["document": badDate, "replace": true]))["reason"] as? String)?
            .contains("version 2") == true)
        #expect(engine.snapshot == before)
        #expect(try store.records() == records)
    }
}
