import Foundation
import Testing

/// A clock that is wrong for a while and then right again, on the real binaries, with
/// bmd's clock set by libfaketime and its reminders shown by a real notification stack.
/// libfaketime moves only what bmd reads, so no kernel clock is set and bmd's timer is
/// not cancelled: `bmctl reload`, which plans again the same way, stands in for that.
// Rules T5, N4.
@Suite("End to end: a clock wrong for a while")
struct WrongClockTests {
    /// A notification stack, and bmd in Berlin on Monday 2 March 2026 showing its reminders
    /// there, with Kant's routine activated (from Tuesday 3 March) and its first task's
    /// time. The test stops the stack.
    func kantWithReminders() throws -> (NotificationStack, Sandbox, first: String) {
        let stack = try NotificationStack()
        do {
            let box = try Sandbox(zone: "Europe/Berlin", time: "2026-03-02 08:00:00")
            try box.startDaemon(environment: stack.environment)
            #expect(try box.bmctl("activate", "kant").status == 0)
            return (stack, box, try firstTime(box))
        } catch {
            stack.stop()
            throw error
        }
    }

    /// Kant's first task time, `HH:MM`.
    func firstTime(_ box: Sandbox) throws -> String {
        let entry = try #require(try box.bmctl("explore", "kant", "--json").array.first as? [String: Any])
        let tasks = try #require(entry["tasks"] as? [[String: Any]])
        return try #require(tasks.first?["time"] as? String)
    }

    /// `HH:MM` plus `seconds`, as `HH:MM:SS`.
    func at(_ time: String, plus seconds: Int) -> String {
        let parts = time.split(separator: ":").compactMap { Int($0) }
        let total = parts[0] * 3600 + parts[1] * 60 + seconds
        return String(format: "%02d:%02d:%02d", total / 3600, total / 60 % 60, total % 60)
    }

    @Test("A clock a day behind for a moment, then right: no date gets a second reminder", .timeLimit(.minutes(2)))
    func dayBehindForAMoment() throws {
        let (stack, box, first) = try kantWithReminders()
        defer { stack.stop() }
        try box.stepClock(to: "2026-03-03 " + at(first, plus: -2))
        _ = try stack.waitForNotifications(count: 1, timeout: .seconds(20))
        // A day passes (the machine off overnight: a step of libfaketime's clock while bmd
        // runs would be a jump of the wall clock, not time passing).
        try box.stopDaemon()
        box.setClock("2026-03-04 " + at(first, plus: -2))
        try box.startDaemon(environment: stack.environment)
        _ = try stack.waitForNotifications(count: 2, timeout: .seconds(20))
        try box.waitForStatus(containing: "next reminder 2026-03-05T")

        // A day back, five minutes into Tuesday's morning, whose reminder went out.
        try box.stepClock(to: "2026-03-03 " + at(first, plus: 300))
        try box.waitForStatus(containing: "day 2026-03-03")
        // Right again, twenty minutes into Wednesday's morning, whose reminder went out.
        try box.stepClock(to: "2026-03-04 " + at(first, plus: 1_200))
        try box.waitForStatus(containing: "next reminder 2026-03-05T")
        let shown = try stack.notifications()
        #expect(shown.count == 2, "a date got a second reminder: \(shown); log: \(box.daemonLog)")
        try box.stopDaemon()
    }

    @Test("A clock eight hours ahead in the evening, into the next morning, then corrected: the real next morning still gets its reminder",
          .timeLimit(.minutes(2)))
    func aheadIntoTheNextMorning() throws {
        let (stack, box, first) = try kantWithReminders()
        defer { stack.stop() }
        try box.stepClock(to: "2026-03-03 " + at(first, plus: -2))
        _ = try stack.waitForNotifications(count: 1, timeout: .seconds(20))
        try box.stepClock(to: "2026-03-03 22:00:00")
        try box.waitForStatus(containing: "next reminder 2026-03-04T")

        // Hours ahead: Wednesday's morning, its reminder sent by the clock's mistake.
        try box.stepClock(to: "2026-03-04 " + at(first, plus: 300))
        _ = try stack.waitForNotifications(count: 2, timeout: .seconds(20))
        // Corrected: Tuesday evening again. Wednesday's reminder is still to come.
        try box.stepClock(to: "2026-03-03 22:05:00")
        try box.waitForStatus(containing: "next reminder 2026-03-04T")
        // The real Wednesday morning.
        try box.stepClock(to: "2026-03-04 " + at(first, plus: -2))
        let received = try stack.waitForNotifications(count: 3, timeout: .seconds(20))
        #expect(received.count == 3, "the real morning had no reminder")
        try box.stopDaemon()
    }

