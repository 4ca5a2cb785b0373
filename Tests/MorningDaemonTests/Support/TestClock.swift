import Foundation
import MorningCore
@testable import MorningDaemon

/// A wall clock the test moves: set by hand, stepped minutes to years either way, flown
/// across zones.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var instant: Date
    private var zone: TimeZone
    /// The time that really passed: `advance` moves it with the wall clock, `set` does not.
    private var passed: TimeInterval = 0

    init(_ instant: Date, zone: String) {
        self.instant = instant
        self.zone = TimeZone(identifier: zone)!
    }

    convenience init(_ iso: String, zone: String) {
        self.init(ISO8601DateFormatter().date(from: iso)!, zone: zone)
    }

    var now: Date { lock.withLock { instant } }
    func set(_ iso: String) { set(ISO8601DateFormatter().date(from: iso)!) }
    func set(_ date: Date) { lock.withLock { instant = date } }
    func advance(_ seconds: TimeInterval) {
        lock.withLock {
            instant += seconds
            passed += seconds
        }
    }
    func step(hours: Double) { advance(hours * 3600) }
    func fly(to zone: String) { lock.withLock { self.zone = TimeZone(identifier: zone)! } }

    var wall: WallClock {
        WallClock(now: { self.lock.withLock { self.instant } }, zone: { self.lock.withLock { self.zone } },
                  elapsed: { self.lock.withLock { self.passed } })
    }
}

/// The zone's rule of which dates have a day, for tests in a zone that skips none
/// (zones that skip a date have tests of their own, with `LocalTime.exists`).
func everyDateExists(_ day: Day) -> Bool { true }
