import Logging
@testable import MorningDaemon
import MorningProtocol
import MorningStore
import NIOCore
import Testing

@Suite("The engine: the welcome")
struct WelcomeEngineTests {
    // Rule W1.
    @Test("WelcomePending reads without taking and is answered on the event loop; Welcome with take takes it once")
    func pendingReadsWelcomeTakes() async throws {
        let clock = TestClock("2026-11-22T10:00:00Z", zone: "Europe/London")
        let engine = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: Logger(label: "test"))
        // The connection bmd serves answers WelcomePending as the call arrives, on the event
        // loop, as it does Status; Welcome, which may write, waits for a thread of its own.
        for (method, now) in [(Morning.Method.welcomePending, true), (.welcome, false)] {
            var connection = ConnectionStateMachine(frames: FrameSplitter(limit: 1 << 16), patience: .seconds(10),
                                                    answeredNow: ControlServer.answeredOnLoop)
            _ = connection.opened(peerUID: 1000, peerIsOwner: true, admitted: true, now: .uptimeNanoseconds(0))
            let frame = #"{"method":"\#(method.rawValue)"}"#
            let call = try VarlinkCall(frame: Array(frame.utf8))
            let actions = connection.received(Array(frame.utf8) + [0], now: .uptimeNanoseconds(0), writable: true)
            #expect(actions.contains(.answerNow(call)) == now && actions.contains(.answerLater(call)) == !now, "\(method): \(actions)")
        }
        #expect(try await engine.call(Morning.Call.welcomePending()).pending)
        #expect(try await engine.call(Morning.Call.welcomePending()).pending)
        #expect(try await engine.call(Morning.Call.welcome(take: true)).pending)
        #expect(try await !engine.call(Morning.Call.welcomePending()).pending)
        #expect(try await !engine.call(Morning.Call.welcome(take: true)).pending)
    }
}
