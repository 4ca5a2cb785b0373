import CLinux
import Logging
import MorningProtocol
import NIOCore
import NIOPosix
import ServiceLifecycle
#if canImport(Glibc)
import Glibc
#endif

/// Serves org.bettermorning.Morning on the listening socket: one task per connection,
/// calls answered in order, frames bounded, other users refused (F6, F7).
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

    private let open = Mutex(0)

    public init(socket: ListeningSocket, engine: Engine, logger: Logger, onListening: @escaping @Sendable () -> Void = {}) {
        self.socket = socket
        self.engine = engine
        self.logger = logger
        self.onListening = onListening
    }

    struct Client: Sendable {
        var channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>
        var uid: uid_t
        var pid: pid_t
    }

    public func run() async throws {
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 128)
            .bind(socket.fd) { channel -> EventLoopFuture<Client> in
                Self.peerCredentials(of: channel).flatMapThrowing { cred in
                    Client(channel: try NIOAsyncChannel(wrappingChannelSynchronously: channel), uid: cred.uid, pid: cred.pid)
                }
            }
        onListening()
        logger.info("listening", metadata: ["socket": "\(socket.ownedPath ?? "inherited fd \(socket.fd)")"])
        // On SIGTERM the listener closes and every connection task is cancelled: a stop
        // never waits for clients to hang up. A call being answered finishes first, since
        // the engine's work is not interrupted midway.
        do {
            try await serve(server)
        } catch where error is CancellationError || Task.isShuttingDownGracefully {
            // The stop that was asked for, not a failure.
        }
        socket.removeFile()
    }

    private func serve(_ server: NIOAsyncChannel<Client, Never>) async throws {
        try await withGracefulShutdownHandler {
            try await cancelWhenGracefulShutdown {
                try await server.executeThenClose { clients in
                    try await withThrowingDiscardingTaskGroup { group in
                        for try await client in clients {
                            group.addTask { await self.serve(client) }
                        }
                    }
                }
            }
        } onGracefulShutdown: {
            server.channel.close(promise: Optional<EventLoopPromise<Void>>.none)
        }
    }

    /// SO_PEERCRED of an accepted connection: who is on the other end.
    static func peerCredentials(of channel: Channel) -> EventLoopFuture<bm_peer_credentials> {
        guard let provider = channel as? SocketOptionProvider else {
            return channel.eventLoop.makeFailedFuture(SystemError("no socket options", errno: ENOTSOCK))
        }
        return provider.unsafeGetSocketOption(level: SocketOptionLevel(SOL_SOCKET), name: SocketOptionName(SO_PEERCRED))
    }

    private func serve(_ client: Client) async {
        let admitted = open.withLock { count -> Bool in
            guard count < Self.connectionLimit else { return false }
            count += 1
            return true
        }
        defer { if admitted { open.withLock { $0 -= 1 } } }
        do {
            try await client.channel.executeThenClose { inbound, outbound in
                // Peer credentials are checked on every connection, whatever the file modes (F7).
                guard client.uid == geteuid() else {
                    logger.warning("refused a connection from another user", metadata: ["uid": "\(client.uid)", "pid": "\(client.pid)"])
                    var p = Morning.ErrorParameters()
                    p.uid = Int(client.uid)
                    try await outbound.write(ByteBuffer(bytes: Varlink.encodeError(Morning.ErrorName.permissionDenied.rawValue, p)))
                    return
                }
                guard admitted else {
                    logger.warning("refused a connection: \(Self.connectionLimit) are open")
                    var p = Morning.ErrorParameters()
                    p.reason = "too many connections (\(Self.connectionLimit)); try again"
                    try await outbound.write(ByteBuffer(bytes: Varlink.encodeError(Morning.ErrorName.storageFailed.rawValue, p)))
                    return
                }
                var frames = FrameSplitter(limit: Self.frameLimit, large: (Self.importFrameLimit, Self.importPrefix))
                let channel = client.channel.channel
                var partialTimer: Scheduled<Void>?
                defer { partialTimer?.cancel() }
                for try await chunk in inbound {
                    partialTimer?.cancel()
                    partialTimer = nil
                    frames.append(chunk.readableBytesView)
                    while true {
                        let frame: [UInt8]
                        do {
                            guard let next = try frames.next() else { break }
                            frame = next
                        } catch {
                            // Oversized: say why, then hang up.
                            try await outbound.write(ByteBuffer(bytes: Varlink.encodeError(
                                Varlink.ServiceError.invalidParameter.rawValue, ["parameter": "frame larger than the limit (\(Self.frameLimit) bytes; \(Self.importFrameLimit) for Import)"])))
                            return
                        }
                        let call: Varlink.Call
                        do {
                            call = try Varlink.decodeCall(frame)
                        } catch {
                            try await outbound.write(ByteBuffer(bytes: Varlink.encodeError(
                                Varlink.ServiceError.invalidParameter.rawValue, ["parameter": "method"])))
                            return
                        }
                        if call.more, call.method == Morning.Method.status.rawValue {
                            // Live status (L2): a reply each time it changes, until either side hangs up.
                            for await frame in await engine.followStatus() {
                                try await outbound.write(ByteBuffer(bytes: frame))
                            }
                            return
                        }
                        if let reply = await engine.respond(to: call) {
                            try await outbound.write(ByteBuffer(bytes: reply))
                        }
                    }
                    if frames.pending > 0 {
                        // A frame has begun: it must end soon, or the connection goes.
                        partialTimer = channel.eventLoop.scheduleTask(in: Self.partialFrameTimeout) {
                            channel.close(promise: nil)
                        }
                    }
                }
            }
        } catch {
            logger.debug("connection ended: \(error)")
        }
    }
}
