import Foundation
import MorningTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

// Faults the daemon meets on a real machine: a full disk, a state file it may not write,
// a damaged or too new state file, two daemons started at once, and a clock that jumps.
// Each test runs the real bmd and bmctl on a real SQLite file.

@Suite("End to end: faults of disk, files, start-up and clock", .serialized)
struct FaultTests {
    // MARK: - 1. A full disk

    @Test("ENOSPC: a change on a full disk exits 1 saying so; bmd serves on, nothing is half-applied, and writes work once space is free",
          .enabled("needs a tmpfs mount (root)") { MachineProbe.mount.works }, .timeLimit(.minutes(2)))
    func fullDisk() throws {
        let (box, disk) = try Sandbox.kantOnSmallDisk()
        defer {
            box.killDaemonIfRunning()
            disk.unmount()
        }
        let before = try box.visibleState()

        try disk.fill()
        // A check (one row), a switch (finalize today, deactivate, insert a routine: one
        // transaction of many rows) and a setting: each is refused whole.
        for arguments in [["check", "2"], ["activate", "franklin"], ["notifications", "off"]] {
            let refused = try box.run(Binaries.bmctl, ["--no-autostart"] + arguments, environment: box.baseEnvironment)
            #expect(refused.status == 1, "bmctl \(arguments.joined(separator: " ")): \(refused.stdout) \(refused.stderr)")
            #expect(refused.stderr.contains("disk") && refused.stderr.contains("full")
                    && refused.stderr.contains("free some space"), "\(refused.stderr)")
            #expect(refused.stderr.contains("nothing was changed"), "\(refused.stderr)")
        }
        // bmd still answers reads, and they show the state as it was.
        #expect(try box.visibleState() == before)

