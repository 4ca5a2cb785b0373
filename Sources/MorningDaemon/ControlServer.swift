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
/// frames bounded, other users refused.
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
    /// How long a connection may take to send its next whole call: one that sends
    /// nothing, or a frame a byte at a time, is closed after this. Followers are not timed.
    public static let patience = TimeAmount.seconds(10)

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
        // Two threads off the loop: one answers the calls that write, in batches (one
        // write and flush of the disk for all the calls that arrived meanwhile), the other
        // a test notification waiting for the notification server.
        let pool = NIOThreadPool(numberOfThreads: 2)
        pool.start()
        let batches = WriteBatches(engine: engine, varlink: varlink, pool: pool, logger: logger)
        let server = try await ServerBootstrap(group: loop, childGroup: loop)
            .serverChannelOption(.backlog, value: 128)
            .childChannelInitializer { channel in
                Self.peerCredentials(of: channel).flatMapThrowing { peer in
                    try channel.pipeline.syncOperations.addHandler(
                        Connection(engine: engine, varlink: varlink, pool: pool, batches: batches, logger: logger, peer: peer,
                                   connections: connections))
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
