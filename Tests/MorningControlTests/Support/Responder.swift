import Dispatch
import Glibc
import MorningTestSupport

/// A tiny varlink server on a real Unix socket in a temporary folder.
///
/// It accepts one connection, reads one NUL-ended call and answers with canned frames,
/// all in one write (or closes without answering), so the client's socket code runs for real.
final class Responder: @unchecked Sendable {
    let folder: String
    let path: String
    private let listener: Int32
    private let finished = DispatchSemaphore(value: 0)
    // Written by the responder thread before `finished` is signalled, read after it.
    private var request: [UInt8] = []

    /// Answers with one frame, or none when `reply` is nil.
    convenience init(reply: String?) {
        self.init(frames: reply.map { [$0] } ?? [])
    }

    /// Listens at once, so a client that connects right after `init` finds the socket.
    init(frames: [String]) {
        var template = Array("/tmp/bmctl-test-XXXXXX".utf8CString)
        folder = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
        path = folder + "/bmd.sock"
        listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        _ = withUnixAddress(path) { bind(listener, $0, $1) }
        listen(listener, 1)
        // A test that never connects must not leave the thread waiting forever.
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(listener, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))

        DispatchQueue.global().async { [self] in
            serve(frames: frames)
            finished.signal()
        }
    }

    private func serve(frames: [String]) {
        let connection = accept(listener, nil, nil)
        guard connection >= 0 else { return }
        defer { close(connection) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !request.contains(0) {
            let n = recv(connection, &buffer, buffer.count, 0)
            if n <= 0 { return }
            request += buffer[..<n]
        }
        let bytes: [UInt8] = frames.flatMap { Array($0.utf8) + [0] }
        guard !bytes.isEmpty else { return }
        _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// The call the client sent, as JSON text without its NUL; waits for the exchange to end.
    func received() -> String {
        finished.wait()
        return String(decoding: request.prefix { $0 != 0 }, as: UTF8.self)
    }

    /// Binds a socket file at `path` and closes it, as a killed daemon leaves it.
    static func leaveStaleSocket(at path: String) {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        _ = withUnixAddress(path) { bind(fd, $0, $1) }
        close(fd)
    }

    deinit {
        close(listener)
        unlink(path)
        rmdir(folder)
    }
}
