import CLinux
import Foundation
import Logging
@testable import MorningDaemon
import MorningProtocol
import MorningStore
import NIOCore
import NIOEmbedded
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// One connection handler on an EmbeddedChannel: frames in, frames out, time moved by
/// hand. Nothing waits for real time.
private final class Line {
    let channel: EmbeddedChannel
    let engine: Engine

    /// A connection on `loop` (its own when nil) to `engine` (a fresh one when nil).
    init(uid: uid_t = geteuid(), connections: Connections? = nil, loop: EmbeddedEventLoop? = nil, engine: Engine? = nil) throws {
        channel = loop.map { EmbeddedChannel(loop: $0) } ?? EmbeddedChannel()
        let clock = TestClock("2026-11-23T05:00:00Z", zone: "Europe/London")
        self.engine = try engine ?? Engine(store: try Store.inMemory(), clock: clock.wall, logger: Logger(label: "test"))
        let handler = ConnectionHandler(status: StatusBroadcast(engine: self.engine), varlink: ControlServer.varlinkServer(self.engine), batches: nil,
                                 logger: Logger(label: "test"), peer: bm_peer_credentials(pid: 1, uid: uid, gid: getegid()),
                                 connections: connections)
        try channel.pipeline.syncOperations.addHandler(handler)
        try channel.connect(to: SocketAddress(unixDomainSocketPath: "/bmd.sock")).wait()
    }

    func send(_ text: String) throws { try channel.writeInbound(ByteBuffer(string: text)) }

    /// Every frame written so far, as text without the NUL.
    func replies() throws -> [String] {
        var out: [String] = []
        while let buffer = try channel.readOutbound(as: ByteBuffer.self) {
            let text = String(buffer: buffer)
            out += text.split(separator: "\0", omittingEmptySubsequences: true).map(String.init)
        }
        return out
    }

    func wait(_ amount: TimeAmount) { channel.embeddedEventLoop.advanceTime(by: amount) }
    var isOpen: Bool { channel.isActive }
}

private let status = #"{"method":"org.bettermorning.Morning.Status"}"# + "\0"

@Suite("A connection, frame by frame, on an EmbeddedChannel with a clock moved by hand")
struct ConnectionHandlerTests {
    @Test("A connection that sends nothing is closed once its patience is over, not before")
    func idle() throws {
        let line = try Line()
        line.wait(ControlServer.patience - .milliseconds(1))
        #expect(line.isOpen)
        line.wait(.milliseconds(1))
        #expect(!line.isOpen)
    }

    @Test("A frame trickled a byte at a time does not stretch the patience: the frame must be whole in time")
    func trickle() throws {
        let line = try Line()
        for byte in status.utf8.prefix(9) {
            try line.send(String(UnicodeScalar(byte)))
            line.wait(.seconds(1))
        }
        #expect(line.isOpen)
        line.wait(.seconds(1))
        #expect(!line.isOpen)
        #expect(try line.replies().isEmpty)
    }

