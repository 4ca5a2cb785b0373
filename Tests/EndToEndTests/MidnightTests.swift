import Foundation
import Testing

// Rules T3, T4, N3.
@Suite("End to end: the day ends at midnight while bmd runs")
struct MidnightTests {
    @Test("A midnight passing finalizes the finished day and opens a fresh one, with no request and no restart",
          arguments: ["Europe/Berlin", "America/Santiago"])
    func midnight(zone: String) throws {
        // Santiago on 5–6 September 2026: midnight does not exist, the 6th begins at 01:00.
        let (before, day, next) = zone == "America/Santiago"
            ? ("2026-09-05 23:59:57", "2026-09-05", "2026-09-06")
            : ("2026-03-03 23:59:57", "2026-03-03", "2026-03-04")
        let box = try Sandbox(zone: zone, time: "2026-03-02 08:00:00")
        // Activate the day before, so the routine runs on `day`.
        box.setClock(Self.dayBefore(day) + " 08:00:00")
        try box.startDaemon()
        #expect(try box.bmctl("activate", "kant").status == 0)
        try box.stopDaemon()

        box.setClock(before)
        try box.startDaemon()
        #expect(try box.bmctl("check", "1").status == 0)
        // bmd reports each plan as STATUS=; the first one on the new day comes from the
        // alarm at midnight, with no request in between.
        let line = try box.waitForStatus(containing: "day \(next)")
        #expect(line.contains("Immanuel Kant"))
        let past = try box.bmctl("day", day, "--json").object
        #expect(past["mode"] as? String == "past" && past["completed"] as? Int == 1)
        let today = try box.bmctl("day", "--json").object
        #expect(today["date"] as? String == next && today["mode"] as? String == "today" && today["completed"] as? Int == 0)
        try box.stopDaemon()
    }

    static func dayBefore(_ day: String) -> String {
        let f = DateFormatter()
        f.dateFormat = "yyyy-MM-dd"
        f.timeZone = TimeZone(identifier: "UTC")
        return f.string(from: f.date(from: day)!.addingTimeInterval(-86_400))
    }
}

// Rules N3.
@Suite("End to end: reload and SIGHUP plan again")
struct ReloadTests {
    @Test("bmctl reload answers with the next reminder and midnight in the daemon's zone")
    func reload() throws {
        let box = try Sandbox(zone: "Asia/Tokyo", time: "2026-03-02 20:00:00")
        try box.startDaemon()
        #expect(try box.bmctl("activate", "kant").status == 0)
        let kantFirst = try #require(((try box.bmctl("explore", "kant", "--json").array.first as? [String: Any])?["tasks"] as? [[String: Any]])?.first?["time"] as? String)
        let reply = try box.bmctl("reload", "--json").object
        #expect(reply["nextReminder"] as? String == "2026-03-03T\(kantFirst):00+09:00")
        #expect(reply["nextMidnight"] as? String == "2026-03-03T00:00:00+09:00")
        #expect(try box.bmctl("reload").stdout.contains("next reminder: 2026-03-03 \(kantFirst)"))
        // SIGHUP (whose default action would end the process) is taken as "plan again":
        // bmd lives on and serves. (Planning again is what `reload` above shows.)
        box.daemon?.signal(SIGHUP)
        #expect(try box.bmctl("status").status == 0)
        #expect(try box.bmctl("reload").status == 0)
        try box.stopDaemon()
    }
}
