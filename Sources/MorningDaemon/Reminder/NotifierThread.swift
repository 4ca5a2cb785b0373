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
///
/// The thread starts with the first job, and makes its context once libnotify is loaded:
/// a bmd that never reaches a session bus holds neither its stack nor GLib.
final class NotifierThread: @unchecked Sendable {
    private let name: String
    private let condition = NSCondition()
    /// Jobs not yet started, oldest first; guarded by `condition`.
    private var jobs: [@Sendable () -> Void] = []
    /// Set once no more jobs will come; guarded by `condition`.
    private var stopping = false
    /// Whether the thread was started; guarded by `condition`.
    private var started = false

    init(name: String) {
        self.name = name
    }

    /// Runs `job` on the thread after every job submitted before it, starting the thread
    /// if it has not run yet.
    func submit(_ job: @escaping @Sendable () -> Void) {
        let start = condition.withLock {
            jobs.append(job)
            condition.signal()
            defer { started = true }
            return !started
        }
        if start {
            let thread = Thread { [self] in
                nameThisThread(name)
                run()
            }
            thread.start()
        }
    }

    /// Runs `job` as `submit` does, only if the thread was ever started: what closes
    /// what earlier jobs opened has nothing to close otherwise.
    func submitIfStarted(_ job: @escaping @Sendable () -> Void) {
        let wasStarted = condition.withLock { started }
        if wasStarted { submit(job) }
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
        var context: OpaquePointer?
        while let job = next() {
            // Made before the first job that may call GLib: every job here may, once the
            // libraries load.
            if context == nil, NotifyLibraries.load() == nil {
                context = glib.g_main_context_new()
                glib.g_main_context_push_thread_default(context)
            }
            job()
            if let context {
                while glib.g_main_context_iteration(context, 0) != 0 {}
            }
        }
        if let context {
            glib.g_main_context_pop_thread_default(context)
            glib.g_main_context_unref(context)
        }
    }
}
