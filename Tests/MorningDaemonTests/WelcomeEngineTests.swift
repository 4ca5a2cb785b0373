import Logging
@testable import MorningDaemon
import MorningProtocol
import MorningStore
import Testing

@Suite("The engine: the welcome")
struct WelcomeEngineTests {
    // Rule W1.
    @Test("WelcomePending reads without taking and is answered on the event loop; Welcome with take takes it once")
    func pendingReadsWelcomeTakes() async throws {
        let clock = TestClock("2026-11-22T10:00:00Z", zone: "Europe/London")
        let engine = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: Logger(label: "test"))
        #expect(Morning.Method.welcomePending.readsOnly)
        #expect(try await engine.call(Morning.Call.welcomePending()).pending)
        #expect(try await engine.call(Morning.Call.welcomePending()).pending)
        #expect(try await engine.call(Morning.Call.welcome(take: true)).pending)
        #expect(try await !engine.call(Morning.Call.welcomePending()).pending)
        #expect(try await !engine.call(Morning.Call.welcome(take: true)).pending)
    }
}
