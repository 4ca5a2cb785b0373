import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Asks `condition` every 20 ms until it holds or `within` has passed; whether it held.
func waitUntil(within: Duration, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = ContinuousClock.now + within
    while try !condition() {
        guard ContinuousClock.now < deadline else { return false }
        usleep(20_000)
    }
    return true
}

/// Whether process `pid` has ended: gone, or a zombie not yet reaped.
func hasEnded(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")") else { return true }
    return stat[close...].hasPrefix(") Z")
}

/// Sends SIGTERM to `pid`, a process the test did not start itself, and waits at most
/// `within` until it has ended: gone, or a zombie whose parent is not the test.
func terminate(_ pid: pid_t, within: Duration) {
    kill(pid, SIGTERM)
    _ = waitUntil(within: within) { hasEnded(pid) }
}

/// A moment a test waits until, on the monotonic clock: a wait must neither end early nor
/// last for ever when the machine's wall clock is set while the test runs.
struct Deadline {
    private let end: ContinuousClock.Instant

    /// `seconds` from now.
    init(in seconds: Double) { end = .now + .milliseconds(Int(seconds * 1000)) }

    var passed: Bool { ContinuousClock.now >= end }

    /// What is left, in seconds; negative once passed.
    var secondsLeft: Double { (end - .now).inSeconds }
}

/// Time since it was made, on the monotonic clock.
struct Stopwatch {
    private let start = ContinuousClock.now

    var seconds: Double { (ContinuousClock.now - start).inSeconds }
}

extension Duration {
    var inSeconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
