import Glibc

/// bmctl's stdout: every byte written whole, or the run ends.
///
/// Output that cannot be written is a failure a script must see, never a silent 0 and a
/// cut file: a full disk behind `> file`, `/dev/full` or a closed stdout end bmctl with
/// status 1 and the reason on stderr. A reader that went away early (`| head -1`) wanted
/// no more: bmctl ends quietly, as the default action of SIGPIPE would end it.
enum StandardOutput {
    /// Whether fd 1 was closed when bmctl started. The descriptor is then held by
    /// /dev/null, so that no socket or file bmctl opens can take its number and receive
    /// what was meant for stdout.
    static let wasClosed: Bool = {
        guard fcntl(1, F_GETFD) == -1, errno == EBADF else { return false }
        let fd = open("/dev/null", O_WRONLY)
        if fd >= 0, fd != 1 {
            _ = dup2(fd, 1)
            close(fd)
        }
        return true
    }()

    /// Writes `text` to stdout, or ends the run when it cannot.
    static func write(_ text: String) {
        if wasClosed { fail(EBADF) }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { Glibc.write(1, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                fail(errno)
            }
            bytes = bytes.dropFirst(n)
        }
    }

    /// The reason a write failed, for stderr.
    static func reason(_ code: Int32) -> String {
        let cause = code == EBADF ? "stdout is closed" : String(cString: strerror(code))
        return "bmctl: cannot write the output: \(cause); what was written is incomplete\n"
    }

    /// Whether stdout is a pipe or a socket, whose reader can go away while bmctl waits.
    static var watchable: Bool {
        var info = stat()
        guard !wasClosed, fstat(1, &info) == 0 else { return false }
        let kind = info.st_mode & S_IFMT
        return kind == S_IFIFO || kind == S_IFSOCK
    }

    /// The reader of stdout went away: bmctl ends quietly, as SIGPIPE's default would end it.
    static func readerGone() -> Never {
        signal(SIGPIPE, SIG_DFL)
        raise(SIGPIPE)
        exit(128 + SIGPIPE)
    }

    private static func fail(_ code: Int32) -> Never {
        if code == EPIPE { readerGone() }
        let message = Array(reason(code).utf8)
        _ = message.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
        exit(ExitStatus.refused.rawValue)
    }
}
