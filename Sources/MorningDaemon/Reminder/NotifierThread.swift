import CNotify
import Foundation

/// The one thread on which the notifier makes every libnotify and GLib call, one job at a time.
///
/// `notify_notification_show()` is a synchronous D-Bus call that can block for about 25 s
/// when a server hangs (D-Bus's default reply timeout), so it must never run on a thread that serves
/// requests, nor on Swift's cooperative pool, where it would hold a shared thread. A single
/// thread also suits libnotify, which keeps its state in unlocked globals.
///
/// The thread has a GLib main context of its own: GDBus delivers a proxy's signals
/// (`NotificationClosed`, the server's name changing owner) to the context of the thread
/// that made the proxy. Nothing runs a main loop here, so the context is drained after
/// every job; otherwise those signals would pile up for the daemon's whole life.
final class NotifierThread: @unchecked Sendable {
    private let condition = NSCondition()
    /// Jobs not yet started, oldest first; guarded by `condition`.
    private var jobs: [@Sendable () -> Void] = []
    /// Set once no more jobs will come; guarded by `condition`.
    private var stopping = false

    init(name: String) {
        let thread = Thread { [self] in
            nameThisThread(name)
            run()
        }
        thread.start()
    }

    /// Runs `job` on the thread after every job submitted before it.
    func submit(_ job: @escaping @Sendable () -> Void) {
        condition.withLock {
            jobs.append(job)
            condition.signal()
        }
    }

    /// Ends the thread once the jobs already submitted have run.
    func stop() {
        condition.withLock {
            stopping = true
            condition.signal()
        }
    }

    /// The next job, waiting for one; nil once stopped and empty.
    private func next() -> (@Sendable () -> Void)? {
        condition.withLock {
            while jobs.isEmpty && !stopping { condition.wait() }
            return jobs.isEmpty ? nil : jobs.removeFirst()
        }
    }

    private func run() {
        let context = g_main_context_new()
        g_main_context_push_thread_default(context)
        while let job = next() {
            job()
            while g_main_context_iteration(context, 0) != 0 {}
        }
        g_main_context_pop_thread_default(context)
        g_main_context_unref(context)
    }
}
