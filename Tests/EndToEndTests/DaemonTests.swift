import Foundation
import MorningTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

// Rules F1–F7.
@Suite("End to end: the daemon's files, socket and lifetime")
struct DaemonTests {
    // Rules F1, F2.
    @Test("state in XDG_STATE_HOME in WAL mode; socket 0600 in a 0700 folder")
    func paths() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        try box.startDaemon()
        #expect(FileManager.default.fileExists(atPath: box.stateDir + "/bmd.sqlite"))
        #expect(try mode(box.socketPath) == 0o600)
        #expect(try mode((box.socketPath as NSString).deletingLastPathComponent) == 0o700)
        #expect(try mode(box.stateDir + "/bmd.sqlite") == 0o600)
        try box.stopDaemon()
        // A clean stop removes the socket it bound.
        #expect(!FileManager.default.fileExists(atPath: box.socketPath))
    }

    // Rule F3.
    @Test("a second bmd for the same state exits at once, naming the running one")
    func secondDaemon() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        let first = try box.startDaemon()
        let second = try box.run(Binaries.bmd, [], environment: box.daemonEnvironment)
        #expect(second.status == 75)
        #expect(second.stderr.contains("already running") && second.stderr.contains("pid \(first.pid)"))
        // The first one still serves.
        #expect(try box.bmctl("status").status == 0)
        try box.stopDaemon()
    }

    // Rule F3.
    @Test("a socket left by a killed daemon is replaced; nothing acknowledged is lost")
    func staleSocketAndKill() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        try box.startDaemon()
        #expect(try box.bmctl("activate", "darwin").status == 0)
        box.setClock("2026-03-03 09:00:00")
        #expect(try box.bmctl("check", "1").status == 0)
        #expect(try box.bmctl("check", "2").status == 0)
        try box.killDaemon()
        #expect(FileManager.default.fileExists(atPath: box.socketPath))
        #expect(try box.bmctl("status").status == 3)
        try box.startDaemon()
        let day = try box.bmctl("day", "--json").object
        #expect(day["completed"] as? Int == 2)
        try box.stopDaemon()
    }

    // Rule F5.
    @Test("bmctl starts bmd when nothing answers and says so; --no-autostart does not")
    func autostart() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        let down = try box.bmctl("status")
        #expect(down.status == 3)
        #expect(down.stderr.contains("bmd"))
        let started = try box.bmctl("status", "--json", autostart: true)
        #expect(started.status == 0, "\(started.stderr)")
        #expect(started.stderr.contains("started"))
        #expect(try started.object["phase"] as? String == "none")
        // It keeps running for later calls; stop it through its lock's pid.
        #expect(try box.bmctl("status").status == 0)
        let lock = try String(contentsOfFile: box.stateDir + "/bmd.lock", encoding: .utf8)
        let pid = try #require(lock.split(separator: " ").dropFirst().first.flatMap { Int32($0.trimmingCharacters(in: .punctuationCharacters)) })
        kill(pid, SIGTERM)
    }

    // Rule F6.
    @Test("GetInfo and GetInterfaceDescription describe the interface from its file")
    func introspection() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        try box.startDaemon()
        let client = try VarlinkClient(path: box.socketPath)
        let info = try client.call("org.varlink.service.GetInfo")
        let parameters = try #require(info["parameters"] as? [String: Any])
        #expect(parameters["interfaces"] as? [String] == ["org.varlink.service", "org.bettermorning.Morning"])
        let description = try client.call("org.varlink.service.GetInterfaceDescription", ["interface": "org.bettermorning.Morning"])
        let text = try #require((description["parameters"] as? [String: Any])?["description"] as? String)
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/MorningProtocol/org.bettermorning.Morning.varlink")
        #expect(text == (try String(contentsOf: file, encoding: .utf8)))
        // Unknown methods and interfaces get varlink's own errors; the connection stays usable.
        #expect(try client.call("org.bettermorning.Morning.Fly")["error"] as? String == "org.varlink.service.MethodNotFound")
        #expect(try client.call("com.example.Nothing.Call")["error"] as? String == "org.varlink.service.InterfaceNotFound")
        #expect(try client.call("org.bettermorning.Morning.Check", ["task": 3])["error"] as? String == "org.varlink.service.InvalidParameter")
        #expect(try client.call("org.bettermorning.Morning.Status")["parameters"] != nil)
        try box.stopDaemon()
    }

    // Section 10 of the scripting contract.
    @Test("exit statuses 0, 1, 2 and 3")
    func exitStatuses() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        #expect(try box.bmctl("status").status == 3)
        try box.startDaemon()
        #expect(try box.bmctl("status").status == 0)
        #expect(try box.bmctl("activate", "no-such-person").status == 1)
        #expect(try box.bmctl("frobnicate").status == 2)
        #expect(try box.bmctl("day", "next-thursday").status == 2)
        #expect(try box.bmctl("activate", "darwin").status == 0)
        let again = try box.bmctl("activate", "darwin")
        #expect(again.status == 1 && again.stderr.contains("restart"))
        try box.stopDaemon()
    }

    @Test("bmd --verbose names each of its services in a word, not with a dump of its insides")
    func verboseLogNamesServices() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        try box.startDaemon(arguments: ["--verbose"], fakeClock: false)
        #expect(try box.bmctl("status").status == 0)
        try box.stopDaemon()
        let lines = box.daemonLog.split(separator: "\n")
        // The service group says which services it starts: their names, a line each.
        let starting = lines.filter { $0.contains("sl-service=") }
        #expect(!starting.isEmpty, "\(box.daemonLog)")
        for name in ["control-server", "reminders"] {
            #expect(starting.contains { $0.contains("sl-service=\(name) ") || $0.hasSuffix("sl-service=\(name)") }, "\(starting)")
        }
        // Each one was a 15 KB print of the engine, the socket and the store, kept in
        // bmd's memory for the whole session as well.
        let longest = lines.map(\.count).max() ?? 0
        #expect(longest < 400, "the longest of bmd's log lines has \(longest) characters: \(lines.max { $0.count < $1.count }?.prefix(300) ?? "")")
    }

    /// What an idle bmd went through before the quiet the idle test watches.
    enum IdlePath: String, CaseIterable, CustomTestStringConvertible {
        case fresh = "started on a new state"
        case restart = "restarted on the state file an earlier bmd left"
        case importExport = "after an export and an import larger than a plain call"
        case lockWait = "after a write that waited for another program's lock on the state file"

        var testDescription: String { rawValue }
    }

    @Test("Idle means asleep: with nothing due, no thread of bmd wakes", arguments: IdlePath.allCases)
    func idleDaemonSleeps(path: IdlePath) throws {
        // The real clock: libfaketime stops timers that read the clock it fakes, which
        // would hide exactly the wake-ups this looks for.
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        var daemon = try box.startDaemon(fakeClock: false)
        // An active routine and a request served; then, unless this runs as the day or
        // the reminder comes (one window of four may see that), nothing is due.
        #expect(try box.bmctl("activate", "darwin").status == 0)
        switch path {
        case .fresh:
            break
        case .restart:
            // Every login after the first: bmd opens the file it left.
            try box.stopDaemon()
            daemon = try box.startDaemon(fakeClock: false)
        case .importExport:
            let export = box.root.appendingPathComponent("export.json").path
            #expect(try box.bmctl("export", "--output", export).status == 0)
            let year = box.root.appendingPathComponent("year.json").path
            try Self.yearOfHistory().write(toFile: year, atomically: true, encoding: .utf8)
            #expect(try FileManager.default.attributesOfItem(atPath: year)[.size] as? Int ?? 0 > 1 << 16)
            let imported = try box.bmctl("import", "--replace", year)
            #expect(imported.status == 0, "\(imported)")
        case .lockWait:
            let lock = try LockHolder(box.stateDir + "/bmd.sqlite")
            let refused = try box.bmctl("notifications", "off")
            #expect(refused.status == 1, "\(refused)")
            lock.release()
            #expect(try box.bmctl("notifications", "off").status == 0)
        }
        #expect(try box.bmctl("status").status == 0)
        let windows = try ThreadSwitches.idleWindows(pid: daemon.pid)
        #expect(windows.last?.isEmpty == true, "threads that woke, per 2.5 s window: \(windows)")
        try box.stopDaemon()
    }

    /// An export of a year of six custom routines' history: larger than a plain call may
    /// be (64 KiB), so bmd reads it off the loop.
    static func yearOfHistory() throws -> String {
        let days = (0..<365).map { day in
            let date = Calendar(identifier: .gregorian).date(byAdding: .day, value: day, to: Date(timeIntervalSince1970: 1_740_000_000))!
            let text = ISO8601DateFormatter.string(from: date, timeZone: TimeZone(identifier: "UTC")!, formatOptions: .withFullDate)
            return ["date": text, "done": Array(stride(from: 1, through: 20, by: 1 + day % 3))] as [String: Any]
        }
        let routines = (1...6).map { r in
            [
                "id": "morning-\(r)", "name": "Morning \(r)", "type": "custom", "active": r == 1,
                "createdDate": "2025-02-19", "startDate": "2025-02-19", "days": days, "open": [] as [Any],
                "tasks": (0..<20).map { i in ["time": String(format: "%02d:%02d", 5 + i / 4, i % 4 * 15), "title": "Task \(i + 1) of morning \(r)"] },
            ] as [String: Any]
        }
        let document: [String: Any] = ["format": "better-morning-export", "version": 1, "exportedOn": "2026-03-02", "routines": routines]
        return String(decoding: try JSONSerialization.data(withJSONObject: document), as: UTF8.self)
    }
}

