import Foundation
import MorningTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

// Faults the daemon meets on a real machine: a full disk, a state file it may not write,
// a damaged or too new state file, two daemons started at once, and a clock that jumps.
// Each test runs the real bmd and bmctl on a real SQLite file.

/// Something a test needs of the machine (root, mounts, namespaces), tried once on first
/// use: when it fails, why is printed and the tests that need it are skipped rather than
/// failed.
struct MachineProbe: Sendable {
    let failure: String?
    let skipping: String

    /// `attempt` returns nil when the machine can, else why not.
    init(skipping: String, _ attempt: (_ folder: String) throws -> String?) {
        self.skipping = skipping
        let folder = NSTemporaryDirectory() + "bm-probe-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            failure = try attempt(folder)
        } catch {
            failure = "\(error)"
        }
    }

    var works: Bool {
        guard let failure else { return true }
        FileHandle.standardError.write(Data("FaultTests: \(skipping) are skipped: \(failure)\n".utf8))
        return false
    }
}

extension MachineProbe {
    /// Whether the tests may mount a tmpfs (they run as root in CI).
    static let mount = MachineProbe(skipping: "mounting a tmpfs failed, so the disk tests") { folder in
        try Tmpfs(at: folder, size: "1m").unmount()
        return nil
    }

    /// Whether bmd can be given an /etc of its own (a private mount namespace with an overlay
    /// on /etc), so that a test can change its /etc/localtime while it runs and leave the
    /// machine's alone.
    static let privateEtc = MachineProbe(skipping: "with no private /etc for bmd, the time-zone tests") { folder in
        for sub in ["upper", "work"] {
            try FileManager.default.createDirectory(atPath: folder + "/" + sub, withIntermediateDirectories: true)
        }
        let output = try ChildProcess.run("/usr/bin/unshare", PrivateEtc.arguments(folder: folder, zone: "Asia/Tokyo",
                                                                                  then: "readlink /etc/localtime"),
                                          environment: ProcessInfo.processInfo.environment)
        guard output.status == 0, output.stdout.contains("Asia/Tokyo") else {
            return "unshare and an overlay on /etc: status \(output.status), \(output.stderr)"
        }
        return nil
    }
}

/// The unshare(1) command line that runs `command` in a mount namespace of its own, where
/// /etc is an overlay (its changes kept under `folder`) whose localtime names `zone`.
enum PrivateEtc {
    static func arguments(folder: String, zone: String, then command: String) -> [String] {
        let script = "mount -t overlay overlay -o lowerdir=/etc,upperdir=\(folder)/upper,workdir=\(folder)/work /etc"
            + " && ln -sfn /usr/share/zoneinfo/\(zone) /etc/localtime && exec \(command)"
        return ["--mount", "--propagation", "private", "/bin/sh", "-c", script]
    }

    /// Points /etc/localtime in the mount namespace of process `pid` at `zone`.
    static func setZone(_ zone: String, of pid: pid_t) throws {
        let output = try ChildProcess.run("/usr/bin/nsenter", ["-t", "\(pid)", "-m", "ln", "-sfn", "/usr/share/zoneinfo/\(zone)", "/etc/localtime"],
                                          environment: ProcessInfo.processInfo.environment)
        try #require(output.status == 0, "nsenter: \(output.stderr)")
    }
}

/// A failed mount(8) or umount(8), with what it printed.
struct MountError: Error, CustomStringConvertible {
    var command: [String]
    var output: Output
    var description: String { "`\(command.joined(separator: " "))` exited \(output.status): \(output.stderr)\(output.stdout)" }
}

/// Runs mount(8) or umount(8) with `arguments`; throws what it printed when it fails.
func mountCommand(_ tool: String, _ arguments: [String]) throws {
    let path = ["/usr/bin/", "/bin/", "/usr/sbin/", "/sbin/"].map { $0 + tool }
        .first { FileManager.default.isExecutableFile(atPath: $0) } ?? tool
    let output = try ChildProcess.run(path, arguments, environment: ProcessInfo.processInfo.environment)
    guard output.status == 0 else { throw MountError(command: [tool] + arguments, output: output) }
}

