import CLinux
import Logging
import MorningProtocol
import NIOCore
import NIOPosix
import ServiceLifecycle
#if canImport(Glibc)
import Glibc
#endif

/// Serves org.bettermorning.Morning on the listening socket: calls answered in order,
/// frames bounded, other users refused (F6, F7).
///
/// One event loop accepts every connection and answers every call, with a channel
/// handler that calls the engine directly: a call costs one wake-up of one thread. (An
/// async channel per connection, with the engine as an actor, cost each call several
/// hand-offs between tasks and threads: about 300 µs of the 500 µs a `bmctl status` took.)
public struct ControlServer: Service {
    let socket: ListeningSocket
    let engine: Engine
    let logger: Logger
    /// Called once the socket listens, before the first connection is served.
    let onListening: @Sendable () -> Void

    /// The largest frame a client may send; anything bigger is answered with an error and closed.
    public static let frameLimit = 1 << 16
    /// An Import call carries a whole export (ten years of twenty routines is a few MiB),
    /// so it alone may be this large; it matches the replies bmctl accepts.
    public static let importFrameLimit = 16 << 20
    static let importPrefix = Array(#"{"method":"org.bettermorning.Morning.Import""#.utf8)
    /// Connections served at once; more are answered with an error and closed, so no
    /// number of clients can exhaust the daemon's descriptors or memory.
    public static let connectionLimit = 128
    /// How long a client may leave a frame half-sent. Idle connections between frames
    /// (a status follower) are not timed: only a partial frame arms this.
    public static let partialFrameTimeout = TimeAmount.seconds(10)

    public init(socket: ListeningSocket, engine: Engine, logger: Logger, onListening: @escaping @Sendable () -> Void = {}) {
        self.socket = socket
        self.engine = engine
        self.logger = logger
        self.onListening = onListening
    }

    public func run() async throws {
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let connections = Connections(loop: loop)
        let (engine, logger) = (self.engine, self.logger)
        let server = try await ServerBootstrap(group: loop, childGroup: loop)
            .serverChannelOption(.backlog, value: 128)
            .childChannelInitializer { channel in
                Self.peerCredentials(of: channel).flatMapThrowing { peer in
                    try channel.pipeline.syncOperations.addHandler(
                        Connection(engine: engine, logger: logger, peer: peer, connections: connections))
                }
            }
            .withBoundSocket(socket.fd)
            .get()
        onListening()
        logger.info("listening", metadata: ["socket": "\(socket.ownedPath ?? "inherited fd \(socket.fd)")"])
        // On SIGTERM the listener closes, then every connection: a stop never waits for
        // clients to hang up. A call being answered finishes first, since it runs on the
        // loop that does the closing.
        await withGracefulShutdownHandler {
            await withTaskCancellationHandler {
                try? await server.closeFuture.get()
            } onCancel: {
                server.close(promise: nil)
            }
        } onGracefulShutdown: {
            server.close(promise: nil)
        }
        try? await loop.flatSubmit { connections.closeAll() }.get()
        socket.removeFile()
    }

    /// SO_PEERCRED of an accepted connection: who is on the other end.
    static func peerCredentials(of channel: Channel) -> EventLoopFuture<bm_peer_credentials> {
        guard let provider = channel as? SocketOptionProvider else {
            return channel.eventLoop.makeFailedFuture(SystemError("no socket options", errno: ENOTSOCK))
        }
        return provider.unsafeGetSocketOption(level: SocketOptionLevel(SOL_SOCKET), name: SocketOptionName(SO_PEERCRED))
    }
}

/// The open connections, counted against the limit and closed at a stop. Touched only
/// on the server's event loop.
final class Connections: @unchecked Sendable {
    private let loop: EventLoop
    private var open: [ObjectIdentifier: Channel] = [:]

    init(loop: EventLoop) { self.loop = loop }

    /// Counts `channel` in, unless the limit is reached.
    func admit(_ channel: Channel) -> Bool {
        loop.preconditionInEventLoop()
        guard open.count < ControlServer.connectionLimit else { return false }
        open[ObjectIdentifier(channel)] = channel
        return true
    }

    func release(_ channel: Channel) {
        loop.preconditionInEventLoop()
        open[ObjectIdentifier(channel)] = nil
    }

    /// Closes every connection; done when all are closed.
    func closeAll() -> EventLoopFuture<Void> {
        loop.preconditionInEventLoop()
        let closing = open.values.map { channel in channel.close().recover { _ in } }
        return EventLoopFuture.andAllComplete(closing, on: loop)
    }
}

/// One client's connection: splits frames, answers each call in order, or follows the
/// status (L2) until either side hangs up.
final class Connection: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let engine: Engine
    private let logger: Logger
    private let peer: bm_peer_credentials
    private let connections: Connections
    private var frames = FrameSplitter(limit: ControlServer.frameLimit,
                                       large: (ControlServer.importFrameLimit, ControlServer.importPrefix))
    private var state = State.opening
    /// The newest status for a follower that has stopped reading, sent when it reads again:
    /// a stalled status bar costs bmd one frame, not every change since.
    private var heldFrame: [UInt8]?
    private var partialTimer: Scheduled<Void>?

    private enum State: Equatable {
        /// Not yet counted among the open connections.
        case opening
        /// Reading calls and answering them in order.
        case answering
        /// A call is answered later (TestNotification): the next frames wait for it.
        case waiting
        /// A status follower (L2): the client's further words are ignored.
        case following(UInt64)
        /// An error was sent and the connection is closing: nothing more is read.
        /// `counted` says whether it holds one of the open connections' places.
        case closing(counted: Bool)

