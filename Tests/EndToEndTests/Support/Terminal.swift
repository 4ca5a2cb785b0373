import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A program run on a pseudo-terminal of its own, as a person runs it: the test types
/// lines and reads what the program shows.
///
/// The program's stdin, stdout and stderr are the terminal, so it sees a terminal on each
/// (isatty), in a session of its own. The terminal turns "\n" into "\r\n" on the way out
/// and echoes what is typed; `screen` holds it all with "\r\n" read as "\n".
final class Terminal: @unchecked Sendable {
    private let process: ChildProcess
    private let master: Int32
    /// What the program showed, decoded anew from `bytes` so that a character split over two reads is whole.
    var screen: String { String(decoding: bytes, as: UTF8.self) }
    private var bytes: [UInt8] = []
    /// Where the next `waitFor` starts looking (a UTF-8 offset), so each one sees only what is new.
    private var seen = 0
    /// Whether the program has been reaped: its pid must not be signalled after that.
    private var ended = false

    init(_ path: String, _ arguments: [String], environment: [String: String]) throws {
        var master: Int32 = -1, slave: Int32 = -1
        // Close-on-exec before any child can be spawned, as Pipe2 does: only this child gets the terminal.
        let opened = ChildProcess.spawning.withLock {
            guard openpty(&master, &slave, nil, nil, nil) == 0 else { return false }
            for fd in [master, slave] { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            return true
        }
        guard opened else { throw POSIXError(.ENXIO) }
        defer { close(slave) }   // the child holds it now; at its exit, reads on the master end
        do {
            process = try ChildProcess(path, arguments, environment: environment,
                                       stdin: slave, stdout: slave, stderr: slave, newSession: true)
        } catch {
            close(master)
            throw error
        }
        self.master = master
    }

    deinit {
        if !ended { kill() }
        close(master)
    }

    /// SIGKILL, as when the terminal's window is killed: the program gets no chance to clean up.
    func kill() {
        process.signal(SIGKILL)
        _ = wait()
    }

    /// Waits for the program to end: its exit status, or 128 + the signal that ended it.
    func wait() -> Int32 {
        let status = process.wait()
        ended = true
        return status
    }

    /// Waits for `prompt`, then types `line` and Enter, as a person answers a question.
    func answer(_ prompt: String, with line: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try waitFor(prompt, sourceLocation: sourceLocation)
        type(line)
    }

    /// Types `line` and Enter.
    func type(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Reads until `text` appears after what earlier waits saw, and returns the screen from
    /// there to the end of `text`. Fails the test when it does not come within `timeout` seconds.
    @discardableResult
    func waitFor(_ text: String, timeout: TimeInterval = 20,
                 sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let deadline = Deadline(in: timeout)
        while true {
            let screen = screen
            let start = screen.utf8.index(screen.startIndex, offsetBy: seen)
            if let found = screen.range(of: text, range: start..<screen.endIndex) {
                seen = screen.utf8.distance(from: screen.startIndex, to: found.upperBound)
                return String(screen[start..<found.upperBound])
            }
            let left = Int32(max(0, deadline.secondsLeft) * 1000)
            guard left > 0, readSome(timeoutMilliseconds: left) else {
                Issue.record("the terminal never showed \"\(text)\"; it shows:\n\(screen[start...])", sourceLocation: sourceLocation)
                throw POSIXError(.ETIMEDOUT)
            }
        }
    }

    /// Appends what the program wrote within the timeout; false at its end or on timeout.
    private func readSome(timeoutMilliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, timeoutMilliseconds) > 0 else { return false }
        var chunk = [UInt8](repeating: 0, count: 4096)
        let n = read(master, &chunk, chunk.count)
        // EIO: every holder of the terminal's other end has closed it (the program ended).
        guard n > 0 else { return false }
        // Carriage returns dropped byte by byte: a "\r\n" may arrive split over two reads.
        bytes += chunk[..<n].filter { $0 != UInt8(ascii: "\r") }
        return true
    }
}

extension Sandbox {
    /// Runs bmctl on a terminal of its own, without colour, so what it shows can be matched.
    func bmctlOnTerminal(_ arguments: String...) throws -> Terminal {
        var environment = baseEnvironment
        environment["NO_COLOR"] = "1"
        return try Terminal(Binaries.bmctl, ["--no-autostart"] + arguments, environment: environment)
    }
}
