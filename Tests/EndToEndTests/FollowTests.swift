import Foundation
import MorningProtocol
import Testing
#if canImport(Glibc)
import Glibc
#endif

// Rules L1, L2.
@Suite("End to end: live status for status bars")
struct FollowTests {
    /// `bmctl status --follow --format waybar` against a sandbox's bmd, as a bar runs it:
    /// what it prints and what it says on stderr, by lines.
    struct WaybarFollower {
        let process: ChildProcess
        let lines: LineReader
        let errors: LineReader

        init(_ box: Sandbox) throws {
            let out = try Pipe2(), err = try Pipe2()
            process = try ChildProcess(Binaries.bmctl, ["--no-autostart", "status", "--follow", "--format", "waybar"],
                                       environment: box.baseEnvironment, stdout: out.write, stderr: err.write)
            out.closeWrite()
            err.closeWrite()
            lines = LineReader(out)
            errors = LineReader(err)
        }

        func stop() {
            process.signal(SIGTERM)
            process.wait()
        }
    }

    /// A sandbox whose bmd runs Kant's routine, activated on 2 March in Berlin, with its
    /// clock at `time` on the 3rd (nil: left at 08:00 on the 2nd). At 09:30 the next task
    /// (11:00) is more than an hour off, so no minute of a countdown adds a line while a
    /// test watches.
    static func kantsMorning(at time: String? = "09:30:00") throws -> Sandbox {
        let box = try Sandbox(zone: "Europe/Berlin", time: "2026-03-02 08:00:00")
        try box.startDaemon()
        #expect(try box.bmctl("activate", "kant").status == 0)
        if let time { box.setClock("2026-03-03 " + time) }
        return box
    }

    @Test("status --follow --format waybar prints a JSON line at once and a new one within a second of a check")
    func waybar() throws {
        let box = try Self.kantsMorning()
        let follower = try WaybarFollower(box)
        defer { follower.stop() }
        let lines = follower.lines
        let first = try #require(lines.next(timeout: 10))
        let initial = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        #expect((initial["text"] as? String)?.hasPrefix("☀ 0/") == true)
        #expect(initial["percentage"] as? Int == 0)
        #expect((initial["class"] as? [String])?.contains("running") == true)
        #expect((initial["tooltip"] as? String)?.contains("Immanuel Kant") == true)

        #expect(try box.bmctl("check", "1").status == 0)
        let checkedAt = Stopwatch()
        let second = try #require(lines.next(timeout: 1), "no new line within a second of the check")
        #expect(checkedAt.seconds < 1)
        let updated = try #require(try JSONSerialization.jsonObject(with: Data(second.utf8)) as? [String: Any])
        #expect((updated["text"] as? String)?.hasPrefix("☀ 1/") == true)
        #expect((updated["percentage"] as? Int ?? 0) > 0)
        try box.stopDaemon()
        // When bmd stops, the follower does not end: a bar that ran it would go blank. It
        // shows an offline state (see followerSurvivesRestart).
        let offline = try #require(lines.next(timeout: 2), "no offline line within two seconds of bmd stopping")
        #expect(offline.contains(#""alt":"offline""#))
    }

    @Test("The follower turned away because bmd serves its most followers says bmd is busy, not that it is not running, and follows once a place is free")
    func followerBeyondTheLimitSaysBusy() throws {
        let box = try Self.kantsMorning(at: nil)
        // Every place for a follower taken.
        var followers: [VarlinkClient] = []
        defer { withExtendedLifetime(followers) {} }
        for _ in 0..<32 {
            let client = try VarlinkClient(path: box.socketPath)
            client.send(Morning.Call.status().more.call.frame)
            #expect(try client.receive()["parameters"] != nil)
            followers.append(client)
        }
        let follower = try WaybarFollower(box)
        defer { follower.stop() }
        let lines = follower.lines
        let first = try #require(lines.next(timeout: 10))
        let bar = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        #expect(bar["alt"] as? String == "busy", "\(first)")
        #expect((bar["tooltip"] as? String)?.contains("not running") == false, "\(first)")
        // A place comes free (a follower hangs up): the bar shows the status.
        followers[0].finishSending()
        let status = try #require(lines.next(timeout: 10), "no status once a place was free")
        #expect(status.contains("Immanuel Kant"), "\(status)")
        try box.stopDaemon()
    }

    // Rules L2, L3: the follower outlives bmd, so a bar keeps its module across a restart.
    @Test("a follower shows offline across a kill and restart of bmd, then the status again")
    func followerSurvivesRestart() throws {
        let box = try Self.kantsMorning()
        let follower = try WaybarFollower(box)
        defer { follower.stop() }
        let lines = follower.lines
        let first = try #require(lines.next(timeout: 10))
        #expect(first.contains(#""text":"☀ 0/6"#))
        try box.killDaemon()
        let offline = try #require(lines.next(timeout: 2), "no offline line within two seconds of bmd's kill")
        let state = try #require(try JSONSerialization.jsonObject(with: Data(offline.utf8)) as? [String: Any])
        #expect(state["alt"] as? String == "offline")
        #expect(state["class"] as? [String] == ["offline"])
        // Some seconds without bmd: the follower keeps trying and prints nothing new.
        #expect(lines.next(timeout: 2) == nil)
        try box.startDaemon()
        // The longest wait between tries is four seconds; the status is back within that and a little.
        let back = try #require(lines.next(timeout: 6), "no status within six seconds of bmd's restart")
        let status = try #require(try JSONSerialization.jsonObject(with: Data(back.utf8)) as? [String: Any])
        #expect((status["text"] as? String)?.hasPrefix("☀ 0/6") == true)
        #expect(status["alt"] as? String == "behind")
        // And it follows the new bmd: a check shows at once.
        #expect(try box.bmctl("check", "1").status == 0)
        let checked = try #require(lines.next(timeout: 2), "no new line within two seconds of a check")
        #expect(checked.contains(#""text":"☀ 1/6"#))
        try box.stopDaemon()
    }