/// Voluntary context switches of each thread of a process, from /proc/PID/task/*/status:
/// a thread that sleeps and is woken counts one more.
struct ThreadSwitches {
    /// Thread id to (name, switches).
    var threads: [String: (name: String, count: Int)] = [:]

    init(pid: pid_t) throws {
        let tasks = "/proc/\(pid)/task"
        for tid in try FileManager.default.contentsOfDirectory(atPath: tasks) {
            guard let status = try? String(contentsOfFile: "\(tasks)/\(tid)/status", encoding: .utf8) else { continue }
            var name = "?", count = 0
            for line in status.split(separator: "\n") {
                if line.hasPrefix("Name:") { name = line.dropFirst(5).trimmingCharacters(in: .whitespaces) }
                if line.hasPrefix("voluntary_ctxt_switches:") { count = Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) ?? 0 }
            }
            threads[tid] = (name, count)
        }
    }

    /// Watches the process for up to four windows of 2.5 s and returns, per window, the
    /// threads that woke in it; it stops at the first window in which none did.
    ///
    /// A thread that wakes on a timer shows in every window; the work that ends a
    /// request just before can show in the first only. 2.5 s windows catch a 1 s timer twice.
    static func idleWindows(pid: pid_t) throws -> [[String: Int]] {
        var windows: [[String: Int]] = []
        for _ in 0..<4 {
            let before = try ThreadSwitches(pid: pid)
            usleep(2_500_000)
            let after = try ThreadSwitches(pid: pid)
            let woke = after.woken(since: before)
            windows.append(woke)
            if woke.isEmpty { break }
        }
        return windows
    }

    /// "name (tid)" to how often it woke since `earlier`; threads that came or went count as woken.
    func woken(since earlier: ThreadSwitches) -> [String: Int] {
        var woke: [String: Int] = [:]
        for (tid, now) in threads {
            let delta = now.count - (earlier.threads[tid]?.count ?? 0)
            if delta != 0 || earlier.threads[tid] == nil { woke["\(now.name) (\(tid))"] = delta }
        }
        for (tid, then) in earlier.threads where threads[tid] == nil { woke["\(then.name) (\(tid), ended)"] = 0 }
        return woke
    }
}

