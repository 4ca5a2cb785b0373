import Foundation

/// The one thread on which the notifier makes every libnotify and GLib call, one job at a time.
///
/// `notify_notification_show()` is a synchronous D-Bus call that can block for about 25 s
/// when a server hangs (D-Bus's default reply timeout), so it must never run on a thread that serves
/// requests, nor on Swift's cooperative pool, where it would hold a shared thread. A single
/// thread also suits libnotify, which keeps its state in unlocked globals.
///
/// The thread starts with the first job, and until GLib is loaded it ends once no job
/// waits: the question bmd asks the notification server at start leaves no thread's stack
/// behind, and a bmd that never shows a notification holds none. Once GLib is loaded it
/// stays, as GLib's main context made on it (`NotificationServer`'s) belongs to it.
final class NotifierThread: @unchecked Sendable {
    private let name: String
    /// Whether the thread waits for the next job rather than ending; asked when no job is left.
    private let keepsRunning: @Sendable () -> Bool
    /// Called on the thread as it ends.
    private let ended: @Sendable () -> Void
    private let condition = NSCondition()
    /// Jobs not yet started, oldest first; guarded by `condition`.
    private var jobs: [@Sendable () -> Void] = []
    /// Set once no more jobs will come; guarded by `condition`.
    private var stopping = false
    /// Whether the thread runs; guarded by `condition`.
    private var started = false

    init(name: String, keepsRunning: @escaping @Sendable () -> Bool = { NotifyLibraries.isLoaded },
         ended: @escaping @Sendable () -> Void = {}) {
        self.name = name
        self.keepsRunning = keepsRunning
        self.ended = ended
    }

    /// Runs `job` on the thread after every job submitted before it, starting the thread
    /// if it does not run.
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

    /// Runs `job` as `submit` does, only if the thread runs: what closes what earlier jobs
    /// opened has nothing to close otherwise (a thread that ended had loaded nothing).
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

    /// The next job, waiting for one; nil once stopped and empty, or once empty while the
    /// thread need not stay (then the next `submit` starts another).
    private func next() -> (@Sendable () -> Void)? {
        condition.withLock {
            while jobs.isEmpty && !stopping {
                if !keepsRunning() {
                    started = false
                    return nil
                }
                condition.wait()
            }
            return jobs.isEmpty ? nil : jobs.removeFirst()
        }
    }

    private func run() {
        while let job = next() { job() }
        ended()
    }
}
