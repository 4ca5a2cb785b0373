import Logging
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
                    _ = await engine.snapshot   // the actor answers
                    Systemd.notify("WATCHDOG=1")
                    // systemd times the watchdog on CLOCK_MONOTONIC: the suspending clock.
                    try await Task.sleep(for: interval / 2, clock: .suspending)
                }
            }
        } catch is CancellationError {
            // The stop that was asked for.
        }
    }
}
