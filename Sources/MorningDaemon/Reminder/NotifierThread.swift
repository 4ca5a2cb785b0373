import Foundation

/// The one thread on which the notifier makes every libnotify and GLib call, one job at a time.
///
/// `notify_notification_show()` is a synchronous D-Bus call that can block for about 25 s
/// when a server hangs (D-Bus's default reply timeout), so it must never run on a thread that serves
/// requests, nor on Swift's cooperative pool, where it would hold a shared thread. A single
/// thread also suits libnotify, which keeps its state in unlocked globals.
///
/// The thread starts with the first job: a bmd that never reaches a session bus does not
/// hold its stack. The GLib main context the jobs need is `NotificationServer`'s, made
/// only once a notification is shown.
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
        while let job = next() { job() }
    }
}
