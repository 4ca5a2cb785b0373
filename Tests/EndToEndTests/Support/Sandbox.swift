import Foundation
import MorningTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Where `make test` built bmd and bmctl (BM_BIN_DIR), or this checkout's debug build.
enum Binaries {
    static let dir: URL = {
        if let dir = ProcessInfo.processInfo.environment["BM_BIN_DIR"], !dir.isEmpty {
            return URL(fileURLWithPath: dir)
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug")
    }()

    static var bmd: String { dir.appendingPathComponent("bmd").path }
    static var bmctl: String { dir.appendingPathComponent("bmctl").path }
}

/// libfaketime, which sets the clock of one process.
enum FakeTime {
    static let library = "/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1"

    /// libfaketime gives the first process it loads into a semaphore and a shared memory
    /// object named by that process's id (/dev/shm/sem.faketime_sem_PID, faketime_shm_PID),
    /// and removes them only when the process exits normally: every bmd a test kills
    /// leaves its two behind, some four hundred a run. Once in each run, before the first
    /// sandbox, those of processes that are gone are removed, so that they do not pile up.
    /// A process that still runs keeps its own; only the user's own files are touched.
    static let leftoversRemoved: Int = {
        let folder = "/dev/shm"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return 0 }
        var removed = 0
        for name in names {
            guard let prefix = ["sem.faketime_sem_", "faketime_shm_"].first(where: { name.hasPrefix($0) }),
                  let pid = pid_t(name.dropFirst(prefix.count)), pid > 0 else { continue }
            var info = stat()
            let path = folder + "/" + name
            guard lstat(path, &info) == 0, info.st_uid == getuid(),
                  kill(pid, 0) != 0, errno == ESRCH else { continue }
            if unlink(path) == 0 { removed += 1 }
        }
        return removed
    }()
}

/// What one bmctl run printed.
struct Output {
    var status: Int32
    var stdout: String
    var stderr: String

    /// stdout as a JSON object.
    var object: [String: Any] {
        get throws {
            let value = try JSONSerialization.jsonObject(with: Data(stdout.utf8), options: [.fragmentsAllowed])
            return try #require(value as? [String: Any], "not a JSON object: \(stdout)")
        }
    }

    /// stdout as a JSON array.
    var array: [Any] {
        get throws {
            let value = try JSONSerialization.jsonObject(with: Data(stdout.utf8), options: [.fragmentsAllowed])
            return try #require(value as? [Any], "not a JSON array: \(stdout)")
        }
    }
}

/// A private XDG world for one test: runtime and state folders, a clock for bmd,
/// and the real binaries.
final class Sandbox: @unchecked Sendable {
    let root: URL
    let zone: String
    var runtimeDir: String { root.appendingPathComponent("run").path }
    var stateDir: String { root.appendingPathComponent("state/better-morning").path }
    var socketPath: String { runtimeDir + "/better-morning/bmd.sock" }
    var clockFile: String { root.appendingPathComponent("clock").path }
    private(set) var daemon: ChildProcess?
    /// The running daemon's NOTIFY_SOCKET, to read its READY=1 and STATUS= lines.
    private(set) var notify: NotifyListener?
    /// STATUS= lines that arrived while waiting for something else, oldest first.
    private var statusLines: [String] = []

    /// A sandbox whose daemon clock reads `time` ("YYYY-MM-DD HH:MM:SS", local to `zone`).
    init(zone: String = "Europe/Berlin", time: String) throws {
        _ = FakeTime.leftoversRemoved
        root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("bm-e2e-\(UUID().uuidString.prefix(8))")
        self.zone = zone
        try FileManager.default.createDirectory(atPath: runtimeDir, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        setClock(time)
    }

    deinit {
        if let daemon {
            daemon.signal(SIGKILL)
            daemon.wait()
        }
        try? FileManager.default.removeItem(at: root)
    }

    /// Moves bmd's wall clock; it runs on from there.
    func setClock(_ time: String) {
        try! "@\(time)\n".write(toFile: clockFile, atomically: true, encoding: .utf8)
    }

    var baseEnvironment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        // Nor the desktop session the tests run in: a reminder that falls due in a test must
        // not pop up on the developer's screen. NotificationTests give bmd a stack of its own.
        for key in ["BMD_SOCKET", "NOTIFY_SOCKET", "LISTEN_FDS", "LISTEN_PID", "LISTEN_FDNAMES", "NO_COLOR", "LC_ALL", "LC_TIME",
                    "DBUS_SESSION_BUS_ADDRESS", "DISPLAY", "WAYLAND_DISPLAY"] {
            env[key] = nil
        }
        env["XDG_RUNTIME_DIR"] = runtimeDir
        env["XDG_STATE_HOME"] = root.appendingPathComponent("state").path
        // Nor the machine's data folders: with the packages installed, bmd would find the
        // window's desktop entry in /usr/share/applications and name it in its notifications.
        env["XDG_DATA_HOME"] = root.appendingPathComponent("data-home").path
        env["XDG_DATA_DIRS"] = root.appendingPathComponent("data-dirs").path
        env["TZ"] = zone
        env["LANG"] = "en_GB.UTF-8"
        return env
    }

    var daemonEnvironment: [String: String] {
        var env = baseEnvironment
        env["LD_PRELOAD"] = FakeTime.library
        env["FAKETIME_TIMESTAMP_FILE"] = clockFile
        env["FAKETIME_NO_CACHE"] = "1"
        env["FAKETIME_DONT_FAKE_MONOTONIC"] = "1"
        return env
    }

