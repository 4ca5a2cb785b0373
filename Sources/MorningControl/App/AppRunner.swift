import Glibc
import MorningProtocol
import Synchronization

/// `bmctl` on a terminal: the app, until q, Ctrl-C, SIGTERM or a hang-up.
///
/// One thread waits in poll(2) for keys, signals and word from the status stream, which
/// another thread follows. Each key or status goes through `AppModel`; what it asks of
/// bmd is asked here, and the screen is drawn again. When bmd stops or restarts, the app
/// says so and stays; the stream's thread connects again, as a status bar does.
struct AppRunner {
    var session: Session
    var terminal: RawTerminal

    func run() throws(ControlFailure) {
        // The first call before the screen changes: when bmd cannot be reached, the
        // error is printed on the shell's own screen, as for any command.
        let first = try session.call(Morning.Call.status())
        // It may have started bmd; from then on the app only waits for bmd, so that a bmd
        // someone stops (Ctrl-C on make run, systemctl stop) stays stopped.
        var app = self
        app.session.globals.noAutostart = true
        try app.serve(first)
    }

    private func serve(_ first: Morning.StatusReply) throws(ControlFailure) {
        var model = AppModel()
        // The welcome is for a first start; with a routine already going (the app opened
        // from the reminder, say) today's routine comes first.
        if AppModel.offersWelcome(first), let welcome = try? session.call(Morning.Call.welcome(take: true)), welcome.pending {
            model.welcome = WelcomeText.render(style: .plain)
        }

        var signals: [Int32] = [-1, -1], feed: [Int32] = [-1, -1]
        guard pipe(&signals) == 0, pipe(&feed) == 0 else {
            throw .refused("cannot start the terminal app: \(String(cString: strerror(errno)))")
        }
        // Not handed to bmd when bmctl starts it; a signal never waits on a full pipe.
        for fd in signals + feed { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(signals[1], F_SETFL, O_NONBLOCK)
        // Signals come as bytes on a pipe, to the one poll(2) the app waits in.
        RawTerminal.forwardSignals(to: signals[1])
        defer { RawTerminal.forwardSignals(to: -1) }
        let follower = StatusFeed(session: session, fd: feed[1])
        follower.start()

        terminal.enter()
        defer { terminal.leave() }
        if try perform(model.show(status: first), on: &model) { return }
        draw(model, clear: true)

        var fds = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: signals[0], events: Int16(POLLIN), revents: 0),
                   pollfd(fd: feed[0], events: Int16(POLLIN), revents: 0)]
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            if poll(&fds, nfds_t(fds.count), -1) < 0 {
                if errno == EINTR { continue }
                return
            }
            var resized = false
            if fds[1].revents != 0 {
                let n = Glibc.read(signals[0], &buffer, buffer.count)
                for byte in buffer.prefix(max(0, n)) {
                    if Int32(byte) == SIGWINCH { resized = true } else { return }
                }
            }
            if fds[2].revents != 0 {
                let n = Glibc.read(feed[0], &buffer, buffer.count)
                guard n > 0, !buffer.prefix(n).contains(StatusFeed.ended) else {
                    throw follower.failure ?? .unreachable("bmd stopped sending the status")
                }
                // Several words may have come at once: the last one says where things stand,
                // and the stream's latest status is the one shown, as the window shows it.
                if buffer.prefix(n).last == StatusFeed.away {
                    model.bmdAway()
                } else if let status = follower.latest() {
                    model.away = nil
                    if try perform(model.show(status: status), on: &model) { return }
                }
            }
            if fds[0].revents != 0 {
                let n = Glibc.read(0, &buffer, buffer.count)
                if n < 0, errno == EINTR || errno == EAGAIN { continue }
                guard n > 0 else { return }  // the terminal is gone
                for key in TerminalKey.parse(Array(buffer.prefix(n))) {
                    if try perform(model.handle(key), on: &model) { return }
                }
            }
            draw(model, clear: resized)
        }
    }

    /// The questions of `bmctl create`, on the shell's own screen with line editing:
    /// every answer goes to bmd's draft as it is given, so leaving half-way (Ctrl-C,
    /// end of input, a closed window) keeps the draft for the next time.
    private func create(_ model: inout AppModel) throws(ControlFailure) {
        terminal.leave()
        let pipe = RawTerminal.signalsForwardedTo
        RawTerminal.forwardSignals(to: -1)
        defer {
            RawTerminal.forwardSignals(to: pipe)
            terminal.enter()
        }
        // Lines straight from the terminal: stdio's stdin would keep an end of input typed
        // at one round of questions for the next, and could hold keys meant for the app.
        var asking = session
        asking.context.console.readLine = Self.readLine
        do {
            let reply = try CreatePrompts(session: asking).run()
            _ = model.show(activation: reply, restarted: false)
        } catch where error.status != .unreachable {
            model.createStopped(error.message)
        }
    }

    /// One line from the terminal without its newline; nil at the end of input.
    private static func readLine() -> String? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let n = Glibc.read(0, &byte, 1)
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
    }

    private func draw(_ model: AppModel, clear: Bool) {
        let size = terminal.size
        terminal.draw(AppScreen(width: size.width, height: size.height, style: session.style).lines(model), clear: clear)
    }

    /// Asks bmd what `effects` need and hands the replies to `model`; true to quit.
    /// A refusal becomes the model's message; while bmd is away, the model says so.
    private func perform(_ effects: [AppEffect], on model: inout AppModel) throws(ControlFailure) -> Bool {
        for effect in effects {
            do throws(ControlFailure) {
                switch effect {
                case .quit:
                    return true
                case .loadDay(let date):
                    model.show(day: try session.call(Morning.Call.day(date: date)))
                case let .check(position, date):
                    let reply = try session.call(Morning.Call.check(task: String(position), date: date), verb: "check")
                    model.show(change: reply.task, completed: reply.completed, changed: reply.changed)
                case let .uncheck(position, date):
                    let reply = try session.call(Morning.Call.uncheck(task: String(position), date: date), verb: "uncheck")
                    model.show(change: reply.task, completed: reply.completed, changed: reply.changed)
                case .loadCatalog:
                    model.show(catalog: try session.call(Morning.Call.explore()).routines)
                case .loadCards:
                    let cards = try session.call(Morning.Call.data(locale: session.locale)).cards
                    model.show(cards: cards, stats: try session.call(Morning.Call.stats(routine: nil)).routines)
                case let .loadWeek(routine, offset):
                    let chart = try session.call(Morning.Call.week(routine: routine, offset: offset, locale: session.locale))
                    model.show(week: chart, offset: offset)
                case .countDays(let routine):
                    let stats = try session.call(Morning.Call.stats(routine: routine))
                    model.askDelete(routine: routine, days: stats.routines.first?.stats.daysTracked ?? 0)
                case .activate(let routine):
                    let reply = try session.call(Morning.Call.activate(routine: routine), verb: "activate")
                    if try perform(model.show(activation: reply, restarted: false), on: &model) { return true }
                case .restart(let routine):
                    let reply = try session.call(Morning.Call.restart(routine: routine), verb: "restart")
                    if try perform(model.show(activation: reply, restarted: true), on: &model) { return true }
                case .delete(let routine):
                    let reply = try session.call(Morning.Call.delete(routine: routine), verb: "delete")
                    if try perform(model.show(deleted: reply), on: &model) { return true }
                case .reset:
                    _ = try session.call(Morning.Call.reset())
                    if try perform(model.showReset(), on: &model) { return true }
                case .create:
                    try create(&model)
                case .setNotifications(let enabled):
                    model.show(notifications: try session.call(Morning.Call.setNotifications(enabled: enabled)).notifications)
                case .setNotificationSound(let sound):
                    model.show(notifications: try session.call(Morning.Call.setNotificationSound(sound: sound)).notifications)
                }
            } catch {
                if error.status == .unreachable {
                    model.bmdAway()
                    return false
                }
                model.fail(error.message)
            }
        }
        return false
    }
}

