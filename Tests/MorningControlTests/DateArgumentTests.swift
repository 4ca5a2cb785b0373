import MorningProtocol
import Testing
@testable import MorningControl

/// The client's only date work: checking typed dates (weekday names are MorningWords').
@Suite struct DateArgumentTests {
    @Test("typed dates: the words in lower case, real dates as typed, anything else nil")
    func arguments() {
        #expect(DateArgument.normalized("Tomorrow") == "tomorrow")
        #expect(DateArgument.normalized("2026-11-23") == "2026-11-23")
        #expect(DateArgument.normalized("next week") == nil)
        #expect(DateArgument.normalized("2026-+1-05") == nil)
    }
}
