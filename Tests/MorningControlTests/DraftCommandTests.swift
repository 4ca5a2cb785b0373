import Foundation
import MorningProtocol
import Testing
@testable import MorningControl

/// Runs bmctl against a daemon that answers each method with the next of its replies
/// (varlink reply objects as JSON text); `answers` are the lines typed at the terminal.
func bmctl(_ arguments: [String], replies: [String: [String]], stdinIsTerminal: Bool = true,
           answers: [String] = []) -> Run {
    let transcript = Transcript(answers: answers)
    var replies = replies
    let daemon = BmdExchange { call, _ throws(ControlFailure) in
        let text = String(decoding: call.dropLast(), as: UTF8.self)
        transcript.calls.append(text)
        let method = (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])?["method"] as? String ?? ""
        let name = String(method.split(separator: ".").last ?? "")
        guard var queue = replies[name], !queue.isEmpty else { return Array(#"{"parameters":{}}"#.utf8) }
        let reply = queue.removeFirst()
        replies[name] = queue.isEmpty ? [reply] : queue   // the last reply answers again
        return Array(reply.utf8)
    }
    let console = Console(write: { transcript.out += $0 }, writeError: { transcript.err += $0 },
                          readLine: { transcript.answers.isEmpty ? nil : transcript.answers.removeFirst() },
                          stdoutIsTerminal: false, stdinIsTerminal: stdinIsTerminal)
    let status = BMCtlMain.run(arguments, context: Context(environment: baseEnvironment, console: console, daemon: daemon))
    return Run(status: status, out: transcript.out, err: transcript.err, calls: transcript.calls)
}

/// A draft reply: `tasks` as "HH:MM Title".
func draftJSON(_ title: String?, _ tasks: [String], task: Int? = nil) -> String {
    let list = tasks.enumerated().map { n, line in
        let (time, title) = (line.prefix(5), line.dropFirst(6))
        return #"{"position":\#(n + 1),"time":"\#(time)","title":"\#(title)"}"#
    }
    let title = title.map { "\"\($0)\"" } ?? "null"
    let added = task.map { #","task":"# + list[$0 - 1] } ?? ""
    return ok(#"{"title":\#(title),"tasks":[\#(list.joined(separator: ","))]\#(added)}"#)
}

let savedMine = ok(#"{"routine":{"id":"mine","name":"Mine","type":"custom","active":true,"createdDate":"2026-11-22","startDate":"2026-11-23","tasks":[{"time":"06:00","title":"Run"}]},"previous":null,"finalized":null}"#)

// Rules C2–C4, §10.
@Suite("bmctl create and draft")
struct DraftCommandTests {
    // Section 10 of the scripting contract.
    @Test("draft show --json is the title (null until given) and the tasks with positions")
    func draftShowJSON() {
        // (An older bmd sends no revision: it reads as null.)
        #expect(bmctl(["draft", "show", "--json"], reply: ok(#"{"tasks":[]}"#)).out == #"{"revision":null,"tasks":[],"title":null}"# + "\n")
        let run = bmctl(["draft", "show", "--json"], reply: draftJSON("Mine", ["06:00 Run"]))
        #expect(run.out == #"{"revision":null,"tasks":[{"position":1,"time":"06:00","title":"Run"}],"title":"Mine"}"# + "\n")
        #expect(run.calls == [#"{"method":"org.bettermorning.Morning.DraftShow","parameters":{}}"#])
    }

    @Test("draft alone shows the draft, in time order, with the limit")
    func draftShowText() {
        let run = bmctl(["draft"], reply: draftJSON("Mine", ["06:00 Run", "07:30 Read"]))
        #expect(run.status == 0)
        #expect(run.out == "Draft: Mine · 2 of 20 tasks\n  1  06:00  Run\n  2  07:30  Read\n")
        #expect(bmctl(["draft", "show"], reply: ok(#"{"title":null,"tasks":[]}"#)).out
                == "No draft. Start one with `bmctl create`, or with `bmctl draft title TITLE` and `bmctl draft add TIME TITLE`.\n")
    }

    @Test("draft title and draft add take several words; a separate am or pm belongs to the time")
    func draftWords() {
        let titled = bmctl(["draft", "title", "Early", "riser"], reply: draftJSON("Early riser", []))
        #expect(titled.calls == [#"{"method":"org.bettermorning.Morning.DraftTitle","parameters":{"title":"Early riser"}}"#])
        #expect(titled.out == "The draft is called Early riser (0 tasks).\n")
        let added = bmctl(["draft", "add", "6:45", "pm", "Go", "running"], reply: draftJSON(nil, ["18:45 Go running"], task: 1))
        #expect(added.calls == [#"{"method":"org.bettermorning.Morning.DraftAdd","parameters":{"time":"6:45 pm","title":"Go running"}}"#])
        #expect(added.out == "Added 18:45 Go running as task 1 of 1.\n")
    }

    // Rule C3.
    @Test("adding the 20th task says that the maximum is reached")
    func twentieth() {
        let tasks = (0..<20).map { String(format: "%02d:00 Task", $0) }
        let run = bmctl(["draft", "add", "19:00", "Task"], reply: draftJSON("Mine", tasks, task: 20))
        #expect(run.out == "Added 19:00 Task as task 20 of 20.\nThat is the maximum of 20 tasks.\n")
    }

    @Test("draft add without a title is a usage error, and nothing is sent")
    func draftAddNoTitle() {
        let run = bmctl(["draft", "add", "06:00"])
        #expect(run.status == 2 && run.calls.isEmpty)
        #expect(run.err.contains("give the task a title after its time"))
    }

    // Rule C4.
    @Test("create with no options and no terminal points to the scriptable forms (exit 2)")
    func noTerminal() {
        let run = bmctl(["create"], stdinIsTerminal: false)
        #expect(run.status == 2 && run.calls.isEmpty && run.out.isEmpty)
        #expect(run.err == "bmctl: create asks its questions on a terminal, and stdin is not one; in a script use "
                + "`bmctl draft title|add|remove|show|save|discard`, `bmctl create --title TITLE --task \"HH:MM Title\" …` "
                + "or `bmctl create --from FILE`\n")
    }

    // Rule C4.
    @Test("create --title --task sends the tasks as typed, 12-hour ones too")
    func oneShot() {
        let run = bmctl(["create", "--title", "Mine", "--task", "06:00 Run", "--task", "6:45 pm Walk the dog"], reply: savedMine,
                        stdinIsTerminal: false)
        #expect(run.status == 0)
        #expect(run.calls == [#"{"method":"org.bettermorning.Morning.Create","parameters":{"tasks":[{"time":"06:00","title":"Run"},"#
                              + #"{"time":"6:45 pm","title":"Walk the dog"}],"title":"Mine"}}"#])
        #expect(run.out == "Saved Mine with 1 task: it is your active routine from tomorrow (2026-11-23).\n")
    }

    // Rule C4.
    @Test("create's options that do not go together are usage errors", arguments: [
        (["create", "--title", "Mine"], "a routine needs at least one task: add --task \"HH:MM Title\" for each"),
        (["create", "--task", "06:00 Run"], "give the routine a title with --title"),
        (["create", "--title", "Mine", "--task", "06:00"], "--task \"06:00\" has no title; write it as \"HH:MM Title\", such as \"06:45 Stretch\""),
        (["create", "--from", "-", "--title", "Mine"], "--from reads the title and the tasks from the file; leave out --title and --task"),
    ])
    func usage(arguments: [String], message: String) {
        let run = bmctl(arguments, stdinIsTerminal: false)
        #expect(run.status == 2 && run.calls.isEmpty)
        #expect(run.err.contains(message), "\(run.err)")
    }

    // Rule C4.
    @Test("create --from - sends stdin's text; an error names the line of stdin")
    func fromStdin() {
        let text = ["Mine", "06:00 Run", "06:07 Stretch"]
        let run = bmctl(["create", "--from", "-"],
                        reply: refusal("RoutineFileError", #"{"line":3,"reason":"06:07 is not on the five-minute grid; use 06:05 or 06:10"}"#),
                        answers: text)
        #expect(run.calls == [#"{"method":"org.bettermorning.Morning.CreateFromFile","parameters":{"text":"Mine\n06:00 Run\n06:07 Stretch"}}"#])
        #expect(run.status == 1)
        #expect(run.err == "bmctl: line 3 of stdin: 06:07 is not on the five-minute grid; use 06:05 or 06:10\n")
    }

    // Rule C4.
    @Test("create --from FILE reads the file and names it in errors; a missing file is a usage error")
    func fromFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("routine-\(UUID().uuidString).txt").path
        try "Mine\n06:00 Run\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = bmctl(["create", "--from", path], reply: refusal("RoutineFileError", #"{"line":2,"reason":"why"}"#))
        #expect(run.calls == [#"{"method":"org.bettermorning.Morning.CreateFromFile","parameters":{"text":"Mine\n06:00 Run\n"}}"#])
        #expect(run.err == "bmctl: line 2 of \(path): why\n")
        let missing = bmctl(["create", "--from", path + ".absent"])
        #expect(missing.status == 2 && missing.calls.isEmpty)
        #expect(missing.err == "bmctl: cannot read \(path).absent: No such file or directory\n")
    }

    // Rule C4.
    @Test("on a terminal create asks for the title and tasks, lists them after each, and asks before saving")
    func interactive() {
        let run = bmctl(["create"], replies: [
            "DraftShow": [ok(#"{"title":null,"tasks":[]}"#)],
            "DraftTitle": [draftJSON("Mine", [])],
            "DraftAdd": [refusal("InvalidTime", #"{"text":"06:07","earlier":"06:05","later":"06:10"}"#),
                         draftJSON("Mine", ["07:00 Read"], task: 1), draftJSON("Mine", ["06:00 Run", "07:00 Read"], task: 1)],
            "DraftRemove": [ok(#"{"title":"Mine","tasks":[{"position":1,"time":"06:00","title":"Run"}],"#
                               + #""task":{"position":2,"time":"07:00","title":"Read"}}"#)],
            "DraftSave": [savedMine], "Status": [DayEndingTests.status(completed: 0)],
        ], answers: ["Mine", "06:07 Run", "07:00 Read", "6am Run", "remove 2", "", "y"])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out == """
            Create your own routine: a title, then up to 20 tasks, each at a time of day.
            Title (1 to 20 characters): \
            Type each task as TIME TITLE (06:45 Stretch, 6:45am Stretch); `remove N` takes task N out; an empty line when you are done.
            Task 1: 06:07 is not on the five-minute grid; use 06:05 or 06:10
            Task 1: Draft: Mine · 1 of 20 tasks
              1  07:00  Read
            Task 2: Draft: Mine · 2 of 20 tasks
              1  06:00  Run
              2  07:00  Read
            Task 3: Draft: Mine · 1 of 20 tasks
              1  06:00  Run
            Task 2: Save Mine with 1 task and start it tomorrow? [Y/n] \
            Saved Mine with 1 task: it is your active routine from tomorrow (2026-11-23).

            """)
        #expect(run.calls.map { $0.components(separatedBy: "Morning.").last!.prefix { $0 != "\"" } }
                == ["DraftShow", "DraftTitle", "DraftAdd", "DraftAdd", "DraftAdd", "DraftRemove", "DraftShow", "Status", "DraftSave"])
        #expect(run.calls[3].contains(#""parameters":{"time":"07:00","title":"Read"}"#))
        #expect(run.calls[4].contains(#""parameters":{"time":"6am","title":"Run"}"#))
    }

    // Rule C4.
    @Test("draft show prints the revision, and each change sends the --revision given")
    func revisionShownAndSent() {
        let shown = ok(#"{"title":"Gym","tasks":[{"position":1,"time":"06:10","title":"Xray"}],"revision":7}"#)
        #expect(bmctl(["draft", "show"], reply: shown).out == "Draft: Gym · 1 of 20 tasks · revision 7\n  1  06:10  Xray\n")
        #expect(bmctl(["draft", "show", "--json"], reply: shown).out.contains(#""revision":7"#))
        let removed = bmctl(["draft", "remove", "1", "--revision", "7"], reply: refusal("DraftChanged", #"{"revision":7,"current":8,"title":"Gym","tasks":[]}"#))
        #expect(removed.calls == [#"{"method":"org.bettermorning.Morning.DraftRemove","parameters":{"position":1,"revision":7}}"#])
        #expect(removed.status == 1)
        for arguments in [["draft", "title", "Gym", "--revision", "7"], ["draft", "add", "06:10", "Xray", "--revision", "7"],
                          ["draft", "discard", "--revision", "7"], ["draft", "save", "--yes", "--revision", "7"]] {
            let run = bmctl(arguments, reply: refusal("DraftChanged", #"{"revision":7,"current":8,"title":"Gym","tasks":[]}"#))
            #expect(run.calls.last?.contains(#""revision":7"#) == true, "\(arguments)")
        }
    }

    // Rule C4.
    @Test("a draft that cannot be saved is refused before the question that would end today, not after it",
          arguments: [(#"{"title":null,"tasks":[],"revision":3}"#, "there is no draft to save; start one with `bmctl create`, "
                       + "or with `bmctl draft title TITLE` and `bmctl draft add TIME TITLE`"),
                      (#"{"title":"Mine","tasks":[],"revision":3}"#, "a routine needs at least one task"),
                      (#"{"title":null,"tasks":[{"position":1,"time":"06:00","title":"Run"}],"revision":3}"#,
                       "a routine's title has 1 to 20 characters; the draft has no title yet")])
    func unsaveableNotAsked(draft: String, message: String) {
        let run = bmctl(["draft", "save"], replies: ["Status": [DayEndingTests.status(completed: 2)], "DraftShow": [ok(draft)]],
                        answers: ["y"])
        #expect(run.status == 1)
        #expect(run.err == "bmctl: \(message)\n")
        #expect(DayEndingTests.methods(run) == ["Status", "DraftShow"])
    }

    // Rule C4.
    @Test("draft save on a terminal saves the revision it asked about")
    func saveCarriesTheRevisionAskedAbout() {
        let run = bmctl(["draft", "save"], replies: ["Status": [DayEndingTests.status(completed: 2)],
                                                     "DraftShow": [ok(#"{"title":"Run","tasks":[{"position":1,"time":"06:00","title":"Wake"}],"revision":5}"#)],
                                                     "DraftSave": [savedMine]], answers: ["y"])
        #expect(run.status == 0)
        #expect(run.calls.last == #"{"method":"org.bettermorning.Morning.DraftSave","parameters":{"revision":5}}"#)
    }

    // Rule C4.
    @Test("create's questions carry the revision they showed; a change made elsewhere is refused, shown, and asked again")
    func promptsFollowTheDraft() {
        let run = bmctl(["create"], replies: [
            "DraftShow": [ok(#"{"title":"Run","tasks":[{"position":1,"time":"06:00","title":"Wake"}],"revision":4}"#),
                          ok(#"{"title":"Gym","tasks":[{"position":1,"time":"06:00","title":"Wake"},{"position":2,"time":"06:10","title":"Xray"}],"revision":6}"#)],
            "DraftRemove": [refusal("DraftChanged", #"{"revision":4,"current":6,"title":"Gym","tasks":[{"position":1,"time":"06:00","title":"Wake"},"#
                                    + #"{"position":2,"time":"06:10","title":"Xray"}]}"#)],
            "DraftSave": [savedMine], "Status": [DayEndingTests.status(completed: 0)],
        ], answers: ["", "remove 1", "", "y"])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.calls[1] == #"{"method":"org.bettermorning.Morning.DraftRemove","parameters":{"position":1,"revision":4}}"#)
        #expect(run.out.contains("the draft changed elsewhere (the window, the terminal app or another terminal) since it was shown; "
                                 + "nothing was changed. It is now \"Gym\" with 2 tasks: 1 06:00 Wake, 2 06:10 Xray (revision 6)"))
        // The save question names the draft as it is now, and the save carries its revision.
        #expect(run.out.contains("Save Gym with 2 tasks and start it tomorrow?"))
        #expect(run.calls.last == #"{"method":"org.bettermorning.Morning.DraftSave","parameters":{"revision":6}}"#)
    }

    // Rule C2.
    @Test("create resumes a draft; Enter keeps its title; at 20 tasks it stops asking for more")
    func resumes() {
        let tasks = (0..<20).map { String(format: "%02d:00 Task", $0) }
        let run = bmctl(["create"], replies: ["DraftShow": [draftJSON("Mine", tasks)], "DraftSave": [savedMine],
                                              "Status": [DayEndingTests.status(completed: 0)]],
                        answers: ["", ""])
        #expect(run.status == 0)
        #expect(run.out.hasPrefix("Resuming your draft.\nDraft: Mine · 20 of 20 tasks\n"))
        #expect(run.out.contains("Title [Mine]: Type each task"))
        #expect(run.out.contains("That is the maximum of 20 tasks.\nSave Mine with 20 tasks and start it tomorrow? [Y/n] "))
        // DraftShow, DraftShow again before the question (the draft may have changed elsewhere), Status, DraftSave.
        #expect(run.calls.count == 4)
    }

    // Rule C2.
    @Test("end of input, or no to saving, stops with the draft kept (exit 1)", arguments: [["Mine"], ["Mine", "06:00 Run", "", "n"]])
    func stopKeepsTheDraft(answers: [String]) {
        let run = bmctl(["create"], replies: [
            "DraftShow": [ok(#"{"title":null,"tasks":[]}"#)], "DraftTitle": [draftJSON("Mine", [])],
            "DraftAdd": [draftJSON("Mine", ["06:00 Run"], task: 1)], "Status": [DayEndingTests.status(completed: 0)],
        ], answers: answers)
        #expect(run.status == 1)
        #expect(run.err.contains("the draft is kept: `bmctl create` resumes it, `bmctl draft discard` throws it away"))
        #expect(!run.calls.contains { $0.contains("DraftSave") })
    }

    @Test("create asks before saving when today's checks would be locked, names what ends, and takes only a yes",
          arguments: [("", false), ("n", false), ("y", true)])
    func createWarnsBeforeLockingToday(answer: String, saves: Bool) {
        let run = bmctl(["create"], replies: [
            "DraftShow": [draftJSON("Mine", ["06:00 Run"])], "DraftSave": [savedMine],
            "Status": [DayEndingTests.status(completed: 2)],
        ], answers: ["", "", answer])
        #expect(run.out.contains("Save Mine with 1 task and start it tomorrow? This ends today for Haruki Murakami: "
                                 + "its 2 of 5 checked tasks are kept, the other 3 count as missed, and today can no longer be changed. [y/N] "),
                "\(run.out)")
        #expect(run.calls.contains { $0.contains("DraftSave") } == saves)
        #expect(run.status == (saves ? 0 : 1))
    }
}
