import Foundation
import Logging
import MorningProtocol
import NIOPosix

/// Calls that may write, answered in batches on the thread pool: while one batch is
/// stored, the calls that arrive queue up and are answered together as the next, so that
/// many clients' changes share one write and one flush of the disk.
final class WriteBatches: @unchecked Sendable {
    private let engine: Engine
    private let varlink: VarlinkServer
    private let pool: NIOThreadPool
    private let logger: Logger
    private let lock = NSLock()
    private var queue: [(call: VarlinkCall, done: @Sendable ([UInt8]) -> Void)] = []
    /// Whether a pool thread is answering batches; there is never more than one.
    private var draining = false

    init(engine: Engine, varlink: VarlinkServer, pool: NIOThreadPool, logger: Logger) {
        self.engine = engine
        self.varlink = varlink
        self.pool = pool
        self.logger = logger
    }

    /// Answers `call` in the next batch; `done` gets the reply once it is stored.
    func submit(_ call: VarlinkCall, done: @escaping @Sendable ([UInt8]) -> Void) {
        let start = lock.withLock {
            queue.append((call, done))
            defer { draining = true }
            return !draining
        }
        if start { pool.submit { _ in self.drain() } }
    }

    private func drain() {
        while let batch = next() {
            let (varlink, logger) = (self.varlink, self.logger)
            let outcome = engine.inOneTransaction {
                batch.map { Connection.respond(to: $0.call, with: varlink, logger: logger) }
            }
            switch outcome {
            case .success(let replies):
                for (item, reply) in zip(batch, replies) { item.done(reply) }
            case .failure(let error):
                let refusal = Morning.Error.storageFailed(reason: "\(error)").frame
                for item in batch { item.done(refusal) }
            }
        }
    }

    /// Everything queued, or nil (and no longer draining) when nothing is.
    private func next() -> [(call: VarlinkCall, done: @Sendable ([UInt8]) -> Void)]? {
        lock.withLock {
            guard !queue.isEmpty else {
                draining = false
                return nil
            }
            defer { queue = [] }
            return queue
        }
    }
}
