import NIOCore

/// When bmd gives back what an idle bmd need not keep written (SQLite's cached pages, the
/// heap's free pages, the loop's deep stack): once no client has come for `delay` after
/// the last one left, by a one-shot timer armed then and cancelled when a client comes.
///
/// Given back each time the last client left, a status bar that runs `bmctl status` once a
/// second paid for it once a second: a quarter of bmd's time per call went to shrinking
/// the caches that the next call filled again.
struct IdleRelease {
    /// Longer than the second between a status bar's calls, and short enough that a bmd
    /// left alone gives back within seconds.
    static let delay = TimeAmount.seconds(2)

    let delay: TimeAmount
    /// The number of the timer armed, nil when none is.
    private(set) var armed: Int?
    private var timers = 0

    init(delay: TimeAmount = IdleRelease.delay) {
        self.delay = delay
    }

    /// The last client has left: the number of the timer to arm for `delay`.
    mutating func lastClientLeft() -> Int {
        timers += 1
        armed = timers
        return timers
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
