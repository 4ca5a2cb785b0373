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

/// Sends SIGTERM to `pid`, a process the test did not start itself, and waits at most
/// `within` until it has ended: gone, or a zombie whose parent is not the test.
func terminate(_ pid: pid_t, within: Duration) {
    kill(pid, SIGTERM)
    _ = waitUntil(within: within) {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return true }
        return stat[close...].hasPrefix(") Z")
    }
}
