import MorningProtocol
import Testing
@testable import MorningControl

/// The command line as a new user meets it: a mistyped or unknown command, the version,
/// the notification setting read back.
@Suite struct NewUserCommandLineTests {
    @Test("an unknown command says so, suggests the nearest one, sends nothing and exits 2", arguments: [
        (["stauts"], "unknown command \"stauts\"; did you mean `bmctl status`?"),
        (["--json", "tody"], "unknown command \"tody\"; did you mean `bmctl today`?"),
        (["frobnicate"], "unknown command \"frobnicate\";"),
        (["help", "frobnicate"], "unknown command \"frobnicate\";"),
        (["help", "stauts"], "unknown command \"stauts\"; did you mean `bmctl status`?"),
    ])
    func unknownCommand(arguments: [String], start: String) {
        let run = bmctl(arguments)
        #expect(run.status == 2)
        #expect(run.err.hasPrefix("bmctl: " + start))
        #expect(run.err.hasSuffix("`bmctl --help` lists the commands\n"))
        #expect(!run.err.contains("no-autostart"))
        #expect(!run.err.contains("Unexpected argument"))
        #expect(run.out.isEmpty)
        #expect(run.calls.isEmpty)
    }

    @Test("frobnicate has no near command, so nothing is suggested")
    func noSuggestion() {
        #expect(bmctl(["frobnicate"]).err == "bmctl: unknown command \"frobnicate\"; `bmctl --help` lists the commands\n")
    }

    @Test("--version prints bmctl's version to stdout and exits 0")
    func version() {
        let run = bmctl(["--version"])
        #expect(run.status == 0)
        #expect(run.out == "bmctl \(BuildInfo.version)\n" && BuildInfo.version == "0.2.0")
        #expect(run.err.isEmpty)
        #expect(run.calls.isEmpty)
    }

