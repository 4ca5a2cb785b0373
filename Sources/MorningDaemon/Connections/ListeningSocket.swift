import Foundation
import MorningProtocol
#if canImport(Glibc)
import Glibc
#endif

/// The Unix stream socket bmd listens on.
public struct ListeningSocket: Sendable {
    public let fd: Int32
    /// The path bmd bound itself and must remove on exit; nil for an inherited socket.
    public let ownedPath: String?
    /// The device and inode of the socket file bmd made, to tell it from a file that
    /// took its place.
    let identity: (device: UInt64, inode: UInt64)?

    public struct InUse: Error, CustomStringConvertible {
        public var path: String
        public var description: String {
            "another bmd already answers on \(path); stop it first or choose another --socket"
        }
    }

    /// The path is a socket that does not accept connections now but that a live program
    /// holds (it may have bound it and not yet begun to listen): it is that program's,
    /// and bmd leaves it alone.
    public struct Held: Error, CustomStringConvertible {
        public var path: String
        public var description: String {
            "\(path) is taken: a running program holds this socket (it does not accept connections yet, "
                + "or no longer does), so bmd leaves it alone. Stop that program, or choose another --socket"
        }
    }

    /// The socket's folder under /tmp is not safe to use: why, and what to do.
    public struct UnsafeFolder: Error, CustomStringConvertible {
        public var description: String
    }

    /// Binds `path` itself: a folder bmd creates is 0700, the socket 0600 (whatever the
    /// umask), and a socket file left by a killed daemon is replaced. One that still answers
    /// is not, nor one a live program holds: a program that has bound its socket and not
    /// yet called listen() refuses connections just as a dead one's file does.
    ///
    /// With `mustBeOwnFolder` (the folder under /tmp used without a runtime folder), the
    /// folder must be a real folder of this user, closed to others.
    public static func bind(path: String, mustBeOwnFolder: Bool = false) throws -> ListeningSocket {
        let folder = (path as NSString).deletingLastPathComponent
        try makeFolder(folder)
        if mustBeOwnFolder, let problem = SocketPath.fallbackProblem(folder: folder) {
            throw UnsafeFolder(description: problem)
        }
        if FileManager.default.fileExists(atPath: path) {
            if answers(path) { throw InUse(path: path) }
            if !SocketOwner.isGone(path) { throw Held(path: path) }
            unlink(path)
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw SystemCallError("socket") }
        var addr = try address(path)
        // The mode is right from the first instant: no window in which others could connect.
        let old = umask(0o177)
        let rc = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        umask(old)
        guard rc == 0 else {
            let e = SystemCallError("cannot bind \(path)")
            close(fd)
            throw e
        }
        guard listen(fd, 128) == 0 else {
            let e = SystemCallError("cannot listen on \(path)")
            close(fd)
            throw e
        }
        return ListeningSocket(fd: fd, ownedPath: path, identity: fileIdentity(path))
    }

    /// A socket systemd handed over: systemd's file, never removed by bmd.
    public static func inherited(_ fd: Int32) -> ListeningSocket {
        ListeningSocket(fd: fd, ownedPath: nil, identity: nil)
    }

    /// Whether `path` is still the socket file bmd made (not removed, not replaced).
    func isStillAt(_ path: String) -> Bool {
        guard let identity else { return true }
        return Self.fileIdentity(path).map { $0 == identity } ?? false
    }

    /// Removes the socket file bmd created, if it is still its own: another bmd's socket,
    /// or one a service manager made, at the same path is left alone.
    public func removeFile() {
        if let ownedPath, isStillAt(ownedPath) { unlink(ownedPath) }
    }

    static func fileIdentity(_ path: String) -> (device: UInt64, inode: UInt64)? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return (UInt64(info.st_dev), UInt64(info.st_ino))
    }

    /// Creates `folder` and any missing parent, each 0700. A folder that exists keeps its
    /// mode: the user may have passed a shared one such as /tmp, whose sticky bit others need.
    static func makeFolder(_ folder: String) throws {
        var info = stat()
        if lstat(folder, &info) == 0 { return }
        let parent = (folder as NSString).deletingLastPathComponent
        if parent != folder, !parent.isEmpty { try makeFolder(parent) }
        guard mkdir(folder, 0o700) == 0 || errno == EEXIST else { throw SystemCallError("cannot create \(folder)") }
    }

    static func address(_ path: String) throws -> sockaddr_un {
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: addr.sun_path)
        guard bytes.count < capacity else {
            throw SystemCallError("socket path is too long (\(bytes.count) bytes, at most \(capacity - 1)): \(path)", errno: ENAMETOOLONG)
        }
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return addr
    }

    /// Whether something accepts connections on `path`.
    static func answers(_ path: String) -> Bool {
        guard var addr = try? address(path) else { return false }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let rc = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        return rc == 0
    }
}
