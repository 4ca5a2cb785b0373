import Foundation
import Testing

/// The window, the real program, on the display the run was given (make test runs this
/// suite with the window's widget tests, under Xvfb and dbus-run-session), one test at a
/// time: a second window on the same bus would only hand its start to the first.
@Suite("End to end: the window", .serialized)
struct WindowIdleTests {
    @Test("Idle means asleep: the window following a quiet bmd wakes no thread")
    func windowSleeps() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        // The real clock: no routine, so nothing bmd says changes while the window follows it.
        _ = try box.startDaemon(fakeClock: false)
        let (child, logPath) = try Self.startWindow(box)
        defer {
            child.signal(SIGTERM)
            child.wait()
        }
        #expect(Self.connections(to: box.socketPath) >= 2, "the window never connected to bmd: \(Self.logText(logPath))")
        // Starting, GTK loads icons and GIO opens buses on GLib's pool threads, each of
        // which ends 15 s after its last job: a wake-up each, once, as in any GTK app.
        var pool: [String] = []
        _ = try waitUntil(within: .seconds(30)) {
            pool = try ThreadSwitches(pid: child.pid).poolThreads
            return pool.isEmpty
        }
        #expect(pool.isEmpty, "GLib's pool threads still run: \(pool)")
        // Starting shows in the first windows of 2.5 s; a timer would show in every one.
        let windows = try ThreadSwitches.idleWindows(pid: child.pid)
        #expect(windows.last?.isEmpty == true, "threads that woke, per 2.5 s window: \(windows)")
        // One quiet window of 2.5 s says starting is over, not that no timer runs: one
        // that fires every few seconds slips between such windows. Over a span longer
        // than its period, any timer fires.
        let span = try ThreadSwitches.woken(pid: child.pid, over: WindowIdleTests.idleSpan)
        #expect(span.isEmpty, "threads that woke in \(WindowIdleTests.idleSpan) s once started: \(span)")
        #expect(kill(child.pid, 0) == 0, "the window ended")
        #expect(Self.connections(to: box.socketPath) >= 2, "the window stopped following bmd")
        try box.stopDaemon()
    }

    /// How long, in seconds, the settled window is watched: long enough that a timer
    /// firing every 10 s, or more often, fires in it.
    static let idleSpan: UInt32 = 11

    @Test("Told to draw with cairo, the window sets up no OpenGL: no GL, EGL, Mesa or LLVM library is loaded")
    func cairoLoadsNoGL() throws {
        try Self.expectNoGL(renderer: "cairo")
    }

    @Test("Told nothing on a machine with no GPU, the window draws with cairo and loads no GL, which would be software",
          .enabled(if: !WindowIdleTests.hasRenderNode(), "this machine has a GPU render node: GL is GTK's choice there"))
    func noGPULoadsNoGL() throws {
        try Self.expectNoGL(renderer: nil)
    }

    @Test("Control: told to draw with GL, the window does load GL libraries, so the reading of its map can see them")
    func glLoadsGL() throws {
        let gl = try Self.glLibraries(renderer: "gl")
        #expect(!gl.isEmpty, "no GL library seen in the map of a window drawing with GL")
    }

    /// The window started with `renderer` as `GSK_RENDERER` (unset for nil) maps no GL library.
    static func expectNoGL(renderer: String?) throws {
        let gl = try glLibraries(renderer: renderer)
        #expect(gl.isEmpty, "loaded for OpenGL while drawing with cairo: \(gl.sorted())")
    }

    /// The GL, EGL, Mesa and LLVM libraries the window started with `renderer` as
    /// `GSK_RENDERER` (unset for nil) has mapped once it follows bmd.
    static func glLibraries(renderer: String?) throws -> Set<String> {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        _ = try box.startDaemon(fakeClock: false)
        // Once it follows bmd, the window has opened the display and drawn.
        let (child, logPath) = try Self.startWindow(box, renderer: renderer)
        defer {
            child.signal(SIGTERM)
            child.wait()
        }
        #expect(Self.connections(to: box.socketPath) >= 2, "the window never connected to bmd: \(Self.logText(logPath))")
        let maps = String(decoding: (try? FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/\(child.pid)/maps")).readToEnd()) ?? Data(),
                          as: UTF8.self)
        #expect(!maps.isEmpty, "the window's memory map could not be read")
        let gl = Set(maps.split(separator: "\n").compactMap { line -> String? in
            guard let path = line.split(separator: " ", omittingEmptySubsequences: true).last, path.hasPrefix("/") else { return nil }
            let name = path.split(separator: "/").last.map(String.init) ?? ""
            return ["libGL", "libEGL", "libLLVM", "_dri.so", "mesa"].contains { name.contains($0) } ? String(path) : nil
        })
        try box.stopDaemon()
        return gl
    }

    /// Whether this machine has a GPU render node, on which Mesa would draw GL in hardware.
    static func hasRenderNode() -> Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []
        // A node this user may not open is no GPU for the window, as the window itself judges.
        return names.contains { $0.hasPrefix("renderD") && access("/dev/dri/" + $0, R_OK | W_OK) == 0 }
    }

    @Test("The setting that keeps GL off is the window's alone: the bmd it starts does not inherit it")
    func startedBmdInheritsNoGLSetting() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        let stateHome = "XDG_STATE_HOME=" + box.root.appendingPathComponent("state").path
        // No bmd runs: the window starts one as it opens.
        let (child, logPath) = try Self.startWindow(box)
        defer {
            child.signal(SIGTERM)
            child.wait()
            // The bmd it started is no child of this test: stopped by its pid.
            for entry in ProcessEntry.all() where entry.name == "bmd" && entry.environment(contains: stateHome) {
                kill(entry.pid, SIGTERM)
            }
        }
        let started = ProcessEntry.all().filter { $0.name == "bmd" && $0.environment(contains: stateHome) }
        #expect(started.count == 1, "the window started no bmd: \(Self.logText(logPath))")
        for bmd in started {
            #expect(!bmd.environment(contains: "GDK_DEBUG=gl-disable"), "the bmd the window started has GDK_DEBUG=gl-disable")
        }
    }

    /// The real window on the run's display and session bus, with `renderer` as its
    /// `GSK_RENDERER` (cairo unless told; nil leaves it unset), following `box`'s bmd
    /// (started by the window when none runs), with its log; the caller stops it. Waits
    /// until the window follows bmd: bmd's listener and one accepted connection at least
    /// are bound to its socket.
    static func startWindow(_ box: Sandbox, renderer: String? = "cairo") throws -> (child: ChildProcess, log: String) {
        let environment = ProcessInfo.processInfo.environment
        try #require(environment["DISPLAY"] != nil, "the window needs a display: run this as make test does, under xvfb-run and dbus-run-session")
        var env = box.baseEnvironment
        for key in ["DISPLAY", "DBUS_SESSION_BUS_ADDRESS"] { env[key] = environment[key] }
        env["GSK_RENDERER"] = renderer
        env["GDK_DEBUG"] = nil
        let logPath = box.root.appendingPathComponent("window.log").path
        let log = open(logPath, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        defer { close(log) }
        let child = try ChildProcess(Binaries.dir.appendingPathComponent("better-morning").path, [], environment: env, stderr: log)
        let deadline = Deadline(in: 20)
        while connections(to: box.socketPath) < 2, !deadline.passed { usleep(50_000) }
        return (child, logPath)
    }

    /// What the window wrote to its log so far.
    static func logText(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    /// The Unix sockets bound to `path`: bmd's listener and the connections it accepted.
    static func connections(to path: String) -> Int {
        // Read to its end: a file of /proc says it is empty, which Foundation may believe.
        let table = String(decoding: (try? FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/net/unix")).readToEnd()) ?? Data(), as: UTF8.self)
        return table.split(separator: "\n").filter { $0.hasSuffix(" " + path) }.count
    }
}

extension ThreadSwitches {
    /// The names of GLib's pool threads that run jobs (`pool-` and the program's name),
    /// which end once left unused; the thread that spawns them stays.
    var poolThreads: [String] {
        threads.values.map(\.name).filter { $0.hasPrefix("pool-") && $0 != "pool-spawner" }
    }

    /// The threads of `pid` that woke over the next `seconds`, by "name (tid)" (see `woken(since:)`).
    static func woken(pid: pid_t, over seconds: UInt32) throws -> [String: Int] {
        let before = try ThreadSwitches(pid: pid)
        sleep(seconds)
        return try ThreadSwitches(pid: pid).woken(since: before)
    }
}
