import MorningProtocol
import NIOCore

/// What one client's connection does next, decided from what has happened to it. It
/// performs no I/O and reads no clock: the channel handler tells it each event with the
/// time, and carries out the actions it returns.
///
/// A connection reads calls and answers them in order. A call that only reads is
/// answered on the event loop, unless the interface file answers it apart (a reply slow
/// to build); that one, and any call that may write and wait for the disk, is answered
/// off the loop, and the calls after it wait their turn. A Status call with `more`
/// turns the connection into a follower, which is sent each new status and whose
/// further words are ignored. Every other connection must complete its next frame within `patience`
/// of being ready for it — a connection that sends nothing, or trickles a frame a byte at
/// a time, is closed — so that no client can hold one of the limited places for long.
/// While it waits for a call it has not begun to send, it is idle, and may be closed
/// sooner to make room for a new client.
struct ConnectionStateMachine {
    enum State: Equatable {
        /// Not yet admitted.
        case opening
        /// Reading the next call.
        case reading
        /// A call is being answered off the loop; frames after it wait.
        case answering
        /// Following the status.
        case following
        /// An error was sent, or the connection timed out: nothing more is read.
        case closing
        /// The connection is gone.
        case closed
    }

    enum Action: Equatable {
        /// Write this frame (replies are flushed once the actions of an event are done).
        case write([UInt8])
        /// Write this error frame, then close.
        case refuse([UInt8])
        /// Answer this call now, on the loop, and report the reply with `answered`.
        case answerNow(VarlinkCall)
        /// Answer this call off the loop and report the reply with `answered`.
        case answerLater(VarlinkCall)
        /// Read this frame (an Import larger than other calls may be) off the loop, then
        /// answer it off the loop and report the reply with `answered`.
        case readLater([UInt8])
        /// Start following the status.
        case follow
        /// Stop following the status.
        case unfollow
        /// Read from the socket, or stop reading (while waiting, or while the client does not read).
        case readFromSocket(Bool)
        /// Close the connection if it has not completed a frame by then.
        case scheduleTimeout(NIODeadline)
        case cancelTimeout
        /// Give back the connection's place among the open ones.
        case release
        case close
    }

    /// How long a connection may take to complete its next frame.
    let patience: TimeAmount
    /// The calls answered on the loop; all others are answered later.
    let answeredNow: Set<String>
    private(set) var state = State.opening
    private var frames: FrameSplitter
    /// When the frame being read must be complete, while reading.
    private var deadline: NIODeadline?
    /// The newest status for a follower that does not read, sent when it reads again.
    private var held: [UInt8]?
    /// Whether the connection holds a place among the open ones.
    private var admitted = false
    /// Whether the client said it sends nothing more (it shut its side for writing).
    private var inputEnded = false

    init(frames: FrameSplitter, patience: TimeAmount, answeredNow: Set<String>) {
        self.frames = frames
        self.patience = patience
        self.answeredNow = answeredNow
    }

    /// Since when the connection has been ready for a call it has not begun to send; nil
    /// unless it is idle: reading, no call being answered, not following, and nothing
    /// of a next frame received.
    var idleSince: NIODeadline? {
        guard state == .reading, frames.pending == 0, let deadline else { return nil }
        return deadline - patience
    }

    /// Bytes received that are not yet answered: an unfinished frame, any whole ones
    /// waiting behind a call being answered, and the call being answered itself, which
    /// bmd holds parsed while it waits (for the disk, say).
    var buffered: Int { frames.pending + answeringBytes }
    /// The size of the frame of the call being answered, while one is.
    private var answeringBytes = 0

    // MARK: Events

    /// The connection is open: `peerIsOwner` says whether the peer is bmd's own user, and
    /// `admitted` whether there was a place for it.
    mutating func opened(peerUID: Int, peerIsOwner: Bool, admitted: Bool, now: NIODeadline) -> [Action] {
        guard peerIsOwner else { return refuse(Morning.Error.permissionDenied(uid: peerUID).frame) }
        guard admitted else {
            return refuse(Morning.Error.tooManyConnections(limit: ControlServer.connectionLimit).frame)
        }
        self.admitted = true
        state = .reading
        return armTimeout(now)
    }

    /// Bytes arrived.
    mutating func received(_ bytes: some Sequence<UInt8>, now: NIODeadline, writable: Bool) -> [Action] {
        // Once following or closing, what the client says is ignored.
        guard state == .reading || state == .answering else { return [] }
        frames.append(bytes)
        return state == .reading ? readFrames(now: now, writable: writable) : []
    }

    /// The reply to the call handed out last (nil when the call was oneway).
    mutating func answered(_ reply: [UInt8]?, now: NIODeadline, writable: Bool) -> [Action] {
        guard state == .answering else { return [] }
        state = .reading
        answeringBytes = 0
        let next = readFrames(now: now, writable: writable)
        if inputEnded, state == .reading {
            // The client sends nothing more and every call it sent is answered: the reply
            // goes out, then the connection ends.
            state = .closing
            deadline = nil
            return [.cancelTimeout] + (reply.map { [.refuse($0)] } ?? [.close])
        }
        return (reply.map { [.write($0)] } ?? []) + next
    }