    @Test("An export made while the clock was 40 days ahead imports once the clock is right", .timeLimit(.minutes(2)))
    func exportMadeAheadImports() throws {
        let box = try Sandbox(zone: "Europe/Berlin", time: "2026-03-02 08:00:00")
        try box.startDaemon()
        #expect(try box.bmctl("activate", "kant").status == 0)
        box.setClock("2026-04-11 09:00:00")                        // forty days ahead
        #expect(try box.bmctl("check", "1").status == 0)
        let file = box.root.appendingPathComponent("backup.json").path
        #expect(try box.bmctl("export", "--output", file).status == 0)

        box.setClock("2026-03-02 09:00:00")                        // right again
        #expect(try box.bmctl("reset", "--yes").status == 0)
        let imported = try box.bmctl("import", file)
        #expect(imported.status == 0, "the export was refused: \(imported.stderr)")
        #expect(try box.bmctl("status", "--json").object["routine"] is [String: Any])
        try box.stopDaemon()
    }

    /// What bmctl shows of the whole history: each routine's week and the JSON export.
    func history(_ box: Sandbox) throws -> [String] {
        let export = try box.bmctl("export")
        #expect(export.status == 0, "\(export.stderr)")
        return [try box.bmctl("week", "franklin").stdout, try box.bmctl("week", "kant").stdout,
                try box.bmctl("week", "franklin", "--prev", "1").stdout, try box.bmctl("week", "kant", "--prev", "1").stdout,
                export.stdout]
    }

    @Test("Three weeks behind for a minute, earlier than both routines were made, then right: the weeks and the export are as they were",
          .timeLimit(.minutes(2)))
    func threeWeeksBehindBeforeTheRoutines() throws {
        // Two weeks of mornings, lived on libfaketime's clock as a person trying this does:
        // each step of it is a jump of bmd's wall clock, and bmd runs all along.
        let box = try Sandbox(zone: "Europe/Berlin", time: "2026-11-08 09:00:00")
        try box.startDaemon()
        #expect(try box.bmctl("activate", "franklin").status == 0)   // made on the 8th, from the 9th
        try box.stepClock(to: "2026-11-12 09:00:00")
        #expect(try box.bmctl("check", "1").status == 0)
        try box.stepClock(to: "2026-11-15 09:00:00")
        #expect(try box.bmctl("activate", "kant").status == 0)       // made on the 15th, from the 16th
        try box.stepClock(to: "2026-11-18 09:00:00")
        #expect(try box.bmctl("check", "2").status == 0)
        try box.stepClock(to: "2026-11-22 09:00:00")
        try box.waitForStatus(containing: "day 2026-11-22")
        #expect(try box.bmctl("check", "1").status == 0)
        let before = try history(box)
        #expect(before[0].contains("Franklin") && before[4].contains("2026-11-12"), "\(before)")

        // Three weeks back, before either routine was made, for a minute.
        try box.stepClock(to: "2026-11-01 09:00:00")
        try box.waitForStatus(containing: "Kant starts 2026-11-")
        #expect(try box.bmctl("status").status == 0)
        try box.stepClock(to: "2026-11-01 09:01:00")

        // Right again.
        try box.stepClock(to: "2026-11-22 09:02:00")
        try box.waitForStatus(containing: "day 2026-11-22")
        let after = try history(box)
        for (was, now) in zip(before, after) {
            #expect(now == was, "the history changed:\nbefore \(was)\nafter  \(now)\nlog: \(box.daemonLog)")
        }
        try box.stopDaemon()
    }
}
