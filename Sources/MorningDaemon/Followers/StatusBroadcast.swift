import Foundation
import MorningProtocol

/// The status as the connections hand it out: the Status reply frame, kept while it
/// still says what a new one would, and the clients following the status.
///
/// A status bar asks every second or so, and many may ask at once; the answer changes
/// only with the state, the notification server, the zone, or the clock reaching the
/// next instant the model of now names (or the next reminder, or midnight), so a frame
/// is kept until then. The engine computes values; the bytes are made here.
public final class StatusBroadcast: @unchecked Sendable {
    private let engine: Engine
    /// Guards the fields below. Never held while calling the engine: the engine calls
    /// `publish` with its own lock held, so holding this one while waiting for the
    /// engine's could deadlock.
    private let lock = NSLock()
    private var followers = StatusSubscribers()
    private var kept: Kept?

    private struct Kept {
        var key: Engine.StatusKey
        var computedAt: Date
        var validUntil: Date
        var frame: [UInt8]
    }

    public init(engine: Engine) {
        self.engine = engine
        engine.whenStatusMayChange { [weak self] in self?.publish() }
    }

    /// The reply frame to a Status call, as the varlink server writes it.
    public func frame() -> [UInt8] {
        let (key, instant) = engine.statusKey()
        if let kept = lock.withLock({ kept }), kept.key == key, kept.computedAt <= instant, instant < kept.validUntil {
            return kept.frame
        }
        let snapshot = engine.statusSnapshot()
        let frame = VarlinkReply(parameters: snapshot.reply.json).frame
        // Kept under the key it was computed under, which may already be older than the
        // one read above: then the next call computes it anew.
        lock.withLock {
            kept = Kept(key: snapshot.key, computedAt: snapshot.computedAt, validUntil: snapshot.validUntil, frame: frame)
        }
        return frame
    }

    /// Whether anyone follows the status, so that the alarm also wakes for its changes.
    public var followed: Bool { lock.withLock { !followers.isEmpty } }

    /// Follows the status for `follower`: the current status at once, then one each time
    /// what it says changes, until `unfollow` or the end.
    public func follow(_ follower: StatusSubscriber) -> UInt64 {
        let id = lock.withLock { followers.add(follower) }
        publish()
        // The alarm now also wakes for what the status shows.
        engine.replan()
        return id
    }

    public func unfollow(_ id: UInt64) {
        lock.withLock { followers.remove(id) }
    }

    /// Sends the status to every follower whose last status says something else.
    func publish() {
        guard followed else { return }
        let status = engine.currentStatus()
        lock.withLock { followers.publish(status) }
    }

    /// Ends every follow stream (the daemon stops).
    public func endFollowing() {
        let ended = lock.withLock { followers.removeAll() }
        for follower in ended { follower.end() }
    }
}

/// A client following the status: how the broadcast reaches it. `send` is called with
/// locks held, so it only hands the status to the client's own loop.
public struct StatusSubscriber: Sendable {
    /// Takes one status.
    public var send: @Sendable (Morning.StatusReply) -> Void
    /// The daemon stops: no more frames.
    public var end: @Sendable () -> Void

    public init(send: @escaping @Sendable (Morning.StatusReply) -> Void, end: @escaping @Sendable () -> Void) {
        self.send = send
        self.end = end
    }
}
