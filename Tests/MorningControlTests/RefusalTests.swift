import Testing
import MorningProtocol
@testable import MorningControl

/// Each refusal of bmd becomes a message that says what to do, with exit 1 (§10).
@Suite struct RefusalTests {
    static let cases: [(name: String, parameters: String, arguments: [String], message: String, status: Int32)] = [
        ("NoActiveRoutine", "{}", ["today"],
         "no routine is active; list routines with `bmctl explore` and pick one with `bmctl activate NAME`", 1),
        // The refusal carries the start alone; where bmd's today cannot be had (this bmd
        // refuses every call), the date, never a "tomorrow" that may be wrong.
        ("NotStarted", #"{"routine":"Tim Cook","startDate":"2026-11-24"}"#, ["today"],
         "Your new routine Tim Cook starts on 2026-11-24.", 1),
        ("AlreadyActive", #"{"routine":"Tim Cook"}"#, ["activate", "tim"],
         "Tim Cook is already your active routine; to start it over from tomorrow use `bmctl restart \"Tim Cook\"`", 1),
        ("RoutineNotFound", #"{"query":"tim cok"}"#, ["activate", "tim cok"],
         "no routine matches \"tim cok\"; `bmctl explore` lists the celebrity routines and `bmctl data` yours", 1),
        ("AmbiguousRoutine", #"{"query":"b","candidates":["Benjamin Franklin","Bill Gates"]}"#, ["activate", "b"],
         "\"b\" matches several routines: Benjamin Franklin, Bill Gates; type more of the name", 1),
        ("NotStored", #"{"routine":"Oprah Winfrey","id":"oprah-winfrey"}"#, ["restart", "oprah"],
         "Oprah Winfrey has no history to restart; activate it first with `bmctl activate oprah-winfrey`", 1),
        ("NotStored", #"{"routine":"Oprah Winfrey","id":"oprah-winfrey"}"#, ["delete", "oprah", "--yes"],
         "Oprah Winfrey has no history to delete; activate it first with `bmctl activate oprah-winfrey`", 1),
        ("TaskNotFound", #"{"query":"9","total":5}"#, ["check", "9"],
         "no task matches \"9\"; use a number from 1 to 5 or the start of a title (`bmctl today` lists them)", 1),
        ("AmbiguousTask", #"{"query":"re","candidates":["Read email","Review day"]}"#, ["check", "re"],
         "\"re\" matches several tasks: Read email, Review day; type more of the title or use its number", 1),
        ("NotToday", #"{"date":"2026-11-22","today":"2026-11-23"}"#, ["check", "1", "--date", "yesterday"],
         "only today (2026-11-23) can be changed; 2026-11-22 is read-only", 1),
        ("DateOutOfRange", #"{"date":"2026-12-31","earliest":"2026-11-21","latest":"2026-12-07"}"#, ["day", "2026-12-31"],
         "2026-12-31 is out of range: days run from the routine's start (2026-11-21) to 14 days ahead (2026-12-07)", 1),
        ("DateOutOfRange", #"{"date":"2026-12-31","earliest":"2026-11-01","latest":"2026-11-20","ended":true}"#,
         ["day", "--routine", "franklin", "2026-12-31"],
         "2026-12-31 is out of range: this routine is not active, so its days run from its start (2026-11-01) "
         + "to its last recorded day (2026-11-20)", 1),
        ("DayLocked", #"{"date":"2026-11-23"}"#, ["check", "1"],
         "today (2026-11-23) is already finalized for this routine", 1),
        ("InvalidDate", #"{"text":"2026-11-23x"}"#, ["day"],
         "\"2026-11-23x\" is not a date; use YYYY-MM-DD, today, yesterday or tomorrow", 2),
        ("InvalidRoutine", #"{"reason":"a title has 1 to 20 characters"}"#, ["activate", "x"],
         "a title has 1 to 20 characters", 1),
        ("StorageFailed", #"{"reason":"disk full"}"#, ["check", "1"],
         "bmd could not save the change (disk full); nothing was changed", 1),
        ("StateFileBusy", #"{"seconds":2}"#, ["check", "1"],
         "another program holds Better Morning's state file: bmd waited 2 seconds and nothing was changed. "
             + "Close the program that has it open (sqlite3, a database browser), or end its transaction, and try again", 1),
        ("PermissionDenied", #"{"uid":1001}"#, ["status"],
         "bmd refused the connection: it serves only its own user", 1),
        ("TooManyFollowers", #"{"limit":32}"#, ["status"],
         "bmd already sends the status to 32 followers (status bars, status --follow), its most at once; "
             + "close one, or try again in a moment", 3),
        ("TooManyConnections", #"{"limit":128}"#, ["status"],
         "bmd is busy: it already serves 128 connections, its most at once; try again in a moment", 3),
        ("TooMuchUnfinished", #"{"limit":67108864}"#, ["status"],
         "bmd is busy: it already holds 67108864 bytes of calls still arriving, its most at once; try again in a moment", 3),
        ("NotificationsUnavailable", #"{"reason":"no notification server is running in this session"}"#,
         ["notifications", "test"],
         "notifications are unavailable: no notification server is running in this session; "
         + "is a notification server (dunst, mako, GNOME Shell, Plasma …) running in this session?", 1),
        ("InvalidTime", #"{"text":"06:07","earlier":"06:05","later":"06:10"}"#, ["draft", "add", "06:07", "Run"],
         "06:07 is not on the five-minute grid; use 06:05 or 06:10", 1),
        ("InvalidTime", #"{"text":"23:58","earlier":"23:55","later":null}"#, ["draft", "add", "23:58", "Sleep"],
         "23:58 is not on the five-minute grid; use 23:55", 1),
        ("InvalidTime", #"{"text":"soon"}"#, ["draft", "add", "soon", "Run"],
         "\"soon\" is not a time; use HH:MM (such as 06:45) or 12-hour time (such as 6:45am)", 1),
        ("DraftFull", #"{"limit":20}"#, ["draft", "add", "06:00", "Run"],
         "the maximum of 20 tasks is reached; remove one with `bmctl draft remove N` to make room", 1),
        ("NoDraft", "{}", ["draft", "save"],
         "there is no draft to save; start one with `bmctl create`, or with `bmctl draft title TITLE` and `bmctl draft add TIME TITLE`", 1),
        ("NoDraftTask", #"{"position":4,"total":3}"#, ["draft", "remove", "4"],
         "the draft has no task 4; use a number from 1 to 3 (`bmctl draft show` lists them)", 1),
        ("NoDraftTask", #"{"position":1,"total":0}"#, ["draft", "remove", "1"], "the draft has no tasks yet", 1),
        ("DraftChanged", #"{"revision":3,"current":5,"title":"Gym","tasks":[{"position":1,"time":"06:10","title":"Xray"}]}"#,
         ["draft", "remove", "1", "--revision", "3"],
         "the draft changed elsewhere (the window, the terminal app or another terminal) since it was shown; nothing was changed. "
             + "It is now \"Gym\" with 1 task: 1 06:10 Xray (revision 5)", 1),
        ("RoutineFileError", #"{"line":3,"reason":"the task at 06:00 has no title"}"#, ["create", "--title", "x", "--task", "6 Run"],
         "line 3 of the routine file: the task at 06:00 has no title", 1),
        ("ImportRefused", #"{"routines":2}"#, ["import", ExportFixture.path],
         "import refused: Better Morning already holds 2 routines; nothing was changed. "
         + "`bmctl import FILE --replace` replaces them and all their history (`bmctl export` first keeps a copy)", 1),
        ("InvalidImport", #"{"reason":"routine 1 (mine): the day 2026-02-30 is not a date"}"#, ["import", ExportFixture.path],
         "the export cannot be imported: routine 1 (mine): the day 2026-02-30 is not a date; nothing was changed", 1),
    ]

    @Test("each org.bettermorning.Morning error: its message on stderr, nothing on stdout, its exit status",
          arguments: cases.indices)
    func refused(index: Int) {
        let c = Self.cases[index]
        for json in [false, true] {
            let run = ExportFixture.withFile(in: c.arguments + (json ? ["--json"] : [])) {
                bmctl($0, reply: refusal(c.name, c.parameters))
            }
            #expect(run.status == c.status, "\(c.name)")
            #expect(run.err == "bmctl: \(c.message)\n")
            #expect(run.out.isEmpty)
        }
    }

    @Test("every error name of the interface has its own message")
    func everyErrorCovered() {
        let covered = Set(Self.cases.map { "org.bettermorning.Morning." + $0.name })
        #expect(covered == Set(Morning.Error.names))
    }

    @Test("org.varlink.service errors name the error and its parameter or method, exit 1")
    func varlinkService() {
        let missing = bmctl(["status"], reply: #"{"error":"org.varlink.service.MethodNotFound","parameters":{"method":"org.bettermorning.Morning.Status"}}"#)
        #expect(missing.status == 1)
        #expect(missing.err == "bmctl: bmd: org.varlink.service.MethodNotFound (org.bettermorning.Morning.Status)\n")
        let parameter = bmctl(["day"], reply: #"{"error":"org.varlink.service.InvalidParameter","parameters":{"parameter":"date"}}"#)
        #expect(parameter.status == 1)
        #expect(parameter.err == "bmctl: bmd: org.varlink.service.InvalidParameter (date)\n")
        let bare = bmctl(["status"], reply: #"{"error":"org.varlink.service.PermissionDenied"}"#)
        #expect(bare.err == "bmctl: bmd: org.varlink.service.PermissionDenied\n")
    }

    @Test("a routine name one slip away from a routine's id or name is refused with the routine it most likely meant")
    func routineNameSuggested() {
        let catalog = ok(#"{"routines":[{"id":"franklin","name":"Benjamin Franklin","bio":"b","source":"s","tasks":[{"time":"05:00","title":"Rise"}]}]}"#)
        let cards = ok(#"{"cards":[]}"#)
        let status = ok(#"{"phase":"none","state":"none","date":"2026-11-23","behind":0,"notifications":{"enabled":true,"sound":true,"available":false}}"#)
        func refused(_ query: String) -> String { refusal("RoutineNotFound", #"{"query":""# + query + #""}"#) }
        let run = bmctl(["activate", "frankln"], replies: ["Status": [status], "Activate": [refused("frankln")],
                                                           "Explore": [catalog], "Data": [cards]], stdinIsTerminal: false)
        #expect(run.status == 1)
        #expect(run.err == "bmctl: no routine matches \"frankln\"; did you mean franklin? "
                + "`bmctl explore` lists the celebrity routines and `bmctl data` yours\n")
        // By name too, and from a search that finds nothing.
        let byName = bmctl(["delete", "benjamin frnklin", "--yes"], replies: ["Delete": [refused("benjamin frnklin")],
                                                                         "Explore": [catalog], "Data": [cards]])
        #expect(byName.err.contains("did you mean franklin?"), "\(byName.err)")
        let searched = bmctl(["explore", "franklyn"], replies: ["Explore": [ok(#"{"routines":[]}"#), catalog], "Data": [cards]])
        #expect(searched.err.contains("did you mean franklin?"), "\(searched.err)")
        // Nothing is suggested for a name far from every routine.
        let far = bmctl(["activate", "zzz"], replies: ["Status": [status], "Activate": [refused("zzz")], "Explore": [catalog], "Data": [cards]],
                        stdinIsTerminal: false)
        #expect(far.status == 1 && !far.err.contains("did you mean"), "\(far.err)")
    }

    @Test("explore NAME that matches nothing is refused like an unknown routine")
    func exploreNothing() {
        let run = bmctl(["explore", "nobody"], reply: ok(#"{"routines":[]}"#))
        #expect(run.status == 1)
        #expect(run.err == "bmctl: no routine matches \"nobody\"; `bmctl explore` lists the celebrity routines and `bmctl data` yours\n")
    }

    @Test("a reply bmctl cannot read is reported, not crashed on")
    func unreadableReply() {
        let run = bmctl(["status"], reply: ok(#"{"phase":"sleeping"}"#))
        #expect(run.status == 3)
        // The middle is the decoder's own wording; the field at fault is what matters.
        #expect(run.err.hasPrefix("bmctl: bmd at /run/user/1000/better-morning/bmd.sock sent a reply bmctl cannot read "
                                  + "(parameters.phase: "))
        #expect(run.err.hasSuffix("); are bmd and bmctl the same version?\n"))
    }

    @Test("a day before the start is refused with when the routine starts, from bmd's today: tomorrow only when it is",
          arguments: [("2026-11-22", "Your new routine Kant starts on 2026-12-30."),
                      ("2026-12-29", "Your new routine Kant starts tomorrow (2026-12-30).")])
    func notStartedFromBmdsToday(today: String, message: String) {
        var status = Sample.running
        status.phase = .waiting
        status.date = today
        let run = bmctl(["check", "1"], replies: [
            "Check": [refusal("NotStarted", #"{"routine":"Kant","startDate":"2026-12-30"}"#)],
            "Status": [ok(String(decoding: status.json.text(), as: UTF8.self))],
        ])
        #expect(run.status == 1)
        #expect(run.err == "bmctl: \(message)\n")
    }
}
