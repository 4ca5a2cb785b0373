import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One daemon per state folder (F3): an exclusive `flock` on `bmd.lock`, held for the
/// daemon's life and released by the kernel however it ends, so a killed daemon never
/// leaves a stale lock.
public final class StateLock: Sendable {
    let fd: Int32
    public let path: String

    public struct Held: Error, CustomStringConvertible {
        public var path: String
        public var owner: String
        public var description: String {
            "another bmd is already running for this state folder (\(owner)); lock: \(path)"
        }
    }

    /// Takes the lock or throws `Held`, naming the daemon that has it.
    public init(folder: String, socketPath: String) throws {
        path = folder + "/bmd.lock"
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw SystemError("cannot open \(path)") }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let err = errno
            let owner = (try? String(contentsOfFile: path, encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            close(fd)
            guard err == EWOULDBLOCK else { throw SystemError("cannot lock \(path)", errno: err) }
            throw Held(path: path, owner: owner.isEmpty ? "pid unknown" : owner)
        }
        // Say who holds it, for the message a second daemon prints.
        let note = "pid \(getpid()), socket \(socketPath)\n"
        _ = ftruncate(fd, 0)
        _ = note.withCString { pwrite(fd, $0, strlen($0), 0) }
    }

    deinit { close(fd) }
}

/// A failed system call, with its errno text.
public struct SystemError: Error, CustomStringConvertible {
    public var what: String
    public var code: Int32

    public init(_ what: String, errno code: Int32 = errno) {
        self.what = what
        self.code = code
    }

    public var description: String { "\(what): \(String(cString: strerror(code)))" }
}
