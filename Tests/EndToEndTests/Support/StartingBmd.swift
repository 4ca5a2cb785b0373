import Foundation
import MorningTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// bmd started on a state it may refuse: it either serves (READY=1) or exits.
enum BmdStart {
    /// bmd exited with a failure, saying this on stderr.
    case refused(String)
    /// bmd said READY=1; the test stops it.
    case serving(ChildProcess)

    /// What bmd said as it refused to start; nil when it served instead, which is killed
    /// and recorded as the test's failure, saying `served`.
    func refusal(else served: String) -> String? {
        switch self {
        case .refused(let stderr):
            return stderr
        case .serving(let child):
            child.signal(SIGKILL)
            child.wait()
            Issue.record(Comment(rawValue: served))
            return nil
        }
    }
}

extension Sandbox {
    /// Starts bmd with `arguments` and `environment` (the daemon's own when nil) and waits,
    /// within 20 s, for whichever comes first: READY=1 or its exit. An exit must be a
    /// failure; a bmd that does neither is killed and the test fails.
    func startOrRefuse(_ arguments: [String] = [], environment: [String: String]? = nil) throws -> BmdStart {
        let notify = try NotifyListener(path: root.appendingPathComponent("notify-start").path)
        var env = environment ?? daemonEnvironment
        env["NOTIFY_SOCKET"] = notify.path
        let err = try Pipe2()
        let child = try ChildProcess(Binaries.bmd, arguments, environment: env, stderr: err.write)
        err.closeWrite()
        let exited = SharedValue(false)
        Thread {
            child.wait()
            exited.withLock { $0 = true }
        }.start()
        let deadline = Deadline(in: 20)
        while !deadline.passed {
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

    /// bmd under `systemd-socket-activate`, which holds the listening socket at
    /// `socketPath` and starts bmd at the first connection, handing it over. bmd gets
    /// `passing` of the daemon's environment. Returns once the socket listens; the test
    /// stops the activator.
    func socketActivated(passing: [String]) throws -> SocketActivator {
        let folder = (socketPath as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var args = ["-l", socketPath]
        for (key, value) in daemonEnvironment where passing.contains(key) {
            args += ["-E", "\(key)=\(value)"]
        }
        let err = try Pipe2()
        let activator = try ChildProcess("/usr/bin/systemd-socket-activate", args + [Binaries.bmd],
                                         environment: baseEnvironment, stderr: err.write)
        err.closeWrite()
        // It says "Listening on …" once the socket exists.
        #expect(err.readSome().contains("Listening"))
        return SocketActivator(process: activator, stderr: err)
    }
}

/// `systemd-socket-activate` running bmd, with its stderr kept open: a closed pipe
/// would end it (and bmd) with SIGPIPE at its next line.
final class SocketActivator {
    let process: ChildProcess
    let stderr: Pipe2

    init(process: ChildProcess, stderr: Pipe2) {
        self.process = process
        self.stderr = stderr
    }

    func signal(_ sig: Int32) { process.signal(sig) }

    @discardableResult
    func wait() -> Int32 { process.wait() }
}

extension Sandbox {
    /// A sandbox on 2026-03-02 whose state folder is a tmpfs of 8 MiB, one a test can
    /// fill, with bmd running on it, Kant's routine activated and, on the 3rd at 09:00,
    /// its first task checked. The test stops bmd (`killDaemonIfRunning`) and unmounts
    /// the disk when done.
    static func kantOnSmallDisk() throws -> (box: Sandbox, disk: Tmpfs) {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        let disk = try Tmpfs(at: box.root.appendingPathComponent("state").path, size: "8m")
        do {
            try box.startDaemon()
            #expect(try box.bmctl("activate", "kant").status == 0)
            box.setClock("2026-03-03 09:00:00")
            #expect(try box.bmctl("check", "1").status == 0)
        } catch {
            box.killDaemonIfRunning()
            disk.unmount()
            throw error
        }
        return (box, disk)
    }
}
