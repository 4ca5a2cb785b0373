import Foundation
import Testing

/// Creating a custom routine (§5) through the real bmd and bmctl: the draft outlives
/// either program being killed, the interactive form runs on a real terminal, and a
/// saved routine behaves as every stored routine does.
// Rules C1–C5, D2, D4.
@Suite("End to end: creating your own routine")
struct CreateTests {
    /// `draft show --json` as (title, ["position time title"]), checking the contract's fields (§10).
    func draft(_ box: Sandbox) throws -> (title: String?, tasks: [String]) {
        let shown = try box.bmctl("draft", "show", "--json")
        #expect(shown.status == 0, "\(shown.stderr)")
        let object = try shown.object
        #expect(Set(object.keys) == ["title", "tasks", "revision"])
        let tasks = try #require(object["tasks"] as? [[String: Any]])
        #expect(tasks.allSatisfy { Set($0.keys) == ["position", "time", "title"] })
        return (object["title"] as? String, tasks.map { "\($0["position"]!) \($0["time"]!) \($0["title"]!)" })
    }

    // Rule C4.
    @Test("a removal or save for a draft that changed in another terminal is refused, says so, and changes nothing; the revision outlives bmd")
    func staleRevisionRefused() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        try box.startDaemon()
        #expect(try box.bmctl("draft", "title", "Run").status == 0)
        #expect(try box.bmctl("draft", "add", "06:00", "Wake").status == 0)
        #expect(try box.bmctl("draft", "add", "06:20", "Stretch").status == 0)
        let seen = try #require(try box.bmctl("draft", "show", "--json").object["revision"] as? Int)
        // Another terminal adds a task before Stretch and renames the draft.
        #expect(try box.bmctl("draft", "add", "06:10", "Xray").status == 0)
        #expect(try box.bmctl("draft", "title", "Gym").status == 0)

