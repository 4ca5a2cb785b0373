import Glibc
import MorningClient
import MorningProtocol

/// How bmctl reaches bmd: one call frame out, one reply frame back.
///
/// The live value talks to the Unix socket (starting bmd when allowed); tests put a
/// scripted closure here, or use the live value against a socket they serve.
struct Daemon {
    /// Sends `call` (a NUL-ended varlink frame) to `endpoint` and returns the reply frame without its NUL.
    var exchange: (_ call: [UInt8], _ endpoint: Endpoint) throws(ControlFailure) -> [UInt8]
    /// Sends `call` (with `more`) and hands each reply frame to `each` until bmd sends one
    /// without `continues` or hangs up. Waits as long as it takes.
    var follow: (_ call: [UInt8], _ endpoint: Endpoint, _ each: ([UInt8]) throws(ControlFailure) -> Void) throws(ControlFailure) -> Void = { _, endpoint, _ throws(ControlFailure) in
        throw .unreachable("cannot follow bmd at \(endpoint.path)")
    }
}

extension Daemon {
    /// The real daemon on its socket. `notice` receives the autostart line for stderr.
    static func socket(environment: Environment, notice: @escaping (String) -> Void) -> Daemon {
        Daemon { call, endpoint throws(ControlFailure) in
            let connection = try connect(endpoint, environment: environment, notice: notice)
            do throws(ConnectionError) {
                return try connection.exchange(call)
            } catch {
                throw error.failure(path: endpoint.path)
            }
        }
    }

    /// The real daemon, followed: frames until it stops sending or goes away.
    static func following(environment: Environment, notice: @escaping (String) -> Void) -> Daemon {
        var daemon = socket(environment: environment, notice: notice)
        daemon.follow = { call, endpoint, each throws(ControlFailure) in
            let connection = try connect(endpoint, environment: environment, notice: notice, timeoutSeconds: 0)
            // bmd ends a stream with a reply that does not continue; a connection closed
            // before that (bmd stopped or restarted) is a failure the follower recovers from.
            func next() throws(ControlFailure) -> [UInt8]? {
                do throws(ConnectionError) {
                    return try connection.receiveFrame(watching: StandardOutput.watchable ? 1 : nil)
                } catch .watchedHungUp {
                    // The reader of stdout went away: bmctl ends quietly while it waits,
                    // rather than at the next status, which may be hours later.
                    StandardOutput.readerGone()
                } catch {
                    throw error.failure(path: endpoint.path)
                }
            }
            do throws(ConnectionError) {
                try connection.send(call)
            } catch {
                throw error.failure(path: endpoint.path)
            }
            while let frame = try next() {
                try each(frame)
                if (try? VarlinkReply(frame: frame))?.continues != true { return }
            }
        }
        return daemon
    }

    /// A connection to `endpoint`, starting bmd first when none answers and that is allowed.
    /// A timeout of 0 waits for replies as long as it takes (following).
    private static func connect(_ endpoint: Endpoint, environment: Environment, notice: (String) -> Void,
                                timeoutSeconds: Int = DaemonSocket.replyTimeoutSeconds) throws(ControlFailure) -> Connection {
        do throws(ConnectFailure) {
            return try DaemonSocket.connect(endpoint, environment: environment, timeoutSeconds: timeoutSeconds) { event in
                switch event {
                case .started(let pid): notice("bmctl: bmd was not running; started it (pid \(pid))\n")
                }
            }
        } catch {
            throw error.failure
        }
    }
}

extension ConnectFailure {
    /// What bmctl says when it could not reach bmd.
    var failure: ControlFailure {
        func unreachable(_ path: String, _ cause: SystemError) -> String { "cannot reach bmd at \(path): \(cause)." }
        switch self {
        case let .unsafeFolder(folder, problem):
            return .unreachable(problem.fallbackDescription(folder: folder, uid: geteuid()))
        case let .cannotConnect(path, cause):
            return .unreachable(unreachable(path, cause) + " Is the daemon running? Start it with `bmd`")
        case let .notRunning(path, cause):
            return .unreachable(unreachable(path, cause) + " Is the daemon running? Start it with `bmd` or drop --no-autostart")
        case let .noDaemonExecutable(path, cause):
            return .unreachable(unreachable(path, cause) + " bmctl tried to start bmd but found no bmd executable next to bmctl or on PATH")
        case let .cannotStart(path, cause, executable, error):
            return .unreachable(unreachable(path, cause) + " bmctl could not start \(executable): \(error)")
        case let .startedDaemonEnded(path, last, pid, ended):
            return .unreachable(unreachable(path, last) + " bmd (pid \(pid)) exited at once (\(ended)); run `bmd` in a terminal to see why")
        case let .runningElsewhere(path, last):
            return .unreachable(unreachable(path, last) + " Another bmd already runs for your state but does not answer there "
                                + "(it may listen on another socket); run `bmd` in a terminal to see which one")
        case let .startedDaemonSilent(path, last, pid):
            return .unreachable(unreachable(path, last) + " bmd (pid \(pid)) was started but did not answer; "
                                + "run `bmd` in a terminal to see why")
        }
    }
}

extension ConnectionError {
    /// The failure to report for an exchange with the daemon at `path` that broke off.
    func failure(path: String) -> ControlFailure {
        switch self {
        case .system(let error):
            return .unreachable("lost the connection to bmd at \(path): \(error)")
        case .timedOut:
            return .unreachable("bmd at \(path) did not answer within \(DaemonSocket.replyTimeoutSeconds) seconds")
        case .closed, .watchedHungUp:
            return .unreachable("bmd at \(path) closed the connection without answering")
        case .frameTooLarge(let limit):
            return .unreachable("bmd at \(path) sent a reply larger than \(limit) bytes")
        }
    }
}

extension Globals {
    /// Where bmd is for a run with these options in `environment`.
    func endpoint(in environment: Environment) throws(ControlFailure) -> Endpoint {
        do throws(ConnectFailure) {
            return try Endpoint.resolve(socket: socket, autostart: !noAutostart, environment: environment)
        } catch {
            throw error.failure
        }
    }
}
