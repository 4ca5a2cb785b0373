import Foundation
import MorningTestSupport
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
        let activator = try box.socketActivated(passing: ["XDG_STATE_HOME", "XDG_RUNTIME_DIR", "TZ", "LD_PRELOAD",
                                                          "FAKETIME_TIMESTAMP_FILE", "FAKETIME_NO_CACHE", "FAKETIME_DONT_FAKE_MONOTONIC"])
        defer {
            activator.signal(SIGKILL)
            activator.wait()
        }
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
    @Test("another user id is refused even when the folder and socket are open to all; their bmctl will not talk to it either",
          .enabled(if: ForeignListener.available))
    func otherUser() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        // The other user must reach the socket and run bmctl whatever TMPDIR and the
        // checkout's folders allow, so both sit in a folder of their own under /tmp, open
        // to everyone.
        var template = Array("/tmp/bm-f7-XXXXXX".utf8CString)
        let shared = try #require(template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map { String(cString: $0) })
        defer { try? FileManager.default.removeItem(atPath: shared) }
        let socket = shared + "/bmd.sock", client = shared + "/bmctl"
        try ChildProcess.copyProgram(Binaries.bmctl, to: client)
        // On the real clock: under libfaketime bmd would not see its arguments (Sandbox.startDaemon).
        try box.startDaemon(arguments: ["--socket", socket], fakeClock: false)
        // Open both up: the folder is mkdtemp's, 0700.
        chmod(shared, 0o755)
        chmod(socket, 0o777)
        var env = box.baseEnvironment
        env["BMD_SOCKET"] = socket
        // bmd refuses a call from another user: a plain client that checks nothing, as nobody.
        let call = #"{"method":"org.bettermorning.Morning.Activate","parameters":{"routine":"kant"}}"#
        let raw = try box.run("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/python3", "-I", "-c", #"""
            import socket, sys
            s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1])
            try:
                s.sendall(sys.argv[2].encode() + b"\0")
            except OSError:
                pass  # bmd may answer another user and hang up before reading the call.
            reply = b""
            while not reply.endswith(b"\0"):
                chunk = s.recv(4096)
                if not chunk: break
                reply += chunk
            print(reply.rstrip(b"\0").decode())
            """#, socket, call], environment: env)
        #expect(raw.stdout.contains("org.bettermorning.Morning.PermissionDenied"), "\(raw.stdout) \(raw.stderr)")
        // Their bmctl does not talk to a socket in a folder that is not theirs.
        let other = try box.run("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups",
                                                     client, "--no-autostart", "activate", "kant"], environment: env)
        #expect(other.status == 3, "\(other.stderr)")
        #expect(other.stderr.contains("belongs to user id \(getuid())"), "\(other.stderr)")
        // Nothing changed for the owner, once the folder is private again.
        chmod(shared, 0o700)
        #expect(try box.bmctl("status", "--json", environment: env).object["phase"] as? String == "none")
        try box.stopDaemon()
    }

    // Rule F7.
    @Test("A socket in one's own folder but served by another user is told nothing: bmctl says why and exits 3",
          .enabled(if: ForeignListener.available), .timeLimit(.minutes(1)))
    func listenerOfAnotherUser() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        let folder = box.root.appendingPathComponent("own").path
        #expect(mkdir(folder, 0o700) == 0)
        let socket = folder + "/bmd.sock"
        let listener = try ForeignListener.serve(at: socket)
        defer { listener.terminate() }
        var env = box.baseEnvironment
        env["BMD_SOCKET"] = socket
        let status = try box.bmctl("status", environment: env, autostart: true)
        let activated = try box.bmctl("--socket", socket, "activate", "kant")
        let counted = try #require(ForeignListener.finish(at: socket))
        #expect(counted.connections == 2, "bmctl connected to learn who listens")
        #expect(counted.bytes == 0, "bmctl sent \(counted.bytes) bytes to another user's socket")
        for run in [status, activated] {
            #expect(run.status == 3)
            #expect(run.stdout.isEmpty)
            #expect(run.stderr == "bmctl: the socket \(socket) is served by a process of user id 65534, not by your own bmd "
                    + "(user id \(geteuid())), so bmctl sent it nothing. Stop that process or remove the socket "
                    + "(`ss -xlp` shows who listens), then run bmctl again\n")
        }
    }

    // Rule F7.
    @Test("A better-morning folder made by another user in a shared runtime folder is refused before anything is sent",
          .enabled(if: ForeignListener.available), .timeLimit(.minutes(1)))
    func runtimeFolderOfAnotherUser() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        // A runtime folder open to all, as a misconfigured system may give, where the
        // other user can reach it.
        var template = Array("/tmp/bm-runtime-XXXXXX".utf8CString)
        let runtime = try #require(template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map { String(cString: $0) })
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        #expect(chmod(runtime, 0o1777) == 0)
        let folder = runtime + "/better-morning"
        let listener = try ForeignListener.serve(makingFolder: folder)
        defer { listener.terminate() }
        var env = box.baseEnvironment
        env["XDG_RUNTIME_DIR"] = runtime
        let run = try box.bmctl("status", environment: env, autostart: true)
        let counted = try #require(ForeignListener.finish(at: folder + "/bmd.sock"))
        #expect(counted.connections == 0 && counted.bytes == 0, "\(counted)")
        #expect(run.status == 3)
        #expect(run.stderr == "bmctl: \(folder), the folder of bmd's socket, belongs to user id 65534, not to you "
                + "(user id \(geteuid())), so bmctl sent nothing to a socket in it; remove it (bmd makes it again, private), "
                + "or pass --socket PATH\n")
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
