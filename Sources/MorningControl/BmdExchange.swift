import Glibc
import MorningClient
import MorningProtocol
import SystemPackage

/// How bmctl reaches bmd: one call frame out, one reply frame back.
///
/// The live value talks to the Unix socket (starting bmd when allowed); tests put a
/// scripted closure here, or use the live value against a socket they serve.
struct BmdExchange {
    /// Sends `call` (a NUL-ended varlink frame) to `endpoint` and returns the reply frame without its NUL.
    var exchange: (_ call: [UInt8], _ endpoint: Endpoint) throws(ControlFailure) -> [UInt8]
    /// Sends `call` (with `more`) and hands each reply frame to `each` until bmd sends one
    /// without `continues` or hangs up. Waits as long as it takes.
    var follow: (_ call: [UInt8], _ endpoint: Endpoint, _ each: ([UInt8]) throws(ControlFailure) -> Void) throws(ControlFailure) -> Void = { _, endpoint, _ throws(ControlFailure) in
        throw .unreachable("cannot follow bmd at \(endpoint.path)")
    }
}

extension BmdExchange {
    /// The real daemon on its socket. `notice` receives the autostart line for stderr.
    static func socket(environment: Environment, notice: @escaping (String) -> Void) -> BmdExchange {
        BmdExchange { call, endpoint throws(ControlFailure) in
            let connection = try connect(endpoint, environment: environment, notice: notice)
            do throws(ConnectionError) {
                return try connection.exchange(call)
            } catch {
                throw error.failure(path: endpoint.path)
            }
        }
    }

    /// The real daemon, followed: frames until it stops sending or goes away.
    static func following(environment: Environment, notice: @escaping (String) -> Void) -> BmdExchange {
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
                case .started(let pid, true): notice("bmctl: bmd was not running; started it (pid \(pid))\n")
                case .started(let pid, false): notice("bmctl: bmd was not running; another program started it at the same moment (pid \(pid))\n")
                case .startedUnit(let unit): notice("bmctl: bmd was not running; systemd started it (\(unit))\n")
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
        func unreachable(_ path: String, _ cause: Errno) -> String { "cannot reach bmd at \(path): \(cause)." }
        switch self {
        case let .unsafeFolder(folder, problem, origin):
            return .unreachable(Self.unsafeFolder(folder, problem, origin: origin))
        case let .foreignListener(path, uid):
            return .unreachable("the socket \(path) is served by a process of user id \(uid), not by your own bmd "
                                + "(user id \(geteuid())), so bmctl sent it nothing. Stop that process or remove the socket "
                                + "(`ss -xlp` shows who listens), then run bmctl again")
        case let .unknownListener(path, cause):
            return .unreachable("cannot tell who serves the socket \(path) (\(cause)), so bmctl sent it nothing")
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

extension ConnectFailure {
    /// Why bmctl will not use the socket in `folder`, and what to do. The folder under
    /// /tmp keeps the words bmd uses for it.
    static func unsafeFolder(_ folder: String, _ problem: SocketFolderProblem, origin: SocketOrigin) -> String {
        let uid = geteuid()
        if origin == .fallbackFolder { return problem.fallbackDescription(folder: folder, uid: uid) }
        let what: String
        switch problem {
        case .unreadable(let code): what = "cannot read \(folder), the folder of bmd's socket: \(Errno(rawValue: code))"
        case .symbolicLink: what = "\(folder), the folder of bmd's socket, is a symbolic link, not a folder of your own"
        case .notAFolder: what = "\(folder), where bmd's socket should be, is not a folder"
        case .otherOwner(let owner):
            what = "\(folder), the folder of bmd's socket, belongs to user id \(owner), not to you (user id \(uid))"
        case .openToOthers(let mode):
            what = "\(folder), the folder of bmd's socket, is open to other users (mode \(String(mode, radix: 8)))"
        }
        let fix: String
        switch (problem, origin) {
        case (.openToOthers, _):
            fix = "it must be 0700: run `chmod 700 \(folder)`"
                + (origin == .chosen ? ", or choose a socket in a folder of your own" : "")
        case (_, .runtimeFolder):
            fix = "remove it (bmd makes it again, private), or pass --socket PATH"
        default:
            fix = "choose a socket in a folder of your own, closed to others, with --socket PATH or BMD_SOCKET"
        }
        return what + ", so bmctl sent nothing to a socket in it; " + fix
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
    func endpoint(in environment: Environment) -> Endpoint {
        Endpoint.resolve(socket: socket, autostart: !noAutostart, environment: environment)
    }
}
