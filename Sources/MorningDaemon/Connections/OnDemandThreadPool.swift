import CLinux
import NIOCore
import NIOPosix
import Synchronization

/// A pool of one thread that starts when it is first asked for: work that comes rarely
/// (an export, a test notification, the first write) costs an idle bmd no thread, and no
/// stack written, until it comes.
final class OnDemandThreadPool: Sendable {
    private let pool = NIOThreadPool(numberOfThreads: 1)
    private let started = Mutex(false)

    /// The pool, started if it was not yet.
    private var running: NIOThreadPool {
        started.withLock { started in
            if !started {
                pool.start()
                started = true
            }
        }
        return pool
    }

    /// Runs `work` on the thread, started if it was not yet.
    func submit(_ work: @escaping @Sendable () -> Void) {
        running.submit { _ in
            work()
            Self.dropStack()
        }
    }

    /// Runs `body` on the thread, started if it was not yet, and completes the future on
    /// `eventLoop` with its result.
    func runIfActive<T: Sendable>(eventLoop: any EventLoop, _ body: @escaping @Sendable () throws -> T) -> EventLoopFuture<T> {
        running.runIfActive(eventLoop: eventLoop) {
            defer { Self.dropStack() }
            return try body()
        }
    }

    /// Gives back the stack the work wrote below the pool's own frames: the thread then
    /// waits, often all day, and what a write or an export touched deep in SQLite and
    /// GRDB would otherwise stay written (some 20 KiB).
    private static func dropStack() {
        bm_drop_stack_below_here(4096)
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
