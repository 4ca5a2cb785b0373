import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The calls a notification stack's server is sent, as dbus-monitor sees them.
extension NotificationStack {
    /// Polls until dunst has shown a notification (its rule script recorded it); returns
    /// the id dunst gave the first one, the id its D-Bus clients know it by.
    func firstShownID(timeout: Duration = .seconds(10)) throws -> Int {
        let deadline = ContinuousClock.now + timeout
        let hints = folder.appendingPathComponent("hints").path
        while true {
            let ids = ((try? FileManager.default.contentsOfDirectory(atPath: hints)) ?? []).compactMap(Int.init)
            if let first = ids.min() { return first }
            guard ContinuousClock.now < deadline else {
                throw Failure(description: "dunst recorded no notification in \(timeout)")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// dbus-monitor on this stack's bus, printing a line for each call the bus routes to
    /// the notification server (libnotify asks for the server's information before it
    /// sends a notification). Returns once the monitor is in place: a call made after it
    /// returns is seen.
    func watchServerCalls(timeout: Duration = .seconds(10)) throws -> ServerCalls {
        let out = try Pipe2()
        let child = try spawn("/usr/bin/dbus-monitor",
                              ["--address", busAddress, "--profile",
                               "type='method_call',interface='org.freedesktop.Notifications'"],
                              log: "dbus-monitor", stdout: out)
        let calls = ServerCalls(child: child, out: out)
        // The bus tells a new monitor that it lost its unique name: from then on it sees
        // the messages its rule matches.
        guard try calls.waitForLine(endingWith: "\tNameLost", within: timeout) else {
            calls.stop()
            throw Failure(description: "dbus-monitor did not start watching the bus")
        }
        return calls
    }

    /// What dbus-monitor printed, read line by line.
    final class ServerCalls: @unchecked Sendable {
        private let child: ChildProcess
        private let out: Pipe2
        private var buffer: [UInt8] = []

        init(child: ChildProcess, out: Pipe2) {
            self.child = child
            self.out = out
        }

        /// Waits for the next call to the server the bus routes; false when none comes in time.
        func waitForCall(within: Duration) throws -> Bool {
            try waitForLine(within: within) { $0.hasPrefix("mc\t") }
        }

        /// Reads lines until one ends with `suffix`; false when `within` passes first.
        func waitForLine(endingWith suffix: String, within: Duration) throws -> Bool {
            try waitForLine(within: within) { $0.hasSuffix(suffix) }
        }

        private func waitForLine(within: Duration, where wanted: (String) -> Bool) throws -> Bool {
            let deadline = ContinuousClock.now + within
            while true {
                while let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: buffer[..<end], as: UTF8.self)
                    buffer.removeSubrange(...end)
                    if wanted(line) { return true }
                }
                let left = deadline - ContinuousClock.now
                guard left > .zero else { return false }
                var request = pollfd(fd: out.read, events: Int16(POLLIN), revents: 0)
                let ms = Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
                let ready = poll(&request, 1, max(ms, 1))
                if ready < 0 && errno == EINTR { continue }
                guard ready > 0 else { continue }
                var chunk = [UInt8](repeating: 0, count: 4096)
                let n = Glibc.read(out.read, &chunk, chunk.count)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { throw Failure(description: "dbus-monitor ended") }
                buffer += chunk[..<n]
            }
        }

        func stop() {
            NotificationStack.terminate(child)
        }
    }
}