    // Rule U3: a bar started at login, before bmd, with --no-autostart.
    @Test("a follower started before bmd shows offline, says once that it waits, and goes live when bmd comes")
    func followerStartedBeforeDaemon() throws {
        let box = try Self.kantsMorning(at: nil)
        try box.stopDaemon()
        box.setClock("2026-03-03 09:30:00")
        let follower = try WaybarFollower(box)
        defer { follower.stop() }
        let lines = follower.lines, errors = follower.errors
        let offline = try #require(lines.next(timeout: 5), "no offline line while bmd is not there")
        #expect(offline.contains(#""alt":"offline""#), "\(offline)")
        let told = try #require(errors.next(timeout: 5))
        #expect(told.hasPrefix("bmctl: ") && told.hasSuffix("; waiting for bmd"), "\(told)")
        var status: Int32 = 0
        #expect(waitpid(follower.process.pid, &status, WNOHANG) == 0, "the follower exited instead of waiting")
        try box.startDaemon()
        let live = try #require(lines.next(timeout: 6), "no status within six seconds of bmd's start")
        #expect(live.contains(#""text":"☀ 0/6"#), "\(live)")
        try box.stopDaemon()
    }

    // Rule L2.
    @Test("a follower that stops reading costs bmd its newest status, not every frame since")
    func stalledFollower() throws {
        let box = try Sandbox(time: "2026-03-02 06:30:00")
        try box.startDaemon()
        #expect(try box.bmctl("activate", "franklin").status == 0)
        let follower = try VarlinkClient(path: box.socketPath, timeout: 1)
        follower.send(Morning.Call.status().more.call.frame)
        _ = try follower.receive()
        // Each toggle changes the status; the follower reads none of them meanwhile.
        let toggler = try VarlinkClient(path: box.socketPath)
        let toggles = 5_000
        for n in 0..<toggles {
            box.drainStatus()
            _ = try toggler.call(Morning.Method.setNotifications.rawValue, ["enabled": n % 2 == 1])
        }
        box.drainStatus()
        #expect(try box.bmctl("notifications", "on").status == 0)
        // Now it reads: what bmd held is bounded by the socket's buffers, and the last
        // frame is the status as it stands.
        var frames = 0
        var last: [String: Any] = [:]
        while let frame = try? follower.receive() {
            frames += 1
            last = frame
        }
        #expect(frames < toggles / 2, "the follower got \(frames) frames for \(toggles) changes")
        let notifications = (last["parameters"] as? [String: Any])?["notifications"] as? [String: Any]
        #expect(notifications?["enabled"] as? Bool == true, "last frame: \(last)")
        try box.stopDaemon()
    }

    @Test("status --format i3blocks and polybar print what those bars read, polybar in its own colour tags")
    func otherBars() throws {
        let box = try Self.kantsMorning(at: "12:00:00")
        let i3 = try box.bmctl("status", "--format", "i3blocks")
        let i3Lines = i3.stdout.split(separator: "\n")
        // At an interval i3blocks reads the bar's text, the short text and the colour.
        #expect(i3Lines.count == 3 && i3Lines[0].hasPrefix("☀ 0/6 Get up") && i3Lines[1] == "☀ 0/6")
        // Every task up to noon is unchecked: behind, in amber.
        #expect(i3Lines.last == "#E5A50A")
        let polybar = try box.bmctl("status", "--format", "polybar")
        // polybar's text is wrapped in polybar's own colour tags, amber when behind.
        #expect(polybar.stdout.hasPrefix("%{F#E5A50A}☀ 0/") && polybar.stdout.hasSuffix("%{F-}\n")
                && polybar.stdout.split(separator: "\n").count == 1)
        #expect(try box.bmctl("status", "--format", "lemonbar").status == 2)
        try box.stopDaemon()
    }
}

@Suite("End to end: more followers than bmd serves")
struct FollowerLimitTests {
    @Test("A 33rd follower is told the followers' limit and follows once a place is free", .timeLimit(.minutes(1)))
    func thirtyThird() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        try box.startDaemon()
        var followers: [VarlinkClient] = []
        defer { withExtendedLifetime(followers) {} }
        for _ in 0..<32 {
            let follower = try VarlinkClient(path: box.socketPath)
            follower.send(Morning.Call.status().more.call.frame)
            _ = try follower.receive()
            followers.append(follower)
        }
        let output = box.root.appendingPathComponent("bar.out").path
        let errors = box.root.appendingPathComponent("bar.err").path
        let bar = try ChildProcess("/bin/sh", ["-c", #"exec "$0" --no-autostart status --follow --json >"$1" 2>"$2""#,
                                               Binaries.bmctl, output, errors], environment: box.baseEnvironment)
        defer {
            bar.signal(SIGTERM)
            bar.wait()
        }
        func text(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
        let deadline = Deadline(in: 15)
        while !text(errors).contains("trying again"), !deadline.passed { usleep(20_000) }
        #expect(text(errors).contains("bmd already sends the status to 32 followers"), "\(text(errors))")
        // A place frees (a follower hangs up): the waiting bar takes it and prints the status.
        followers.last?.finishSending()
        let shown = Deadline(in: 15)
        while !text(output).contains(#""phase""#), !shown.passed { usleep(20_000) }
        #expect(text(output).contains(#""phase":"none""#), "\(text(output)); \(text(errors)); log: \(box.daemonLog)")
        try box.stopDaemon()
    }
}