        var counted: Bool { self != .opening && self != .closing(counted: false) }
    }

    init(engine: Engine, logger: Logger, peer: bm_peer_credentials, connections: Connections) {
        self.engine = engine
        self.logger = logger
        self.peer = peer
        self.connections = connections
    }

    func channelActive(context: ChannelHandlerContext) {
        // Peer credentials are checked on every connection, whatever the file modes (F7).
        guard peer.uid == geteuid() else {
            logger.warning("refused a connection from another user", metadata: ["uid": "\(peer.uid)", "pid": "\(peer.pid)"])
            var p = Morning.ErrorParameters()
            p.uid = Int(peer.uid)
            return refuse(Varlink.encodeError(Morning.ErrorName.permissionDenied.rawValue, p), context: context)
        }
        guard connections.admit(context.channel) else {
            logger.warning("refused a connection: \(ControlServer.connectionLimit) are open")
            var p = Morning.ErrorParameters()
            p.reason = "too many connections (\(ControlServer.connectionLimit)); try again"
            return refuse(Varlink.encodeError(Morning.ErrorName.storageFailed.rawValue, p), context: context)
        }
        state = .answering
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        if state.counted { connections.release(context.channel) }
        partialTimer?.cancel()
        if case .following(let id) = state { engine.unfollow(id) }
        state = .closing(counted: false)
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // A closing connection reads nothing more; a follower's further words are ignored.
        guard state == .answering || state == .waiting else { return }
        partialTimer?.cancel()
        partialTimer = nil
        frames.append(unwrapInboundIn(data).readableBytesView)
        answerFrames(context: context)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            if let frame = heldFrame {
                heldFrame = nil
                context.writeAndFlush(wrapOutboundOut(ByteBuffer(bytes: frame)), promise: nil)
            }
            answerFrames(context: context)
        }
        context.fireChannelWritabilityChanged()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        logger.debug("connection ended: \(error)")
        context.close(promise: nil)
    }

    /// Answers the complete frames received, in order. It pauses — and stops reading from
    /// the socket — while a call is answered later or while the client does not read its
    /// replies, so that a client that only sends can make bmd hold no more than a read's worth.
    private func answerFrames(context: ChannelHandlerContext) {
        while state == .answering, context.channel.isActive, context.channel.isWritable {
            let frame: [UInt8]
            do {
                guard let next = try frames.next() else { break }
                frame = next
            } catch {
                // Oversized: say why, then hang up.
                return refuse(Varlink.encodeError(Varlink.ServiceError.invalidParameter.rawValue, [
                    "parameter": "frame larger than the limit (\(ControlServer.frameLimit) bytes; \(ControlServer.importFrameLimit) for Import)",
                ]), context: context)
            }
            let call: Varlink.Call
            do {
                call = try Varlink.decodeCall(frame)
            } catch {
                return refuse(Varlink.encodeError(Varlink.ServiceError.invalidParameter.rawValue, ["parameter": "method"]),
                              context: context)
            }
            if call.more, call.method == Morning.Method.status.rawValue {
                context.flush()
                return follow(context: context)
            }
            switch engine.answer(call) {
            case .now(let reply):
                if let reply { context.write(wrapOutboundOut(ByteBuffer(bytes: reply)), promise: nil) }
            case .later(let wait):
                state = .waiting
                let resume = NIOLoopBound((self, context), eventLoop: context.eventLoop)
                Task {
                    let reply = await wait()
                    resume.eventLoop.execute {
                        let (connection, context) = resume.value
                        guard connection.state == .waiting else { return }   // hung up meanwhile
                        if let reply { context.writeAndFlush(connection.wrapOutboundOut(ByteBuffer(bytes: reply)), promise: nil) }
                        connection.state = .answering
                        connection.answerFrames(context: context)
                    }
                }
            }
        }
        context.flush()
        guard state == .answering || state == .waiting else { return }
        let paused = state == .waiting || !context.channel.isWritable
        context.channel.setOption(ChannelOptions.autoRead, value: !paused).whenFailure { _ in }
        if !paused, frames.pending > 0, partialTimer == nil {
            // A frame has begun: it must end soon, or the connection goes.
            let channel = context.channel
            partialTimer = context.eventLoop.scheduleTask(in: ControlServer.partialFrameTimeout) {
                channel.close(promise: nil)
            }
        }
    }

    /// Live status (L2): a reply each time it changes, until either side hangs up.
    private func follow(context: ChannelHandlerContext) {
        let channel = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        state = .following(engine.follow(StatusFollower(
            send: { frame in
                channel.eventLoop.execute {
                    let (connection, context) = channel.value
                    connection.sendStatus(frame, context: context)
                }
            },
            end: {
                channel.eventLoop.execute { channel.value.1.close(promise: nil) }
            })))
    }

    /// Writes a status frame to a follower, or holds it (in place of the one held) while
    /// the follower does not read.
    private func sendStatus(_ frame: [UInt8], context: ChannelHandlerContext) {
        guard context.channel.isWritable else {
            heldFrame = frame
            return
        }
        heldFrame = nil
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(bytes: frame)), promise: nil)
    }

    /// Writes `frame` (an error) and hangs up once it is sent.
    private func refuse(_ frame: [UInt8], context: ChannelHandlerContext) {
        state = .closing(counted: state.counted)
        let closing = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(bytes: frame))).whenComplete { _ in
            closing.value.close(promise: nil)
        }
    }
}
