import Dispatch
import Foundation
import Logging
import MorningProtocol
import NIOCore
import NIOPosix

/// Calls that may write, answered in batches on the thread pool: while one batch is
/// stored, the calls that arrive queue up and are answered together as the next, so that
/// many clients' changes share one write and one flush of the disk. `BatchGathering`
/// decides when the next batch starts.
final class WriteBatches: @unchecked Sendable {
    typealias Item = (call: VarlinkCall, done: @Sendable ([UInt8]) -> Void)

    private let engine: Engine
    private let varlink: VarlinkServer
    private let pool: OnDemandThreadPool
    private let logger: Logger
    /// Guards `gathering`, `draining` and `waiting`.
    private let lock = NSLock()
    private var gathering = BatchGathering<ObjectIdentifier, Item>()
    /// Whether a pool thread is answering batches; there is never more than one.
    private var draining = false
    /// Whether that thread waits for the clients the last batch answered, on `wake`:
    /// signalled when a call arrives or a client leaves. The wait is timed on the
    /// monotonic clock, which setting the wall clock does not move.
    private var waiting = false
    private let wake = DispatchSemaphore(value: 0)

    init(engine: Engine, varlink: VarlinkServer, pool: OnDemandThreadPool, logger: Logger) {
        self.engine = engine
        self.varlink = varlink
        self.pool = pool
        self.logger = logger
    }

    /// Answers `call`, sent by `client`, in a coming batch; `done` gets the reply once it
    /// is stored.
    func submit(_ call: VarlinkCall, from client: ObjectIdentifier, done: @escaping @Sendable ([UInt8]) -> Void) {
        let (start, signal) = lock.withLock {
            gathering.submit((call, done), from: client)
            defer { (draining, waiting) = (true, false) }
            return (!draining, waiting)
        }
        if signal { wake.signal() }
        if start { pool.submit { self.drain() } }
    }

    /// `client`'s connection has closed: the next batch does not wait for it.
    func left(_ client: ObjectIdentifier) {
        let signal = lock.withLock {
            gathering.left(client)
            defer { waiting = false }
            return waiting
        }
        if signal { wake.signal() }
    }

    private func drain() {
        while let batch = next() {
            let (varlink, logger) = (self.varlink, self.logger)
            // Answered holding the engine's lock; the replies are written out as frames
            // once it is let go, so that reads are not held up by the writing.
            let outcome = engine.inOneTransaction { batch.map { varlink.outcome(of: $0.call) } }
            switch outcome {
            case .success(let answers):
                for (item, answer) in zip(batch, answers) {
                    item.done(ConnectionHandler.frame(of: answer, for: item.call, logger: logger))
                }
            case .failure(let error):
                let refusal = Morning.Error.storing(error).frame
                for item in batch { item.done(refusal) }
            }
            lock.withLock { gathering.stored(now: .now()) }
        }
    }

    /// The next batch, once it is due, or nil (and no longer draining) when there is none.
    private func next() -> [Item]? {
        while true {
            lock.lock()
            switch gathering.next(now: .now()) {
            case .store(let batch):
                lock.unlock()
                return batch
            case .idle:
                draining = false
                lock.unlock()
                return nil
            case .wait(let deadline):
                waiting = true
                lock.unlock()
                let nanoseconds = max(0, (deadline - .now()).nanoseconds)
                _ = wake.wait(timeout: .now() + .nanoseconds(Int(nanoseconds)))
                lock.withLock { waiting = false }
            }
        }
    }
}
