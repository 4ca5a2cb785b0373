import Foundation
import Testing

/// One person's weeks with Better Morning, lived through the real bmd and bmctl with
/// bmd's clock moved by libfaketime. Each step checks what a script would read.
@Suite("End to end: a story over several days")
struct StoryTests {
    @Test("Activate, check, days pass with bmd stopped, switch, restart, delete, reset")
    func story() throws {
        // Monday 2 March 2026, 08:00 in Berlin.
        let box = try Sandbox(zone: "Europe/Berlin", time: "2026-03-02 08:00:00")
        try box.startDaemon()

        // Nothing yet (status fields of §10).
        var status = try box.bmctl("status", "--json").object
        #expect(status["phase"] as? String == "none")
        #expect(status["routine"] is NSNull && status["today"] is NSNull && status["nextReminder"] is NSNull)
        #expect((status["notifications"] as? [String: Any])?["enabled"] as? Bool == true)

        let franklin = try #require(try box.bmctl("explore", "franklin", "--json").array.first as? [String: Any])
        let franklinTasks = try #require(franklin["tasks"] as? [[String: Any]])
        let total = franklinTasks.count

        // A1: activation starts tomorrow; today says so.
        let activated = try box.bmctl("activate", "franklin", "--json")
        #expect(activated.status == 0)
        #expect((try activated.object["routine"] as? [String: Any])?["startDate"] as? String == "2026-03-03")
        status = try box.bmctl("status", "--json").object
        #expect(status["phase"] as? String == "waiting")
        #expect((status["routine"] as? [String: Any])?["name"] as? String == "Benjamin Franklin")
        #expect(status["today"] is NSNull)
        #expect((status["nextReminder"] as? String)?.hasPrefix("2026-03-03T\(franklinTasks[0]["time"]!):00+01:00") == true)
        let notYet = try box.bmctl("today")
        #expect(notYet.status == 1)
        #expect(notYet.stderr.contains("starts tomorrow (2026-03-03)"))

        // Tuesday: check and uncheck (T1).
        box.setClock("2026-03-03 06:30:00")
        #expect(try box.bmctl("check", "1").status == 0)
        #expect(try box.bmctl("check", "2").status == 0)
        #expect(try box.bmctl("uncheck", "2").status == 0)
        var day = try box.bmctl("day", "--json").object
        #expect(day["date"] as? String == "2026-03-03" && day["mode"] as? String == "today")
        #expect(day["completed"] as? Int == 1 && day["total"] as? Int == total)
        let states = (day["tasks"] as? [[String: Any]])?.map { $0["state"] as? String }
        #expect(states == ["done"] + Array(repeating: "untouched", count: total - 1))
        status = try box.bmctl("status", "--json").object
        #expect(status["phase"] as? String == "running")
        #expect((status["today"] as? [String: Any])?["completed"] as? Int == 1)
        // Only today can be changed (T2).
        let pastCheck = try box.bmctl("check", "1", "--date", "2026-03-02")
        #expect(pastCheck.status == 1 && pastCheck.stderr.contains("only today"))

        // Three days pass with bmd stopped (T3: catch-up at start).
        try box.stopDaemon()
        box.setClock("2026-03-06 10:00:00")
        try box.startDaemon()
        day = try box.bmctl("day", "2026-03-03", "--json").object
        #expect(day["mode"] as? String == "past" && day["completed"] as? Int == 1)
        #expect((day["tasks"] as? [[String: Any]])?.map { $0["state"] as? String }
                == ["done"] + Array(repeating: "missed", count: total - 1))
        day = try box.bmctl("day", "2026-03-04", "--json").object
        #expect(day["completed"] as? Int == 0)
        #expect((day["tasks"] as? [[String: Any]])?.allSatisfy { $0["state"] as? String == "missed" } == true)
        // Earlier than the start is out of range.
        #expect(try box.bmctl("day", "2026-03-02").status == 1)

        // The week (Monday first for en_GB): no record before the start, zeros for missed days.
        #expect(try box.bmctl("check", "1").status == 0)
        var week = try box.bmctl("week", "--json").object
        #expect(week["weekStart"] as? String == "2026-03-02")
        #expect(completedByDay(week) == [nil, 1, 0, 0, 1, nil, nil])

        // A2: switch mid-day; Franklin's Friday is finalized with its one ✓.
        let switched = try box.bmctl("activate", "murakami", "--json").object
        #expect((switched["finalized"] as? [String: Any])?["completed"] as? Int == 1)
        #expect((switched["previous"] as? [String: Any])?["name"] as? String == "Benjamin Franklin")
        #expect(try box.bmctl("check", "1").stderr.contains("starts tomorrow"))
        week = try box.bmctl("week", "franklin", "--json").object
        #expect(completedByDay(week) == [nil, 1, 0, 0, 1, nil, nil])
        var data = try box.bmctl("data", "--json").array.compactMap { $0 as? [String: Any] }
        #expect(data.map { $0["routine"] as? String } == ["Haruki Murakami", "Benjamin Franklin"])
        #expect(data.map { $0["active"] as? Bool } == [true, false])

        // A4: restart Franklin on Saturday; Murakami's Saturday ends, Franklin's history stays.
        box.setClock("2026-03-07 09:00:00")
        let restarted = try box.bmctl("restart", "franklin", "--json").object
        #expect((restarted["routine"] as? [String: Any])?["startDate"] as? String == "2026-03-08")
        #expect((restarted["finalized"] as? [String: Any])?["completed"] as? Int == 0)
        week = try box.bmctl("week", "franklin", "--json").object
        #expect(completedByDay(week) == [nil, 1, 0, 0, 1, nil, nil])
        week = try box.bmctl("week", "franklin", "--prev", "1", "--json").object
        #expect(week["weekStart"] as? String == "2026-02-23")
        #expect(completedByDay(week).allSatisfy { $0 == nil })
        data = try box.bmctl("data", "--json").array.compactMap { $0 as? [String: Any] }
        #expect(data.map { $0["routine"] as? String } == ["Benjamin Franklin", "Haruki Murakami"])

        // A5: delete needs --yes when stdin is not a terminal; then the active routine goes.
        let refused = try box.bmctl("delete", "franklin")
        #expect(refused.status == 1 && refused.stderr.contains("--yes"))
        #expect(try box.bmctl("data", "--json").array.count == 2)
        #expect(try box.bmctl("delete", "franklin", "--yes").status == 0)
        status = try box.bmctl("status", "--json").object
        #expect(status["phase"] as? String == "none" && status["nextReminder"] is NSNull)
        data = try box.bmctl("data", "--json").array.compactMap { $0 as? [String: Any] }
        #expect(data.map { $0["routine"] as? String } == ["Haruki Murakami"])
        #expect(data.map { $0["active"] as? Bool } == [false])

        // A6: reset removes everything; the catalog remains.
        #expect(try box.bmctl("reset").status == 1)
        #expect(try box.bmctl("reset", "--yes").status == 0)
        #expect(try box.bmctl("data", "--json").array.isEmpty)
        #expect(try box.bmctl("explore", "--json").array.count >= 12)
        try box.stopDaemon()
    }

    func completedByDay(_ week: [String: Any]) -> [Int?] {
        ((week["days"] as? [[String: Any]]) ?? []).map { $0["completed"] as? Int }
    }
}
