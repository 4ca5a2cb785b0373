import Testing
import MorningProtocol
@testable import MorningControl

/// `--json` prints the reply as one JSON document with the contract's fields (§10).
@Suite struct JSONOutputTests {
    @Test("status --json writes absent optional fields as explicit null")
    func statusNulls() {
        let reply = ok(#"{"phase":"none","state":"none","date":"2026-11-23","behind":0,"notifications":{"enabled":true,"sound":true,"available":false}}"#)
        let run = bmctl(["status", "--json"], reply: reply)
        #expect(run.status == 0)
        #expect(run.out == #"{"behind":0,"currentTask":null,"date":"2026-11-23","draftRevision":null,"nextChange":null,"nextReminder":null,"nextTask":null,"#
                + #""notifications":{"available":false,"enabled":true,"keepOnScreen":null,"reason":null,"sound":true},"now":null,"phase":"none","routine":null,"#
                + #""state":"none","today":null}"# + "\n")
    }

    @Test("status --json is indented on a terminal, one line in a pipe")
    func pretty() {
        let reply = ok(#"{"phase":"none","state":"none","date":"2026-11-23","behind":0,"notifications":{"enabled":true,"sound":true,"available":true}}"#)
        let terminal = bmctl(["status", "--json"], reply: reply, stdoutIsTerminal: true)
        #expect(terminal.out.hasPrefix("{\n  \"behind\" : 0,\n"))
        #expect(!terminal.out.contains("\u{1B}["))
        #expect(bmctl(["status", "--json"], reply: reply).out.split(separator: "\n").count == 1)
    }

    @Test("explore --json is the array of routines, not the wrapper")
    func exploreArray() {
        let reply = ok(#"{"routines":[{"id":"tim-cook","name":"Tim Cook","bio":"b","source":"s","tasks":[{"time":"03:45","title":"Wake up"}]}]}"#)
        let run = bmctl(["--json", "explore"], reply: reply)
        #expect(run.out == #"[{"bio":"b","id":"tim-cook","name":"Tim Cook","source":"s","tasks":[{"time":"03:45","title":"Wake up"}]}]"# + "\n")
    }

    @Test("data --json is the array of cards, [] when there are none")
    func dataArray() {
        #expect(bmctl(["data", "--json"], reply: ok(#"{"cards":[]}"#)).out == "[]\n")
        let card = #"{"active":true,"routine":"Tim Cook","routineId":"tim-cook","type":"celebrity","week":{"days":[{"completed":null,"date":"2026-11-16"}],"routine":"Tim Cook","routineId":"tim-cook","startDate":"2026-11-10","today":"2026-11-16","total":2,"weekStart":"2026-11-16"}}"#
        #expect(bmctl(["data", "--json"], reply: ok(#"{"cards":["# + card + "]}")).out == "[" + card + "]\n")
    }

    @Test("week --json keeps null for days without a record")
    func weekNulls() {
        let chart = #"{"days":[{"completed":3,"date":"2026-11-16"},{"completed":null,"date":"2026-11-17"}],"routine":"Tim Cook","routineId":"tim-cook","startDate":"2026-11-10","today":"2026-11-17","total":3,"weekStart":"2026-11-16"}"#
        #expect(bmctl(["week", "--json"], reply: ok(chart)).out == chart + "\n")
    }

    @Test("day --json is the DayReply object")
    func day() {
        let reply = #"{"completed":1,"date":"2026-11-23","mode":"today","routine":"Tim Cook","routineId":"tim-cook","tasks":[{"position":1,"state":"done","time":"03:45","title":"Wake up"}],"total":1}"#
        #expect(bmctl(["today", "--json"], reply: ok(reply)).out == reply + "\n")
    }

    @Test("activate, check and reset --json print their replies too")
    func changes() {
        let activation = #"{"finalized":null,"previous":null,"routine":{"active":true,"createdDate":"2026-11-22","id":"tim-cook","name":"Tim Cook","startDate":"2026-11-23","tasks":[],"type":"celebrity"}}"#
        #expect(bmctl(["activate", "tim", "--json"], reply: ok(activation)).out == activation + "\n")
        let check = #"{"changed":true,"completed":1,"task":{"position":1,"state":"done","time":"03:45","title":"Wake up"},"total":2}"#
        #expect(bmctl(["check", "1", "--json"], reply: ok(check)).out == check + "\n")
        #expect(bmctl(["reset", "--yes", "--json"], reply: ok("{}")).out == "{}\n")
    }
}
