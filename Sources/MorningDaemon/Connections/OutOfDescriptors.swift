import Logging
import NIOCore

/// Pauses accepting for a second when an accept fails, and says so once.
///
/// Out of descriptors (EMFILE, ENFILE), the listening socket stays readable and every
/// accept fails at once: reading on would spin a core. The handler stops reading from
/// the listening socket for a second, the time for a client to hang up and give a
/// descriptor back, then reads again; it logs the first failure of each run of them,
/// not one line a second.
final class OutOfDescriptors: ChannelInboundHandler {
    typealias InboundIn = Channel
    typealias InboundOut = Channel

    private let logger: Logger
    /// Whether the last accept failed: the next failure is not logged again.
    private var failing = false
    private var paused = false

    init(logger: Logger) { self.logger = logger }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        failing = false
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        guard error is IOError else { return context.fireErrorCaught(error) }
        if !failing {
            logger.error("cannot accept connections: \(error); trying again every second until it works")
            failing = true
        }
        guard !paused else { return }
        paused = true
        // Turning autoRead off stops reading from the socket; it is turned on again after the pause.
        // The handler is the event loop's alone: the closures below run there, and say so.
        let channel = context.channel
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        channel.setOption(.autoRead, value: false).whenComplete { _ in
            channel.eventLoop.scheduleTask(in: .seconds(1)) {
                handler.value.paused = false
                channel.setOption(.autoRead, value: true).whenComplete { _ in }
            }
        }
    }
}
