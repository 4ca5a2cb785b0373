import CAdwaita
import Glibc
import Varlink

/// One varlink connection on a non-blocking socket, read and written from GLib's main
/// loop: the window never blocks on bmd. Calls are answered in order, so each reply goes
/// to the oldest call still waiting; a call made with `more` keeps its place until a reply
/// says it is the last.
@MainActor
final class VarlinkConnection {
    private let fd: Int32
    /// The longest reply the window takes: 4 MiB. Its longest replies list every stored
    /// routine (Data's cards, Stats), under 1 KiB a routine for the 1,000 bmd stores at
    /// most. The one reply that may reach `Morning.largestFrame` (16 MiB) is an export,
    /// which the window never asks for, so a frame that never ends holds no more than this.
    private var splitter = FrameSplitter(limit: 1 << 22)
    private var waiting: [(VarlinkReply) -> Void] = []
    private var unsent: [UInt8] = []
    private var readSource: guint = 0
    private var writeSource: guint = 0
    private let ended: (String) -> Void
    private(set) var isOpen = true
    /// Every call made has had its last reply, and nothing is left to send.
    var isIdle: Bool { waiting.isEmpty && unsent.isEmpty }

    /// Takes `fd`, a connected socket, and closes it when done. `ended` is called once,
    /// with the reason, when the connection fails or bmd closes it (never after `close`).
    init(fd: Int32, ended: @escaping (String) -> Void) {
        self.fd = fd
        self.ended = ended
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        readSource = MainLoop.watch(fd: fd, GIOCondition(G_IO_IN.rawValue | G_IO_HUP.rawValue | G_IO_ERR.rawValue)) { [weak self] in
            self?.readable() ?? false
        }
    }

    /// Sends `call`; `reply` gets each of its replies.
    func call(_ call: VarlinkCall, reply: @escaping (VarlinkReply) -> Void) {
        guard isOpen else { return }
        waiting.append(reply)
        unsent += call.frame
        flush()
    }

    /// Closes the connection without calling `ended`.
    func close() {
        guard isOpen else { return }
        isOpen = false
        MainLoop.cancel(readSource)
        MainLoop.cancel(writeSource)
        readSource = 0
        writeSource = 0
        Glibc.close(fd)
        waiting = []
    }

    private func fail(_ reason: String) {
        guard isOpen else { return }
        close()
        ended(reason)
    }

    /// Reads what is there; false ends the watch.
    private func readable() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while isOpen {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                splitter.append(buffer[0..<count])
                continue
            }
            if count == 0 {
                deliver()
                fail("bmd closed the connection")
                return false
            }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: break
            default:
                fail(String(cString: strerror(errno)))
                return false
            }
            break
        }
        deliver()
        return isOpen
    }

    /// Hands each whole frame read to the call it answers.
    private func deliver() {
        while isOpen {
            let frame: [UInt8]?
            do {
                frame = try splitter.next()
            } catch {
                return fail("bmd sent a reply larger than \(error.limit) bytes")
            }
            guard let frame else { return }
            guard let reply = try? VarlinkReply(frame: frame) else { return fail("bmd sent a reply the window cannot read") }
            guard let handler = waiting.first else { return fail("bmd sent a reply to no call") }
            if !reply.continues { waiting.removeFirst() }
            handler(reply)
        }
    }

    /// Writes what it can; the rest waits for the socket to take more.
    private func flush() {
        while isOpen, !unsent.isEmpty {
            let count = unsent.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count > 0 {
                unsent.removeFirst(count)
                continue
            }
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                if writeSource == 0 {
                    writeSource = MainLoop.watch(fd: fd, G_IO_OUT) { [weak self] in
                        guard let self else { return false }
                        self.writeSource = 0
                        self.flush()
                        return false
                    }
                }
                return
            }
            return fail(String(cString: strerror(errno)))
        }
    }
}

/// Why bmd could not be reached, in words for the window.
public struct LinkFailure: Error, Equatable, Sendable {
    /// What a failure says of bmd beyond this one try.
    public enum Kind: Equatable, Sendable {
        case other
        /// Nothing listens: bmd is not running, and this try says no more than that.
        case nothingAnswers
        /// Why bmd cannot run (the bmd started ended at once, in its own words; no bmd
        /// installed): it holds until bmd answers, so later tries that find nothing
        /// listening say it again rather than hide it.
        case lasting
    }

    public var reason: String
    public var kind: Kind
    public init(_ reason: String, kind: Kind = .other) {
        self.reason = reason
        self.kind = kind
    }
}
