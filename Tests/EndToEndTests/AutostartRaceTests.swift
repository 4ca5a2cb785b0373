import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A process as /proc shows it.
struct ProcessEntry {
    var pid: pid_t
    var parent: pid_t
    var name: String
    /// One letter: R, S, D, Z (a zombie: ended, its status not yet collected by its parent)…
    var state: Character

    /// Every process on the machine now.
    static func all() -> [ProcessEntry] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap { name in
            guard let pid = pid_t(name), let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                  let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { return nil }
            // "pid (name) state parent …"; the name may hold spaces and parentheses.
            let rest = stat[stat.index(after: close)...].split(separator: " ")
            guard rest.count > 2, let state = rest[0].first, let parent = pid_t(rest[1]) else { return nil }
            return ProcessEntry(pid: pid, parent: parent, name: String(stat[stat.index(after: open)..<close]), state: state)
        }
    }

    /// Whether the process's environment has `entry` ("KEY=value"); false once it has ended.
    func environment(contains entry: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return false }
        return data.split(separator: 0).contains { String(decoding: $0, as: UTF8.self) == entry }
    }
}

@Suite("End to end: clients that start bmd at the same moment")
struct AutostartRaceTests {
    @Test("Three status followers started at once with no bmd leave exactly one bmd running and no zombie; stopped, it stays stopped until started again",
          .timeLimit(.minutes(1)))
    func threeFollowersOneDaemon() throws {
        // F5
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        let stateHome = "XDG_STATE_HOME=" + box.root.appendingPathComponent("state").path
        var followers: [(ChildProcess, LineReader)] = []
        defer {
            for (follower, _) in followers { follower.signal(SIGTERM) }
            for (follower, _) in followers { follower.wait() }
            // The bmd they started is no child of this test: stop it by its pid.
            for entry in ProcessEntry.all() where entry.name == "bmd" && entry.environment(contains: stateHome) {
                kill(entry.pid, SIGTERM)
            }
        }
        for _ in 0..<3 {
            let out = try Pipe2()
            let follower = try ChildProcess(Binaries.bmctl, ["status", "--follow", "--format", "waybar"],
                                            environment: box.baseEnvironment, stdout: out.write)
            out.closeWrite()
            followers.append((follower, LineReader(out)))
        }
        for (index, (_, lines)) in followers.enumerated() {
            let first = try #require(lines.next(timeout: 20), "follower \(index + 1) printed nothing")
            #expect(first.contains(#""text""#), "follower \(index + 1): \(first)")
        }
        let pids = Set(followers.map { $0.0.pid })
        /// The running bmds of this test, and the zombies under its followers, once there
        /// is one bmd and no zombie or the deadline has passed: the bmds that lost the race
        /// exit at once, and a follower must collect each it started.
        func settle() -> (daemons: [ProcessEntry], zombies: [ProcessEntry]) {
            var daemons: [ProcessEntry] = []
            var zombies: [ProcessEntry] = []
            let deadline = Deadline(in: 10)
            repeat {
                let now = ProcessEntry.all()
                daemons = now.filter { $0.name == "bmd" && $0.state != "Z" && $0.environment(contains: stateHome) }
                zombies = now.filter { pids.contains($0.parent) && $0.state == "Z" }
                if daemons.count == 1, zombies.isEmpty { break }
                usleep(20_000)
            } while !deadline.passed
            return (daemons, zombies)
        }
        var (daemons, zombies) = settle()
        #expect(daemons.count == 1, "bmd processes: \(daemons.map(\.pid))")
        #expect(zombies.isEmpty, "zombies under the followers: \(zombies.map { "\($0.pid) (\($0.name))" })")
        // All three follow that one bmd: a change reaches each.
        #expect(try box.bmctl("activate", "kant").status == 0)
        for (index, (_, lines)) in followers.enumerated() {
            #expect(lines.next(timeout: 5) != nil, "follower \(index + 1) saw no change")
        }
        // That bmd is stopped: the follower that started it collects it, and none starts
        // another behind the back of whoever stopped it; they wait, and follow the bmd
        // started next.
        let first = try #require(daemons.first)
        kill(first.pid, SIGTERM)
        for (index, (_, lines)) in followers.enumerated() {
            #expect(lines.next(timeout: 10)?.contains("offline") == true, "follower \(index + 1) did not go offline")
        }
        let stopped = Deadline(in: 2)
        while !stopped.passed {
            let running = ProcessEntry.all().filter { $0.name == "bmd" && $0.state != "Z" && $0.pid != first.pid && $0.environment(contains: stateHome) }
            #expect(running.isEmpty, "a follower started bmd again: \(running.map(\.pid))")
            usleep(100_000)
        }
        try box.startDaemon()
        for (index, (_, lines)) in followers.enumerated() {
            #expect(lines.next(timeout: 20) != nil, "follower \(index + 1) did not come back")
        }
        (daemons, zombies) = settle()
        #expect(daemons.count == 1 && daemons.first?.pid != first.pid, "bmd processes: \(daemons.map(\.pid))")
        #expect(zombies.isEmpty, "zombies under the followers: \(zombies.map { "\($0.pid) (\($0.name))" })")
        try box.stopDaemon()
    }

