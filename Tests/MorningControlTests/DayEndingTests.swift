import Testing
@testable import MorningControl

/// Destructive and day-ending commands name what they end: delete and restart ask about
/// the routine bmd found, not the words typed; activate and draft save ask on a terminal
/// before locking a today that has checks, and scripts go on and say what ended.
// Rule U2.
@Suite("Day-ending commands resolve names first and name what they end") struct DayEndingTests {
    static func stats(_ name: String, id: String, active: Bool = false, days: Int) -> String {
        ok(#"{"routines":[{"routine":""# + name + #"","routineId":""# + id + #"","type":"celebrity","active":"# + "\(active)"
           + #","tasks":6,"stats":{"tasksCompleted":0,"tasksPlanned":0,"daysTracked":"# + "\(days)"
           + #","averagePerDay":0,"completionRate":0,"perfectDays":0,"bestRun":0}}]}"#)
    }

    static func status(completed: Int, total: Int = 5) -> String {
        ok(#"{"phase":"running","state":"inProgress","date":"2026-11-24","routine":{"id":"haruki-murakami","name":"Haruki Murakami","#
           + #""type":"celebrity","active":true,"createdDate":"2026-11-01","startDate":"2026-11-02","tasks":[]},"#
           + #""today":{"date":"2026-11-24","completed":"# + "\(completed)" + #","total":"# + "\(total)"
           + #"},"behind":0,"notifications":{"enabled":true,"sound":true,"available":true}}"#)
    }

    static let activation = ok(#"{"routine":{"id":"benjamin-franklin","name":"Benjamin Franklin","type":"celebrity","active":true,"#
                               + #""createdDate":"2026-11-24","startDate":"2026-11-25","tasks":[]},"#
                               + #""previous":{"id":"haruki-murakami","name":"Haruki Murakami","type":"celebrity","active":false,"#
                               + #""createdDate":"2026-11-01","startDate":"2026-11-02","tasks":[]},"#
                               + #""finalized":{"date":"2026-11-24","completed":2,"total":5}}"#)

    static let deleted = ok(#"{"routine":{"id":"benjamin-franklin","name":"Benjamin Franklin","type":"celebrity","active":false,"#
                            + #""createdDate":"2026-11-01","startDate":"2026-11-02","tasks":[]},"records":12}"#)

    static func methods(_ run: Run) -> [String] {
        run.calls.map { String($0.components(separatedBy: "Morning.").last!.prefix { $0 != "\"" }) }
    }

    @Test("delete benj asks about Benjamin Franklin and its tracked days, then deletes exactly that routine")
    func deleteNamesTheRoutineFound() {
        let run = bmctl(["delete", "benj"], replies: ["Stats": [Self.stats("Benjamin Franklin", id: "benjamin-franklin", days: 12)],
                                                      "Delete": [Self.deleted]], answers: ["y"])
        #expect(run.status == 0)
        #expect(run.err == "Delete Benjamin Franklin and its history of 12 tracked days? This cannot be undone. [y/N] ")
        #expect(run.calls == [#"{"method":"org.bettermorning.Morning.Stats","parameters":{"routine":"benj"}}"#,
                              #"{"method":"org.bettermorning.Morning.Delete","parameters":{"routine":"benjamin-franklin"}}"#])
        #expect(run.out == "Deleted Benjamin Franklin and its 12 day records.\n")
    }

    @Test("delete of the active routine says so in the question")
    func deleteActive() {
        let run = bmctl(["delete", "benj"], replies: ["Stats": [Self.stats("Benjamin Franklin", id: "benjamin-franklin", active: true, days: 1)]],
                        answers: ["n"])
        #expect(run.status == 1)
        #expect(run.err.hasPrefix("Delete Benjamin Franklin, your active routine, and its history of 1 tracked day? "))
        #expect(Self.methods(run) == ["Stats"])
    }

    @Test("delete or restart of a name that matches nothing fails before any question, exit 1", arguments: ["delete", "restart"])
    func unknownNameFailsFirst(command: String) {
        let run = bmctl([command, "nosuch"], replies: ["Stats": [refusal("RoutineNotFound", #"{"query":"nosuch"}"#)]], answers: ["y"])
        #expect(run.status == 1)
        #expect(run.err == "bmctl: no routine matches \"nosuch\"; `bmctl explore` lists the celebrity routines and `bmctl data` yours\n")
        // Nothing is asked or changed: the only calls after the refusal read what a
        // mistyped name might have meant.
        #expect(Self.methods(run) == ["Stats", "Explore", "Data"])
    }

    @Test("restart on a terminal names the routine, its history and the today it ends, and restarts that one")
    func restartAsks() {
        let run = bmctl(["restart", "haru"], replies: [
            "Stats": [Self.stats("Haruki Murakami", id: "haruki-murakami", active: true, days: 20)],
            "Status": [Self.status(completed: 2)],
            "Restart": [Self.activation],
        ], answers: ["y"])
        #expect(run.status == 0)
        #expect(run.err == "Restart Haruki Murakami from tomorrow, keeping its history of 20 tracked days? "
                + "This ends today for Haruki Murakami: its 2 of 5 checked tasks are kept, the other 3 count as missed, "
                + "and today can no longer be changed. [y/N] ")
        #expect(Self.methods(run) == ["Stats", "Status", "Restart"])
        #expect(run.calls.last == #"{"method":"org.bettermorning.Morning.Restart","parameters":{"routine":"haruki-murakami"}}"#)
    }

    @Test("restart in a script goes on without asking and says what ended")
    func restartScript() {
        let run = bmctl(["restart", "haru"], replies: ["Restart": [Self.activation]], stdinIsTerminal: false)
        #expect(run.status == 0)
        #expect(Self.methods(run) == ["Restart"])
        #expect(run.out.hasSuffix("Today's Haruki Murakami ended with 2 of 5 done.\n"))
    }

    @Test("activate and draft save on a terminal ask before locking today's checks; no sends nothing",
          arguments: [(["activate", "franklin"], "Activate franklin", "Activate"), (["draft", "save"], "Save the draft as your routine", "DraftSave")])
    func switchAsks(arguments: [String], action: String, method: String) {
        // Saving the draft reads it before asking: what is saved is what was asked about.
        let draft = ok(#"{"title":"Mine","tasks":[{"position":1,"time":"06:00","title":"Run"}],"revision":2}"#)
        let read = arguments[0] == "draft" ? ["DraftShow"] : []
        let declined = bmctl(arguments, replies: ["Status": [Self.status(completed: 2)], "DraftShow": [draft]], answers: ["n"])
        #expect(declined.status == 1)
        #expect(declined.err == "\(action)? This ends today for Haruki Murakami: its 2 of 5 checked tasks are kept, "
                + "the other 3 count as missed, and today can no longer be changed. [y/N] "
                + "bmctl: \(arguments[0] == "draft" ? "save" : "activate") cancelled; nothing was changed\n")
        #expect(Self.methods(declined) == ["Status"] + read)

        let agreed = bmctl(arguments, replies: ["Status": [Self.status(completed: 2)], "DraftShow": [draft], method: [Self.activation]],
                           answers: ["y"])
        #expect(agreed.status == 0)
        #expect(Self.methods(agreed) == ["Status"] + read + [method])
        #expect(agreed.out.hasSuffix("Today's Haruki Murakami ended with 2 of 5 done.\n"))
    }

    @Test("activate and draft save do not ask when today has no check, in scripts, or with --yes",
          arguments: [["activate", "franklin"], ["draft", "save"]])
    func switchWithoutQuestion(arguments: [String]) {
        let method = arguments[0] == "draft" ? "DraftSave" : "Activate"
        let unchecked = bmctl(arguments, replies: ["Status": [Self.status(completed: 0)], method: [Self.activation]])
        #expect(unchecked.status == 0)
        #expect(unchecked.err.isEmpty)
        #expect(Self.methods(unchecked) == ["Status", method])
        let script = bmctl(arguments, replies: [method: [Self.activation]], stdinIsTerminal: false)
        #expect(script.status == 0 && script.err.isEmpty)
        #expect(Self.methods(script) == [method])
        #expect(script.out.hasSuffix("Today's Haruki Murakami ended with 2 of 5 done.\n"))
        let yes = bmctl(arguments + ["--yes"], replies: [method: [Self.activation]])
        #expect(yes.status == 0 && yes.err.isEmpty)
        #expect(Self.methods(yes) == [method])
    }
}
