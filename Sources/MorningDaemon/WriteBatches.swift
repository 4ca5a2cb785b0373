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
    private let pool: NIOThreadPool
    private let logger: Logger
    /// Guards `gathering` and `draining`; signalled when a call is submitted.
    private let condition = NSCondition()
    private var gathering = BatchGathering<ObjectIdentifier, Item>()
    /// Whether a pool thread is answering batches; there is never more than one.
    private var draining = false

    init(engine: Engine, varlink: VarlinkServer, pool: NIOThreadPool, logger: Logger) {
        self.engine = engine
        self.varlink = varlink
        self.pool = pool
        self.logger = logger
    }

    /// Answers `call`, sent by `client`, in a coming batch; `done` gets the reply once it
    /// is stored.
    func submit(_ call: VarlinkCall, from client: ObjectIdentifier, done: @escaping @Sendable ([UInt8]) -> Void) {
        condition.lock()
        gathering.submit((call, done), from: client)
        let start = !draining
        draining = true
        condition.signal()
        condition.unlock()
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
            condition.withLock { gathering.stored(now: .now()) }
        }
    }

    /// The next batch, once it is due, or nil (and no longer draining) when there is none.
    private func next() -> [Item]? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            switch gathering.next(now: .now()) {
            case .store(let batch):
                return batch
            case .idle:
                draining = false
                return nil
            case .wait(let deadline):
                let seconds = Double((deadline - .now()).nanoseconds) / 1e9
                _ = condition.wait(until: Date(timeIntervalSinceNow: max(0, seconds)))
            }
        }
    }
}
