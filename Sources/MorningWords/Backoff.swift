/// How long a client waits before it reaches for bmd again: a quarter of a second after
/// the first failed try, twice as long after each further one, four seconds at most; the
/// first word from bmd starts it over. The terminal app, `status --follow` and the window
/// all wait so, as a status bar does.
public struct Backoff: Equatable, Sendable {
    /// The first wait and the longest, in milliseconds.
    public static let first: UInt32 = 250
    public static let longest: UInt32 = 4000

    /// Tries failed since bmd last answered.
    public private(set) var tries = 0

    public init() {}

    /// The wait after `tries` failed tries, in milliseconds.
    public static func delay(tries: Int) -> UInt32 {
        let doubled = UInt64(first) << UInt64(min(max(tries - 1, 0), 8))
        return UInt32(min(doubled, UInt64(longest)))
    }

    /// One more try failed: how long to wait before the next, in milliseconds.
    public mutating func failed() -> UInt32 {
        tries += 1
        return Self.delay(tries: tries)
    }

    /// bmd answered: the next failure waits the shortest again.
    public mutating func answered() { tries = 0 }
}
