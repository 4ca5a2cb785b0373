import Testing
@testable import MorningDaemon

// Rules H2.
@Suite("The locale's first weekday")
struct WeekdaysTests {
    // Rule H2.
    @Test("Sunday for en_US, Monday for en_GB and de_DE; C, POSIX and nonsense mean Monday")
    func firstWeekday() {
        #expect(Weekdays.first(locale: "en_US.UTF-8") == 1)
        #expect(Weekdays.first(locale: "en_GB.UTF-8") == 2)
        #expect(Weekdays.first(locale: "de_DE@euro") == 2)
        #expect(Weekdays.first(locale: "C.UTF-8") == 2)
        #expect(Weekdays.first(locale: "POSIX") == 2)
        #expect(Weekdays.first(locale: nil) == 2)
        #expect(Weekdays.first(locale: "en_US/../../etc") == 2)
    }

    @Test("A client sending endless different locale names does not grow the cache past its limit")
    func boundedCache() {
        for n in 0..<(Weekdays.cacheLimit * 4) {
            _ = Weekdays.first(locale: "xx_\(n)")
        }
        #expect(Weekdays.cachedCount <= Weekdays.cacheLimit)
        // A name seen before the cache filled still answers the same.
        #expect(Weekdays.first(locale: "en_US") == 1)
    }
}
