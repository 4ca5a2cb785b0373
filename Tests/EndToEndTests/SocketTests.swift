import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

// Rules F4, F7.
@Suite("End to end: socket activation and peer credentials")
struct SocketTests {
    // Rule F4.
    @Test("bmd serves the socket systemd-socket-activate hands it", .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-socket-activate")))
    func socketActivation() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        let folder = (box.socketPath as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var args = ["-l", box.socketPath]
        for (key, value) in box.daemonEnvironment where ["XDG_STATE_HOME", "XDG_RUNTIME_DIR", "TZ", "LD_PRELOAD",
                                                         "FAKETIME_TIMESTAMP_FILE", "FAKETIME_NO_CACHE", "FAKETIME_DONT_FAKE_MONOTONIC"].contains(key) {
            args += ["-E", "\(key)=\(value)"]
        }
        let err = try Pipe2()
        let activator = try ChildProcess("/usr/bin/systemd-socket-activate", args + [Binaries.bmd],
                                         environment: box.baseEnvironment, stderr: err.write)
        err.closeWrite()
        defer {
            activator.signal(SIGKILL)
            activator.wait()
        }
        // It says "Listening on …" once the socket exists.
        #expect(err.readSome().contains("Listening"))
        let status = try box.bmctl("status", "--json")
        #expect(status.status == 0, "\(status.stderr)")
        #expect(try status.object["phase"] as? String == "none")
        // The same process, now bmd, keeps serving; a stop leaves systemd's socket alone.
        #expect(try box.bmctl("activate", "kant").status == 0)
        activator.signal(SIGTERM)
        #expect(activator.wait() == 0)
        #expect(FileManager.default.fileExists(atPath: box.socketPath))
    }

    // Rule F7.
    @Test("another user id is refused even when the folder and socket are open to all", .enabled(if: getuid() == 0))
    func otherUser() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        // The other user must reach the socket and run bmctl whatever TMPDIR and the
        // checkout's folders allow, so both sit in a folder of their own under /tmp, open
        // to everyone.
        var template = Array("/tmp/bm-f7-XXXXXX".utf8CString)
        let shared = try #require(template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map { String(cString: $0) })
        defer { try? FileManager.default.removeItem(atPath: shared) }
        let socket = shared + "/bmd.sock", client = shared + "/bmctl"
        // Copied while no child can be spawned, so none inherits the copy open for writing
        // (which would make running it fail with ETXTBSY).
        try ChildProcess.spawning.withLock { try FileManager.default.copyItem(atPath: Binaries.bmctl, toPath: client) }
        chmod(client, 0o755)
        // On the real clock: under libfaketime bmd would not see its arguments (Sandbox.startDaemon).
        try box.startDaemon(arguments: ["--socket", socket], fakeClock: false)
        // Open both up: the folder is mkdtemp's, 0700.
        chmod(shared, 0o755)
        chmod(socket, 0o777)
        var env = box.baseEnvironment
        env["BMD_SOCKET"] = socket
        let other = try box.run("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups",
                                                     client, "--no-autostart", "activate", "kant"], environment: env)
        #expect(other.status == 1, "\(other.stderr)")
        #expect(other.stderr.contains("refused"))
        // Nothing changed for the owner.
        #expect(try box.bmctl("status", "--json", environment: env).object["phase"] as? String == "none")
        try box.stopDaemon()
    }
}

@Suite("End to end: systemd's watchdog")
struct WatchdogTests {
    @Test("With WATCHDOG_USEC set, bmd pings WATCHDOG=1 on its notify socket")
    func pings() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        try box.startDaemon(environment: ["WATCHDOG_USEC": "200000"], fakeClock: false)
        try box.waitForStatus(containing: "WATCHDOG=1", timeout: 5)
        try box.waitForStatus(containing: "WATCHDOG=1", timeout: 5)
        try box.stopDaemon()
    }

    @Test("The installed service asks for the watchdog, so that systemd restarts a bmd that hangs before the reminder it owes; bmd pings at the interval the unit sets")
    func serviceAsksForWatchdog() throws {
        let unit = try String(contentsOf: packageRoot.appendingPathComponent("packaging/systemd/bmd.service.in"), encoding: .utf8)
        let setting = unit.split(separator: "\n").first { $0.hasPrefix("WatchdogSec=") }.map { String($0.dropFirst("WatchdogSec=".count)) }
        let value = try #require(setting, "bmd.service sets no WatchdogSec=")
        // "2min", "90s", "90": the forms systemd reads for seconds and minutes.
        let number = Int(value.prefix { $0.isNumber }) ?? 0
        let unitName = value.drop { $0.isNumber }
        let seconds = unitName == "min" ? number * 60 : (unitName.isEmpty || unitName == "s" ? number : 0)
        // Long enough that a busy disk is not taken for a hang, short enough that the reminder is not missed for long.
        #expect((30...300).contains(seconds), "WatchdogSec=\(value)")
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        try box.startDaemon(environment: ["WATCHDOG_USEC": String(seconds * 1_000_000)], fakeClock: false)
        // The first ping goes out as bmd starts, the next at half the interval.
        try box.waitForStatus(containing: "WATCHDOG=1", timeout: 5)
        try box.stopDaemon()
    }
}
