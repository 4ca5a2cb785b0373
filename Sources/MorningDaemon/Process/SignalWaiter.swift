import CLinux
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Takes SIGTERM, SIGINT and SIGHUP on one thread that sleeps in sigwaitinfo(2).
///
/// Signal sources from Dispatch (which ServiceLifecycle's signal handling uses) start
/// libdispatch's worker pool, and its manager thread then wakes every second for as long
/// as the process lives. A thread blocked in sigwaitinfo never wakes unless a signal comes.
enum SignalWaiter {
    static let signals: [Int32] = [SIGTERM, SIGINT, SIGHUP]

    private static var set: sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        return set
    }

    /// Blocks the signals in the calling thread and so in every thread it starts later:
    /// call it first, before any thread exists, or a signal could reach a thread that
    /// does not wait for it and end the process.
    static func block() {
        var set = self.set
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Starts the thread that hands each signal to `handle`, one at a time, for the rest
    /// of the process. Signals that came before are pending and are handed on at once.
    static func start(_ handle: @escaping @Sendable (Int32) -> Void) {
        let thread = Thread {
            nameThisThread("bmd signals")
            var set = SignalWaiter.set
            while true {
                let signal = sigwaitinfo(&set, nil)
                if signal > 0 { handle(signal) }
            }
        }
        thread.start()
    }
}

/// Names the calling thread as `top -H`, `ps -L` and /proc/PID/task/*/comm show it
/// (at most 15 bytes). Foundation's `Thread.name` does not reach the kernel here.
func nameThisThread(_ name: String) {
    _ = bm_name_this_thread(name)
}
