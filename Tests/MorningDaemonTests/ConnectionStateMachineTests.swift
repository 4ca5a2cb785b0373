@testable import MorningDaemon
import MorningProtocol
import NIOCore
import Testing

@Suite("The connection's decisions, without a channel")
struct ConnectionStateMachineTests {
    static let start = NIODeadline.uptimeNanoseconds(1_000_000_000)

    static func machine() -> ConnectionStateMachine {
        var m = ConnectionStateMachine(frames: FrameSplitter(limit: 1 << 16), patience: .seconds(10),
                                       answeredNow: [Morning.Method.status.rawValue])
        #expect(m.opened(peerUID: 1000, peerIsOwner: true, admitted: true, now: start) == [.scheduleTimeout(start + .seconds(10))])
        return m
    }

    static func frame(_ text: String) -> [UInt8] { Array(text.utf8) + [0] }

    @Test("A call that may write is answered later; the socket is not read, nor the next call answered, until its reply")
    func writesWaitTheirTurn() throws {
        var m = Self.machine()
        let check = #"{"method":"org.bettermorning.Morning.Check","parameters":{"task":"1"}}"#
        let actions = m.received(Self.frame(check) + Self.frame(#"{"method":"org.bettermorning.Morning.Status"}"#),
                                 now: Self.start, writable: true)
        #expect(actions == [.cancelTimeout, .readFromSocket(false), .answerLater(try VarlinkCall(frame: Array(check.utf8)))])
        #expect(m.state == .answering)
        // More bytes meanwhile are kept, not answered.
        #expect(m.received(Self.frame(#"{"method":"org.bettermorning.Morning.Status"}"#), now: Self.start, writable: true) == [])
        // The reply goes out first, then the next call, on the loop.
        let next = m.answered([1, 0], now: Self.start + .seconds(1), writable: true)
        #expect(next == [.write([1, 0]), .cancelTimeout, .answerNow(VarlinkCall(method: "org.bettermorning.Morning.Status"))])
        let after = m.answered([2, 0], now: Self.start + .seconds(2), writable: true)
        #expect(after.first == .write([2, 0]))
        #expect(after.contains(.answerNow(VarlinkCall(method: "org.bettermorning.Morning.Status"))))
    }

    @Test("A client that does not read its replies is not read from; the timeout still stands")
    func backpressure() {
        var m = Self.machine()
        #expect(m.received(Self.frame(#"{"method":"org.bettermorning.Morning.Status"}"#), now: Self.start, writable: false)
                == [.readFromSocket(false)])
        #expect(m.timeoutFired(now: Self.start + .seconds(10)) == [.close])
    }

    @Test("A timeout scheduled before a call was answered does nothing afterwards")
    func staleTimeout() {
        var m = Self.machine()
        _ = m.received(Self.frame(#"{"method":"org.bettermorning.Morning.Status"}"#), now: Self.start + .seconds(9), writable: true)
        let rearmed = m.answered(nil, now: Self.start + .seconds(9), writable: true)
        #expect(rearmed.contains(.scheduleTimeout(Self.start + .seconds(19))))
        #expect(m.timeoutFired(now: Self.start + .seconds(10)) == [])
        #expect(m.timeoutFired(now: Self.start + .seconds(19)) == [.close])
    }

    @Test("Closing gives back the place, and a follower stops following")
    func closing() {
        var m = Self.machine()
        _ = m.received(Self.frame(#"{"method":"org.bettermorning.Morning.Status","more":true}"#), now: Self.start, writable: true)
        #expect(m.state == .following)
        #expect(m.closed() == [.cancelTimeout, .unfollow, .release])
        var refused = ConnectionStateMachine(frames: FrameSplitter(), patience: .seconds(10), answeredNow: [])
        _ = refused.opened(peerUID: 1000, peerIsOwner: true, admitted: false, now: Self.start)
        #expect(refused.closed() == [.cancelTimeout])
    }

    @Test("A connection is idle only while it waits for a call it has not begun; only then may it be evicted")
    func idle() {
        var m = Self.machine()
        #expect(m.idleSince == Self.start)
        _ = m.received(Array(#"{"method""#.utf8), now: Self.start + .seconds(2), writable: true)
        #expect(m.idleSince == nil)
        #expect(m.evicted() == [])
        _ = m.received(Self.frame(#":"org.bettermorning.Morning.Status"}"#), now: Self.start + .seconds(3), writable: true)
        _ = m.answered([1, 0], now: Self.start + .seconds(3), writable: true)
        #expect(m.idleSince == Self.start + .seconds(3))
        #expect(m.evicted() == [.cancelTimeout, .close])
        #expect(m.state == .closing)
        var follower = Self.machine()
        _ = follower.received(Self.frame(#"{"method":"org.bettermorning.Morning.Status","more":true}"#), now: Self.start, writable: true)
        #expect(follower.idleSince == nil)
        #expect(follower.evicted() == [])
    }

    @Test("A client that stops reading after a call is still timed, so it cannot hold its place")
    func notReadingAfterACall() {
        var m = Self.machine()
        _ = m.received(Self.frame(#"{"method":"org.bettermorning.Morning.Check","parameters":{"task":"1"}}"#),
                       now: Self.start, writable: true)
        let after = m.answered([1, 0], now: Self.start + .seconds(1), writable: false)
        #expect(after == [.write([1, 0]), .readFromSocket(false), .scheduleTimeout(Self.start + .seconds(11))])
        #expect(m.timeoutFired(now: Self.start + .seconds(11)) == [.close])
    }

    @Test("A connection whose Import is being answered is not refused as holding too much: a refusal means nothing was stored")
    func answeringIsNotShed() throws {
        var m = Self.machine()
        let importCall = #"{"method":"org.bettermorning.Morning.Import","parameters":{"replace":true}}"#
        let handedOut = m.received(Self.frame(importCall), now: Self.start, writable: true)
        #expect(handedOut.contains(.answerLater(try VarlinkCall(frame: Array(importCall.utf8)))))
        // bmd holds too much meanwhile: this connection is not the one refused.
        #expect(!m.canShed)
        #expect(m.shed([9, 0]) == [])
        // Its reply, whatever the store said, is what the client hears.
        #expect(m.answered([1, 0], now: Self.start, writable: true).first == .write([1, 0]))
    }

    @Test("A refused or shed connection drops what it received")
    func shedDropsBytes() {
        var m = Self.machine()
        _ = m.received(Array(repeating: UInt8(ascii: " "), count: 5000), now: Self.start, writable: true)
        #expect(m.buffered == 5000)
        #expect(m.shed([9, 0]) == [.cancelTimeout, .refuse([9, 0])])
        #expect(m.buffered == 0)
        #expect(m.received([1, 2, 3], now: Self.start, writable: true) == [])
        #expect(m.buffered == 0)
    }
}