    @Test("Each answered call gives the next one the whole patience again; pipelined calls are answered in order")
    func answeredCallsRearm() throws {
        let line = try Line()
        for _ in 0..<3 {
            line.wait(.seconds(9))
            try line.send(status)
            let replies = try line.replies()
            #expect(replies.count == 1 && replies[0].hasPrefix(#"{"parameters":{"behind":0"#), "\(replies)")
        }
        try line.send(#"{"method":"org.bettermorning.Morning.Welcome","parameters":{"take":false}}"# + "\0" + status
                      + #"{"method":"org.bettermorning.Morning.Nothing"}"# + "\0")
        let replies = try line.replies()
        #expect(replies.count == 3)
        #expect(replies.first == #"{"parameters":{"pending":true}}"#)
        #expect(replies.last == #"{"error":"org.varlink.service.MethodNotFound","parameters":{"method":"org.bettermorning.Morning.Nothing"}}"#)
        #expect(line.isOpen)
    }

    @Test("After its last call a connection is closed a whole patience later, however often it called before")
    func closedAPatienceAfterTheLastCall() throws {
        let line = try Line()
        for _ in 0..<3 {
            line.wait(.seconds(3))
            try line.send(status)
        }
        #expect(try line.replies().count == 3)
        // The timer set when the connection opened comes 1 s from now, before the last
        // call's deadline: it must wait on for that deadline, then close.
        line.wait(ControlServer.patience - .milliseconds(1))
        #expect(line.isOpen)
        line.wait(.milliseconds(1))
        #expect(!line.isOpen)
    }

    @Test("A oneway call gets no reply; a oneway Status with more follows nothing")
    func oneway() throws {
        let line = try Line()
        try line.send(#"{"method":"org.bettermorning.Morning.Welcome","oneway":true,"parameters":{"take":true}}"# + "\0")
        try line.send(#"{"method":"org.bettermorning.Morning.Status","more":true,"oneway":true}"# + "\0" + status)
        let replies = try line.replies()
        // Only the plain Status answers, and the oneway Welcome took the welcome.
        #expect(replies.count == 1 && !replies[0].contains("continues"), "\(replies)")
        #expect(line.engine.snapshot.settings.welcomeShown)
    }

    @Test("A follower is not timed out, and is sent each new status")
    func follower() throws {
        let line = try Line()
        try line.send(#"{"method":"org.bettermorning.Morning.Status","more":true}"# + "\0")
        line.channel.embeddedEventLoop.run()
        #expect(try line.replies().count == 1)
        line.wait(.seconds(3600))
        #expect(line.isOpen)
        // A change made elsewhere reaches it.
        _ = try line.engine.activate(Morning.ActivateParameters(routine: "franklin"))
        line.channel.embeddedEventLoop.run()
        let replies = try line.replies()
        #expect(replies.count == 1 && replies[0].hasPrefix(#"{"continues":true"#) && replies[0].contains("Benjamin Franklin"))
    }

    @Test("A follower that stops reading is kept one status, the newest, until it reads again")
    func stalledFollower() throws {
        let line = try Line()
        try line.send(#"{"method":"org.bettermorning.Morning.Status","more":true}"# + "\0")
        line.channel.embeddedEventLoop.run()
        #expect(try line.replies().count == 1)
        line.channel.isWritable = false
        _ = try line.engine.activate(Morning.ActivateParameters(routine: "franklin"))
        _ = try line.engine.setNotifications(Morning.SetNotificationsParameters(enabled: false))
        line.channel.embeddedEventLoop.run()
        #expect(try line.replies().isEmpty)
        line.channel.isWritable = true
        line.channel.pipeline.fireChannelWritabilityChanged()
        let replies = try line.replies()
        #expect(replies.count == 1 && replies[0].contains(#""enabled":false"#), "\(replies)")
    }

    @Test("Another user is refused with PermissionDenied, and the connection closes")
    func otherUser() throws {
        let line = try Line(uid: geteuid() + 1)
        #expect(try line.replies() == [#"{"error":"org.bettermorning.Morning.PermissionDenied","parameters":{"uid":\#(geteuid() + 1)}}"#])
        #expect(!line.isOpen)
    }

    @Test("A frame over the limit is refused with InvalidParameter, and the connection closes")
    func oversized() throws {
        let line = try Line()
        try line.send(String(repeating: " ", count: ControlServer.frameLimit + 1))
        let replies = try line.replies()
        #expect(replies.count == 1 && replies[0].hasPrefix(#"{"error":"org.varlink.service.InvalidParameter","parameters":{"parameter":"frame larger"#))
        #expect(!line.isOpen)
    }
}

private let follow = #"{"method":"org.bettermorning.Morning.Status","more":true}"# + "\0"

/// Several connections to one engine, on one loop with one clock, counted by one Connections.
private struct Lines {
    let loop = EmbeddedEventLoop()
    let connections: Connections
    let engine: Engine

    init(limit: Int, followerLimit: Int = 1, bufferLimit: Int = 1 << 20, whenIdle: @escaping @Sendable () -> Void = {}) throws {
        let clock = TestClock("2026-11-23T05:00:00Z", zone: "Europe/London")
        engine = try Engine(store: try Store.inMemory(), clock: clock.wall, logger: Logger(label: "test"))
        connections = Connections(loop: loop, limit: limit, followerLimit: followerLimit, bufferLimit: bufferLimit,
                                  whenIdle: whenIdle)
    }

    func open() throws -> Line { try Line(connections: connections, loop: loop, engine: engine) }
    func wait(_ amount: TimeAmount) { loop.advanceTime(by: amount) }
}

@Suite("Room for new clients: idle connections make way, followers and unfinished frames are bounded")
struct ConnectionRoomTests {
    @Test("With every place taken, a new client takes the place of the longest-idle connection; one mid-call is kept")
    func evictsLongestIdle() throws {
        let lines = try Lines(limit: 3)
        let oldest = try lines.open()
        lines.wait(.seconds(1))
        let midCall = try lines.open()
        try midCall.send(String(status.prefix(10)))
        lines.wait(.seconds(1))
        let newer = try lines.open()
        lines.wait(.seconds(1))
        // The midCall connection waited as long but has begun its call: the oldest idle one goes.
        let arriving = try lines.open()
        #expect(!oldest.isOpen)
        #expect(try oldest.replies().isEmpty)
        #expect(midCall.isOpen && newer.isOpen && arriving.isOpen)
        try arriving.send(status)
        #expect(try arriving.replies().first?.hasPrefix(#"{"parameters":{"behind":0"#) == true)
        // The one mid-call finishes it and is answered.
        try midCall.send(String(status.dropFirst(10)))
        #expect(try midCall.replies().count == 1)
    }

    @Test("When no connection is idle, a new client is told bmd is busy: TooManyConnections")
    func refusesWhenNoneIdle() throws {
        let lines = try Lines(limit: 2)
        let first = try lines.open(), second = try lines.open()
        try first.send(String(status.prefix(5)))
        try second.send(follow)
        let refused = try lines.open()
        #expect(try refused.replies() == [#"{"error":"org.bettermorning.Morning.TooManyConnections","parameters":{"limit":128}}"#])
        #expect(!refused.isOpen)
        #expect(first.isOpen && second.isOpen)
    }

    @Test("Followers beyond their own bound are told that bound; the other places stay for calls")
    func followerBound() throws {
        let lines = try Lines(limit: 3, followerLimit: 1)
        let follower = try lines.open()
        try follower.send(follow)
        lines.loop.run()
        #expect(try follower.replies().count == 1)
        let second = try lines.open()
        try second.send(follow)
        #expect(try second.replies() == [#"{"error":"org.bettermorning.Morning.TooManyFollowers","parameters":{"limit":1}}"#])
        #expect(!second.isOpen)
        // Its place is given back: calls are still served, and the first follower follows on.
        let caller = try lines.open()
        try caller.send(status)
        #expect(try caller.replies().count == 1)
        #expect(follower.isOpen)
        // Once the follower leaves, another may follow.
        try follower.channel.close().wait()
        let next = try lines.open()
        try next.send(follow)
        lines.loop.run()
        #expect(try next.replies().first?.hasPrefix(#"{"continues":true"#) == true)
    }

    @Test("Past the bound on unfinished bytes across connections, the one holding the most is refused and its memory dropped")
    func bufferBound() throws {
        let lines = try Lines(limit: 8, bufferLimit: 1000)
        let big = try lines.open(), small = try lines.open()
        let head = #"{"method":"org.bettermorning.Morning.Status","parameters":{"#
        try big.send(head + String(repeating: " ", count: 600))
        try small.send(head + String(repeating: " ", count: 200))
        #expect(big.isOpen && small.isOpen)
        #expect(lines.connections.totalBuffered == 2 * head.utf8.count + 800)
        // The small one's next bytes pass the bound: the big one is refused, not the small one.
        try small.send(String(repeating: " ", count: 100))
        let refused = try big.replies()
        #expect(refused.count == 1 && refused[0].hasPrefix(
            #"{"error":"org.bettermorning.Morning.TooMuchUnfinished","parameters":{"limit":1000}}"#),
            "\(refused)")
        #expect(!big.isOpen)
        #expect(small.isOpen)
        #expect(lines.connections.totalBuffered == head.utf8.count + 300)
        try small.send("}}\0")
        #expect(try small.replies().first?.hasPrefix(#"{"parameters":{"behind":0"#) == true)
        #expect(lines.connections.totalBuffered == 0)
    }
}

@Suite("Idle memory is given back once clients have stayed away a while, not at every client that leaves")
struct IdleReleaseTests {
    /// Counts the times bmd gave back its idle memory.
    final class Releases: @unchecked Sendable {
        var count = 0
    }

    /// One client's call: it connects, asks for the status and leaves.
    fileprivate static func call(_ lines: Lines) throws {
        let line = try lines.open()
        try line.send(status)
        #expect(try line.replies().count == 1)
        try line.channel.close().wait()
    }

    @Test("A client every second, as a status bar's: given back after the first only, until they stop; then once, two seconds on")
    func statusBar() throws {
        let releases = Releases()
        let lines = try Lines(limit: 8, whenIdle: { releases.count += 1 })
        for _ in 0..<10 {
            try Self.call(lines)
            lines.wait(.seconds(1))
            #expect(releases.count == 1)
        }
        // Two seconds after the last one left.
        lines.wait(.milliseconds(999))
        #expect(releases.count == 1)
        lines.wait(.milliseconds(1))
        #expect(releases.count == 2)
        lines.wait(.seconds(60))
        #expect(releases.count == 2)
    }

    @Test("A client after a quiet: given back as it leaves, once")
    func loneClients() throws {
        let releases = Releases()
        let lines = try Lines(limit: 8, whenIdle: { releases.count += 1 })
        try Self.call(lines)
        #expect(releases.count == 1)
        lines.wait(.seconds(2))
        try Self.call(lines)
        #expect(releases.count == 2)
        lines.wait(.seconds(60))
        #expect(releases.count == 2)
    }

    @Test("While one client stays connected, another leaving gives back nothing")
    func clientStays() throws {
        let releases = Releases()
        let lines = try Lines(limit: 8, whenIdle: { releases.count += 1 })
        let staying = try lines.open()
        let leaving = try lines.open()
        try leaving.channel.close().wait()
        // Past the delay, within the patience of the one that stays.
        lines.wait(.seconds(3))
        #expect(staying.isOpen)
        #expect(releases.count == 0)
        try staying.channel.close().wait()
        #expect(releases.count == 1)
    }

    @Test("A timer whose cancel came too late gives back nothing; the newest one does")
    func lateTimer() {
        var idle = IdleRelease(delay: .seconds(2))
        let start = NIODeadline.uptimeNanoseconds(1_000_000_000)
        let first = idle.lastClientLeft(at: start)
        let second = idle.lastClientLeft(at: start + .seconds(1))
        let cancelled = idle.clientCame()
        let third = idle.lastClientLeft(at: start + .seconds(2))
        guard case .arm(let old) = second, case .arm(let new) = third else {
            Issue.record("leaving again within the delay arms a timer: \(second), \(third)")
            return
        }
        let oldGives = idle.fired(old)
        let newGives = idle.fired(new)
        let newAgain = idle.fired(new)
        let nothingToCancel = !idle.clientCame()
        #expect(first == .giveBack)
        #expect(cancelled && !oldGives && newGives && !newAgain && nothingToCancel)
    }
}
