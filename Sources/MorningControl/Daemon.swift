import Glibc
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
    /// How long to wait for an answer; bmd answers at once, so this only stops a hang.
    static let replyTimeoutSeconds = 30

    /// The real daemon on its socket. `notice` receives the autostart line for stderr.
    static func socket(environment: Environment, notice: @escaping (String) -> Void) -> Daemon {
        Daemon { call, endpoint throws(ControlFailure) in
            let connection = try connect(endpoint, environment: environment, notice: notice)
            do throws(ConnectionError) {
                do throws(ConnectionError) {
                    try connection.send(call)
                } catch {
                    // bmd may answer before it reads the call (refusing another user)
                    // and hang up at once: its answer is still there to be read.
                    guard case .system(let cause) = error, cause.code == EPIPE || cause.code == ECONNRESET,
                          let frame = try? connection.receiveFrame() else { throw error }
                    return frame
                }
                return try connection.receiveFrame()
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
    private static func connect(_ endpoint: Endpoint, environment: Environment,
                                notice: (String) -> Void, timeoutSeconds: Int = replyTimeoutSeconds) throws(ControlFailure) -> Connection {
        let first: SystemError
        do {
            return try Connection.open(path: endpoint.path, timeoutSeconds: timeoutSeconds)
        } catch {
            first = error
        }
        let unreachable = "cannot reach bmd at \(endpoint.path): \(first)."
        guard first.meansNoDaemon else {
            throw .unreachable(unreachable + " Is the daemon running? Start it with `bmd`")
        }
        guard endpoint.autostart else {
            throw .unreachable(unreachable + " Is the daemon running? Start it with `bmd` or drop --no-autostart")
        }
        let started = try Autostart.start(endpoint: endpoint, environment: environment, unreachable: unreachable)
        notice("bmctl: bmd was not running; started it (pid \(started.pid))\n")

        var last = first
        for delay in Autostart.retryDelays() {
            Autostart.sleep(milliseconds: delay)
            do {
                return try Connection.open(path: endpoint.path, timeoutSeconds: timeoutSeconds)
            } catch {
                last = error
            }
            if !last.meansNoDaemon { break }
            // A bmd that found another already running (started by a client at the same
            // moment) leaves it to that one, which may still be opening the state: wait for it.
            if let status = started.ended, started.exitCode != DaemonExit.alreadyRunning {
                throw .unreachable("cannot reach bmd at \(endpoint.path): \(last). bmd (pid \(started.pid)) exited at once "
                                   + "(\(status)); run `bmd` in a terminal to see why")
            }
        }
        if started.exitCode == DaemonExit.alreadyRunning {
            throw .unreachable("cannot reach bmd at \(endpoint.path): \(last). Another bmd already runs for your state "
                               + "but does not answer there (it may listen on another socket); run `bmd` in a terminal "
                               + "to see which one")
        }
        throw .unreachable("cannot reach bmd at \(endpoint.path): \(last). bmd (pid \(started.pid)) was started but did "
                           + "not answer; run `bmd` in a terminal to see why")
    }
}

extension ConnectionError {
    /// The failure to report for an exchange with the daemon at `path` that broke off.
    func failure(path: String) -> ControlFailure {
        switch self {
        case .system(let error):
            return .unreachable("lost the connection to bmd at \(path): \(error)")
        case .timedOut:
            return .unreachable("bmd at \(path) did not answer within \(Daemon.replyTimeoutSeconds) seconds")
        case .closed:
            return .unreachable("bmd at \(path) closed the connection without answering")
        case .frameTooLarge(let limit):
            return .unreachable("bmd at \(path) sent a reply larger than \(limit) bytes")
        }
    }
}
