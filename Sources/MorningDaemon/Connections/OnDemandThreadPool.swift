import NIOPosix
import Synchronization

/// A pool of one thread that starts when it is first asked for: work that comes rarely
/// (an export, a test notification, the first write) costs an idle bmd no thread, and no
/// stack written, until it comes.
final class OnDemandThreadPool: Sendable {
    private let pool = NIOThreadPool(numberOfThreads: 1)
    private let started = Mutex(false)

    /// The pool, started if it was not yet.
    var running: NIOThreadPool {
        started.withLock { started in
            if !started {
                pool.start()
                started = true
            }
        }
        return pool
    }

    /// Stops the thread if it ever started.
    func shutdownGracefully() async throws {
        guard started.withLock({ $0 }) else { return }
        try await pool.shutdownGracefully()
    }

    /// Stops the thread if it ever started, waiting for it here.
    func syncShutdownGracefully() throws {
        guard started.withLock({ $0 }) else { return }
        try pool.syncShutdownGracefully()
    }
}