        disk.free()
        #expect(try box.visibleState() == before)
        // What is on disk is the same: a new bmd reads it back unchanged.
        try box.stopDaemon()
        try box.startDaemon()
        #expect(try box.visibleState() == before)
        // And writes work again.
        #expect(try box.bmctl("check", "2").status == 0)
        #expect(try box.bmctl("day", "--json").object["completed"] as? Int == 2)
        try box.stopDaemon()
    }

    // MARK: - 2. A state file or folder that cannot be written

    @Test("A state file that cannot be written (chattr +i): bmd says so clearly and leaves it unchanged",
          .enabled("needs chattr on a tmpfs (root)") { MachineProbe.mount.works }, .timeLimit(.minutes(2)))
    func immutableStateFile() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        let disk = try Tmpfs(at: box.root.appendingPathComponent("state").path, size: "8m")
        var immutable = false
        defer {
            box.killDaemonIfRunning()
            if immutable { try? mountCommand("chattr", ["-i", box.stateFile]) }
            disk.unmount()
        }
        try box.startDaemon()
        #expect(try box.bmctl("activate", "kant").status == 0)
        box.setClock("2026-03-03 09:00:00")
        #expect(try box.bmctl("check", "1").status == 0)
        let before = try box.visibleState()
        try box.stopDaemon()
        let bytes = try #require(contents(box.stateFile))

        do {
            try mountCommand("chattr", ["+i", box.stateFile])
            immutable = true
        } catch {
            // chattr on tmpfs needs Linux 6.0; without it there is nothing to test here.
            FileHandle.standardError.write(Data("FaultTests: chattr +i failed, skipping: \(error)\n".utf8))
            return
        }
        switch try box.startOrRefuse() {
        case .refused(let refusal):
            // Refusing to start is a clear answer too, if it names the file and the cause.
            #expect(refusal.contains(box.stateFile) && refusal.lowercased().contains("read-only"), "\(refusal)")
        case .serving(let daemon):
            #expect(try box.visibleState() == before)
            let refused = try box.bmctl("check", "2")
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("read-only") && refused.stderr.contains("nothing was changed"), "\(refused.stderr)")
            #expect(try box.visibleState() == before)
            stop(daemon)
        }
        #expect(contents(box.stateFile) == bytes)

        try mountCommand("chattr", ["-i", box.stateFile])
        immutable = false
        try box.startDaemon()
        #expect(try box.visibleState() == before)
        #expect(try box.bmctl("check", "2").status == 0)
        try box.stopDaemon()
    }

    @Test("A read-only state folder (a read-only bind mount): bmd refuses to start, naming the folder, and changes nothing",
          .enabled("needs mount (root)") { MachineProbe.mount.works }, .timeLimit(.minutes(2)))
    func readOnlyStateFolder() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        try box.startDaemon()
        #expect(try box.bmctl("activate", "kant").status == 0)
        box.setClock("2026-03-03 09:00:00")
        #expect(try box.bmctl("check", "1").status == 0)
        let before = try box.visibleState()
        // Killed, so that the -wal holds the last commits: both files must stay as they are.
        try box.killDaemon()
        let bytes = try #require(contents(box.stateFile))
        let wal = contents(box.stateFile + "-wal")

        let readOnly = try ReadOnlyBind(box.stateDir)
        defer {
            box.killDaemonIfRunning()
            readOnly.unmount()
        }
        switch try box.startOrRefuse() {
        case .refused(let refusal):
            #expect(refusal.contains(box.stateDir) && refusal.lowercased().contains("read-only"), "\(refusal)")
        case .serving(let daemon):
            #expect(try box.visibleState() == before)
            let refused = try box.bmctl("check", "2")
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("read-only") && refused.stderr.contains("nothing was changed"), "\(refused.stderr)")
            daemon.signal(SIGKILL)
            daemon.wait()
        }
        #expect(contents(box.stateFile) == bytes)
        #expect(contents(box.stateFile + "-wal") == wal)

        readOnly.unmount()
        try box.startDaemon()
        #expect(try box.visibleState() == before)
        #expect(try box.bmctl("check", "2").status == 0)
        try box.stopDaemon()
    }

    /// SIGTERM, and a clean exit.
    private func stop(_ child: ChildProcess) {
        child.signal(SIGTERM)
        #expect(child.wait() == 0)
    }

    // MARK: - 3. Damaged and newer state files

    @Test("A state file that is not SQLite: bmd refuses to start, names the file and what to do, and leaves it byte for byte",
          .timeLimit(.minutes(1)))
    func notADatabase() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        try FileManager.default.createDirectory(atPath: box.stateDir, withIntermediateDirectories: true)
        let bytes = Data(String(repeating: "these are my notes, not a database\n", count: 200).utf8)
        try bytes.write(to: URL(fileURLWithPath: box.stateFile))
        try expectRefusal(box, mentioning: ["not a database"])
        #expect(contents(box.stateFile) == bytes)
        #expect(!FileManager.default.fileExists(atPath: box.stateFile + "-wal"))
    }

    @Test("A SQLite state file with garbage in its pages: bmd refuses to start and leaves it byte for byte",
          .timeLimit(.minutes(1)), arguments: ["every page but the first", "the last page"])
    func garbageInPages(which: String) throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        try box.startDaemon()
        #expect(try box.bmctl("activate", "kant").status == 0)
        box.setClock("2026-03-05 09:00:00")
        #expect(try box.bmctl("check", "1").status == 0)
        try box.stopDaemon()
        var bytes = try #require(contents(box.stateFile))
        let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        #expect(bytes.count >= 3 * pageSize)
        var generator = SeededRandom(seed: 0xBAD_F11E)
        let start = which == "the last page" ? bytes.count - pageSize : pageSize
        for i in start..<bytes.count { bytes[i] = UInt8.random(in: 0...255, using: &generator) }
        try bytes.write(to: URL(fileURLWithPath: box.stateFile))
        try expectRefusal(box, mentioning: ["damaged"])
        #expect(contents(box.stateFile) == bytes)
    }

    @Test("A state file written by a newer bmd (an unknown migration), with a -wal: bmd refuses and leaves both byte for byte",
          .timeLimit(.minutes(1)))
    func newerSchema() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        try box.startDaemon()
        #expect(try box.bmctl("activate", "kant").status == 0)
        try box.stopDaemon()
        // A newer bmd's migration, committed into the -wal and not checkpointed: as a newer
        // bmd that was killed leaves it.
        let sqlite = try ChildProcess.run("/usr/bin/sqlite3", [box.stateFile, ".dbconfig no_ckpt_on_close on",
                                                              "INSERT INTO grdb_migrations (identifier) VALUES ('v9-from-the-future')"],
                                          environment: box.baseEnvironment)
        try #require(sqlite.status == 0, "\(sqlite.stderr)")
        let bytes = try #require(contents(box.stateFile))
        let wal = try #require(contents(box.stateFile + "-wal"), "sqlite3 left no -wal")
        #expect(!wal.isEmpty)
        try expectRefusal(box, mentioning: ["newer", "v9-from-the-future"])
        #expect(contents(box.stateFile) == bytes)
        #expect(contents(box.stateFile + "-wal") == wal)
    }

    /// bmd started on the sandbox's state exits non-zero at once with a message that names
    /// the state file, each of `words`, and what to do.
    private func expectRefusal(_ box: Sandbox, mentioning words: [String]) throws {
        guard let message = try box.startOrRefuse().refusal(else: "bmd started serving on a state file it should refuse") else { return }
        #expect(message.contains(box.stateFile), "\(message)")
        for word in words { #expect(message.contains(word), "\(message)") }
        // What to do: keep the file and start afresh, or restore a backup.
        #expect(message.contains("move it aside") || message.contains("restore"), "\(message)")
    }

    // MARK: - 4. Two daemons at the same instant

    // Rule F3.
    @Test("two bmd started at the same instant on one state folder: one serves, the other exits at once naming it",
          .timeLimit(.minutes(2)))
    func simultaneousStart() throws {
        for round in 1...20 {
            let box = try Sandbox(time: "2026-03-02 08:00:00")
            let notify = try NotifyListener(path: box.root.appendingPathComponent("notify").path)
            var env = box.daemonEnvironment
            env["NOTIFY_SOCKET"] = notify.path
            let errs = try [Pipe2(), Pipe2()]
            let children = try errs.map { err in
                try ChildProcess(Binaries.bmd, [], environment: env, stderr: err.write)
            }
            errs.forEach { $0.closeWrite() }
            let exited = SharedValue<[Int: Int32]>([:])
            let ended = DispatchSemaphore(value: 0)
            for (index, child) in children.enumerated() {
                Thread {
                    let status = child.wait()
                    exited.withLock { $0[index] = status }
                    ended.signal()
                }.start()
            }
            // The loser exits at once: within a few seconds, not when the winner stops.
            let oneEnded = ended.wait(timeout: .now() + 10) == .success
            defer {
                for child in children { child.signal(SIGKILL) }
                for child in children { child.wait() }
            }
            try #require(oneEnded, "round \(round): neither bmd exited")
            let (loser, status) = try #require(exited.withLock { $0.first })
            let winner = children[1 - loser]
            #expect(status != 0, "round \(round)")
            let message = errs[loser].readAll()
            let text = String(decoding: message, as: UTF8.self)
            #expect(text.contains("already running") && text.contains("pid \(winner.pid)"), "round \(round): \(text)")
            // The winner serves, and stays the only one.
            var ready = ""
            while !ready.contains("READY=1") { ready = try notify.receive(timeout: 20) }
            #expect(try box.bmctl("status").status == 0, "round \(round)")
            #expect(exited.withLock { $0.count } == 1, "round \(round): both exited")
            winner.signal(SIGTERM)
            #expect(ended.wait(timeout: .now() + 10) == .success, "round \(round): the winner did not stop")
            #expect(exited.withLock { $0[1 - loser] } == 0, "round \(round)")
        }
    }
}
