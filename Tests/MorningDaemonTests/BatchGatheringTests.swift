@testable import MorningDaemon
import NIOCore
import Testing

/// When the next batch of writes starts and what it takes, with the time told to it.
@Suite("Gathering the next batch of writes")
struct BatchGatheringTests {
    static let start = NIODeadline.uptimeNanoseconds(1_000_000_000)

    static func at(_ milliseconds: Int64) -> NIODeadline { start + .milliseconds(milliseconds) }

    /// What `next` says, as text that compares plainly.
    static func next(_ gathering: inout BatchGathering<String, String>, at milliseconds: Int64) -> String {
        switch gathering.next(now: at(milliseconds)) {
        case .store(let calls): "store \(calls.joined(separator: " "))"
        case .wait(let deadline): "wait until \((deadline - start).nanoseconds / 1_000_000) ms"
        case .idle: "idle"
        }
    }

    /// Clients a and b's first calls stored together, from 0 ms to `milliseconds`.
    static func aAndBStored(at milliseconds: Int64) -> BatchGathering<String, String> {
        var gathering = BatchGathering<String, String>()
        gathering.submit("a1", from: "a")
        gathering.submit("b1", from: "b")
        #expect(next(&gathering, at: 0) == "store a1 b1")
        gathering.stored(now: at(milliseconds))
        return gathering
    }

    @Test("A call that finds nothing being stored is stored at once, alone")
    func loneCall() {
        var gathering = BatchGathering<String, String>()
        #expect(Self.next(&gathering, at: 0) == "idle")
        gathering.submit("check 1", from: "a")
        #expect(Self.next(&gathering, at: 0) == "store check 1")
        gathering.stored(now: Self.at(4))
        // A client that has gone: nothing else arrives, and bmd stops gathering after the hold.
        #expect(Self.next(&gathering, at: 5) == "wait until 6 ms")
        #expect(Self.next(&gathering, at: 6) == "idle")
    }

    @Test("The next batch waits for the clients the last one answered, and takes them with the calls that came meanwhile")
    func waitsForTheAnswered() {
        var gathering = BatchGathering<String, String>()
        gathering.submit("a1", from: "a")
        gathering.submit("b1", from: "b")
        #expect(Self.next(&gathering, at: 0) == "store a1 b1")
        // While a and b's batch is stored, c arrives.
        gathering.submit("c1", from: "c")
        gathering.stored(now: Self.at(8))
        #expect(Self.next(&gathering, at: 8) == "wait until 12 ms")
        gathering.submit("a2", from: "a")
        #expect(Self.next(&gathering, at: 9) == "wait until 12 ms")
        gathering.submit("b2", from: "b")
        // Everyone is back before the hold ends: one batch for all three.
        #expect(Self.next(&gathering, at: 9) == "store c1 a2 b2")
    }

    @Test("A client that does not come back holds the next batch for at most half the last one's time, once")
    func goneClientHoldsOnce() {
        var gathering = Self.aAndBStored(at: 6)
        gathering.submit("a2", from: "a")
        #expect(Self.next(&gathering, at: 7) == "wait until 9 ms")
        #expect(Self.next(&gathering, at: 9) == "store a2")
        gathering.stored(now: Self.at(13))
        // b is no longer waited for: only a, whom the last batch answered.
        gathering.submit("a3", from: "a")
        #expect(Self.next(&gathering, at: 13) == "store a3")
    }

    @Test("However long the last batch took, the hold is never longer than its bound")
    func holdIsBounded() {
        var gathering = BatchGathering<String, String>(longestHold: .milliseconds(10))
        gathering.submit("a1", from: "a")
        #expect(Self.next(&gathering, at: 0) == "store a1")
        gathering.stored(now: Self.at(500))
        gathering.submit("c1", from: "c")
        #expect(Self.next(&gathering, at: 500) == "wait until 510 ms")
        #expect(Self.next(&gathering, at: 510) == "store c1")
    }

    @Test("A client whose connection closed is not waited for")
    func leftIsNotAwaited() {
        var gathering = Self.aAndBStored(at: 8)
        gathering.submit("a2", from: "a")
        #expect(Self.next(&gathering, at: 8) == "wait until 12 ms")
        gathering.left("b")
        #expect(Self.next(&gathering, at: 8) == "store a2")
    }

    @Test("A client that sent its next call while its batch was being stored is not waited for")
    func alreadyBack() {
        var gathering = BatchGathering<String, String>()
        gathering.submit("a1", from: "a")
        #expect(Self.next(&gathering, at: 0) == "store a1")
        gathering.submit("a2", from: "a")
        gathering.stored(now: Self.at(4))
        #expect(Self.next(&gathering, at: 4) == "store a2")
    }
}
