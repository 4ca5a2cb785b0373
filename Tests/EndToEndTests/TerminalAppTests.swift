import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A program in a tmux pane of a private tmux server: keys are sent as a person types
/// them, and the pane is read back as the screen shows it, after every escape sequence
/// has been applied (the pseudo-terminal harness sees only the bytes).
final class TmuxPane: @unchecked Sendable {
    static let tmux = "/usr/bin/tmux"
    private let box: Sandbox
    private let socket: String

    /// Runs `command` (one shell command line, which tmux hands to /bin/sh) in an 80×24 pane. The pane stays after the
    /// command ends, so what it left on the screen can still be read.
    /// `colour: true` leaves NO_COLOR unset.
    init(_ box: Sandbox, _ command: String, width: Int = 80, height: Int = 24, colour: Bool = false) throws {
        self.box = box
        socket = box.root.appendingPathComponent("tmux-\(UUID().uuidString.prefix(8))").path
        var environment = box.baseEnvironment
        environment["NO_COLOR"] = colour ? nil : "1"
        environment["TERM"] = "xterm-256color"
        environment["SHELL"] = "/bin/sh"
        let started = try box.run(Self.tmux, ["-S", socket, "-f", "/dev/null", "new-session", "-d", "-x", "\(width)", "-y", "\(height)",
                                              command, ";", "set-option", "remain-on-exit", "on"],
                                  environment: environment)
        #expect(started.status == 0, "tmux: \(started.stderr)")
    }

    deinit { _ = try? tmux("kill-server") }

    @discardableResult
    func tmux(_ arguments: String...) throws -> Output {
        try box.run(Self.tmux, ["-S", socket] + arguments, environment: box.baseEnvironment)
    }