func mode(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? Int ?? 0) & 0o777
}

/// A minimal varlink client for the tests: one connection, one call at a time.
final class VarlinkClient {
    private let fd: Int32
    private var buffer: [UInt8] = []

    init(path: String, timeout: Int = 10) throws {
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        let rc = withUnixAddress(path) { connect(fd, $0, $1) }
        guard rc == 0 else { throw POSIXError(.ECONNREFUSED) }
        var tv = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    /// Says nothing more will be sent (shutdown for writing), as `socat` or `nc -N` do.
    func finishSending() { shutdown(fd, Int32(SHUT_WR)) }

    func send(_ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }   // the daemon hung up: the reply says why
            sent += n
        }
    }

    /// The next reply frame, parsed.
    func receive() throws -> [String: Any] {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while !buffer.contains(0) {
            let n = read(fd, &chunk, chunk.count)
            guard n > 0 else { throw POSIXError(.ECONNRESET) }
            buffer += chunk[..<n]
        }
        let end = buffer.firstIndex(of: 0)!
        let frame = Array(buffer[..<end])
        buffer.removeSubrange(...end)
        return try #require(try JSONSerialization.jsonObject(with: Data(frame)) as? [String: Any])
    }

    func call(_ method: String, _ parameters: [String: Any] = [:]) throws -> [String: Any] {
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: ["method": method, "parameters": parameters]))
        bytes.append(0)
        send(bytes)
        return try receive()
    }
}
