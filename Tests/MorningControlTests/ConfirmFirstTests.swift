import Testing
@testable import MorningControl

/// A5, A6: delete and reset go ahead only with --yes or a "y" typed at a terminal.
@Suite struct ConfirmFirstTests {
    @Test("no terminal and no --yes: refused with exit 1, nothing changed", arguments: [["delete", "Tim Cook"], ["reset"]])
    func noTerminal(arguments: [String]) {
        let run = bmctl(arguments, reply: DayEndingTests.stats("Tim Cook", id: "tim-cook", days: 3), stdinIsTerminal: false)
        #expect(run.status == 1)
        #expect(run.err == "bmctl: \(arguments[0]) needs confirmation; stdin is not a terminal, so add --yes\n")
        // delete first looks the name up (a Stats call, which changes nothing), so a wrong
        // name is said before --yes is asked for.
        #expect(run.calls == (arguments[0] == "delete"
                ? [#"{"method":"org.bettermorning.Morning.Stats","parameters":{"routine":"Tim Cook"}}"#] : []))
    }

    @Test("--yes (or -y) goes ahead without asking")
    func yes() {
        let reply = ok(#"{"routine":{"id":"tim-cook","name":"Tim Cook","type":"celebrity","active":false,"createdDate":"2026-11-01","startDate":"2026-11-02","tasks":[]},"records":3}"#)
        let run = bmctl(["delete", "tim", "--yes"], reply: reply)
        #expect(run.status == 0)
        #expect(run.calls == [#"{"method":"org.bettermorning.Morning.Delete","parameters":{"routine":"tim"}}"#])
        #expect(run.out == "Deleted Tim Cook and its 3 day records.\n")
        #expect(run.err.isEmpty)
        #expect(bmctl(["reset", "-y"], reply: ok("{}")).calls == [#"{"method":"org.bettermorning.Morning.Reset","parameters":{}}"#])
    }

    @Test("on a terminal the question is asked and y or yes proceeds", arguments: ["y", "yes", " Y ", "YES"])
    func agreed(answer: String) {
        let run = bmctl(["reset"], reply: ok("{}"), stdinIsTerminal: true, answers: [answer])
        #expect(run.status == 0)
        #expect(run.err == "Reset Better Morning? Every routine, record and setting is removed. [y/N] ")
        #expect(run.out == "Better Morning is reset: every routine, record and setting is gone.\n")
        #expect(run.calls.count == 1)
    }

    @Test("on a terminal anything else, or end of input, cancels with exit 1 and sends nothing",
          arguments: [["n"], [""], ["yep"], []])
    func declined(answers: [String]) {
        // The name is resolved first (a Stats call, which changes nothing); the question names what was found.
        let found = ok(#"{"routines":[{"routine":"Tim Cook","routineId":"tim-cook","type":"celebrity","active":false,"tasks":4,"#
                       + #""stats":{"tasksCompleted":9,"tasksPlanned":12,"daysTracked":3,"averagePerDay":3,"completionRate":0.75,"#
                       + #""perfectDays":1,"bestRun":1}}]}"#)
        let run = bmctl(["delete", "Tim Cook"], reply: found, stdinIsTerminal: true, answers: answers)
        #expect(run.status == 1)
        #expect(run.err == "Delete Tim Cook and its history of 3 tracked days? This cannot be undone. [y/N] "
                + "bmctl: delete cancelled; nothing was changed\n")
        #expect(run.calls == [#"{"method":"org.bettermorning.Morning.Stats","parameters":{"routine":"Tim Cook"}}"#])
    }
}