/// Follows bmd's status stream on a thread of its own and tells the app of each change
/// by a byte on a pipe (`changed`), the status itself kept for the app to take
/// (`latest`), of losing bmd by another (`away`), and of the stream's end by a third
/// (`ended`). When bmd goes, it connects again, waiting a little
/// longer after each failed try, up to a few seconds, as `status --follow` does.
final class StatusFeed: @unchecked Sendable {
    static let changed = UInt8(ascii: "s")
    static let away = UInt8(ascii: "a")
    static let ended = UInt8(ascii: "x")

    private let session: Session
    private let fd: Int32
    /// Why the stream ended; written before `ended` is sent, read after it arrives.
    private(set) var failure: ControlFailure?
    /// The last status the stream brought that the app has not taken yet.
    private let newest = Mutex<Morning.StatusReply?>(nil)

    init(session: Session, fd: Int32) {
        self.session = session
        self.fd = fd
    }

    func start() {
        var thread = pthread_t()
        let box = Unmanaged.passRetained(self).toOpaque()
        guard pthread_create(&thread, nil, { raw in
            let feed = Unmanaged<StatusFeed>.fromOpaque(raw!).takeRetainedValue()
            feed.follow()
            return nil
        }, box) == 0 else {
            Unmanaged<StatusFeed>.fromOpaque(box).release()
            failure = .refused("cannot follow bmd's status: \(String(cString: strerror(errno)))")
            send(Self.ended)
            return
        }
        pthread_detach(thread)
    }

    private func follow() {
        var backoff = Backoff()
        while true {
            do throws(ControlFailure) {
                // The first reply too: something may have changed since the last word.
                try session.follow(Morning.Call.status()) { status in
                    backoff.answered()
                    newest.withLock { $0 = status }
                    send(Self.changed)
                }
                // bmd ended the stream itself, with a last reply: there is no more to follow.
                failure = .refused("bmd ended the status stream")
                break
            } catch where error.status == .unreachable {
                send(Self.away)
            } catch {
                failure = error
                break
            }
            Backoff.sleep(milliseconds: backoff.failed())
        }
        send(Self.ended)
    }

    /// The status the stream brought last, once: nil when the app has it already.
    func latest() -> Morning.StatusReply? {
        newest.withLock { status in
            defer { status = nil }
            return status
        }
    }

    private func send(_ byte: UInt8) {
        var byte = byte
        _ = Glibc.write(fd, &byte, 1)
    }
}
