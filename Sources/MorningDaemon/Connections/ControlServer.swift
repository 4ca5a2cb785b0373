import CLinux
import Logging
import MorningProtocol
import NIOConcurrencyHelpers
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
    /// The Status reply kept between calls, and the followers.
    public let status: StatusBroadcast
    let logger: Logger
    /// The interfaces bmd serves: org.bettermorning.Morning, answered by the engine, and
    /// org.varlink.service about it.
    let varlink: VarlinkServer
    /// Called once the socket listens, before the first connection is served.
    let onListening: @Sendable () -> Void
    /// Whether the socket's folder, when bound again, must be the user's own (the one
    /// under /tmp used without a runtime folder).
    let mustBeOwnFolder: Bool

    /// The largest frame a client may send; anything bigger is answered with an error and closed.
    public static let frameLimit = Morning.smallFrame
    /// An Import call carries a whole export (ten years of twenty routines is a few MiB),
    /// so it alone may be this large, as the interface file says; it matches the replies
    /// bmctl accepts.
    public static let importFrameLimit = Morning.largestFrame
    /// Calls that only read, answered on the event loop as they arrive; every other call
    /// may write to the disk (and wait for it), and is answered on a thread of its own so
    /// that the loop goes on serving other clients meanwhile.
    /// Which methods only read is said once, in the interface file ("Reads only."), and
    /// generated; org.varlink.service only describes the interface.
    /// A method that only reads but is "Answered apart." in the interface file (Export,
    /// whose reply can take megabytes and long to build) is answered off the loop instead,
    /// so that a status never waits behind it.
    static let answeredOnLoop: Set<String> = Set(
        Morning.Method.allCases.filter { $0.readsOnly && !$0.answeredApart }.map(\.rawValue)
        + VarlinkService.Method.allCases.map(\.rawValue))
    /// The methods answered apart, each on a thread of its own, as the interface file says.
    static let answeredApart: Set<String> = Set(Morning.Method.allCases.filter(\.answeredApart).map(\.rawValue))
    /// The methods whose calls with more are followed, as the interface file says: each is
    /// answered from the status broadcast, and its followers get a reply at each change.
    static let followed: Set<String> = Set(Morning.Method.allCases.filter(\.followed).map(\.rawValue))
    /// The methods whose calls may be larger than `frameLimit`, as the interface file says.
    static let largeFrameLimits: [String: Int] = Dictionary(
        uniqueKeysWithValues: Morning.Method.allCases.compactMap { m in m.frameLimit.map { (m.rawValue, $0) } })
    /// Connections served at once. A client past it takes the place of the connection
    /// idle longest, and only when none is idle is it answered with an error and closed
    /// (`Connections`), so no number of clients can exhaust the daemon's descriptors or
    /// memory, nor idle ones lock others out.
    public static let connectionLimit = 128
    /// Clients the kernel holds waiting to be accepted.
    static let backlog = 128
    /// Clients accepted in one turn of the event loop.
    static let acceptsPerTurn = 32
    /// Followers served at once, a part of `connectionLimit`: the rest stays for other calls.
    public static let followerLimit = 32
    /// The bytes of calls held across all connections, those still arriving and those
    /// waiting for their answer: two whole imports. With what one call may take once read
    /// (`JSONParser.memoryBudget`, one large call read at a time), bmd stays within 64 MiB
    /// above idle whatever clients do.
    public static let bufferLimit = 2 * importFrameLimit
    /// How long a connection may take to send its next whole call: one that sends
    /// nothing, or a frame a byte at a time, is closed after this. Followers are not timed.
    public static let patience = TimeAmount.seconds(10)

    public init(socket: ListeningSocket, engine: Engine, logger: Logger, mustBeOwnFolder: Bool = false,
                onListening: @escaping @Sendable () -> Void = {}) {
        self.socket = socket
        self.engine = engine
        status = StatusBroadcast(engine: engine)
        self.logger = logger
        self.mustBeOwnFolder = mustBeOwnFolder
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
        let (engine, status, logger, varlink) = (self.engine, self.status, self.logger, self.varlink)
        // Threads off the loop, each in a pool of its own: one answers the calls that
        // write, in batches (one write and flush of the disk for all the calls that arrived
        // meanwhile); and each method answered apart has one, answering its calls one after
        // another: test notifications, each waiting for the notification server, so that a
        // server that never answers, however many tests wait for it, never holds up a
        // write; exports, so that their memory adds up to one export's however many
        // clients ask at once. Each starts when first needed, so that an idle bmd keeps no
        // thread (nor the memory of its stack) it has not used.
        let writePool = OnDemandThreadPool()
        let apart = Dictionary(uniqueKeysWithValues: Self.answeredApart.map { ($0, OnDemandThreadPool()) })
        let batches = WriteBatches(engine: engine, varlink: varlink, pool: writePool, logger: logger)
        // Once no client has come for a little while after the last one left, the pages
        // SQLite keeps cached (some 100 KiB after a start and a write) are given back, on
        // the thread that writes, after any write still waiting: otherwise they stay
        // written all day in an idle bmd.
        let connections = Connections(loop: loop, whenIdle: {
            writePool.submit {
                engine.store.releaseMemory()
                _ = malloc_trim(0)
            }
        })
        // A listener for a bound socket: the first, and any made when the file is replaced.
        let listen = { @Sendable (fd: Int32) in ServerBootstrap(group: loop, childGroup: loop)
            .serverChannelInitializer { channel in
                // Out of descriptors every accept fails at once: without a pause the loop would spin.
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(OutOfDescriptors(logger: logger))
                }
            }
            .serverChannelOption(.backlog, value: Int32(Self.backlog))
            // One turn of the loop takes in a quarter of the backlog, so that a new client
            // waits behind it for at most four turns; and no more, so that a client just
            // accepted is read (its call begun) before 128 newer ones could push it out as idle.
            .serverChannelOption(.maxMessagesPerRead, value: UInt(Self.acceptsPerTurn))
            // And reads once from each connection that has something: a call is one read,
            // and a client sending a large frame gets no more than its turn's 64 KiB while
            // others wait.
            .childChannelOption(.maxMessagesPerRead, value: 1)
            // A client may shut its side for writing once its call is sent; it is answered.
            .childChannelOption(.allowRemoteHalfClosure, value: true)
            .childChannelInitializer { channel in
                Self.peerCredentials(of: channel).flatMapThrowing { peer in
                    try channel.pipeline.syncOperations.addHandler(
                        ConnectionHandler(status: status, varlink: varlink, apart: apart, batches: batches, logger: logger, peer: peer,
                                   connections: connections))
                }
            }
            .withBoundSocket(fd)
        }
        let listener = NIOLockedValueBox<Channel>(try await listen(socket.fd).get())
        onListening()
        logger.info("listening", metadata: ["socket": "\(socket.ownedPath ?? "inherited fd \(socket.fd)")"])
        // A socket bmd bound is kept bound: a new listener takes over from the old one
        // when the file is removed or replaced. Connections already open go on.
        let keeper = socket.ownedPath.map { path in
            SocketKeeper(socket: socket, path: path, mustBeOwnFolder: mustBeOwnFolder, logger: logger) { new in
                let channel = try listen(new.fd).wait()
                let old = listener.withLock { current in
                    defer { current = channel }
                    return current
                }
                old.close(promise: nil)
            }
        }
        keeper?.start()
        // On SIGTERM the listener closes, then every connection: a stop never waits for
        // clients to hang up. A call being answered finishes first, since it runs on the
        // loop that does the closing.
        let (stopped, stop) = AsyncStream<Void>.makeStream()
        await withGracefulShutdownHandler {
            await withTaskCancellationHandler {
                for await _ in stopped {}
            } onCancel: {
                stop.finish()
            }
        } onGracefulShutdown: {
            stop.finish()
        }
        keeper?.stop()
        try? await listener.withLock { $0 }.close()
        try? await loop.flatSubmit { connections.closeAll() }.get()
        try? await writePool.shutdownGracefully()
        for pool in apart.values { try? await pool.shutdownGracefully() }
        (keeper?.current ?? socket).removeFile()
    }

    /// SO_PEERCRED of an accepted connection: who is on the other end.
    static func peerCredentials(of channel: Channel) -> EventLoopFuture<bm_peer_credentials> {
        guard let provider = channel as? SocketOptionProvider else {
            return channel.eventLoop.makeFailedFuture(SystemCallError("no socket options", errno: ENOTSOCK))
        }
        return provider.unsafeGetSocketOption(level: SocketOptionLevel(SOL_SOCKET), name: SocketOptionName(SO_PEERCRED))
    }
}

