import CLinux
import Dispatch
import Logging
import MorningProtocol
import NIOCore
import NIOPosix

#if canImport(Glibc)
import Glibc
#endif

/// One client's connection on the socket: carries out what its state machine decides —
/// answers calls through the varlink server, on the loop or on the thread pool, follows
/// the status through the broadcast, and keeps the timeout.
final class ConnectionHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let status: StatusBroadcast
    private let varlink: VarlinkServer
    /// The thread of each method answered apart, by method; such a call is answered on
    /// the loop when its method has none, as in tests.
    private let apart: [String: OnDemandThreadPool]
    private let batches: WriteBatches?
    private let logger: Logger
    private let peer: bm_peer_credentials
    private let connections: Connections?
    /// Bytes of replies written but not yet taken by the client: they count against the
    /// bound on what bmd holds for its clients, as unfinished calls do.
    private var unsent = 0
    private var machine: ConnectionStateMachine
    /// The timer of the patience, and when it fires. A call answered moves the deadline
    /// every time; the timer is left where it is and, when it fires before the deadline,
    /// set again for it, rather than cancelled and scheduled anew for every call.
    private var timeout: (task: Scheduled<Void>, at: NIODeadline)?
    /// When the connection must have sent its next whole call; nil while it need not.
    private var deadline: NIODeadline?
    /// Whether the channel reads from the socket by itself (its autoRead option).
    private var reading = true
    private var follower: UInt64?
    /// Whether this connection held a large frame since memory was last handed back.
    private var heldLarge = false
    /// Past this much held, the memory a call took is handed back once it is answered.
    static let largeFrame = 1 << 20
    /// This handler's place in the pipeline, while the channel is open, so that the other
    /// connections can close it to make room.
    private var context: ChannelHandlerContext?

    /// A connection of `peer`; `connections` counts it against the limit, `batches` answers
    /// calls that may write and `apart` the methods answered apart (on the loop when nil or
    /// missing, as in tests).
    init(status: StatusBroadcast, varlink: VarlinkServer, apart: [String: OnDemandThreadPool] = [:], batches: WriteBatches?,
         logger: Logger, peer: bm_peer_credentials, connections: Connections?, patience: TimeAmount = ControlServer.patience) {
        self.status = status
        self.varlink = varlink
        self.apart = apart
        self.batches = batches
        self.logger = logger
        self.peer = peer
        self.connections = connections
        machine = ConnectionStateMachine(
            frames: FrameSplitter(limit: ControlServer.frameLimit,
                                  largeLimits: ControlServer.largeFrameLimits),
            patience: patience, answeredNow: ControlServer.answeredOnLoop)
    }

    /// Since when this connection has been idle, if it is; see ConnectionStateMachine.
    var idleSince: NIODeadline? { machine.idleSince }

    /// Closes this idle connection to make room for a new client.
    func evict() {
        guard let context else { return }
        logger.debug("closed an idle connection to make room for a new one")
        perform(machine.evicted(), context)
    }

    /// Whether `shed` would refuse it: no call of its is being answered.
    var canShed: Bool { machine.canShed }

    /// Drops what this connection sent and refuses it: bmd holds too much unfinished.
    func shed() {
        guard let context else { return }
        let limit = connections?.bufferLimit ?? ControlServer.bufferLimit
        if unsent > 0, machine.canShed {
            // It does not take what it was sent: a refusal would wait behind that for good.
            // It is closed at once, and what waited to be sent is dropped with it.
            logger.warning("closed a connection that does not read its replies: \(limit) bytes are held for clients")
            context.close(promise: nil)
            return
        }
        logger.warning("refused a connection's unfinished call: \(limit) bytes of unfinished calls are held")
        perform(machine.shed(Morning.Error.tooMuchUnfinished(limit: limit).frame), context)
    }

    func channelActive(context: ChannelHandlerContext) {
        self.context = context
        // Peer credentials are checked on every connection, whatever the file modes.
        let owner = peer.uid == geteuid()
        if !owner {
            logger.warning("refused a connection from another user", metadata: ["uid": "\(peer.uid)", "pid": "\(peer.pid)"])
        }
        let admitted = owner && (connections?.admit(self, context.channel) ?? true)
        if owner, !admitted { logger.warning("refused a connection: \(ControlServer.connectionLimit) are open, none idle") }
        perform(machine.opened(peerUID: Int(peer.uid), peerIsOwner: owner, admitted: admitted, now: context.eventLoop.now), context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        perform(machine.closed(), context)
        handBackMemory(context)
        batches?.left(ObjectIdentifier(self))
        self.context = nil
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let bytes = unwrapInboundIn(data).readableBytesView
        perform(machine.received(bytes, now: context.eventLoop.now, writable: context.channel.isWritable), context)
        if machine.buffered > Self.largeFrame { heldLarge = true }
    }

    /// Hands the memory of a large call back to the system once it is gone. glibc keeps
    /// freed memory for the next allocation; after a 16 MiB import that is hundreds of
    /// MiB bmd would hold while idle.
    private func handBackMemory(_ context: ChannelHandlerContext) {
        guard heldLarge else { return }
        heldLarge = false
        // On the next turn of the loop, once the call and its reply are freed.
        context.eventLoop.execute { _ = malloc_trim(0) }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // A client that shut its side for writing after a call still gets the reply.
        if let event = event as? ChannelEvent, event == .inputClosed {
            perform(machine.inputClosed(), context)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        perform(machine.writabilityChanged(context.channel.isWritable, now: context.eventLoop.now), context)
        context.fireChannelWritabilityChanged()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        logger.debug("connection ended: \(error)")
        context.close(promise: nil)
    }

    /// Carries out `actions` and whatever they lead to, then flushes what was written.
    private func perform(_ actions: [ConnectionStateMachine.Action], _ context: ChannelHandlerContext) {
        var queue = actions[...]
        while let action = queue.popFirst() {
            switch action {
            case .write(let frame):
                write(frame, context)
            case .refuse(let frame):
                let closing = NIOLoopBound(context, eventLoop: context.eventLoop)
                context.writeAndFlush(wrapOutboundOut(ByteBuffer(bytes: frame))).whenComplete { _ in
                    closing.value.close(promise: nil)
                }
            case .answerNow(let call):
                // A followed method's reply is the broadcast's frame, kept ready for its followers.
                let reply = ControlServer.followed.contains(call.method)
                    ? status.frame()
                    : Self.respond(to: call, with: varlink, logger: logger)
                queue += machine.answered(call.oneway ? nil : reply, now: context.eventLoop.now, writable: context.channel.isWritable)
            case .answerLater(let call):
                answerLater(call, context)
            case .readLater(let frame):
                readLater(frame, context)
            case .follow:
                if connections?.follow(self) ?? true {
                    follow(context)
                } else {
                    let limit = connections?.followerLimit ?? ControlServer.followerLimit
                    logger.warning("refused a follower: \(limit) are following")
                    queue += machine.followRefused(Morning.Error.tooManyFollowers(limit: limit).frame)
                }
            case .unfollow:
                if let follower { status.unfollow(follower) }
                follower = nil
            case .readFromSocket(let on):
                guard on != reading else { break }
                reading = on
                context.channel.setOption(ChannelOptions.autoRead, value: on).whenFailure { _ in }
                if on { context.read() }
            case .scheduleTimeout(let at):
                deadline = at
                // A timer that fires no later stays: it finds the new deadline and waits on.
                if let timeout, timeout.at <= at { break }
                arm(at, context)
            case .cancelTimeout:
                deadline = nil
            case .release:
                connections?.release(self)
            case .close:
                context.close(promise: nil)
            }
        }
        if machine.state == .closed, let timeout {
            // Nothing is timed any more: the timer goes, and with it what it holds.
            timeout.task.cancel()
            self.timeout = nil
        }
        if machine.state != .closed { connections?.holds(self, bytes: machine.buffered + unsent) }
        context.flush()
    }

    /// Writes a reply, counted as held until the client has taken it.
    private func write(_ frame: [UInt8], _ context: ChannelHandlerContext) {
        let promise = context.eventLoop.makePromise(of: Void.self)
        // The size only: the closure must not keep the frame, already copied to be written.
        let size = frame.count
        unsent += size
        if size > Self.largeFrame { heldLarge = true }
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        promise.futureResult.whenComplete { _ in
            let (connection, context) = bound.value
            connection.unsent -= size
            guard connection.machine.state != .closed else { return }
            connection.connections?.holds(connection, bytes: connection.machine.buffered + connection.unsent)
            if connection.unsent == 0 { connection.handBackMemory(context) }
        }
        context.write(wrapOutboundOut(ByteBuffer(bytes: frame)), promise: promise)
    }

    /// Sets the timer for `at`: then the connection's deadline, if it has one, is checked.
    private func arm(_ at: NIODeadline, _ context: ChannelHandlerContext) {
        timeout?.task.cancel()
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        let task = context.eventLoop.scheduleTask(deadline: at) {
            let (connection, context) = bound.value
            connection.timeout = nil
            guard let deadline = connection.deadline else { return }
            if deadline > context.eventLoop.now {
                connection.arm(deadline, context)
            } else {
                connection.perform(connection.machine.timeoutFired(now: context.eventLoop.now), context)
            }
        }
        timeout = (task, at)
    }

    /// Where large frames are read: one at a time, so that the memory they take once read
    /// adds up to one call's worth, whatever the number of clients sending them.
    private static let reading = DispatchQueue(label: "bmd large calls", qos: .utility)

    /// Reads a large frame on another thread, then answers it as any call that may write.
    private func readLater(_ frame: [UInt8], _ context: ChannelHandlerContext) {
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        Self.reading.async {
            let call = try? VarlinkCall(frame: frame)
            bound.eventLoop.execute {
                let (connection, context) = bound.value
                guard let call else {
                    let refusal = VarlinkService.Error.invalidParameter(parameter: "method").frame
                    return connection.perform(connection.machine.answered(refusal, now: context.eventLoop.now,
                                                                          writable: context.channel.isWritable), context)
                }
                connection.answerLater(call, context)
            }
        }
    }

    /// Answers `call` on the thread pool, then goes on with the next frames on the loop.
    private func answerLater(_ call: VarlinkCall, _ context: ChannelHandlerContext) {
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        let (varlink, logger) = (self.varlink, self.logger)
        let reply: EventLoopFuture<[UInt8]>
        if ControlServer.answeredApart.contains(call.method) {
            // It waits on something slow (the notification server, a large reply): it goes on
            // its method's own thread, never in a batch of writes.
            if let pool = apart[call.method] {
                reply = pool.runIfActive(eventLoop: context.eventLoop) { Self.respond(to: call, with: varlink, logger: logger) }
            } else {
                reply = context.eventLoop.makeSucceededFuture(Self.respond(to: call, with: varlink, logger: logger))
            }
        } else if let batches {
            let promise = context.eventLoop.makePromise(of: [UInt8].self)
            batches.submit(call, from: ObjectIdentifier(self)) { promise.succeed($0) }
            reply = promise.futureResult
        } else {
            reply = context.eventLoop.makeSucceededFuture(Self.respond(to: call, with: varlink, logger: logger))
        }
        reply.whenComplete { result in
            let (connection, context) = bound.value
            let frame = (try? result.get()).flatMap { call.oneway ? nil : $0 }
            connection.perform(connection.machine.answered(frame, now: context.eventLoop.now, writable: context.channel.isWritable), context)
            connection.handBackMemory(context)
        }
    }

    /// The reply frame for `call`. A failure that is not a refusal (the disk, say) is
    /// logged and told to the client as StorageFailed (or StateFileBusy): nothing was changed.
    static func respond(to call: VarlinkCall, with varlink: VarlinkServer, logger: Logger) -> [UInt8] {
        frame(of: varlink.outcome(of: call), for: call, logger: logger)
    }

    /// The reply frame of what `call` came to, as `respond` makes it.
    static func frame(of outcome: Result<JSONValue, any Error>, for call: VarlinkCall, logger: Logger) -> [UInt8] {
        VarlinkServer.frame(of: outcome) { error in
            logger.error("request \(call.method) failed: \(String(reflecting: error))")
            return Morning.Error.storing(error)
        }
    }

    /// Follows the status: the broadcast sends each new one, from whatever thread changed it,
    /// through this connection's loop.
    private func follow(_ context: ChannelHandlerContext) {
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        follower = status.follow(StatusSubscriber(
            send: { status in
                let frame = VarlinkReply(parameters: status.json, continues: true).frame
                bound.eventLoop.execute {
                    let (connection, context) = bound.value
                    connection.perform(connection.machine.statusChanged(frame, writable: context.channel.isWritable), context)
                }
            },
            end: {
                bound.eventLoop.execute { bound.value.1.close(promise: nil) }
            }))
    }
}
