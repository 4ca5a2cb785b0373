#if canImport(Glibc)
import Glibc
#endif

/// Whether some live process still has a socket bound to a socket file.
///
/// A stream connection is refused both when the file's socket is gone (its process
/// ended) and when a live program has bound it and not yet called listen(), so a
/// refusal alone does not say the file is left over. A datagram connection tells them
/// apart, without touching the other program's socket: the kernel finds the socket
/// bound to the file first, and refuses (ECONNREFUSED) only when there is none; a live
/// stream socket there is of the wrong type (EPROTOTYPE), and a live datagram socket
/// takes the connection.
enum SocketOwner {
    /// Whether no process has a socket bound to the file at `path` (or it is no socket
    /// at all), so that removing it takes nothing from anyone. Any answer but the
    /// kernel's "no socket here" counts as held.
    static func isGone(_ path: String) -> Bool {
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        guard var addr = try? ListeningSocket.address(path) else { return false }
        let rc = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        return rc != 0 && errno == ECONNREFUSED
    }
}
