import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SystemPackage

/// One daemon per state folder: an exclusive `flock` on `bmd.lock`, held for the
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
        guard fd >= 0 else { throw SystemCallError("cannot write in the state folder \(folder) (its lock file \(path))") }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let err = errno
            close(fd)
            guard err == EWOULDBLOCK else { throw SystemCallError("cannot lock \(path)", errno: err) }
            throw Held(path: path, owner: StateLock.owner(path) ?? "pid unknown")
        }
        // Say who holds it, for the message a second daemon prints.
        let note = "pid \(getpid()), socket \(socketPath)\n"
        _ = ftruncate(fd, 0)
        _ = note.withCString { pwrite(fd, $0, strlen($0), 0) }
    }

    /// The note of the daemon that holds the lock. A daemon started at the same instant
    /// may hold the lock and not have written its note yet (or have just emptied the file
    /// to write it): wait a little for a whole line, then give up.
    static func owner(_ path: String) -> String? {
        for _ in 0..<100 {
            if let note = try? String(contentsOfFile: path, encoding: .utf8), note.hasSuffix("\n") {
                return note.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            usleep(10_000)
        }
        return nil
    }

    deinit { close(fd) }
}

/// A failed system call: what bmd was doing, and swift-system's `Errno`, which prints
/// as strerror(3) words it.
public struct SystemCallError: Error, CustomStringConvertible {
    public var what: String
    public var errno: Errno

    public init(_ what: String, errno code: Int32 = Glibc.errno) {
        self.what = what
        self.errno = Errno(rawValue: code)
    }

    public var description: String { "\(what): \(errno)" }
}
