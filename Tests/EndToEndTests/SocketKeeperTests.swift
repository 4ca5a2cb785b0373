import Foundation
import MorningTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A Unix socket of the test's own, listening at `path`: someone else's socket put where
/// bmd's was.
final class ForeignSocket {
    let fd: Int32

    init(path: String) throws {
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        let bound = withUnixAddress(path) { bind(fd, $0, $1) }
        guard bound == 0, listen(fd, 4) == 0 else { throw POSIXError(.EADDRINUSE) }
    }

    deinit { close(fd) }
}

@Suite("End to end: a socket file removed or replaced while bmd runs")
struct SocketKeeperTests {
    /// Waits until `bmctl status` answers, for at most ten seconds.
    static func waitUntilReachable(_ box: Sandbox) throws -> Bool {
        let deadline = Deadline(in: 10)
        while !deadline.passed {
            if try box.bmctl("status").status == 0 { return true }
            usleep(20_000)
        }
        return false
    }

    @Test("A removed socket file, or its whole folder, is bound again and bmctl reaches the same bmd",
          .timeLimit(.minutes(1)))
    func removedIsBoundAgain() throws {
        // F2
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        let daemon = try box.startDaemon()
        #expect(try box.bmctl("activate", "kant").status == 0)
        #expect(unlink(box.socketPath) == 0)
        #expect(try Self.waitUntilReachable(box), "bmd did not bind again: \(box.daemonLog)")
        // As logind does at logout: the folder and all in it go at once (moved away, then
        // removed, so that bmd binding again cannot race the removal).
        let folder = (box.socketPath as NSString).deletingLastPathComponent
        #expect(rename(folder, folder + ".gone") == 0)
        try FileManager.default.removeItem(atPath: folder + ".gone")
        #expect(try Self.waitUntilReachable(box), "bmd did not bind again: \(box.daemonLog)")
        // The same bmd, with the same state.
        #expect(try box.bmctl("status", "--json").object["routine"] != nil)
        #expect(kill(daemon.pid, 0) == 0)
        try box.stopDaemon()
        #expect(!FileManager.default.fileExists(atPath: box.socketPath))
    }

    @Test("A socket file that another program put in bmd's place is left alone, even when bmd stops",
          .timeLimit(.minutes(1)))
    func replacedByAnotherIsLeftAlone() throws {
        // F2
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        try box.startDaemon()
        // bmd may bind the path again between the removal and the other program's bind:
        // the other program then removes it again, until its own socket holds the path.
        var foreign: ForeignSocket?
        let taking = Deadline(in: 10)
        while foreign == nil, !taking.passed {
            unlink(box.socketPath)
            foreign = try? ForeignSocket(path: box.socketPath)
        }
        #expect(foreign != nil, "the test's own socket never held \(box.socketPath)")
        var info = stat()
        #expect(lstat(box.socketPath, &info) == 0)
        let inode = info.st_ino
        // bmd sees the change and finds the path taken by something that answers.
        let deadline = Deadline(in: 10)
        while !box.daemonLog.contains("cannot be bound again"), !deadline.passed { usleep(20_000) }
        #expect(box.daemonLog.contains("cannot be bound again"), "\(box.daemonLog)")
        try box.stopDaemon()
        #expect(lstat(box.socketPath, &info) == 0 && info.st_ino == inode, "bmd removed a socket that was not its own")
        withExtendedLifetime(foreign) {}
    }

    @Test("When the runtime folder itself goes, bmd waits for it to come back and binds again then, making none itself",
          .timeLimit(.minutes(1)))
    func waitsForRuntimeFolder() throws {
        // F2
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        try box.startDaemon()
        // As logind removes the runtime folder at logout, and makes it again at the next login.
        #expect(rename(box.runtimeDir, box.runtimeDir + ".gone") == 0)
        try FileManager.default.removeItem(atPath: box.runtimeDir + ".gone")
        let deadline = Deadline(in: 10)
        while !box.daemonLog.contains("cannot be bound again yet"), !deadline.passed { usleep(20_000) }
        #expect(box.daemonLog.contains("cannot be bound again yet"), "\(box.daemonLog)")
        #expect(!FileManager.default.fileExists(atPath: box.runtimeDir))
        // Waiting, bmd sleeps: measured over a second, not a wait for something to happen.
        // Its watch used to remove itself again and again, a core busy (a second of ticks).
        let pid = try #require(box.daemon?.pid)
        let before = try #require(WindowSpinTests.cpuTicks(pid))
        usleep(1_000_000)
        let used = try #require(WindowSpinTests.cpuTicks(pid)) - before
        #expect(used < sysconf(Int32(_SC_CLK_TCK)) / 10, "bmd used \(used) ticks in 1 s while its folder was gone")
        #expect(mkdir(box.runtimeDir, 0o700) == 0)
        #expect(try Self.waitUntilReachable(box), "bmd did not bind again: \(box.daemonLog)")
        try box.stopDaemon()
    }

    @Test("bmd stops at once on SIGTERM even while its socket file keeps being removed and bound again",
          .timeLimit(.minutes(2)))
    func stopsWhileBindingAgain() throws {
        // A stop and a bind again used to wait for each other for good.
        for round in 1...10 {
            let box = try Sandbox(time: "2026-03-02 08:00:00")
            let daemon = try box.startDaemon(fakeClock: false)
            let churning = SharedValue(true)
            let churner = Thread {
                while churning.withLock({ $0 }) {
                    unlink(box.socketPath)
                    usleep(500)
                }
            }
            churner.start()
            // Let it bind again a good many times first.
            let deadline = Deadline(in: 5)
            while box.daemonLog.components(separatedBy: "listens there again").count < 10, !deadline.passed { usleep(10_000) }
            daemon.signal(SIGTERM)
            let ended = DispatchSemaphore(value: 0)
            Thread {
                daemon.wait()
                ended.signal()
            }.start()
            let stopped = ended.wait(timeout: .now() + 10) == .success
            churning.withLock { $0 = false }
            if !stopped {
                daemon.signal(SIGKILL)
                ended.wait()
            }
            #expect(stopped, "round \(round): bmd did not stop within 10 s of SIGTERM")
            box.daemonEnded()
            if !stopped { break }
        }
    }
}