        let remove = try box.bmctl("draft", "remove", "2", "--revision", "\(seen)")
        #expect(remove.status == 1)
        #expect(remove.stderr == "bmctl: the draft changed elsewhere (the window, the terminal app or another terminal) since it was shown; "
                + "nothing was changed. It is now \"Gym\" with 3 tasks: 1 06:00 Wake, 2 06:10 Xray, 3 06:20 Stretch (revision \(seen + 2))\n")
        let save = try box.bmctl("draft", "save", "--revision", "\(seen)")
        #expect(save.status == 1)
        #expect(try draft(box).tasks == ["1 06:00 Wake", "2 06:10 Xray", "3 06:20 Stretch"])

        // A new bmd knows the same revision, and refuses the old one the same way.
        try box.killDaemon()
        try box.startDaemon()
        #expect(try box.bmctl("draft", "show").stdout.hasPrefix("Draft: Gym · 3 of 20 tasks · revision \(seen + 2)\n"))
        #expect(try box.bmctl("draft", "remove", "2", "--revision", "\(seen)").status == 1)
        let removed = try box.bmctl("draft", "remove", "2", "--revision", "\(seen + 2)")
        #expect(removed.status == 0)
        #expect(removed.stdout == "Removed task 2, 06:10 Xray; the draft has 2 tasks left.\n")
    }

    // Rule C2.
    @Test("the draft survives SIGKILL of bmd")
    func draftSurvivesKillingBmd() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        try box.startDaemon()
        #expect(try draft(box).title == nil)    // §10: null until given
        #expect(try box.bmctl("draft", "title", "Early", "riser").status == 0)
        #expect(try box.bmctl("draft", "add", "07:00", "Coffee").status == 0)
        #expect(try box.bmctl("draft", "add", "6:45am", "Run").status == 0)
        #expect(try box.bmctl("draft", "add", "6:45", "pm", "Walk", "the", "dog").status == 0)

        try box.killDaemon()
        try box.startDaemon()

        let kept = try draft(box)
        #expect(kept.title == "Early riser")
        #expect(kept.tasks == ["1 06:45 Run", "2 07:00 Coffee", "3 18:45 Walk the dog"])
    }

    // Rules C2, C4.
    @Test("bmctl create on a terminal, killed mid-prompt, loses nothing and resumes; the list is sorted after each task")
    func interactiveCreateSurvivesKillingBmctl() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        try box.startDaemon()

        var terminal = try box.bmctlOnTerminal("create")
        try terminal.answer("Title (1 to 20 characters): ", with: "Early riser")
        try terminal.answer("Task 1: ", with: "07:00 Coffee")
        try terminal.answer("Task 2: ", with: "6:07 Stretch")
        try terminal.waitFor("6:07 is not on the five-minute grid; use 06:05 or 06:10")
        try terminal.answer("Task 2: ", with: "6:45am Run")
        let list = try terminal.waitFor("Task 3: ")
        #expect(list.contains("Draft: Early riser · 2 of 20 tasks\n  1  06:45  Run\n  2  07:00  Coffee\n"), "\(list)")

        // Killed while it waits for the third task: what was answered is kept.
        terminal.kill()
        let kept = try draft(box)
        #expect(kept.title == "Early riser" && kept.tasks == ["1 06:45 Run", "2 07:00 Coffee"])

        // The next create resumes it; Enter keeps the title.
        terminal = try box.bmctlOnTerminal("create")
        try terminal.waitFor("Resuming your draft.\nDraft: Early riser · 2 of 20 tasks")
        try terminal.answer("Title [Early riser]: ", with: "")
        try terminal.answer("Task 3: ", with: "21:00 Sleep")
        try terminal.answer("Task 4: ", with: "remove 3")
        try terminal.answer("Task 3: ", with: "")
        try terminal.answer("Save Early riser with 2 tasks and start it tomorrow? [Y/n] ", with: "y")
        try terminal.waitFor("Saved Early riser with 2 tasks: it is your active routine from tomorrow (2026-03-03).")
        #expect(terminal.wait() == 0)

        // C5: saved, active from tomorrow, and the draft is gone.
        #expect(try draft(box) == (nil, []))
        let status = try box.bmctl("status", "--json").object
        let routine = try #require(status["routine"] as? [String: Any])
        #expect(routine["name"] as? String == "Early riser" && routine["type"] as? String == "custom")
        #expect(routine["startDate"] as? String == "2026-03-03")
        #expect(status["nextReminder"] as? String == "2026-03-03T06:45:00+01:00")
    }

    // Rule C2.
    @Test("bmctl create waiting at a prompt while bmd is killed keeps every earlier answer")
    func killingBmdMidPrompt() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        try box.startDaemon()
        let terminal = try box.bmctlOnTerminal("create")
        try terminal.answer("Title (1 to 20 characters): ", with: "Mine")
        try terminal.answer("Task 1: ", with: "05:30 Wake up")
        try terminal.waitFor("Task 2: ")
        try box.killDaemon()
        terminal.type("05:35 Water")
        try terminal.waitFor("bmctl: ")
        #expect(terminal.wait() == 3)    // bmd could not be reached
        try box.startDaemon()
        #expect(try draft(box) == ("Mine", ["1 05:30 Wake up"]))
    }

    // Rule C3.
    @Test("each limit is refused with a clear error and changes nothing")
    func limits() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        try box.startDaemon()
        func refused(_ arguments: String..., saying message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            box.collectStatus()
            let run = try box.run(Binaries.bmctl, ["--no-autostart"] + arguments, environment: box.baseEnvironment)
            #expect(run.status == 1, sourceLocation: sourceLocation)
            #expect(run.stderr == "bmctl: \(message)\n", sourceLocation: sourceLocation)
        }

        try refused("draft", "title", String(repeating: "t", count: 21),
                    saying: "a routine's title has 1 to 20 characters; \"\(String(repeating: "t", count: 21))\" has 21")
        try refused("draft", "save", saying: "there is no draft to save; start one with `bmctl create`, or with "
                    + "`bmctl draft title TITLE` and `bmctl draft add TIME TITLE`")
        #expect(try box.bmctl("draft", "title", "Full").status == 0)
        try refused("draft", "save", saying: "a routine needs at least one task")
        try refused("draft", "add", "06:00", String(repeating: "x", count: 71),
                    saying: "a task's title has 1 to 70 characters; \"\(String(repeating: "x", count: 71))\" has 71")
        try refused("draft", "add", "06:07", "Stretch", saying: "06:07 is not on the five-minute grid; use 06:05 or 06:10")
        try refused("draft", "add", "23:59", "Sleep", saying: "23:59 is not on the five-minute grid; use 23:55")
        try refused("draft", "add", "25:00", "Sleep",
                    saying: "\"25:00\" is not a time; use HH:MM (such as 06:45) or 12-hour time (such as 6:45am)")
        for n in 0..<20 {
            #expect(try box.bmctl("draft", "add", "\(5 + n / 12):\(String(format: "%02d", n % 12 * 5))", "Task \(n + 1)").status == 0)
        }
        try refused("draft", "add", "09:00", "One more",
                    saying: "the maximum of 20 tasks is reached; remove one with `bmctl draft remove N` to make room")
        try refused("draft", "remove", "21", saying: "the draft has no task 21; use a number from 1 to 20 (`bmctl draft show` lists them)")
        let full = try draft(box)
        #expect(full.title == "Full" && full.tasks.count == 20 && full.tasks.last == "20 06:35 Task 20")
        try refused("create", "--title", "Too many", "--task", "06:00 A", "--task", "06:05 B", "--task", "6:07 C",
                    saying: "6:07 is not on the five-minute grid; use 06:05 or 06:10")
        #expect(try box.bmctl("data", "--json").array.isEmpty)
    }

    // Rule C4.
    @Test("create --from a routine file; an error names its line and saves nothing")
    func fromFile() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        try box.startDaemon()
        let path = box.root.appendingPathComponent("morning.txt").path
        try """
            # My weekday morning
            Early riser

            06:00 Wake up
            6:07am Glass of water
            """.write(toFile: path, atomically: true, encoding: .utf8)
        let broken = try box.bmctl("create", "--from", path)
        #expect(broken.status == 1)
        #expect(broken.stderr == "bmctl: line 5 of \(path): 6:07am is not on the five-minute grid; use 06:05 or 06:10\n")
        #expect(try box.bmctl("data", "--json").array.isEmpty)

        try "# My weekday morning\nEarly riser\n\n06:00 Wake up\n6:05am Glass of water\n6:30 pm Walk\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let created = try box.bmctl("create", "--from", path, "--json")
        #expect(created.status == 0, "\(created.stderr)")
        let routine = try #require(try created.object["routine"] as? [String: Any])
        #expect((routine["tasks"] as? [[String: Any]])?.map { "\($0["time"]!) \($0["title"]!)" }
                == ["06:00 Wake up", "06:05 Glass of water", "18:30 Walk"])

        let absent = try box.bmctl("create", "--from", path + ".absent")
        #expect(absent.status == 2 && absent.stderr.contains("No such file or directory"))
    }

    // Rule C4.
    @Test("create with no arguments and no terminal points to the scriptable forms")
    func noTerminal() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        try box.startDaemon()
        let run = try box.bmctl("create")
        #expect(run.status == 2)
        #expect(run.stderr.contains("`bmctl draft title|add|remove|show|save|discard`"))
        #expect(run.stderr.contains("`bmctl create --title TITLE --task \"HH:MM Title\" …`"))
        #expect(run.stderr.contains("`bmctl create --from FILE`"))
    }

    // Rules C5, A2, D4.
    @Test("saving while another routine runs finalizes its day; the routine is stored like any other")
    func savingSwitchesAndTheRoutineIsStored() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        try box.startDaemon()
        #expect(try box.bmctl("activate", "franklin").status == 0)
        box.setClock("2026-03-03 07:00:00")
        #expect(try box.bmctl("check", "1").status == 0)
        // A draft in progress is left alone by the one-shot form.
        #expect(try box.bmctl("draft", "add", "05:00", "Unfinished").status == 0)

        let created = try box.bmctl("create", "--title", "Early riser", "--task", "06:00 Wake up",
                                    "--task", "6:30 pm Walk", "--json")
        #expect(created.status == 0, "\(created.stderr)")
        let reply = try created.object
        #expect((reply["previous"] as? [String: Any])?["name"] as? String == "Benjamin Franklin")
        #expect((reply["finalized"] as? [String: Any])?["date"] as? String == "2026-03-03")
        #expect((reply["finalized"] as? [String: Any])?["completed"] as? Int == 1)
        let routine = try #require(reply["routine"] as? [String: Any])
        #expect(routine["type"] as? String == "custom" && routine["startDate"] as? String == "2026-03-04")
        #expect(try draft(box).tasks == ["1 05:00 Unfinished"])

        // Franklin's Tuesday is locked with its one ✓ (A2).
        let week = try box.bmctl("week", "franklin", "--json").object
        #expect((week["days"] as? [[String: Any]])?.first { $0["date"] as? String == "2026-03-03" }?["completed"] as? Int == 1)

        // H1: a card, first as the active one; D3: never in the catalog.
        var data = try box.bmctl("data", "--json").array.compactMap { $0 as? [String: Any] }
        #expect(data.map { $0["routine"] as? String } == ["Early riser", "Benjamin Franklin"])
        #expect(data.map { $0["type"] as? String } == ["custom", "celebrity"])
        #expect(try !box.bmctl("explore", "--json").stdout.contains("Early riser"))
        #expect(try box.bmctl("explore", "early").status == 1)

        // Named like any stored routine: activated, restarted, deleted.
        #expect(try box.bmctl("activate", "franklin").status == 0)
        #expect(try box.bmctl("activate", "early riser").status == 0)
        box.setClock("2026-03-05 07:00:00")
        #expect(try box.bmctl("check", "wake").status == 0)
        let restarted = try box.bmctl("restart", "early-riser", "--json").object
        #expect((restarted["routine"] as? [String: Any])?["startDate"] as? String == "2026-03-06")
        #expect((restarted["finalized"] as? [String: Any])?["completed"] as? Int == 1)
        // D4: its tasks are as saved.
        #expect(((restarted["routine"] as? [String: Any])?["tasks"] as? [[String: Any]])?.map { $0["title"] as? String }
                == ["Wake up", "Walk"])
        #expect(try box.bmctl("delete", "Early riser", "--yes").status == 0)
        data = try box.bmctl("data", "--json").array.compactMap { $0 as? [String: Any] }
        #expect(data.map { $0["routine"] as? String } == ["Benjamin Franklin"])
        try box.stopDaemon()
    }
}