/// The open connections, counted against the limits and closed at a stop. Touched only
/// on the server's event loop.
///
/// When every place is taken, a new client takes the place of the connection that has
/// waited longest without sending a call (one with a call in progress, or following the
/// status, is kept); only when none is idle is the new client refused. Followers have a
/// bound of their own, so that they never take every place. And the bytes held for
/// calls not yet whole, across all connections, have a bound: past it, the connection
/// holding the most is refused, so that many clients each sending a large frame slowly
/// cannot make bmd take more memory than that.
final class Connections: @unchecked Sendable {
    private let loop: EventLoop
    let limit: Int
    let followerLimit: Int
    let bufferLimit: Int
    private var open: [ObjectIdentifier: (connection: ConnectionHandler, channel: Channel)] = [:]
    private var followers: Set<ObjectIdentifier> = []
    private var buffered: [ObjectIdentifier: Int] = [:]
    /// The sum of `buffered`.
    private(set) var totalBuffered = 0

    /// Called on the loop once the last client has left, when `IdleRelease` says.
    private let whenIdle: @Sendable () -> Void
    /// Whether the one-shot timer that calls `whenIdle` is armed.
    private var idle: IdleRelease
    /// That timer, to cancel when a client comes first.
    private var idleTimer: Scheduled<Void>?