    /// The screen as it is now, one string per row, trailing spaces dropped.
    var screen: [String] {
        get throws { try tmux("capture-pane", "-p").stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    }

    /// The lines scrolled off the top, then the screen.
    var screenWithHistory: [String] {
        get throws {
            try tmux("capture-pane", "-p", "-S", "-").stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
    }

    /// Sends keys by tmux's names ("Space", "Left", "C-c") or as literal text.
    func send(_ keys: String...) throws { try tmux(["send-keys"] + keys) }

    private func tmux(_ arguments: [String]) throws {
        let run = try box.run(Self.tmux, ["-S", socket] + arguments, environment: box.baseEnvironment)
        #expect(run.status == 0, "tmux \(arguments.joined(separator: " ")): \(run.stderr)")
    }

    /// Reads the screen until `condition` holds, for at most `timeout` seconds; fails the
    /// test with the screen it last saw when it never does.
    @discardableResult
    func waitUntil(_ what: String, timeout: TimeInterval = 20, sourceLocation: SourceLocation = #_sourceLocation,
                   _ condition: ([String]) -> Bool) throws -> [String] {
        let deadline = Deadline(in: timeout)
        var last: [String] = []
        while !deadline.passed {
            last = try screen
            if condition(last) { return last }
            // tmux offers no way to wait for a change of the screen; read it again soon.
            usleep(50_000)
        }
        Issue.record("the screen never showed \(what); it shows:\n\(last.joined(separator: "\n"))", sourceLocation: sourceLocation)
        throw POSIXError(.ETIMEDOUT)
    }

    /// Waits for a row that is exactly `line`, or for any row containing `text`.
    @discardableResult
    func waitFor(line: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        try waitUntil("the line \"\(line)\"", sourceLocation: sourceLocation) { $0.contains(line) }
    }

    @discardableResult
    func waitFor(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        try waitUntil("\"\(text)\"", sourceLocation: sourceLocation) { $0.contains { $0.contains(text) } }
    }

}

// Rules U1.
@Suite("End to end: the terminal app", .enabled(if: FileManager.default.isExecutableFile(atPath: TmuxPane.tmux)))
struct TerminalAppTests {
    /// bmctl, then its exit status and whether the terminal is line-by-line with echo again.
    /// The shell outlives a Ctrl-C that ends bmctl (its trap), to say what bmctl left behind,
    /// and then waits, so that the pane, alive, still tells whether the cursor shows.
    static func command(_ arguments: String = "") -> String {
        "trap : INT; printf 'before the app\\n'; \(Binaries.bmctl) --no-autostart \(arguments); echo \"bmctl exited $?\"; printf 'modes:'; stty -a | tr ' ' '\\n' | grep -x -e icanon -e echo -e isig | sed 's/^/ /' | tr -d '\\n'; echo ' .'; read wait"
    }

    /// Immanuel Kant running since Tuesday 2026-03-03; bmd started again with its clock
    /// on Thursday at `time`, and running on from there.
    static func kantOnThursday(at time: String = "07:10:00", chosen: String = "2026-03-02 08:00:00") throws -> Sandbox {
        let box = try Sandbox(zone: "Europe/Berlin", time: chosen)
        try box.startDaemon()
        #expect(try box.bmctl("activate", "kant").status == 0)
        try box.stopDaemon()
        box.setClock("2026-03-05 " + time)
        try box.startDaemon()
        return box
    }

    /// What the shell shows once bmctl has ended and put the terminal back.
    static func expectRestored(_ pane: TmuxPane, status: Int, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        // The shell's last line, once bmctl has ended (tmux's own record of a pane's exit
        // status is not always filled in). tmux may have scrolled the first line into its
        // history as the pane was sized, so the history is read too.
        var screen: [String] = []
        try pane.waitUntil("the shell's last line after bmctl", sourceLocation: sourceLocation) { _ in
            screen = (try? pane.screenWithHistory) ?? []
            return screen.contains { $0.hasPrefix("modes:") && $0.hasSuffix(" .") }
        }
        #expect(screen.first == "before the app", "the app's screen is gone", sourceLocation: sourceLocation)
        // After a Ctrl-C the shell's line follows the terminal's "^C".
        #expect(screen.contains { $0.hasSuffix("bmctl exited \(status)") }, sourceLocation: sourceLocation)
        let modes = screen.first { $0.hasPrefix("modes:") }?.split(separator: " ").dropFirst().dropLast().sorted()
        #expect(modes == ["echo", "icanon", "isig"], "the terminal reads lines, echoes and sends signals again",
                sourceLocation: sourceLocation)
        #expect(!screen.contains { $0.contains("2 Routine") }, sourceLocation: sourceLocation)
        #expect(try pane.tmux("display-message", "-p", "#{cursor_flag}").stdout == "1\n", "the cursor shows again",
                sourceLocation: sourceLocation)
        return screen
    }

    // Rule U1.
    @Test("the Routine tab: today's tasks, space checks, a check from elsewhere shows at once, ← shows yesterday read-only, q restores")
    func routine() throws {
        let box = try Self.kantOnThursday()
        let pane = try TmuxPane(box, Self.command())
        // The welcome is still to be seen, but a routine is going (as when the app is
        // opened from the reminder): today's routine comes at once.
        var screen = try pane.waitFor(line: "Thursday 2026-03-05 · today · 0 of 6 done")
        #expect(!screen.contains { $0.contains("Welcome to Better Morning") })
        #expect(screen[0] == " 1 Explore  [2 Routine]  3 Data                                      s Settings")
        // The terminal's title names the app, not the command.
        #expect(try pane.tmux("display-message", "-p", "#{pane_title}").stdout == "Better Morning\n")
        // Nothing checked: the first task is the one to do now.
        #expect(screen.contains(" › · 05:00  Get up when your servant calls  ← now"))
        #expect(screen.count == 24 || screen.count == 25)

        try pane.send("Space")
        try pane.waitFor(line: " › ✓ 05:00  Get up when your servant calls")
        #expect(try box.bmctl("today").stdout.contains("✓ 1  05:00  Get up when your servant calls"))

        // Checked from another terminal (or the status bar): the app shows it without a key.
        #expect(try box.bmctl("check", "prepare").status == 0)
        screen = try pane.waitFor(line: "   ✓ 05:30  Prepare lectures and work on your books")
        #expect(screen.contains("Thursday 2026-03-05 · today · 2 of 6 done"))

        // Enter checks too, and unchecks a checked task.
        try pane.send("Down", "Enter")
        try pane.waitFor(line: " › ✓ 05:05  Drink weak tea and smoke one pipe while thinking")
        try pane.send("Down", "Enter", "Up")
        try pane.waitUntil("task 3 unchecked, the cursor on task 2") {
            $0.contains("   · 05:30  Prepare lectures and work on your books  ← now")
                && $0.contains(" › ✓ 05:05  Drink weak tea and smoke one pipe while thinking")
        }
        #expect(try box.bmctl("today").stdout.contains("· 3  05:30  Prepare lectures"))

        try pane.send("Left")
        screen = try pane.waitFor(line: "Wednesday 2026-03-04 · past, read-only · 0 of 6 done")
        #expect(screen.contains("   ✗ 05:00  Get up when your servant calls"))
        try pane.send("Space")
        try pane.waitFor("Past days are read-only")

        try pane.send("q")
        _ = try Self.expectRestored(pane, status: 0)
    }

