import CLinux
import Glibc
import MorningProtocol
import SystemPackage

// A failed system call's errno is swift-system's `Errno`, which prints as strerror(3) words it.
extension Errno {
    /// No socket file, or a file that nobody listens on: the cases where starting bmd helps.
    public var meansNoDaemon: Bool { self == .noSuchFileOrDirectory || self == .connectionRefused }
    /// A listener whose queue of connections is full, met by a connect that does not wait:
    /// bmd runs but does not take connections now (stopped, or swamped).
    public var meansBusy: Bool { self == .resourceTemporarilyUnavailable }
}

/// Why an exchange on an open connection failed.
public enum ConnectionError: Error, Equatable, Sendable {
    case system(Errno)
    /// No answer within the connection's timeout.
    case timedOut
    /// bmd hung up before a whole reply arrived.
    case closed
    /// A frame grew past `Connection.frameLimit` (the limit) without its NUL.
    case frameTooLarge(Int)
    /// The descriptor `receiveFrame(watching:)` watched hung up while no frame had come.
    case watchedHungUp
}

/// One stream connection to bmd's Unix socket, carrying NUL-ended varlink frames.
public final class Connection {
    /// The longest reply bmctl reads: an export, which may be as large as the Import call
    /// that brings it back (`Morning.largestFrame`). bmd never sends more, so this only
    /// bounds the memory a listener that is not bmd could make bmctl take.
    public static let frameLimit = Morning.largestFrame

    private let fd: Int32
    /// Bytes received that belong to frames not yet returned: a follower may get several
    /// frames in one read.
    private var splitter = FrameSplitter(limit: Connection.frameLimit)

    private init(fd: Int32) { self.fd = fd }

    deinit { close(fd) }

    /// Connects to the socket at `path`; reads and writes give up after `timeoutSeconds`.
    /// With `waitWhenBusy` false, a listener whose queue of connections is full (a bmd
    /// stopped, or too slow to take them) fails at once with `EAGAIN` instead of making
    /// the caller wait: a Unix socket connects at once or not at all, so nothing else waits.
    public static func open(path: String, timeoutSeconds: Int, waitWhenBusy: Bool = true) throws(Errno) -> Connection {
        let flags = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | (waitWhenBusy ? 0 : Int32(SOCK_NONBLOCK.rawValue))
        let fd = socket(AF_UNIX, flags, 0)
        guard fd >= 0 else { throw Errno(rawValue: errno) }
        let connection = Connection(fd: fd)  // Closes fd on every path out.

        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        let size = socklen_t(MemoryLayout<timeval>.size)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, size)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, size)

        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw Errno(rawValue: ENAMETOOLONG) }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard result == 0 else { throw Errno(rawValue: errno) }
        if !waitWhenBusy {
            // Connected: reads and writes wait as they do on any other connection.
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        }
        return connection
    }

    /// The user id of the process that listens on the other end (SO_PEERCRED): the
    /// kernel's word, which no file mode or name can fake.
    public func peerUID() throws(Errno) -> uid_t {
        try peerCredentials().uid
    }

    /// The process id of the process listening on the other end (as `peerUID`).
    public func peerPID() throws(Errno) -> pid_t {
        try peerCredentials().pid
    }

    private func peerCredentials() throws(Errno) -> bm_peer_credentials {
        var credentials = bm_peer_credentials()
        var size = socklen_t(MemoryLayout<bm_peer_credentials>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &size) == 0 else { throw Errno(rawValue: errno) }
        return credentials
    }

    /// A copy of the socket's descriptor, for a client that reads and writes it from its
    /// own event loop (the window, from GLib's), once `DaemonSocket.connect` has checked
    /// who listens. The caller owns the copy; this connection still closes its own.
    public func duplicateDescriptor() throws(Errno) -> Int32 {
        let copy = fcntl(fd, F_DUPFD_CLOEXEC, 0)
        guard copy >= 0 else { throw Errno(rawValue: errno) }
        return copy
    }

    /// Writes all of `bytes`.
    public func send(_ bytes: [UInt8]) throws(ConnectionError) {
        var sent = 0
        while sent < bytes.count {
            // MSG_NOSIGNAL: a daemon that went away is an error to report, not a SIGPIPE.
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0 {
                let code = errno
                if code == EINTR { continue }
                if code == EAGAIN || code == EWOULDBLOCK { throw .timedOut }
                throw .system(Errno(rawValue: code))
            }
            sent += n
        }
    }

    /// Sends `call` (one NUL-ended varlink frame) and returns the reply frame without its NUL.
    public func exchange(_ call: [UInt8]) throws(ConnectionError) -> [UInt8] {
        do throws(ConnectionError) {
            try send(call)
        } catch {
            // bmd may answer before it reads the call (refusing another user)
            // and hang up at once: its answer is still there to be read.
            guard case .system(let cause) = error, cause.rawValue == EPIPE || cause.rawValue == ECONNRESET,
                  let frame = try? receiveFrame() else { throw error }
            return frame
        }
        return try receiveFrame()
    }

    /// Reads until the first complete frame and returns it without its NUL.
    /// With `watching` (stdout, for a follower), a reader of it that went away is noticed
    /// while bmctl waits (`.watchedHungUp`), rather than at the next status, which may be
    /// hours later.
    public func receiveFrame(watching: Int32? = nil) throws(ConnectionError) -> [UInt8] {
        // Not zeroed: recv fills what is used, and zeroing 64 KiB cost a dozen page faults
        // per run, more than the call.
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 1)
        defer { chunk.deallocate() }
        while true {
            do {
                if let frame = try splitter.next() { return frame }
            } catch {
                throw .frameTooLarge(error.limit)
            }
            if let watching {
                var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: watching, events: 0, revents: 0)]
                if poll(&fds, 2, -1) < 0, errno == EINTR { continue }
                if fds[1].revents & Int16(POLLERR | POLLHUP) != 0, fds[0].revents == 0 { throw .watchedHungUp }
            }
            let n = recv(fd, chunk.baseAddress, chunk.count, 0)
            if n < 0 {
                let code = errno
                if code == EINTR { continue }
                if code == EAGAIN || code == EWOULDBLOCK { throw .timedOut }
                throw .system(Errno(rawValue: code))
            }
            if n == 0 { throw .closed }
            splitter.append(UnsafeRawBufferPointer(rebasing: chunk[..<n]))
        }
    }
}