    init(loop: EventLoop, limit: Int = ControlServer.connectionLimit, followerLimit: Int = ControlServer.followerLimit,
         bufferLimit: Int = ControlServer.bufferLimit, idleDelay: TimeAmount = IdleRelease.delay,
         whenIdle: @escaping @Sendable () -> Void = {}) {
        self.loop = loop
        self.whenIdle = whenIdle
        idle = IdleRelease(delay: idleDelay)
        self.limit = limit
        self.followerLimit = followerLimit
        self.bufferLimit = bufferLimit
    }

    /// Counts `connection` in, closing the longest-idle one to make room when the limit
    /// is reached; false when no place can be made.
    func admit(_ connection: ConnectionHandler, _ channel: Channel) -> Bool {
        loop.preconditionInEventLoop()
        if open.count >= limit {
            let idle = open.values.compactMap { entry in entry.connection.idleSince.map { (entry.connection, $0) } }
            guard let (oldest, _) = idle.min(by: { $0.1 < $1.1 }) else { return false }
            release(oldest)
            oldest.evict()
        }
        open[ObjectIdentifier(connection)] = (connection, channel)
        if idle.clientCame() {
            idleTimer?.cancel()
            idleTimer = nil
        }
        return true
    }

    /// Counts `connection` among the followers, unless their limit is reached.
    func follow(_ connection: ConnectionHandler) -> Bool {
        loop.preconditionInEventLoop()
        guard followers.count < followerLimit else { return false }
        followers.insert(ObjectIdentifier(connection))
        return true
    }

    func release(_ connection: ConnectionHandler) {
        loop.preconditionInEventLoop()
        let id = ObjectIdentifier(connection)
        open[id] = nil
        followers.remove(id)
        totalBuffered -= buffered.removeValue(forKey: id) ?? 0
        if open.isEmpty {
            switch idle.lastClientLeft(at: loop.now) {
            case .giveBack:
                giveBack()
            case .arm(let timer):
                idleTimer = loop.scheduleTask(in: idle.delay) { [self] in
                    guard idle.fired(timer) else { return }
                    idleTimer = nil
                    giveBack()
                }
            }
        }
    }

    /// Gives back what an idle bmd need not keep written.
    private func giveBack() {
        // The loop's stack below the loop itself, written as deep as the calls went, is
        // given back while bmd waits for the next client.
        loop.execute { bm_drop_stack_below_here(4096) }
        whenIdle()
    }

    /// `connection` now holds `bytes` of calls not yet answered. Past the bound, the
    /// connection holding the most is shed, until the total is within it again. A
    /// connection whose call is being answered is never shed: its call may be stored
    /// already, and a refusal must mean nothing changed.
    func holds(_ connection: ConnectionHandler, bytes: Int) {
        loop.preconditionInEventLoop()
        let id = ObjectIdentifier(connection)
        guard open[id] != nil else { return }
        totalBuffered += bytes - (buffered[id] ?? 0)
        buffered[id] = bytes == 0 ? nil : bytes
        var spared: Set<ObjectIdentifier> = []
        while totalBuffered > bufferLimit,
              let (largest, _) = buffered.filter({ !spared.contains($0.key) }).max(by: { $0.value < $1.value }),
              let entry = open[largest] {
            guard entry.connection.canShed else {
                spared.insert(largest)
                continue
            }
            // Shedding reports its bytes gone, which takes them off the total.
            let before = totalBuffered
            entry.connection.shed()
            if totalBuffered == before { totalBuffered -= buffered.removeValue(forKey: largest) ?? 0 }
        }
    }

    /// Closes every connection; done when all are closed.
    func closeAll() -> EventLoopFuture<Void> {
        loop.preconditionInEventLoop()
        let closing = open.values.map { entry in entry.channel.close().recover { _ in } }
        return EventLoopFuture.andAllComplete(closing, on: loop)
    }
}