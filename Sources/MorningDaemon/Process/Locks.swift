import NIOConcurrencyHelpers

/// bmd's locks around a value are Swift's `Mutex` (Synchronization) where the lock lives
/// in a class or a static, and NIO's `NIOLockedValueBox` where a struct or an escaping
/// closure holds it, as a `Mutex` cannot be copied. `withLock` is the one verb for both.
extension NIOLockedValueBox {
    @inlinable
    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        try withLockedValue(body)
    }
}