    @Test("notifications with no argument shows the setting, as text and as JSON")
    func notificationsShown() {
        let status = ok(#"{"phase":"none","state":"none","date":"2026-11-23","behind":0,"notifications":{"enabled":true,"sound":true,"available":false}}"#)
        let text = bmctl(["notifications"], reply: status)
        #expect(text.status == 0)
        #expect(text.calls == [#"{"method":"org.bettermorning.Morning.Status","parameters":{}}"#])
        #expect(text.out == "Notifications are on, with sound. No notification server is reachable right now, so the reminder cannot show yet.\n")
        let json = bmctl(["notifications", "--json"], reply: status)
        #expect(json.out == #"{"notifications":{"available":false,"enabled":true,"keepOnScreen":null,"reason":null,"sound":true}}"# + "\n")
    }
}

/// Long lines break between words at the terminal's width, never mid-word.
@Suite struct WrapTests {
    static let franklin = ok(#"{"routines":[{"id":"benjamin-franklin","name":"Benjamin Franklin","#
        + #""bio":"Printer, writer, scientist and statesman, who asked himself each morning what good he would do that day.","#
        + #""source":"The Autobiography of Benjamin Franklin (1791)","tasks":[{"time":"05:00","title":"Rise, wash and address Powerful Goodness"}]}]}"#)

    @Test("explore franklin on a 40-column terminal: every line fits and no word is cut")
    func profileWraps() {
        let wide = bmctl(["explore", "franklin"], reply: Self.franklin, stdoutIsTerminal: true)
        let narrow = bmctl(["explore", "franklin"], reply: Self.franklin, stdoutIsTerminal: true, columns: 40)
        #expect(narrow.status == 0)
        let lines = narrow.out.split(separator: "\n", omittingEmptySubsequences: false)
        for line in lines { #expect(Text.visibleWidth(line) <= 40, "\(line)") }
        // The same words in the same order: only the breaks moved.
        #expect(narrow.out.split(whereSeparator: \.isWhitespace) == wide.out.split(whereSeparator: \.isWhitespace))
        #expect(narrow.out.contains("Printer, writer, scientist and\nstatesman, who asked himself each\nmorning"))
        // A task line keeps its indent when it breaks: it goes on under the title.
        #expect(narrow.out.contains("  05:00  Rise, wash and address Powerful\n         Goodness\n"))
    }

    @Test("data for programs is never wrapped, even on a narrow terminal: an export, a bar's line")
    func dataUnwrapped() {
        let document = ok(#"{"document":{"format":"better-morning-export","version":1,"exportedOn":"2026-11-24","routines":["#
            + #"{"id":"mine","name":"Mine","type":"custom","active":true,"createdDate":"2026-11-24","startDate":"2026-11-25","#
            + #""tasks":[{"time":"06:00","title":"Run around the block twice before breakfast"}],"days":[],"open":[]}]}}"#)
        for format in ["json", "csv", "ics"] {
            let narrow = bmctl(["export", "--format", format], reply: document, stdoutIsTerminal: true, columns: 20)
            let pipe = bmctl(["export", "--format", format], reply: document)
            #expect(narrow.status == 0)
            if format == "ics" {
                // Only its DTSTAMP, the time of the export, may differ.
                let strip = { (text: String) in text.split(separator: "\r\n").filter { !$0.hasPrefix("DTSTAMP:") } }
                #expect(strip(narrow.out) == strip(pipe.out))
            } else {
                #expect(narrow.out == pipe.out, "\(format)")
            }
        }
        let status = ok(#"{"phase":"running","state":"inProgress","date":"2026-11-24","routine":{"id":"mine","name":"Mine","type":"custom","active":true,"#
            + #""createdDate":"2026-11-24","startDate":"2026-11-24","tasks":[{"time":"06:00","title":"Run around the block twice"}]},"#
            + #""today":{"date":"2026-11-24","completed":0,"total":1},"behind":0,"notifications":{"enabled":true,"sound":true,"available":true}}"#)
        let bar = bmctl(["status", "--format", "waybar"], reply: status, stdoutIsTerminal: true, columns: 20)
        #expect(bar.status == 0)
        #expect(bar.out.filter { $0 == "\n" }.count == 1, "\(bar.out)")
    }

    @Test("charts keep their grid on a narrow terminal: a history heatmap row is never broken at its blank days")
    func chartsUnwrapped() {
        // Twelve weeks with some days unrecorded (blank cells), wider than the terminal.
        var days: [String] = []
        for week in 0..<12 {
            for day in 0..<7 {
                let date = String(format: "2026-%02d-%02d", 9 + (week * 7 + day) / 30, 1 + (week * 7 + day) % 30)
                let completed = (week + day) % 3 == 0 ? "null" : "\((week + day) % 4)"
                days.append(#"{"date":""# + date + #"","completed":"# + completed + #","total":3}"#)
            }
        }
        let reply = ok(#"{"routine":"Kant","routineId":"kant","from":"2026-09-01","today":"2026-11-23","days":["#
                       + days.joined(separator: ",") + "]}")
        let narrow = bmctl(["history", "--months", "3"], reply: reply, stdoutIsTerminal: true, columns: 12)
        let wide = bmctl(["history", "--months", "3"], reply: reply, stdoutIsTerminal: true)
        #expect(narrow.status == 0)
        #expect(narrow.out == wide.out)
    }

    @Test("not a terminal: lines are left as they are")
    func pipeUnwrapped() {
        let run = bmctl(["explore", "franklin"], reply: Self.franklin, stdoutIsTerminal: false, columns: nil)
        #expect(run.out.contains("Printer, writer, scientist and statesman, who asked himself each morning what good he would do that day.\n"))
    }
}

/// `day --routine NAME`: the routine goes to bmd with the date.
@Suite struct DayRoutineArgumentTests {
    @Test("day --routine sends the routine with the date; without it, neither is sent for today")
    func sendsRoutine() {
        let run = bmctl(["day", "--routine", "kant", "yesterday"])
        #expect(run.calls == [#"{"method":"org.bettermorning.Morning.Day","parameters":{"date":"yesterday","routine":"kant"}}"#])
        let plain = bmctl(["day"])
        #expect(plain.calls == [#"{"method":"org.bettermorning.Morning.Day","parameters":{}}"#])
    }
}

/// One definition of days tracked: finished days, in history as in stats.
@Suite struct DaysTrackedTests {
    @Test("history counts finished days as stats does; today in progress is shown apart")
    func todayNotCounted() {
        // Seven finished days, all perfect, and today with 2 of 3 checked so far.
        let dates = (16...23).map { "2026-11-\($0)" }
        let days = dates.map { Morning.HistoryDay(date: $0, completed: $0 == "2026-11-23" ? 2 : 3, total: 3) }
        let reply = Morning.HistoryReply(routine: "Kant", routineId: "kant", from: "2026-11-01", today: "2026-11-23",
                                         days: (1...15).map { Morning.HistoryDay(date: String(format: "2026-11-%02d", $0)) } + days,
                                         inProgress: .init(date: "2026-11-23", completed: 2, total: 3))
        let header = HistoryText.render(reply, style: .plain).split(separator: "\n").first.map(String.init)
        #expect(header == "Kant · 2026-11-01 – 2026-11-23 · 7 days tracked, 7 perfect · today 2 of 3 so far")
    }

    @Test("a today that a switch of routine finished is a tracked day; beside a new routine's today, both show")
    func todayFinished() {
        let dates = (16...23).map { "2026-11-\($0)" }
        // Kant's 2026-11-23 was ended by a switch: a Day Record, 3 of 3.
        let kant = Morning.HistoryReply(routine: "Kant", routineId: "kant", from: "2026-11-16", today: "2026-11-23",
                                        days: dates.map { Morning.HistoryDay(date: $0, completed: 3, total: 3) })
        #expect(HistoryText.render(kant, style: .plain).split(separator: "\n").first
                == "Kant · 2026-11-16 – 2026-11-23 · 8 days tracked, 8 perfect")
        // Every routine: that record, and the new routine's today with 1 of 4 so far.
        let all = Morning.HistoryReply(routine: nil, routineId: nil, from: "2026-11-16", today: "2026-11-23",
                                       days: dates.map { Morning.HistoryDay(date: $0, completed: $0 == "2026-11-23" ? 4 : 3,
                                                                            total: $0 == "2026-11-23" ? 7 : 3) },
                                       inProgress: .init(date: "2026-11-23", completed: 1, total: 4))
        #expect(HistoryText.render(all, style: .plain).split(separator: "\n").first
                == "All routines · 2026-11-16 – 2026-11-23 · 8 days tracked, 8 perfect · today 1 of 4 so far")
    }
}