    // Rule U1.
    @Test("a task's time coming shows without a key")
    func taskTime() throws {
        let box = try Self.kantOnThursday(at: "10:59:50")
        #expect(try box.bmctl("welcome").status == 0)
        // Every task whose time has come is checked: nothing to do until 11:00.
        for task in 1...4 { #expect(try box.bmctl("check", "\(task)").status == 0) }
        let pane = try TmuxPane(box, Self.command())
        let before = try pane.waitFor("next: 11:00  Write until lunch in 1 min")
        #expect(!before.contains("← now"))
        // 12:45 is more than an hour off: its time alone, no countdown.
        try pane.waitFor(line: "next: 12:45  Dress and go to lunch with friends")
        try pane.waitFor(line: "   · 11:00  Write until lunch  ← now")
        try pane.send("C-c")
        _ = try Self.expectRestored(pane, status: 0)
    }

    // Rule U1.
    @Test("at midnight the app moves on to the new day, the old one read-only")
    func midnight() throws {
        let box = try Self.kantOnThursday(at: "23:59:57")
        #expect(try box.bmctl("welcome").status == 0)
        let pane = try TmuxPane(box, Self.command())
        try pane.waitFor(line: "Thursday 2026-03-05 · today · 0 of 6 done")
        try pane.waitFor(line: "Friday 2026-03-06 · today · 0 of 6 done")
        try pane.send("Left")
        let screen = try pane.waitFor(line: "Thursday 2026-03-05 · past, read-only · 0 of 6 done")
        #expect(screen.contains("   ✗ 12:45  Dress and go to lunch with friends"))
        try pane.send("q")
        _ = try Self.expectRestored(pane, status: 0)
    }

    // Rule U1.
    @Test("resize draws again at the new size; SIGTERM and a hang-up restore the terminal", arguments: [SIGTERM, SIGHUP])
    func resizeAndTerm(_ number: Int32) throws {
        let box = try Self.kantOnThursday()
        #expect(try box.bmctl("welcome").status == 0)
        let pane = try TmuxPane(box, Self.command())
        try pane.waitFor(line: "Thursday 2026-03-05 · today · 0 of 6 done")
        try pane.tmux("resize-window", "-x", "100", "-y", "30")
        let wide = try pane.waitUntil("a rule 100 wide") { $0.contains(String(repeating: "─", count: 100)) }
        #expect(wide.last { !$0.isEmpty }?.hasPrefix("← → day") == true)
        let shell = try #require(Int32(try pane.tmux("display-message", "-p", "#{pane_pid}").stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        let app = try #require(children.split(separator: " ").first.flatMap { Int32($0) })
        #expect(kill(app, number) == 0)
        _ = try Self.expectRestored(pane, status: 0)
    }

    @Test("The app stays through two restarts of bmd: it says bmd is away, then shows changes again")
    func daemonRestarts() throws {
        // U3
        let box = try Self.kantOnThursday()
        #expect(try box.bmctl("welcome").status == 0)
        let pane = try TmuxPane(box, Self.command())
        try pane.waitFor(line: "Thursday 2026-03-05 · today · 0 of 6 done")
        for round in 1...2 {
            try box.stopDaemon()
            try pane.waitFor("bmd is away")
            // A key while bmd is away does not end the app.
            try pane.send("2")
            try box.startDaemon()
            // Checked elsewhere once bmd is back: the app has reconnected and shows it.
            #expect(try box.bmctl("check", "\(round)").status == 0)
            try pane.waitUntil("round \(round): \(round) of 6 done, bmd no longer away") { screen in
                screen.contains { $0.hasPrefix("Thursday 2026-03-05 · today · \(round) of 6 done") }
                    && !screen.contains { $0.contains("bmd is away") }
            }
        }
        try pane.send("q")
        _ = try Self.expectRestored(pane, status: 0)
    }

    @Test("An app that may start bmd does not start it again when someone stops bmd: it says bmd is away and is live again once bmd is back")
    func daemonNotStartedBehindTheUsersBack() throws {
        // U3, F5: only the app's own start may start bmd.
        let box = try Self.kantOnThursday()
        #expect(try box.bmctl("welcome").status == 0)
        let first = try #require(box.daemon).pid
        let pane = try TmuxPane(box, Self.command().replacingOccurrences(of: " --no-autostart", with: ""))
        try pane.waitFor(line: "Thursday 2026-03-05 · today · 0 of 6 done")
        try box.stopDaemon()
        try pane.waitFor("bmd is away")
        // A bmd anyone started names itself in the state folder's lock file.
        func runningPid() -> pid_t? {
            let note = (try? String(contentsOfFile: box.stateDir + "/bmd.lock", encoding: .utf8)) ?? ""
            guard note.hasPrefix("pid "), let pid = pid_t(note.dropFirst(4).prefix { $0.isNumber }),
                  pid != first, kill(pid, 0) == 0 else { return nil }
            return pid
        }
        defer { if let pid = runningPid(), pid != box.daemon?.pid { kill(pid, SIGTERM) } }
        // The app tries again after 0.25, 0.5, 1 and 2 seconds: four tries, none of which
        // may start a bmd, and a key pressed meanwhile neither.
        try pane.send("Right")
        let deadline = Deadline(in: 4)
        while !deadline.passed {
            #expect(runningPid() == nil, "the app started bmd again")
            usleep(250_000)
        }
        try box.startDaemon()
        #expect(try box.bmctl("check", "1").status == 0)
        let screen = try pane.waitUntil("the app live again with the bmd started by hand") { screen in
            screen.contains { $0.hasPrefix("Immanuel Kant · 1 of 6 done") } && !screen.contains { $0.contains("bmd is away") }
        }
        #expect(!screen.contains { $0.contains("bmctl:") || $0.contains("started it") }, "\(screen)")
        try pane.send("q")
        _ = try Self.expectRestored(pane, status: 0)
    }

    // Rule U1.
    @Test("with no active routine the app says so and e opens Explore")
    func noRoutine() throws {
        let box = try Sandbox(zone: "Europe/Berlin", time: "2026-03-02 08:00:00")
        try box.startDaemon()
        #expect(try box.bmctl("welcome").status == 0)
        let pane = try TmuxPane(box, Self.command())
        try pane.waitFor(line: "No active routine.")
        try pane.waitFor(line: "  e  Explore the celebrity routines")
        try pane.send("e")
        let screen = try pane.waitFor("Benjamin Franklin")
        #expect(screen[0] == "[1 Explore]  2 Routine   3 Data                                      s Settings")
        try pane.send("q")
        _ = try Self.expectRestored(pane, status: 0)
    }

    // Rule U1.
    @Test("Explore: a profile, then choose with y; it says what today ended with and the Routine tab when it starts")
    func explore() throws {
        let box = try Self.kantOnThursday()
        #expect(try box.bmctl("welcome").status == 0)
        #expect(try box.bmctl("check", "1").status == 0)
        let pane = try TmuxPane(box, Self.command())
        try pane.waitFor(line: "Thursday 2026-03-05 · today · 1 of 6 done")
        try pane.send("1")
        try pane.waitFor(line: " › franklin        Benjamin Franklin     8 tasks, first at 05:00")
        try pane.send("Enter")
        try pane.waitFor(line: "Benjamin Franklin (franklin)")
        try pane.waitFor("Source: ")
        try pane.send("Enter")
        try pane.waitFor(line: "Make Benjamin Franklin your routine? It starts tomorrow (2026-03-06).")
        try pane.waitFor("Today's Immanuel Kant ends now with 1 of 6 done; the 5 unchecked count as")
        try pane.send("y")
        try pane.waitFor(line: "Your new routine Benjamin Franklin starts tomorrow (2026-03-06).")
        try pane.waitFor("Kant ended with 1 of 6 done.")
        let status = try box.bmctl("status", "--json").object
        #expect((status["routine"] as? [String: Any])?["id"] as? String == "franklin")
        try pane.send("q")
        _ = try Self.expectRestored(pane, status: 0)
    }

    // Rule U1.
    @Test("Data: a card per routine, weeks back with ←, delete asks naming the routine and its days, then deletes")
    func data() throws {
        // Kant chosen the Tuesday before: it has records from Wednesday 2026-02-25.
        let box = try Self.kantOnThursday(chosen: "2026-02-24 08:00:00")
        #expect(try box.bmctl("welcome").status == 0)
        let pane = try TmuxPane(box, Self.command())
        try pane.waitFor(line: "Thursday 2026-03-05 · today · 0 of 6 done")
        try pane.send("3")
        try pane.waitFor(line: " › Immanuel Kant · celebrity · active")
        try pane.waitFor(line: "Immanuel Kant · week of 2026-03-02 · 6 tasks a day")
        // A check from elsewhere shows on the card's chart at once: Thursday's count.
        #expect(try box.bmctl("check", "1").status == 0)
        try pane.waitUntil("Thursday's count of 1") { screen in
            screen.contains { $0.hasPrefix("       2   3   4   5") }
                && screen.contains { $0.hasSuffix("0   0   1") }
        }
        try pane.send("Left")
        try pane.waitFor(line: "Immanuel Kant · week of 2026-02-23 · 6 tasks a day")
        try pane.waitFor(line: "last week")
        // Nothing before the week of its first record: it stays, and says why.
        try pane.send("Left")
        try pane.waitFor(line: "Immanuel Kant has no records before this week.")
        try pane.waitFor(line: "Immanuel Kant · week of 2026-02-23 · 6 tasks a day")
        let stats = try box.bmctl("stats", "kant", "--json").object
        let days = try #require(((stats["routines"] as? [[String: Any]])?.first?["stats"] as? [String: Any])?["daysTracked"] as? Int)
        try pane.send("d")
        try pane.waitFor("Delete Immanuel Kant and its history: \(days) day")
        try pane.send("x")
        try pane.waitFor(line: "Nothing changed.")
        #expect(try box.bmctl("data", "--json").stdout.contains("Immanuel Kant"))
        try pane.send("d")
        try pane.waitFor("Delete Immanuel Kant and its history")
        try pane.send("y")
        try pane.waitFor("Deleted Immanuel Kant and its")
        try pane.waitFor(line: "No routines yet: choose one in Explore (1), and its card shows here.")
        #expect(try box.bmctl("data", "--json").stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
        try pane.send("q")
        _ = try Self.expectRestored(pane, status: 0)
    }

    // Rule U1.
    @Test("Settings: notifications off and on, reset after a question")
    func settings() throws {
        let box = try Self.kantOnThursday()
        #expect(try box.bmctl("welcome").status == 0)
        let pane = try TmuxPane(box, Self.command())
        try pane.waitFor(line: "Thursday 2026-03-05 · today · 0 of 6 done")
        try pane.send("s")
        // bmd has no session bus in this sandbox, and the app says so, in status's words.
        try pane.waitFor(line: "  n  Notifications: on — the reminder cannot show yet: there is no session bus")
        try pane.send("n")
        try pane.waitFor(line: "  n  Notifications: off — no reminder is sent")
        let status = try box.bmctl("status", "--json").object
        #expect((status["notifications"] as? [String: Any])?["enabled"] as? Bool == false)
        try pane.send("r")
        try pane.waitFor(line: "Reset Better Morning? Every routine, record and setting is removed; the")
        try pane.send("y")
        // Settings close on the fresh start: no routine, notifications on again.
        try pane.waitFor(line: "Better Morning is reset: every routine, record and setting is gone.")
        try pane.waitFor(line: "No active routine.")
        let fresh = try box.bmctl("status", "--json").object
        #expect((fresh["notifications"] as? [String: Any])?["enabled"] as? Bool == true)
        #expect(try box.bmctl("data", "--json").stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
        try pane.send("q")
        _ = try Self.expectRestored(pane, status: 0)
    }

    // Rule U1.
    @Test("create from the app: the questions on the shell's screen, the draft kept through Ctrl-C and resumed, then back in the app")
    func create() throws {
        let box = try Sandbox(zone: "Europe/Berlin", time: "2026-03-02 08:00:00")
        try box.startDaemon()
        #expect(try box.bmctl("welcome").status == 0)
        let first = try TmuxPane(box, Self.command())
        try first.waitFor(line: "  c  Create your own routine")
        try first.send("c")
        try first.waitFor("Title (1 to 20 characters):")
        try first.send("-l", "Morning run")
        try first.send("Enter")
        try first.waitFor("Task 1:")
        try first.send("-l", "06:45 Run")
        try first.send("Enter")
        try first.waitFor("Task 2:")
        // Interrupted half-way: bmctl ends, and what was typed is in bmd's draft.
        try first.send("C-c")
        let screen = try Self.expectRestored(first, status: 130)
        #expect(screen.contains { $0.contains("Task 2:") })
        #expect(try box.bmctl("draft", "show").stdout.contains("06:45  Run"))

        let second = try TmuxPane(box, Self.command())
        try second.waitFor(line: "  c  Create your own routine")
        try second.send("c")
        try second.waitFor("Resuming your draft.")
        try second.waitFor("Title [Morning run]:")
        try second.send("Enter")
        try second.waitFor("Task 2:")
        try second.send("Enter")
        try second.waitFor("Save Morning run with 1 task and start it tomorrow? [Y/n]")
        try second.send("Enter")
        try second.waitFor(line: "Your new routine Morning run starts tomorrow (2026-03-03).")
        try second.waitFor(line: " ›   06:45  Run")
        try second.send("q")
        _ = try Self.expectRestored(second, status: 0)
    }

    @Test("bmctl week on a terminal, ended by SIGTERM or a hang-up, puts the terminal back too", arguments: [SIGTERM, SIGHUP])
    func weekBrowserSignal(_ number: Int32) throws {
        let box = try Self.kantOnThursday()
        #expect(try box.bmctl("welcome").status == 0)
        let pane = try TmuxPane(box, Self.command("week"))
        try pane.waitFor("← previous week · → next week · q quit")
        let shell = try #require(Int32(try pane.tmux("display-message", "-p", "#{pane_pid}").stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        let week = try #require(children.split(separator: " ").first.flatMap { Int32($0) })
        #expect(kill(week, number) == 0)
        _ = try Self.expectRestored(pane, status: 128 + Int(number))
    }

    // Rule U1.
    @Test("colour on a terminal, none at all with NO_COLOR", arguments: [true, false])
    func colour(_ colour: Bool) throws {
        let box = try Self.kantOnThursday()
        #expect(try box.bmctl("welcome").status == 0)
        #expect(try box.bmctl("check", "1").status == 0)
        let pane = try TmuxPane(box, Self.command(), colour: colour)
        try pane.waitFor(line: "Thursday 2026-03-05 · today · 1 of 6 done")
        // The screen with its attributes, as tmux shows it: SGR sequences for bold, dim, green.
        let painted = try pane.tmux("capture-pane", "-p", "-e").stdout
        #expect(painted.contains("\u{1B}[") == colour, "\(painted)")
        #expect(painted.contains("✓"))
        try pane.send("q")
        _ = try Self.expectRestored(pane, status: 0)
    }
}
