import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The `Notify` calls made on a notification stack's bus, as dbus-monitor prints them:
/// what a client asked the server for, hints and timeout included, which dunst's history
/// does not keep.
final class NotifyCalls: @unchecked Sendable {
    /// One `Notify` call.
    struct Call: CustomStringConvertible {
        var summary: String
        /// The `expire_timeout` argument: -1 for the server's default, 0 for never.
        var expireTimeout: Int?
        /// Each hint's key and its value as dbus-monitor prints it, such as `string "x"`.
        var hints: [String: String]

        var description: String { "\(summary) timeout \(expireTimeout.map(String.init) ?? "?") hints \(hints)" }
    }

    private let child: ChildProcess
    private let log: String

    /// Starts watching `stack`'s bus; returns once the monitor is in place, so that a
    /// call made after it returns is seen.
    init(on stack: NotificationStack, timeout: Duration = .seconds(10)) throws {
        log = stack.folder.appendingPathComponent("notify-calls.log").path
        let file = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        defer { close(file) }
        child = try ChildProcess("/usr/bin/dbus-monitor",
                                 ["--address", stack.busAddress,
                                  "type='method_call',interface='org.freedesktop.Notifications',member='Notify'"],
                                 environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"], stdout: file)
        // The bus tells a new monitor that it lost its unique name: from then on it sees
        // the messages its rule matches.
        let deadline = ContinuousClock.now + timeout
        while !text.contains("member=NameLost") {
            guard ContinuousClock.now < deadline else {
                stop()
                throw NotificationStack.Failure(description: "dbus-monitor did not start watching the bus")
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    deinit { stop() }

    func stop() {
        child.signal(SIGTERM)
        child.wait()
    }

    private var text: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }

    /// Polls until `count` whole calls have been printed; throws with what was if that
    /// takes longer than `timeout`.
    func waitForCalls(_ count: Int, timeout: Duration = .seconds(10)) throws -> [Call] {
        let deadline = ContinuousClock.now + timeout
        while true {
            let calls = Self.calls(in: text)
            if calls.count >= count { return calls }
            guard ContinuousClock.now < deadline else {
                throw NotificationStack.Failure(description: "waited \(timeout) for \(count) Notify call(s): \(text)")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// The whole `Notify` calls in dbus-monitor's output: each starts with a line of its
    /// own and ends with the `int32` timeout, the last argument.
    static func calls(in output: String) -> [Call] {
        var calls: [Call] = []
        var lines: [String] = []
        var inCall = false
        for line in output.split(separator: "\n").map(String.init) {
            if !line.hasPrefix(" ") {
                inCall = line.hasPrefix("method call") && line.contains("member=Notify")
                lines = []
                continue
            }
            guard inCall else { continue }
            lines.append(line.trimmingCharacters(in: .whitespaces))
            // The arguments: app name, replaces id, icon, summary, body, actions, hints, timeout.
            if lines.count > 5, let last = lines.last, last.hasPrefix("int32 "), lines.contains("]") {
                calls.append(call(lines))
                inCall = false
            }
        }
        return calls
    }

    private static func call(_ lines: [String]) -> Call {
        func unquoted(_ line: String) -> String {
            guard let open = line.firstIndex(of: "\""), let close = line.lastIndex(of: "\""), open < close else { return line }
            return String(line[line.index(after: open)..<close])
        }
        var hints: [String: String] = [:]
        for (index, line) in lines.enumerated() where line == "dict entry(" && index + 2 < lines.count {
            let value = lines[index + 2]
            guard value.hasPrefix("variant") else { continue }
            hints[unquoted(lines[index + 1])] = value.dropFirst("variant".count).trimmingCharacters(in: .whitespaces)
        }
        let timeout = lines.last.flatMap { Int($0.dropFirst("int32 ".count)) }
        return Call(summary: unquoted(lines[3]), expireTimeout: timeout, hints: hints)
    }
}
