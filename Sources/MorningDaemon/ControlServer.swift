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
    /// The interfaces bmd serves: org.bettermorning.Morning, answered by the engine, and
    /// org.varlink.service about it.
    let varlink: VarlinkServer
    /// Called once the socket listens, before the first connection is served.
    let onListening: @Sendable () -> Void

    /// The largest frame a client may send; anything bigger is answered with an error and closed.
    public static let frameLimit = 1 << 16
    /// An Import call carries a whole export (ten years of twenty routines is a few MiB),
    /// so it alone may be this large; it matches the replies bmctl accepts.
    public static let importFrameLimit = 16 << 20
    /// Calls that only read, answered on the event loop as they arrive; every other call
    /// may write to the disk (and wait for it), and is answered on a thread of its own so
    /// that the loop goes on serving other clients meanwhile.
    static let answeredOnLoop: Set<String> = Set([
        Morning.Method.status, .explore, .day, .week, .data, .stats, .history, .export, .draftShow,
    ].map(\.rawValue) + VarlinkService.Method.allCases.map(\.rawValue))
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
        varlink = Self.varlinkServer(engine)
    }

    /// What bmd serves: org.bettermorning.Morning, answered by `engine`, and
    /// org.varlink.service about it.
    static func varlinkServer(_ engine: Engine) -> VarlinkServer {
        VarlinkServer(vendor: "Better Morning", product: "bmd", version: BuildInfo.version, url: "man:bmd(1)",
                      interfaces: [Morning.interface(servedBy: engine)])
    }

    public func run() async throws {
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let connections = Connections(loop: loop)
        let (engine, logger, varlink) = (self.engine, self.logger, self.varlink)
        // Two threads for calls that write: one write waits for the disk while another
        // call (a test notification waiting for the notification server, say) goes on.
        let pool = NIOThreadPool(numberOfThreads: 2)
        pool.start()
        let server = try await ServerBootstrap(group: loop, childGroup: loop)
            .serverChannelOption(.backlog, value: 128)
            .childChannelInitializer { channel in
                Self.peerCredentials(of: channel).flatMapThrowing { peer in
                    try channel.pipeline.syncOperations.addHandler(
                        Connection(engine: engine, varlink: varlink, pool: pool, logger: logger, peer: peer, connections: connections))
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
        try? await pool.shutdownGracefully()
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
    private let varlink: VarlinkServer
    private let pool: NIOThreadPool
    private let logger: Logger
    private let peer: bm_peer_credentials
    private let connections: Connections
    private var frames = FrameSplitter(limit: ControlServer.frameLimit,
                                       largeLimits: [Morning.Method.import.rawValue: ControlServer.importFrameLimit])
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
        /// A call is answered on the thread pool: the next frames wait for it.
        case waiting
        /// A status follower (L2): the client's further words are ignored.
        case following(UInt64)
        /// An error was sent and the connection is closing: nothing more is read.
        /// `counted` says whether it holds one of the open connections' places.
        case closing(counted: Bool)

        var counted: Bool { self != .opening && self != .closing(counted: false) }
    }

    init(engine: Engine, varlink: VarlinkServer, pool: NIOThreadPool, logger: Logger, peer: bm_peer_credentials,
         connections: Connections) {
        self.engine = engine
        self.varlink = varlink
        self.pool = pool
        self.logger = logger
        self.peer = peer
        self.connections = connections
    }

    func channelActive(context: ChannelHandlerContext) {
        // Peer credentials are checked on every connection, whatever the file modes (F7).
        guard peer.uid == geteuid() else {
            logger.warning("refused a connection from another user", metadata: ["uid": "\(peer.uid)", "pid": "\(peer.pid)"])
            return refuse(Morning.Error.permissionDenied(uid: Int(peer.uid)).frame, context: context)
        }
        guard connections.admit(context.channel) else {
            logger.warning("refused a connection: \(ControlServer.connectionLimit) are open")
            return refuse(Morning.Error.tooManyConnections(limit: ControlServer.connectionLimit).frame, context: context)
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
                let parameter = "frame larger than the limit (\(ControlServer.frameLimit) bytes; \(ControlServer.importFrameLimit) for Import)"
                return refuse(VarlinkService.Error.invalidParameter(parameter: parameter).frame, context: context)
            }
            let call: VarlinkCall
            do {
                call = try VarlinkCall(frame: frame)
            } catch {
                return refuse(VarlinkService.Error.invalidParameter(parameter: "method").frame, context: context)
            }
            if call.more, call.method == Morning.Method.status.rawValue {
                // A follower that wants no replies wants nothing.
                if call.oneway { continue }
                context.flush()
                return follow(context: context)
            }
            if ControlServer.answeredOnLoop.contains(call.method) {
                let reply = respond(to: call)
                if !call.oneway { context.write(wrapOutboundOut(ByteBuffer(bytes: reply)), promise: nil) }
                continue
            }
            state = .waiting
            let resume = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            pool.runIfActive(eventLoop: context.eventLoop) { [varlink = self.varlink, logger] in
                Self.respond(to: call, with: varlink, logger: logger)
            }.whenComplete { result in
                let (connection, context) = resume.value
                guard connection.state == .waiting else { return }   // hung up meanwhile
                if case .success(let reply) = result, !call.oneway {
                    context.writeAndFlush(connection.wrapOutboundOut(ByteBuffer(bytes: reply)), promise: nil)
                }
                connection.state = .answering
                connection.answerFrames(context: context)
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

    private func respond(to call: VarlinkCall) -> [UInt8] { Self.respond(to: call, with: varlink, logger: logger) }

    /// The reply frame for `call`. A failure that is not a refusal (the disk, say) is
    /// logged and told to the client as StorageFailed: nothing was changed.
    static func respond(to call: VarlinkCall, with varlink: VarlinkServer, logger: Logger) -> [UInt8] {
        varlink.reply(to: call) { error in
            logger.error("request \(call.method) failed: \(error)")
            return Morning.Error.storageFailed(reason: "\(error)")
        }
    }

    /// Live status (L2): a reply each time it changes, until either side hangs up.
    private func follow(context: ChannelHandlerContext) {
        let channel = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        state = .following(engine.follow(StatusFollower(
            send: { status in
                let frame = VarlinkReply(parameters: status.json, continues: true).frame
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
