import Foundation
import Testing

// Rules T4, N3.
@Suite("End to end: bmd follows the system's time-zone rules, not a copy compiled into it")
struct TimeZoneRulesTests {
    static let zic = "/usr/sbin/zic"

    /// A zone no country has: standard time 4 h 37 min east of UTC, and clocks that go
    /// forward by 1 h 30 min at 02:00 on 3 March 2026. Only a program that reads the
    /// zone file itself can know these rules.
    static let rules = """
        Rule\tBMTest\t2026\tonly\t-\tMar\t3\t2:00\t1:30\t-
        Rule\tBMTest\t2026\tonly\t-\tNov\t1\t2:00\t0\t-
        Zone\tBM/Invented\t4:37\tBMTest\t%z

        """

    @Test("With TZ naming a private zoneinfo file, the reminder and midnight follow that file's rules",
          .enabled(if: FileManager.default.isExecutableFile(atPath: zic)))
    func privateZoneFile() throws {
        // The sandbox is made first, for its folder; the clock is set once the zone exists.
        let scratch = try Sandbox(time: "2026-03-02 20:00:00")
        let source = scratch.root.appendingPathComponent("invented.zi").path
        let compiled = scratch.root.appendingPathComponent("zoneinfo").path
        try Self.rules.write(toFile: source, atomically: true, encoding: .utf8)
        let made = try scratch.run(Self.zic, ["-d", compiled, source], environment: scratch.baseEnvironment)
        #expect(made.status == 0, "zic: \(made.stderr)")
        let file = compiled + "/BM/Invented"
        #expect(FileManager.default.fileExists(atPath: file))

        let box = try Sandbox(zone: file, time: "2026-03-02 20:00:00")
        try box.startDaemon()
        #expect(try box.bmctl("activate", "kant").status == 0)
        let kantFirst = try #require(((try box.bmctl("explore", "kant", "--json").array.first as? [String: Any])?["tasks"] as? [[String: Any]])?.first?["time"] as? String)
        let reply = try box.bmctl("reload", "--json").object
        // Tomorrow begins at midnight by standard time; the first task falls after the
        // clocks went forward at 02:00, so it carries the summer offset 4:37 + 1:30.
        #expect(reply["nextMidnight"] as? String == "2026-03-03T00:00:00+04:37", "\(reply); log: \(box.daemonLog)")
        #expect(kantFirst > "03:30")
        #expect(reply["nextReminder"] as? String == "2026-03-03T\(kantFirst):00+06:07", "\(reply)")
        // bmctl prints the same local time, taken from bmd.
        #expect(try box.bmctl("status", "--json").object["nextReminder"] as? String == "2026-03-03T\(kantFirst):00+06:07")
        try box.stopDaemon()
    }
}
