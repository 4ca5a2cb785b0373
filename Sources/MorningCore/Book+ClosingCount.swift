#if DEBUG
import Synchronization

extension Book {
    /// Counts the runs of `closeDays` made by the task that sets it, in debug builds only:
    /// the tests that hold bmd to closing the days once per call set it around one call.
    /// Bound to a task (or, outside one, to a thread), so tests that run side by side do
    /// not count each other's runs.
    @TaskLocal public static var closingRuns: ClosingRuns?

    /// How many times `closeDays` ran while counted (`closingRuns`).
    public final class ClosingRuns: Sendable {
        private let runs = Mutex(0)
        public init() {}
        public var count: Int { runs.withLock { $0 } }
        func note() { runs.withLock { $0 += 1 } }
    }
}
#endif