/// A tmpfs of a fixed size mounted on a folder for one test.
final class Tmpfs: @unchecked Sendable {
    let path: String
    private var mounted = true

    init(at path: String, size: String) throws {
        self.path = path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try mountCommand("mount", ["-t", "tmpfs", "-o", "size=\(size),mode=0700", "tmpfs", path])
    }

    /// Detaches the mount even while a file on it is open (a daemon that failed to stop).
    func unmount() {
        guard mounted else { return }
        mounted = false
        do { try mountCommand("umount", [path]) } catch { try? mountCommand("umount", ["-l", path]) }
    }

    deinit { unmount() }

    /// Writes a file until the file system has no block left.
    func fill() throws {
        let fd = open(path + "/filler", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(fd) }
        var chunk = 1 << 20
        let zeros = [UInt8](repeating: 0xA5, count: chunk)
        while chunk > 0 {
            let n = zeros.withUnsafeBytes { write(fd, $0.baseAddress, chunk) }
            if n > 0 { continue }
            guard n < 0, errno == ENOSPC || errno == EFBIG else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            chunk /= 2
        }
        var stats = statvfs()
        statvfs(path, &stats)
        #expect(stats.f_bavail == 0, "the tmpfs still has \(stats.f_bavail) free blocks")
    }

    /// Frees what `fill` took.
    func free() {
        unlink(path + "/filler")
    }
}

/// A read-only bind mount of a folder onto itself.
final class ReadOnlyBind: @unchecked Sendable {
    let path: String
    private var mounted = false

    init(_ path: String) throws {
        self.path = path
        try mountCommand("mount", ["--bind", path, path])
        mounted = true
        do {
            try mountCommand("mount", ["-o", "remount,bind,ro", path])
        } catch {
            unmount()
            throw error
        }
    }

    func unmount() {
        guard mounted else { return }
        mounted = false
        do { try mountCommand("umount", [path]) } catch { try? mountCommand("umount", ["-l", path]) }
    }

    deinit { unmount() }
}

extension Sandbox {
    /// What the user can see of the state through reads: the full export, status and today.
    func visibleState() throws -> [String] {
        var parts: [String] = []
        for arguments in [["export", "--format", "json"], ["status", "--json"], ["day", "--json"], ["data", "--json"]] {
            let output = try run(Binaries.bmctl, ["--no-autostart"] + arguments, environment: baseEnvironment)
            #expect(output.status == 0, "bmctl \(arguments.joined(separator: " ")): \(output.stderr)")
            parts.append(output.stdout)
        }
        return parts
    }

    /// SIGKILL for a daemon still running; nothing when there is none.
    func killDaemonIfRunning() {
        if daemon != nil { try? killDaemon() }
    }

    var stateFile: String { stateDir + "/bmd.sqlite" }
}

/// The bytes of a file, or nil when there is none.
func contents(_ path: String) -> Data? {
    FileManager.default.contents(atPath: path)
}

@Suite("End to end: faults of disk, files, start-up and clock", .serialized)
struct FaultTests {
    // MARK: - 1. A full disk

