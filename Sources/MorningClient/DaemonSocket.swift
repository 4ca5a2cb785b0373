import Glibc
import MorningProtocol

/// What happened while connecting that the user should hear of.
public enum ConnectEvent: Equatable, Sendable {
    /// No bmd answered, so one was started in the background with this process id.
    case started(pid: pid_t)
}

/// Connecting to bmd's socket, starting bmd when nothing answers (as gpg-agent is started
/// by its clients), the one way every client (bmctl, the window) reaches bmd.
public enum DaemonSocket {
    /// How long to wait for an answer; bmd answers at once, so this only stops a hang.
    public static let replyTimeoutSeconds = 30

    /// A connection to `endpoint`, starting bmd first when none answers and
    /// `endpoint.autostart` allows it. Reads and writes on it give up after
    /// `timeoutSeconds`; 0 waits as long as it takes (following). `events` hears of a
    /// bmd started.
    public static func connect(_ endpoint: Endpoint, environment: Environment, timeoutSeconds: Int = replyTimeoutSeconds,
                               events: (ConnectEvent) -> Void) throws(ConnectFailure) -> Connection {
        let first: SystemError
        do {
            return try Connection.open(path: endpoint.path, timeoutSeconds: timeoutSeconds)
        } catch {
            first = error
        }
        guard first.meansNoDaemon else { throw .cannotConnect(path: endpoint.path, cause: first) }
        guard endpoint.autostart else { throw .notRunning(path: endpoint.path, cause: first) }
        let started = try Autostart.start(endpoint: endpoint, environment: environment, cause: first)
        events(.started(pid: started.pid))

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
                throw .startedDaemonEnded(path: endpoint.path, last: last, pid: started.pid, ended: status)
            }
        }
        if started.exitCode == DaemonExit.alreadyRunning {
            throw .runningElsewhere(path: endpoint.path, last: last)
        }
        throw .startedDaemonSilent(path: endpoint.path, last: last, pid: started.pid)
    }
}
