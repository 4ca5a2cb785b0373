import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle

/// Pings systemd's watchdog at half the interval it asked for, and only while the
/// engine answers: a daemon stuck on its state is restarted (Restart=on-failure).
/// Runs only when `WatchdogSec=` is set, so bmd has no timer of its own otherwise.
public struct WatchdogService: Service {
    let engine: Engine
    let interval: Duration

    public init(engine: Engine, interval: Duration) {
        self.engine = engine
        self.interval = interval
    }

    public func run() async throws {
        do {
            try await cancelWhenGracefulShutdown {
                while true {
                    _ = engine.snapshot   // the engine answers
                    Systemd.notify("WATCHDOG=1")
                    try await Self.sleep(for: interval / 2)
                }
            }
        } catch is CancellationError {
            // The stop that was asked for.
        } catch EventLoopError.cancelled {
            // The same stop, seen by the timer.
        }
    }

    /// Sleeps on an event loop's timer, which systemd's watchdog and NIO both keep on
    /// CLOCK_MONOTONIC. `Task.sleep` would hand the wait to libdispatch, whose worker
    /// pool, once started, wakes the daemon every second.
    static func sleep(for duration: Duration) async throws {
        let (seconds, attoseconds) = duration.components
        let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        let timer = MultiThreadedEventLoopGroup.singleton.next().scheduleTask(in: .nanoseconds(nanoseconds)) {}
        try await withTaskCancellationHandler {
            try await timer.futureResult.get()
        } onCancel: {
            timer.cancel()
        }
    }
}
