import Foundation
import Testing

@Suite("End to end: a routine after a switch: its days, its ranges, its delete, its last day")
struct SwitchedRoutineEndToEndTests {
    // Rule U2.
    @Test("after a switch the old routine's days read with day --routine; ranges say why they end; delete asks about the routine found")
    func oldRoutineAndQuestions() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        try box.startDaemon()
        #expect(try box.bmctl("activate", "kant").status == 0)             // from 2026-03-03
        box.setClock("2026-03-03 08:00:00")
        #expect(try box.bmctl("check", "1").status == 0)
        let switched = try box.bmctl("activate", "franklin")                  // today ends for Kant
        #expect(switched.status == 0)
        #expect(switched.stdout.contains("Today's Immanuel Kant ended with 1 of"))

        let old = try box.bmctl("day", "--routine", "kant", "2026-03-03", "--json").object
        #expect(old["routine"] as? String == "Immanuel Kant")
        #expect(old["mode"] as? String == "past")
        #expect(old["completed"] as? Int == 1)

        let after = try box.bmctl("day", "--routine", "kant", "2026-03-04")
        #expect(after.status == 1)
        #expect(after.stderr == "bmctl: 2026-03-04 is out of range: this routine is not active, so its days run from "
                + "its start (2026-03-03) to its last recorded day (2026-03-03)\n")
        let ahead = try box.bmctl("day", "2026-03-30")
        #expect(ahead.status == 1)
        #expect(ahead.stderr == "bmctl: 2026-03-30 is out of range: days run from the routine's start (2026-03-04) "
                + "to 14 days ahead (2026-03-17)\n")

        // On a terminal, delete names the routine bmd found and its tracked days; no keeps it.
        let terminal = try box.bmctlOnTerminal("delete", "kan")
        try terminal.waitFor("Delete Immanuel Kant and its history of 1 tracked day? This cannot be undone. [y/N] ")
        terminal.type("n")
        try terminal.waitFor("delete cancelled; nothing was changed")
        #expect(terminal.wait() == 1)
        #expect(try box.bmctl("day", "--routine", "kant", "2026-03-03").status == 0)

        // A word that is not a command: said so, with the nearest one, exit 2.
        let typo = try box.bmctl("stauts")
        #expect(typo.status == 2)
        #expect(typo.stderr == "bmctl: unknown command \"stauts\"; did you mean `bmctl status`? `bmctl --help` lists the commands\n")
        try box.stopDaemon()
    }

    // Rules H3, H4.
    @Test("a day a switch closed is a finished day: history counts it as stats does, not as today so far")
    func switchClosesToday() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        try box.startDaemon()
        #expect(try box.bmctl("activate", "kant").status == 0)             // from 2026-03-03
        box.setClock("2026-03-03 08:00:00")
        #expect(try box.bmctl("check", "1").status == 0)
        #expect(try box.bmctl("activate", "franklin").status == 0)           // today ends for Kant

        let stats = try box.bmctl("stats", "kant", "--json").object
        let kant = try #require((stats["routines"] as? [[String: Any]])?.first?["stats"] as? [String: Any], "\(stats)")
        let tracked = try #require(kant["daysTracked"] as? Int, "\(stats)")
        #expect(tracked == 1)
        let history = try box.bmctl("history", "kant")
        #expect(history.status == 0, "\(history.stderr)")
        let header = history.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(header.hasSuffix("· 1 day tracked, 0 perfect"), "\(history.stdout)")
        #expect(!history.stdout.contains("so far"), "\(history.stdout)")

        // The new routine's today is still in progress, and shown apart.
        box.setClock("2026-03-04 08:00:00")
        #expect(try box.bmctl("check", "1").status == 0)
        let franklin = try #require(try box.bmctl("explore", "franklin", "--json").array.first as? [String: Any])
        let count = try #require((franklin["tasks"] as? [Any])?.count)
        let live = try box.bmctl("history", "franklin")
        let liveHeader = live.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(liveHeader.hasSuffix("· 0 days tracked, 0 perfect · today 1 of \(count) so far"), "\(live.stdout)")
        try box.stopDaemon()
    }
}