    /// The client shut its side for writing: the calls it sent are still answered, and the
    /// connection ends once they are. A follower that hung up ends at once, so that its
    /// place is free for the next.
    mutating func inputClosed() -> [Action] {
        inputEnded = true
        if state == .following { return [.close] }
        guard state == .reading else { return [] }
        state = .closing
        deadline = nil
        return [.cancelTimeout, .close]
    }

    /// The client reads again, or stopped reading.
    mutating func writabilityChanged(_ writable: Bool, now: NIODeadline) -> [Action] {
        guard writable else { return [] }
        switch state {
        case .following:
            defer { held = nil }
            return held.map { [.write($0)] } ?? []
        case .reading:
            return readFrames(now: now, writable: true)
        default:
            return []
        }
    }

    /// The status changed: a follower is sent it, or keeps it while it does not read.
    mutating func statusChanged(_ frame: [UInt8], writable: Bool) -> [Action] {
        guard state == .following else { return [] }
        guard writable else {
            held = frame
            return []
        }
        held = nil
        return [.write(frame)]
    }

    /// The timeout scheduled last came.
    mutating func timeoutFired(now: NIODeadline) -> [Action] {
        guard state == .reading, let deadline, now >= deadline else { return [] }
        state = .closing
        return [.close]
    }

    /// The connection is closed to make room for a new client, if it is still idle.
    mutating func evicted() -> [Action] {
        guard idleSince != nil else { return [] }
        state = .closing
        deadline = nil
        return [.cancelTimeout, .close]
    }

    /// There was no place among the followers for this one: it is told `error`, and closed.
    mutating func followRefused(_ error: [UInt8]) -> [Action] {
        guard state == .following else { return [] }
        return refuse(error)
    }

    /// bmd holds too much unfinished from its clients, and this connection's share is the
    /// largest: what it sent is dropped, and it is told `error` and closed.
    ///
    /// Not while a call of its is being answered: that call may already be stored, and a
    /// refusal must mean nothing changed.
    mutating func shed(_ error: [UInt8]) -> [Action] {
        guard canShed else { return [] }
        return refuse(error)
    }

    /// Whether `shed` would refuse: the connection is reading, no call of its handed out.
    var canShed: Bool { state == .reading }

    /// The connection is gone.
    mutating func closed() -> [Action] {
        var actions: [Action] = [.cancelTimeout]
        if state == .following { actions.append(.unfollow) }
        if admitted { actions.append(.release) }
        admitted = false
        state = .closed
        return actions
    }

    // MARK: Reading frames

    /// Hands out the next complete call, or waits for more bytes.
    private mutating func readFrames(now: NIODeadline, writable: Bool) -> [Action] {
        // A client that does not read its replies is not read from either: it can make
        // bmd hold no more than one read's worth.
        // It is still timed: a client that neither reads nor sends holds its place no longer.
        guard writable else { return [.readFromSocket(false)] + (deadline == nil ? armTimeout(now) : []) }
        let frame: [UInt8]?
        do {
            frame = try frames.next()
        } catch {
            let parameter = "frame larger than the limit (\(ControlServer.frameLimit) bytes; \(ControlServer.importFrameLimit) for Import)"
            return refuse(VarlinkService.Error.invalidParameter(parameter: parameter).frame)
        }
        guard let frame else { return [.readFromSocket(true)] + (deadline == nil ? armTimeout(now) : []) }
        if frame.count > ControlServer.frameLimit {
            // Only an Import may be this large, and reading it whole takes up to seconds:
            // other clients are served meanwhile.
            deadline = nil
            state = .answering
            answeringBytes = frame.count
            return [.cancelTimeout, .readFromSocket(false), .readLater(frame)]
        }
        guard let call = try? VarlinkCall(frame: frame) else {
            return refuse(VarlinkService.Error.invalidParameter(parameter: "method").frame)
        }
        if call.more, ControlServer.followed.contains(call.method) {
            // A follower that wants no replies wants nothing: the call is done.
            if call.oneway { return readFrames(now: now, writable: writable) }
            state = .following
            deadline = nil
            return [.cancelTimeout, .follow, .readFromSocket(true)]
        }
        deadline = nil
        state = .answering
        answeringBytes = frame.count
        if answeredNow.contains(call.method) { return [.cancelTimeout, .answerNow(call)] }
        return [.cancelTimeout, .readFromSocket(false), .answerLater(call)]
    }

    private mutating func armTimeout(_ now: NIODeadline) -> [Action] {
        let at = now + patience
        deadline = at
        return [.scheduleTimeout(at)]
    }

    private mutating func refuse(_ frame: [UInt8]) -> [Action] {
        state = .closing
        deadline = nil
        // Nothing more is read, so what was received is of no more use.
        frames.discard()
        return [.cancelTimeout, .refuse(frame)]
    }
}
