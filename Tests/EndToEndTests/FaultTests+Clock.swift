import Foundation
import MorningTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Faults of the clock: steps and zone changes while bmd runs.
extension FaultTests {
    // MARK: - 5. Clock steps while bmd runs

    @Test("Clock steps while bmd runs (back across midnight, forward over a whole day): every day is finalized once, none skipped",
          .timeLimit(.minutes(2)))
    func clockSteps() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        // Each step of the clock is followed by `bmctl reload` (`stepClock`); every other
        // request reads the clock afresh by itself.
        try box.startDaemon()
        #expect(try box.bmctl("activate", "kant").status == 0)

        // Tuesday 3 March: one task done, then midnight passes while bmd runs.
        box.setClock("2026-03-03 09:00:00")
        #expect(try box.bmctl("check", "1").status == 0)
        try box.stepClock(to: "2026-03-03 23:59:57")
        try box.waitForStatus(containing: "day 2026-03-04")
        #expect(try box.bmctl("check", "2").status == 0)   // Wednesday's first check
        let tuesday = try box.bmctl("day", "2026-03-03", "--json").object
        #expect(tuesday["mode"] as? String == "past" && tuesday["completed"] as? Int == 1)

        // Four hours back, across midnight: it is Tuesday again. A clock that was ahead
        // leaves no trace once right: Tuesday is today again, with its check, and can be
        // checked; Wednesday's check, made while the clock said Wednesday, stays.
        try box.stepClock(to: "2026-03-03 20:00:00")
        let again = try box.bmctl("check", "3")
        #expect(again.status == 0, "today could not be checked after the clock came back: \(again.stderr)")
        let stillTuesday = try box.bmctl("day", "2026-03-03", "--json").object
        #expect(stillTuesday["mode"] as? String == "today" && stillTuesday["completed"] as? Int == 2)

        // Forward again, to Wednesday evening: Wednesday's check is still there.
        try box.stepClock(to: "2026-03-04 20:00:00")
        let wednesday = try box.bmctl("day", "--json").object
        #expect(wednesday["date"] as? String == "2026-03-04" && wednesday["mode"] as? String == "today")
        #expect(wednesday["completed"] as? Int == 1)

        // Forward over all of Thursday: Wednesday keeps its check, Thursday is closed all ✗.
        try box.stepClock(to: "2026-03-06 10:00:00")
        try box.waitForStatus(containing: "day 2026-03-06")
        let week = try box.bmctl("week", "--json").object
        let days = try #require(week["days"] as? [[String: Any]])
        let counts = Dictionary(uniqueKeysWithValues: days.map { ($0["date"] as? String ?? "?", $0["completed"] as? Int) })
        #expect(counts["2026-03-02"] == .some(nil))   // before the routine started: no record
        #expect(counts["2026-03-03"] == 2)
        #expect(counts["2026-03-04"] == 1)
        #expect(counts["2026-03-05"] == 0)            // a day bmd never saw: finalized, all ✗
        #expect(counts["2026-03-06"] == 0)            // today, live: nothing checked yet
        let friday = try box.bmctl("day", "--json").object
        #expect(friday["date"] as? String == "2026-03-06" && friday["mode"] as? String == "today")
        let stats = try box.bmctl("stats", "--json").object
        let overall = (stats["overall"] as? [String: Any]) ?? stats
        #expect(overall["daysTracked"] as? Int == 3, "\(stats)")

