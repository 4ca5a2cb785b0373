import NIOCore

/// When bmd gives back what an idle bmd need not keep written (SQLite's cached pages, the
/// heap's free pages, the loop's deep stack) after its last client left: at once when
/// that client came alone, after a quiet of at least `delay`; otherwise, as when a status
/// bar calls every second, once no client has come for `delay`, by a one-shot timer armed
/// as the last client leaves and cancelled when one comes.
///
/// Given back each time the last client left, a status bar that runs `bmctl status` once a
/// second paid for it once a second: a quarter of bmd's time per call went to shrinking
/// the caches that the next call filled again.
struct IdleRelease {
    /// What to do as the last client leaves.
    enum Leaving: Equatable {
        /// Give back now: the client came after a quiet.
        case giveBack
        /// Arm timer `number` for `delay`.
        case arm(Int)
    }

    /// Longer than the second between a status bar's calls, and short enough that a bmd
    /// left alone gives back within seconds.
    static let delay = TimeAmount.seconds(2)

    let delay: TimeAmount
    /// The number of the timer armed, nil when none is.
    private(set) var armed: Int?
    private var timers = 0
    /// When the last client last left.
    private var lastLeft: NIODeadline?

    init(delay: TimeAmount = IdleRelease.delay) {
        self.delay = delay
    }

    /// The last client has left, at `now`.
    mutating func lastClientLeft(at now: NIODeadline) -> Leaving {
        defer { lastLeft = now }
        if let lastLeft, now - lastLeft < delay {
            timers += 1
            armed = timers
            return .arm(timers)
        }
        return .giveBack
    }

    /// A client has come: whether an armed timer is to be cancelled.
    mutating func clientCame() -> Bool {
        defer { armed = nil }
        return armed != nil
    }

    /// Timer `number` fired: whether to give back now. A timer a client came after, whose
    /// cancel came too late to stop it, gives back nothing.
    mutating func fired(_ number: Int) -> Bool {
        guard armed == number else { return false }
        armed = nil
        return true
    }
}