    /// Starts bmd and returns once it has sent READY=1 on its notify socket.
    ///
    /// `environment` is added to bmd's, such as a `NotificationStack`'s bus and display.
    /// `fakeClock: false` runs bmd on the real clock: libfaketime also disturbs the
    /// monotonic timers libdispatch arms, which a test of those timers cannot have.
    ///
    /// `arguments` need the real clock too. The first process that loads libfaketime adds
    /// FAKETIME_SHARED to its environment while it starts, which moves the environment
    /// away from the arguments on the stack, and Swift's runtime finds the arguments from
    /// there: bmd would see none.
    ///
    /// `executable` is the bmd to run: the one under test unless another build is named.
    @discardableResult
    func startDaemon(arguments: [String] = [], environment: [String: String] = [:], fakeClock: Bool = true,
                     executable: String = Binaries.bmd) throws -> ChildProcess {
        #expect(arguments.isEmpty || !fakeClock, "bmd under libfaketime sees no arguments")
        let notify = try NotifyListener(path: root.appendingPathComponent("notify-\(UUID().uuidString.prefix(6))").path)
        var env = (fakeClock ? daemonEnvironment : baseEnvironment).merging(environment) { $1 }
        env["NOTIFY_SOCKET"] = notify.path
        let log = open(root.appendingPathComponent("bmd.log").path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        defer { close(log) }
        let process = try ChildProcess(executable, arguments, environment: env, stderr: log)
        daemon = process
        self.notify = notify
        // STATUS= lines may come first; READY=1 is what says bmd serves.
        var message = ""
        let deadline = Deadline(in: 20)
        statusLines = []
        while !message.contains("READY=1"), !deadline.passed {
            message = try notify.receive(timeout: 20)
            statusLines += message.split(separator: "\n").map(String.init).filter { $0.hasPrefix("STATUS=") }
        }
        #expect(message.contains("READY=1"), "bmd said \(message); log: \(daemonLog)")
        // F4: ready means the socket already listens.
        #expect(FileManager.default.fileExists(atPath: socketPath) || arguments.contains("--socket"))
        return process
    }

    /// Waits for a STATUS= line from bmd that contains `text`; every line it sent is kept.
    @discardableResult
    func waitForStatus(containing text: String, timeout: Int = 20) throws -> String {
        let listener = try #require(notify)
        while !statusLines.isEmpty {
            let line = statusLines.removeFirst()
            if line.contains(text) { return line }
        }
        let deadline = Deadline(in: TimeInterval(timeout))
        while !deadline.passed {
            guard let message = try? listener.receive(timeout: max(1, Int(deadline.secondsLeft.rounded(.up)))) else { break }
            if message.contains(text) { return message }
        }
        Issue.record("no STATUS= line with \"\(text)\" within \(timeout) s; bmd log: \(daemonLog)")
        throw POSIXError(.ETIMEDOUT)
    }

    /// Moves the STATUS= lines bmd has sent into the lines `waitForStatus` reads first.
    ///
    /// bmd sends one after every stored change, and sd_notify blocks once ten datagrams
    /// wait unread (net.unix.max_dgram_qlen): a test that makes many changes would
    /// otherwise stop bmd, as a service manager that stopped reading would.
    func collectStatus() {
        while let message = notify?.receiveNow() {
            statusLines += message.split(separator: "\n").map(String.init).filter { $0.hasPrefix("STATUS=") }
        }
    }

    /// Forgets the STATUS= lines bmd has sent so far.
    func drainStatus() {
        statusLines = []
        while notify?.receiveNow() != nil {}
    }

    var daemonLog: String { (try? String(contentsOf: root.appendingPathComponent("bmd.log"), encoding: .utf8)) ?? "" }

    /// SIGTERM, and wait for a clean exit.
    func stopDaemon() throws {
        let process = try #require(daemon)
        process.signal(SIGTERM)
        let status = process.wait()
        #expect(status == 0, "bmd exited with \(status): \(daemonLog)")
        daemon = nil
    }

    /// Forgets the daemon once the test has seen it end itself, so that nothing signals
    /// its pid again.
    func daemonEnded() {
        daemon = nil
    }

    /// SIGKILL: no chance to clean up.
    func killDaemon() throws {
        let process = try #require(daemon)
        process.signal(SIGKILL)
        process.wait()
        daemon = nil
    }

    /// Runs bmctl with stdin that is not a terminal.
    @discardableResult
    func bmctl(_ arguments: String..., environment: [String: String]? = nil, autostart: Bool = false) throws -> Output {
        collectStatus()
        return try run(Binaries.bmctl, (autostart ? [] : ["--no-autostart"]) + arguments, environment: environment ?? baseEnvironment)
    }

    func run(_ executable: String, _ arguments: [String], environment: [String: String]) throws -> Output {
        try ChildProcess.run(executable, arguments, environment: environment)
    }
}

/// A datagram socket standing in for systemd's NOTIFY_SOCKET.
final class NotifyListener {
    let path: String
    private let fd: Int32

    init(path: String) throws {
        self.path = path
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        let rc = withUnixAddress(path) { bind(fd, $0, $1) }
        guard rc == 0 else { throw POSIXError(.EADDRINUSE) }
    }

    deinit {
        close(fd)
        unlink(path)
    }

    /// A datagram already waiting, or nil.
    func receiveNow() -> String? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
        return n > 0 ? String(decoding: buffer[..<n], as: UTF8.self) : nil
    }

    /// The next datagram, waiting at most `timeout` seconds.
    func receive(timeout: Int) throws -> String {
        var tv = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = recv(fd, &buffer, buffer.count, 0)
        guard n > 0 else { throw POSIXError(.ETIMEDOUT) }
        return String(decoding: buffer[..<n], as: UTF8.self)
    }
}