        // A second step back: Wednesday is today again and takes a check; forward again,
        // each day is closed once more, once, and Thursday (no check) as before.
        try box.stepClock(to: "2026-03-04 23:59:58")
        #expect(try box.bmctl("check", "1").status == 0)
        try box.stepClock(to: "2026-03-06 10:00:00")
        try box.waitForStatus(containing: "day 2026-03-06")
        let weekAgain = try box.bmctl("week", "--json").object
        let countsAgain = Dictionary(uniqueKeysWithValues: (weekAgain["days"] as? [[String: Any]] ?? []).map {
            ($0["date"] as? String ?? "?", $0["completed"] as? Int)
        })
        #expect(countsAgain["2026-03-03"] == 2 && countsAgain["2026-03-04"] == 2 && countsAgain["2026-03-05"] == 0, "\(countsAgain)")
        try box.stopDaemon()
        // And a restart finalizes nothing twice.
        try box.startDaemon()
        #expect(NSDictionary(dictionary: try box.bmctl("week", "--json").object).isEqual(to: weekAgain))
        try box.stopDaemon()
    }

    // MARK: - 5b. A time-zone change while bmd runs

    @Test("A time-zone change while bmd runs (its own /etc/localtime moves east across midnight, back and on): each day finalized once",
          .enabled("needs unshare and overlayfs (root)") { MachineProbe.privateEtc.works }, .timeLimit(.minutes(2)))
    func zoneChanges() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        let etc = try box.privateEtcFolder()
        // The zone comes from /etc/localtime, not TZ (a process's TZ never changes). The
        // clock is an offset from the real one, not a local time: libfaketime would read a
        // local time again in each new zone and so move the instant too.
        box.setClock(utc: "2026-03-02 10:00:00")
        let notify = try NotifyListener(path: box.root.appendingPathComponent("notify").path)
        let daemon = try box.startDaemonWithPrivateEtc(etc, tz: nil, notify: notify)
        defer {
            daemon.signal(SIGKILL)
            daemon.wait()
        }
        var statusLines: [String] = []
        /// Waits for bmd to say, by itself, that the day is `date`.
        func waitForDay(_ date: String) throws {
            if statusLines.contains(where: { $0.contains("day \(date)") }) { return }
            let deadline = Deadline(in: 15)
            while !deadline.passed {
                guard let message = try? notify.receive(timeout: 2) else { continue }
                statusLines.append(message)
                if message.contains("day \(date)") { return }
            }
            Issue.record("bmd never said the day is \(date); log: \(box.daemonLog)")
            throw POSIXError(.ETIMEDOUT)
        }
        func bmctl(_ arguments: String...) throws -> Output {
            while let message = notify.receiveNow() { statusLines.append(message) }
            return try box.run(Binaries.bmctl, ["--no-autostart"] + arguments, environment: box.baseEnvironment)
        }
        var ready = ""
        while !ready.contains("READY=1") { ready = try notify.receive(timeout: 20) }

        #expect(try bmctl("activate", "kant").status == 0)           // starts Tuesday 3 March
        box.setClock(utc: "2026-03-03 08:00:00")                           // Berlin 09:00
        #expect(try bmctl("check", "1").status == 0)
        box.setClock(utc: "2026-03-03 22:30:00")                           // Berlin 23:30
        #expect(try bmctl("day", "--json").object["date"] as? String == "2026-03-03")
        statusLines = []

        // East to Tokyo: it is Wednesday 07:30 there. bmd sees the change itself (inotify),
        // closes Tuesday with its one check and opens Wednesday.
        try PrivateEtc.setZone("Asia/Tokyo", of: daemon.pid)
        try waitForDay("2026-03-04")
        let tuesday = try bmctl("day", "2026-03-03", "--json").object
        #expect(tuesday["mode"] as? String == "past" && tuesday["completed"] as? Int == 1)
        #expect(try bmctl("check", "1").status == 0)

        // Back to Berlin: Tuesday 23:30 again. The date that ran ahead leaves no trace:
        // Tuesday is today again, with its check, and takes another.
        try PrivateEtc.setZone("Europe/Berlin", of: daemon.pid)
        #expect(try bmctl("reload", "--json").object["nextMidnight"] as? String == "2026-03-04T00:00:00+01:00")
        let again = try bmctl("check", "2")
        #expect(again.status == 0, "today could not be checked after the zone went back: \(again.stderr)")
        #expect(try bmctl("day", "2026-03-03", "--json").object["completed"] as? Int == 2)

        // West to Los Angeles (Tuesday 14:30), then Tokyo again: Wednesday's check is still open and kept.
        try PrivateEtc.setZone("America/Los_Angeles", of: daemon.pid)
        #expect(try bmctl("day", "2026-03-03", "--json").object["completed"] as? Int == 2)
        try PrivateEtc.setZone("Asia/Tokyo", of: daemon.pid)
        #expect(try bmctl("reload", "--json").object["nextMidnight"] as? String == "2026-03-05T00:00:00+09:00")
        let wednesday = try bmctl("day", "--json").object
        #expect(wednesday["date"] as? String == "2026-03-04" && wednesday["mode"] as? String == "today")
        #expect(wednesday["completed"] as? Int == 1)
        let week = try bmctl("week", "--json").object
        let days = try #require(week["days"] as? [[String: Any]])
        let counts = Dictionary(uniqueKeysWithValues: days.map { ($0["date"] as? String ?? "?", $0["completed"] as? Int) })
        #expect(counts["2026-03-02"] == .some(nil))
        #expect(counts["2026-03-03"] == 2)
        #expect(counts["2026-03-04"] == 1)                             // today, live
        let stats = try bmctl("stats", "--json").object
        let overall = (stats["overall"] as? [String: Any]) ?? stats
        #expect(overall["daysTracked"] as? Int == 1, "\(stats)")     // Tuesday, once
    }

    // MARK: - 5c. TZ naming the zone file

    @Test("With TZ naming the zone file (TZ=:/etc/localtime, TZ=/etc/localtime), bmd follows a change of that file at once, and on reload",
          .enabled("needs unshare and overlayfs (root)") { MachineProbe.privateEtc.works }, .timeLimit(.minutes(1)),
          arguments: [":/etc/localtime", "/etc/localtime"])
    func zoneFileNamedByTZ(_ tz: String) throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        let etc = try box.privateEtcFolder()
        // An offset from the real clock, which a change of zone leaves where it is.
        box.setClock(utc: "2026-03-02 10:00:00")
        let notify = try NotifyListener(path: box.root.appendingPathComponent("notify").path)
        let daemon = try box.startDaemonWithPrivateEtc(etc, tz: tz, notify: notify)
        defer {
            daemon.signal(SIGKILL)
            daemon.wait()
        }
        func bmctl(_ arguments: String...) throws -> Output {
            try box.run(Binaries.bmctl, ["--no-autostart"] + arguments, environment: box.baseEnvironment)
        }
        var ready = ""
        while !ready.contains("READY=1") { ready = try notify.receive(timeout: 20) }
        #expect(try bmctl("activate", "kant").status == 0)           // starts Tuesday 3 March
        box.setClock(utc: "2026-03-03 22:30:00")                           // Berlin 23:30
        #expect(try bmctl("reload", "--json").object["nextMidnight"] as? String == "2026-03-04T00:00:00+01:00")

        // The file moves to Tokyo (Wednesday 07:30 there): bmd sees it by itself and says so.
        try PrivateEtc.setZone("Asia/Tokyo", of: daemon.pid)
        var said = ""
        let deadline = Deadline(in: 15)
        while !said.contains("day 2026-03-04"), !deadline.passed {
            said += (try? notify.receive(timeout: 2)) ?? ""
        }
        #expect(said.contains("day 2026-03-04"), "bmd did not follow the zone file TZ=\(tz) names: \(said)")
        #expect(try bmctl("day", "--json").object["date"] as? String == "2026-03-04")

        // And back, told by `bmctl reload`.
        try PrivateEtc.setZone("Europe/Berlin", of: daemon.pid)
        #expect(try bmctl("reload", "--json").object["nextMidnight"] as? String == "2026-03-04T00:00:00+01:00")
    }
}