    @Test("Three clients starting bmd at once each name the one bmd that serves them, and only the one that started it says so",
          .timeLimit(.minutes(1)))
    func everyNoticeNamesTheServingDaemon() throws {
        // F5
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        let stateHome = "XDG_STATE_HOME=" + box.root.appendingPathComponent("state").path
        defer {
            for entry in ProcessEntry.all() where entry.name == "bmd" && entry.environment(contains: stateHome) {
                kill(entry.pid, SIGTERM)
            }
        }
        var clients: [(ChildProcess, Pipe2)] = []
        for _ in 0..<3 {
            let err = try Pipe2()
            let client = try ChildProcess(Binaries.bmctl, ["status", "--json"], environment: box.baseEnvironment, stderr: err.write)
            err.closeWrite()
            clients.append((client, err))
        }
        var notices: [String] = []
        for (client, err) in clients {
            let said = String(decoding: err.readAll(), as: UTF8.self)
            #expect(client.wait() == 0, "\(said)")
            notices += said.split(separator: "\n").map(String.init).filter { $0.contains("bmd was not running") }
        }
        // "… (pid 1234)": the pid each notice names.
        let named = Set(notices.compactMap { line in line.split(separator: "(pid ").last.flatMap { Int32($0.prefix { $0.isNumber }) } })
        #expect(!notices.isEmpty && named.count == 1, "\(notices)")
        let serving = ProcessEntry.all().filter { $0.name == "bmd" && $0.state != "Z" && $0.environment(contains: stateHome) }
        #expect(serving.map(\.pid) == Array(named), "running: \(serving.map(\.pid)), named: \(notices)")
        #expect(notices.filter { $0.contains("started it (pid") }.count <= 1, "\(notices)")
    }

    @Test("Where a systemd user manager runs and bmd's units are installed, bmctl starts bmd through the socket unit, not by itself",
          .timeLimit(.minutes(1)))
    func autostartThroughSocketUnit() throws {
        // F5, U3: under systemd, bmd runs as systemd's service (its journal, watchdog, restarts).
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        let stateHome = "XDG_STATE_HOME=" + box.root.appendingPathComponent("state").path
        defer {
            for entry in ProcessEntry.all() where entry.name == "bmd" && entry.environment(contains: stateHome) {
                kill(entry.pid, SIGTERM)
            }
        }
        // A user manager's private socket, the unit where a user's units go, and a systemctl
        // that does what `systemctl --user start bmd.socket` does for bmctl: bmd listens on
        // the default socket when it returns. It notes how it was called.
        let runtime = box.runtimeDir
        try FileManager.default.createDirectory(atPath: runtime + "/systemd", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: runtime + "/systemd/private", contents: Data()))
        let config = box.root.appendingPathComponent("config").path
        try FileManager.default.createDirectory(atPath: config + "/systemd/user", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: packageRoot.appendingPathComponent("packaging/systemd/bmd.socket").path,
                                         toPath: config + "/systemd/user/bmd.socket")
        let tools = box.root.appendingPathComponent("tools").path
        try FileManager.default.createDirectory(atPath: tools, withIntermediateDirectories: true)
        let calls = box.root.appendingPathComponent("systemctl-calls").path
        let script = """
            #!/bin/sh
            echo "$*" >> '\(calls)'
            setsid '\(Binaries.dir.path)/bmd' < /dev/null > /dev/null 2>&1 &
            i=0
            while [ ! -S "$XDG_RUNTIME_DIR/better-morning/bmd.sock" ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
            """
        try ChildProcess.writeProgram(script, to: tools + "/systemctl")
        var env = box.baseEnvironment
        env["XDG_CONFIG_HOME"] = config
        env["PATH"] = tools + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        // bmctl from a folder without bmd beside it, so that only systemctl could start one.
        let alone = box.root.appendingPathComponent("alone").path
        try FileManager.default.createDirectory(atPath: alone, withIntermediateDirectories: true)
        try ChildProcess.copyProgram(Binaries.bmctl, to: alone + "/bmctl")
        let run = try box.run(alone + "/bmctl", ["status", "--json"], environment: env)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "bmctl: bmd was not running; systemd started it (bmd.socket)\n", "\(run.stderr)")
        #expect((try? String(contentsOfFile: calls, encoding: .utf8)) == "--user start bmd.socket\n")
        // Without a user manager, bmctl starts bmd itself, as before.
        try FileManager.default.removeItem(atPath: runtime + "/systemd/private")
        for entry in ProcessEntry.all() where entry.name == "bmd" && entry.environment(contains: stateHome) { kill(entry.pid, SIGTERM) }
        var stopped = false
        for _ in 0..<100 where !stopped {
            stopped = !ProcessEntry.all().contains { $0.name == "bmd" && $0.state != "Z" && $0.environment(contains: stateHome) }
            if !stopped { usleep(50_000) }
        }
        env["PATH"] = Binaries.dir.path + ":" + tools + ":/usr/bin:/bin"
        let itself = try box.run(Binaries.bmctl, ["status", "--json"], environment: env)
        #expect(itself.status == 0 && itself.stderr.contains("started it (pid "), "\(itself.stderr)")
        #expect((try? String(contentsOfFile: calls, encoding: .utf8)) == "--user start bmd.socket\n")
    }

    @Test("With a bmd for the same state on another socket, bmctl says so rather than that the bmd it started did not answer",
          .timeLimit(.minutes(1)))
    func runningElsewhere() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        let elsewhere = box.root.appendingPathComponent("elsewhere/bmd.sock").path
        try box.startDaemon(arguments: ["--socket", elsewhere], fakeClock: false)
        let run = try box.bmctl("status", autostart: true)
        #expect(run.status == 3)
        #expect(run.stderr.contains("Another bmd already runs for your state"), "\(run.stderr)")
        try box.stopDaemon()
    }
}
