import Foundation
import MorningTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("End to end: another program holds the state file's lock")
struct LockedStateFileTests {
    /// How long one call takes, in milliseconds.
    private func timed(_ client: VarlinkClient, _ method: String) throws -> (reply: [String: Any], ms: Double) {
        let started = Stopwatch()
        let reply = try client.call("org.bettermorning.Morning." + method)
        return (reply, started.seconds * 1000)
    }

    @Test("Reads answer at once while another program holds the lock across midnight; a check is told who holds it; the day closes once it is gone")
    func heldAcrossMidnight() throws {
        let box = try Sandbox(time: "2026-03-03 08:00:00")
        try box.startDaemon()
        #expect(try box.bmctl("activate", "kant").status == 0)
        box.setClock("2026-03-04 23:59:50")
        let lock = try LockHolder(box.stateDir + "/bmd.sqlite")
        let client = try VarlinkClient(path: box.socketPath)

        // A write waits a little, then says in words who holds the file; nothing changes.
        let check = try box.bmctl("check", "1")
        #expect(check.status == 1, "\(check)")
        #expect(check.stderr.contains("another program holds Better Morning's state file"), "\(check.stderr)")

        // Midnight passes with the lock held: reads still answer within 50 ms.
        box.setClock("2026-03-05 00:00:05")
        for _ in 0..<20 {
            for method in ["Status", "Explore"] {
                let (reply, ms) = try timed(client, method)
                #expect(reply["error"] == nil, "\(method): \(reply)")
                #expect(ms < 50, "\(method) took \(ms) ms while the file was locked")
            }
        }
        let status = try client.call("org.bettermorning.Morning.Status")
        #expect((status["parameters"] as? [String: Any])?["date"] as? String == "2026-03-05")

        // bmd plans again now (as at its midnight wake, which libfaketime's jump of the
        // clock does not bring at once): it cannot close the day while the lock is held.
        #expect(try box.bmctl("reload").status == 0)
        // Meanwhile the day that ended is not in the file: reads never close it.
        #expect(try storedDays(box).isEmpty)
        // An export shows it as it will be once closed.
        let export = try box.bmctl("export").object["routines"] as? [[String: Any]]
        #expect((export?.first?["days"] as? [[String: Any]])?.compactMap { $0["date"] as? String } == ["2026-03-04"])

        // Once the lock is gone, bmd comes back for the day by itself, with no request,
        // and closes it (with nothing checked: the check above was refused).
        lock.release()
        let deadline = Deadline(in: 30)
        var days: [String] = []
        while !deadline.passed {
            days = try storedDays(box)
            if !days.isEmpty { break }
            usleep(100_000)
        }
        #expect(days == ["2026-03-04"], "\(days)")
        try box.stopDaemon()
    }

    @Test("At the reminder's time with another program holding the lock, status answers while the lock is held, never waiting behind the note that the reminder was sent")
    func reminderWhileLocked() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        try box.startDaemon()
        #expect(try box.bmctl("activate", "kant").status == 0)
        let entry = try #require(try box.bmctl("explore", "kant", "--json").array.first as? [String: Any])
        let first = try #require((entry["tasks"] as? [[String: Any]])?.first?["time"] as? String)
        let lock = try LockHolder(box.stateDir + "/bmd.sqlite")
        let client = try VarlinkClient(path: box.socketPath)
        // The reminder falls due now, with the lock held; bmd plans again at once.
        // Asked on a connection of its own whose reply is not awaited: a reload's reply
        // may wait for the wake it starts.
        box.setClock("2026-03-03 \(first):01")
        let reloader = try VarlinkClient(path: box.socketPath)
        reloader.send(Array(#"{"method":"org.bettermorning.Morning.Reload"}"#.utf8) + [0])
        // Every status while the reminder is handled answers well within the time a write
        // waits for the lock (Store.busyWait, 2 s): none waits behind that write.
        let started = Stopwatch()
        var slowest = 0.0
        while started.seconds < 3 {
            let (reply, ms) = try timed(client, "Status")
            #expect(reply["error"] == nil, "\(reply)")
            slowest = max(slowest, ms)
        }
        #expect(slowest < 1000, "a status took \(slowest) ms while the reminder was noted with the file locked")
        // The reminder did fall due while the lock was held: bmd says it could not note it.
        #expect(box.daemonLog.contains("cannot record that the reminder was sent"), "\(box.daemonLog)")
        #expect(try reloader.receive()["error"] == nil)
        lock.release()
        try box.stopDaemon()
    }

    /// The dates of the Day Records in the state file, read by sqlite3 as another program would.
    func storedDays(_ box: Sandbox) throws -> [String] {
        let read = try box.run("/usr/bin/sqlite3", [box.stateDir + "/bmd.sqlite", "SELECT date FROM dayRecord ORDER BY date"],
                               environment: box.baseEnvironment)
        return read.stdout.split(separator: "\n").map(String.init)
    }
}
