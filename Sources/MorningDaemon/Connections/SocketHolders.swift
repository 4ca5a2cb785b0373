import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The Unix sockets that live processes have bound, as the kernel lists them in
/// /proc/net/unix: a socket file none of them holds was left by a process that is gone.
///
/// The kernel lists each bound socket with the path it was bound to, as that process
/// spelled it; a path is held when one listed names the same file (same device and inode,
/// however spelled), or is spelled the same.
struct SocketHolders {
    /// A bound socket: its inode in the kernel's socket filesystem (what fstat(2) of its
    /// descriptor says), and the path it was bound to.
    struct Bound: Equatable {
        var socketInode: UInt64
        var path: String
    }

    /// The bound sockets listed; nil when the list could not be read, and then every path
    /// counts as held: a socket bmd cannot tell is dead is not removed.
    var bound: [Bound]?

    /// Their paths.
    var paths: [String]? { bound?.map(\.path) }

    /// The sockets bound in this network namespace now.
    static func current() -> SocketHolders {
        guard let text = try? String(contentsOfFile: "/proc/net/unix", encoding: .utf8) else { return SocketHolders(bound: nil) }
        return SocketHolders(listing: text)
    }

    /// The paths of a /proc/net/unix listing: after the header, each line is "Num:
    /// RefCount Protocol Flags Type St Inode", then the path of a bound socket, if any.
    /// Abstract sockets (spelt "@…") have no file and are left out.
    init(listing: String) {
        var bound: [Bound] = []
        for line in listing.split(separator: "\n").dropFirst() {
            var rest = Substring(line)
            var fields: [Substring] = []
            while fields.count < 7, !rest.isEmpty {
                rest = rest.drop(while: { $0 == " " })
                let field = rest.prefix(while: { $0 != " " })
                fields.append(field)
                rest = rest[field.endIndex...]
            }
            guard fields.count == 7, rest.first == " ", let inode = UInt64(fields[6]) else { continue }
            let path = String(rest.dropFirst())
            if !path.isEmpty, !path.hasPrefix("@") { bound.append(Bound(socketInode: inode, path: path)) }
        }
        self.bound = bound
    }

    init(bound: [Bound]?) {
        self.bound = bound
    }

    /// Whether a live process holds the socket file at `path`, leaving out the sockets
    /// whose inodes are `own` (bmd's own, bound to a file since removed or replaced).
    func holds(_ path: String, apartFrom own: Set<UInt64> = []) -> Bool {
        guard let bound else { return true }
        let others = bound.filter { !own.contains($0.socketInode) }.map(\.path)
        var file = stat()
        guard lstat(path, &file) == 0 else { return others.contains(path) }
        return others.contains { listed in
            if listed == path { return true }
            var info = stat()
            return stat(listed, &info) == 0 && info.st_dev == file.st_dev && info.st_ino == file.st_ino
        }
    }

    /// The inode of the socket `fd` in the kernel's socket filesystem, as listed.
    static func socketInode(of fd: Int32) -> UInt64? {
        var info = stat()
        return fstat(fd, &info) == 0 ? UInt64(info.st_ino) : nil
    }
}
