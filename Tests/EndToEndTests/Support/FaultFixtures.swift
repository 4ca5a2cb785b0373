import Foundation
import MorningTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

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
            parts.append(arguments[0] == "status" ? Self.withoutNotificationServer(output.stdout) : output.stdout)
        }
        return parts
    }

    /// A status without what bmd found of the notification server: bmd looks for it in the
    /// background after it starts, and whether it is there is the desktop's, not the state's.
    static func withoutNotificationServer(_ status: String) -> String {
        guard var object = (try? JSONSerialization.jsonObject(with: Data(status.utf8))) as? [String: Any] else { return status }
        if var notifications = object["notifications"] as? [String: Any] {
            notifications["available"] = nil
            notifications["reason"] = nil
            object["notifications"] = notifications
        }
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return status }
        return String(decoding: data, as: UTF8.self)
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