    @Test("ENOSPC: a change on a full disk exits 1 saying so; bmd serves on, nothing is half-applied, and writes work once space is free",
          .enabled("needs a tmpfs mount (root)") { MachineProbe.mount.works }, .timeLimit(.minutes(2)))
    func fullDisk() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        let disk = try Tmpfs(at: box.root.appendingPathComponent("state").path, size: "8m")
        defer {
            box.killDaemonIfRunning()
            disk.unmount()
        }
        try box.startDaemon()
        #expect(try box.bmctl("activate", "kant").status == 0)
        box.setClock("2026-03-03 09:00:00")
        #expect(try box.bmctl("check", "1").status == 0)
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
        switch try startOrRefuse(box) {
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
        switch try startOrRefuse(box) {
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

    /// bmd started on a state it may refuse: it either serves (READY=1) or exits.
    enum Start {
        case refused(String)
        case serving(ChildProcess)
    }

    /// Starts bmd and waits, within a deadline, for whichever comes first: READY=1 or its exit.
    private func startOrRefuse(_ box: Sandbox) throws -> Start {
        let notify = try NotifyListener(path: box.root.appendingPathComponent("notify-start").path)
        var env = box.daemonEnvironment
        env["NOTIFY_SOCKET"] = notify.path
        let err = try Pipe2()
        let child = try ChildProcess(Binaries.bmd, [], environment: env, stderr: err.write)
        err.closeWrite()
        let exited = Mutex(false)
        Thread {
            child.wait()
            exited.withLock { $0 = true }
        }.start()
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if let message = try? notify.receive(timeout: 1), message.contains("READY=1") { return .serving(child) }
            if exited.withLock({ $0 }) {
                #expect(child.wait() != 0)
                return .refused(String(decoding: err.readAll(), as: UTF8.self))
            }
        }
        child.signal(SIGKILL)
        child.wait()
        Issue.record("bmd neither served nor exited within 20 s")
        throw POSIXError(.ETIMEDOUT)
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
        let message: String
        switch try startOrRefuse(box) {
        case .refused(let text):
            message = text
        case .serving(let daemon):
            daemon.signal(SIGKILL)
            daemon.wait()
            Issue.record("bmd started serving on a state file it should refuse")
            return
        }
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
            let exited = Mutex<[Int: Int32]>([:])
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

    // MARK: - 5. Clock steps while bmd runs

    @Test("Clock steps while bmd runs (back across midnight, forward over a whole day): every day is finalized once, none skipped",
          .timeLimit(.minutes(2)))
    func clockSteps() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        // On a real machine a clock step cancels bmd's timerfd (TFD_TIMER_CANCEL_ON_SET) and
        // it plans again at once. libfaketime moves only what bmd reads, so no kernel clock
        // is set and nothing is cancelled: `bmctl reload`, which plans again the same way,
        // stands in for that cancellation after each step. Every other request reads the
        // clock afresh by itself.
        func step(to time: String) throws {
            box.setClock(time)
            #expect(try box.bmctl("reload").status == 0)
        }
        try box.startDaemon()
        #expect(try box.bmctl("activate", "kant").status == 0)

        // Tuesday 3 March: one task done, then midnight passes while bmd runs.
        box.setClock("2026-03-03 09:00:00")
        #expect(try box.bmctl("check", "1").status == 0)
        try step(to: "2026-03-03 23:59:57")
        try box.waitForStatus(containing: "day 2026-03-04")
        #expect(try box.bmctl("check", "2").status == 0)   // Wednesday's first check
        let tuesday = try box.bmctl("day", "2026-03-03", "--json").object
        #expect(tuesday["mode"] as? String == "past" && tuesday["completed"] as? Int == 1)

        // Four hours back, across midnight: it is Tuesday again. A clock that was ahead
        // leaves no trace once right: Tuesday is today again, with its check, and can be
        // checked; Wednesday's check, made while the clock said Wednesday, stays.
        try step(to: "2026-03-03 20:00:00")
        let again = try box.bmctl("check", "3")
        #expect(again.status == 0, "today could not be checked after the clock came back: \(again.stderr)")
        let stillTuesday = try box.bmctl("day", "2026-03-03", "--json").object
        #expect(stillTuesday["mode"] as? String == "today" && stillTuesday["completed"] as? Int == 2)

        // Forward again, to Wednesday evening: Wednesday's check is still there.
        try step(to: "2026-03-04 20:00:00")
        let wednesday = try box.bmctl("day", "--json").object
        #expect(wednesday["date"] as? String == "2026-03-04" && wednesday["mode"] as? String == "today")
        #expect(wednesday["completed"] as? Int == 1)

        // Forward over all of Thursday: Wednesday keeps its check, Thursday is closed all ✗.
        try step(to: "2026-03-06 10:00:00")
        try box.waitForStatus(containing: "day 2026-03-06")
        let week = try box.bmctl("week", "--json").object
        let days = try #require(week["days"] as? [[String: Any]])
        let counts = Dictionary(uniqueKeysWithValues: days.map { ($0["date"] as? String ?? "?", $0["completed"] as? Int) })
        #expect(counts["2026-03-02"] == .some(nil))   // before the routine started: no record
        #expect(counts["2026-03-03"] == 2)
        #expect(counts["2026-03-04"] == 1)
        #expect(counts["2026-03-05"] == 0)            // a day bmd never saw: finalized, all ✗
        #expect(counts["2026-03-06"] == 0)            // today, live: nothing checked yet
        let friday = try box.bmctl("day", "--json").object
        #expect(friday["date"] as? String == "2026-03-06" && friday["mode"] as? String == "today")
        let stats = try box.bmctl("stats", "--json").object
        let overall = (stats["overall"] as? [String: Any]) ?? stats
        #expect(overall["daysTracked"] as? Int == 3, "\(stats)")

        // A second step back: Wednesday is today again and takes a check; forward again,
        // each day is closed once more, once, and Thursday (no check) as before.
        try step(to: "2026-03-04 23:59:58")
        #expect(try box.bmctl("check", "1").status == 0)
        try step(to: "2026-03-06 10:00:00")
        try box.waitForStatus(containing: "day 2026-03-06")
        let weekAgain = try box.bmctl("week", "--json").object
        let countsAgain = Dictionary(uniqueKeysWithValues: (weekAgain["days"] as? [[String: Any]] ?? []).map {
            ($0["date"] as? String ?? "?", $0["completed"] as? Int)
        })
        #expect(countsAgain["2026-03-03"] == 2 && countsAgain["2026-03-04"] == 2 && countsAgain["2026-03-05"] == 0, "\(countsAgain)")
        try box.stopDaemon()
        // And a restart finalizes nothing twice.
        try box.startDaemon()
        #expect(NSDictionary(dictionary: try box.bmctl("week", "--json").object).isEqual(to: weekAgain))
        try box.stopDaemon()
    }

    // MARK: - 5b. A time-zone change while bmd runs

    @Test("A time-zone change while bmd runs (its own /etc/localtime moves east across midnight, back and on): each day finalized once",
          .enabled("needs unshare and overlayfs (root)") { MachineProbe.privateEtc.works }, .timeLimit(.minutes(2)))
    func zoneChanges() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        let etc = box.root.appendingPathComponent("etc").path
        for sub in ["upper", "work"] {
            try FileManager.default.createDirectory(atPath: etc + "/" + sub, withIntermediateDirectories: true)
        }
        // The zone comes from /etc/localtime, not TZ (a process's TZ never changes). The
        // clock is an offset from the real one, not a local time: libfaketime would read a
        // local time again in each new zone and so move the instant too.
        func setClock(utc: String) {
            let f = DateFormatter()
            f.timeZone = TimeZone(identifier: "UTC")
            f.dateFormat = "yyyy-MM-dd HH:mm:ss"
            let offset = Int(f.date(from: utc)!.timeIntervalSinceNow.rounded())
            try! "\(offset >= 0 ? "+" : "")\(offset)\n".write(toFile: box.clockFile, atomically: true, encoding: .utf8)
        }
        setClock(utc: "2026-03-02 10:00:00")
        let notify = try NotifyListener(path: box.root.appendingPathComponent("notify").path)
        var env = box.daemonEnvironment
        env["TZ"] = nil
        env["NOTIFY_SOCKET"] = notify.path
        // libfaketime is preloaded into bmd alone, not into unshare and sh before it.
        env["LD_PRELOAD"] = nil
        let log = open(box.root.appendingPathComponent("bmd.log").path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        let daemon = try ChildProcess("/usr/bin/unshare",
                                      PrivateEtc.arguments(folder: etc, zone: "Europe/Berlin",
                                                           then: "env LD_PRELOAD=\(FakeTime.library) \(Binaries.bmd)"),
                                      environment: env, stderr: log)
        close(log)
        defer {
            daemon.signal(SIGKILL)
            daemon.wait()
        }
        var statusLines: [String] = []
        /// Waits for bmd to say, by itself, that the day is `date`.
        func waitForDay(_ date: String) throws {
            if statusLines.contains(where: { $0.contains("day \(date)") }) { return }
            let deadline = Date().addingTimeInterval(15)
            while Date() < deadline {
                guard let message = try? notify.receive(timeout: 2) else { continue }
                statusLines.append(message)
                if message.contains("day \(date)") { return }
            }
            Issue.record("bmd never said the day is \(date); log: \(box.daemonLog)")
            throw POSIXError(.ETIMEDOUT)
        }
        func bmctl(_ arguments: String...) throws -> Output {
            while let message = notify.receiveNow() { statusLines.append(message) }
            return try box.run(Binaries.bmctl, ["--no-autostart"] + arguments, environment: box.baseEnvironment)
        }
        var ready = ""
        while !ready.contains("READY=1") { ready = try notify.receive(timeout: 20) }

        #expect(try bmctl("activate", "kant").status == 0)           // starts Tuesday 3 March
        setClock(utc: "2026-03-03 08:00:00")                           // Berlin 09:00
        #expect(try bmctl("check", "1").status == 0)
        setClock(utc: "2026-03-03 22:30:00")                           // Berlin 23:30
        #expect(try bmctl("day", "--json").object["date"] as? String == "2026-03-03")
        statusLines = []

        // East to Tokyo: it is Wednesday 07:30 there. bmd sees the change itself (inotify),
        // closes Tuesday with its one check and opens Wednesday.
        try PrivateEtc.setZone("Asia/Tokyo", of: daemon.pid)
        try waitForDay("2026-03-04")
        let tuesday = try bmctl("day", "2026-03-03", "--json").object
        #expect(tuesday["mode"] as? String == "past" && tuesday["completed"] as? Int == 1)
        #expect(try bmctl("check", "1").status == 0)

        // Back to Berlin: Tuesday 23:30 again. The date that ran ahead leaves no trace:
        // Tuesday is today again, with its check, and takes another.
        try PrivateEtc.setZone("Europe/Berlin", of: daemon.pid)
        #expect(try bmctl("reload", "--json").object["nextMidnight"] as? String == "2026-03-04T00:00:00+01:00")
        let again = try bmctl("check", "2")
        #expect(again.status == 0, "today could not be checked after the zone went back: \(again.stderr)")
        #expect(try bmctl("day", "2026-03-03", "--json").object["completed"] as? Int == 2)

        // West to Los Angeles (Tuesday 14:30), then Tokyo again: Wednesday's check is still open and kept.
        try PrivateEtc.setZone("America/Los_Angeles", of: daemon.pid)
        #expect(try bmctl("day", "2026-03-03", "--json").object["completed"] as? Int == 2)
        try PrivateEtc.setZone("Asia/Tokyo", of: daemon.pid)
        #expect(try bmctl("reload", "--json").object["nextMidnight"] as? String == "2026-03-05T00:00:00+09:00")
        let wednesday = try bmctl("day", "--json").object
        #expect(wednesday["date"] as? String == "2026-03-04" && wednesday["mode"] as? String == "today")
        #expect(wednesday["completed"] as? Int == 1)
        let week = try bmctl("week", "--json").object
        let days = try #require(week["days"] as? [[String: Any]])
        let counts = Dictionary(uniqueKeysWithValues: days.map { ($0["date"] as? String ?? "?", $0["completed"] as? Int) })
        #expect(counts["2026-03-02"] == .some(nil))
        #expect(counts["2026-03-03"] == 2)
        #expect(counts["2026-03-04"] == 1)                             // today, live
        let stats = try bmctl("stats", "--json").object
        let overall = (stats["overall"] as? [String: Any]) ?? stats
        #expect(overall["daysTracked"] as? Int == 1, "\(stats)")     // Tuesday, once
    }
}
