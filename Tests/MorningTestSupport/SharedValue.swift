import Synchronization

/// A value a test shares with the threads and closures it starts, behind Swift's own
/// lock (`Synchronization.Mutex`). A class, because a closure cannot capture the Mutex
/// itself: it cannot be copied.
public final class SharedValue<Value>: Sendable {
    private let mutex: Mutex<Value>

    public init(_ value: sending Value) { mutex = Mutex(value) }

    public func withLock<T, E: Error>(_ body: (inout sending Value) throws(E) -> sending T) throws(E) -> T {
        try mutex.withLock(body)
    }
}
