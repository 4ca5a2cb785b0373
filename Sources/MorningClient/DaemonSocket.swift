import Glibc
import MorningProtocol
import SystemPackage

/// What happened while connecting that the user should hear of.
public enum ConnectEvent: Equatable, Sendable {
    /// No bmd answered, so one was started in the background; `pid` is the bmd that now
    /// answers, which this client started (`ours`) or which another client started at
    /// the same moment, its own start then giving way to it.
    case started(pid: pid_t, ours: Bool)
    /// No bmd answered, and the systemd user manager started it through this unit (the
    /// socket unit the package installs), as it would at login.
    case startedUnit(String)
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
    ///
    /// Every attempt, the first and each one while a started bmd gets ready, first checks
    /// that the socket's folder is a real folder of user `uid`'s closed to others, and
    /// once connected that the process listening runs as `uid`; otherwise it fails
    /// before a byte is sent. Someone else who makes the folder or the socket while bmd
    /// starts is told nothing.
    ///
    /// With `waitWhenBusy` false, a bmd whose queue of connections is full (stopped, or
    /// swamped) fails at once as `.cannotConnect` with `EAGAIN` (see `Errno.meansBusy`)
    /// rather than holding the caller until it takes the connection: the window's loop
    /// must never wait on bmd.
    ///
    /// `heard`, when given, gets what a bmd started here wrote to its stderr before it
    /// ended at once (why it would not run, in its own words), just before
    /// `.startedDaemonEnded` is thrown.
    public static func connect(_ endpoint: Endpoint, environment: Environment, timeoutSeconds: Int = replyTimeoutSeconds,
                               waitWhenBusy: Bool = true, uid: uid_t = geteuid(),
                               heard: ((String) -> Void)? = nil,
                               events: (ConnectEvent) -> Void) throws(ConnectFailure) -> Connection {
        try connect(endpoint, environment: environment, timeoutSeconds: timeoutSeconds, waitWhenBusy: waitWhenBusy, uid: uid,
                    events: events, heard: heard, start: heard == nil ? Autostart.start : Autostart.startKeepingErrors)
    }

    /// The same, with `start` to start bmd (tests put the one who races it there).
    static func connect(_ endpoint: Endpoint, environment: Environment, timeoutSeconds: Int, waitWhenBusy: Bool = true, uid: uid_t,
                        events: (ConnectEvent) -> Void, heard: ((String) -> Void)? = nil,
                        startUnit: (Endpoint, Environment) -> String? = Autostart.startUnit,
                        start: (Endpoint, Environment, Errno) throws(ConnectFailure) -> StartedDaemon) throws(ConnectFailure) -> Connection {
        let attempt = { () throws(ConnectFailure) -> Result<Connection, Errno> in
            try Self.attempt(endpoint, uid: uid, timeoutSeconds: timeoutSeconds, waitWhenBusy: waitWhenBusy)
        }
        let first: Errno
        switch try attempt() {
        case .success(let connection): return connection
        case .failure(let error): first = error
        }
        guard first.meansNoDaemon else { throw .cannotConnect(path: endpoint.path, cause: first) }
        guard endpoint.autostart else { throw .notRunning(path: endpoint.path, cause: first) }
        // Where a systemd user manager runs with bmd's units installed, it starts bmd, so
        // that bmd runs under it (its log in the journal, its watchdog, its restarts).
        if let unit = startUnit(endpoint, environment),
           case .success(let connection) = try attempt() {
            events(.startedUnit(unit))
            return connection
        }
        let started = try start(endpoint, environment, first)
        do {
            return try waitForStarted(started, endpoint: endpoint, first: first, events: events, heard: heard, attempt: attempt)
        } catch {
            // Whatever went wrong after, the user hears that a bmd was started, and which.
            events(.started(pid: started.pid, ours: true))
            throw error
        }
    }

    /// Connects to the bmd `started` (or the one another client started at the same
    /// moment) once it listens; `events` hears which bmd serves.
    private static func waitForStarted(_ started: StartedDaemon, endpoint: Endpoint, first: Errno,
                                       events: (ConnectEvent) -> Void, heard: ((String) -> Void)?,
                                       attempt: () throws(ConnectFailure) -> Result<Connection, Errno>) throws(ConnectFailure) -> Connection {
        var last = first
        for delay in Autostart.retryDelays() {
            Autostart.sleep(milliseconds: delay)
            switch try attempt() {
            case .success(let connection):
                // Named by the bmd that answers: of clients starting bmd at once, one bmd
                // wins and the others' give way to it.
                let serving = (try? connection.peerPID()) ?? started.pid
                events(.started(pid: serving, ours: serving == started.pid))
                return connection
            case .failure(let error): last = error
            }
            if !last.meansNoDaemon { break }
            // A bmd that found another already running (started by a client at the same
            // moment) leaves it to that one, which may still be opening the state: wait for it.
            if let status = started.ended, started.exitCode != DaemonExit.alreadyRunning {
                if let heard, let said = started.said { heard(said) }
                throw .startedDaemonEnded(path: endpoint.path, last: last, pid: started.pid, ended: status)
            }
        }
        if started.exitCode == DaemonExit.alreadyRunning {
            throw .runningElsewhere(path: endpoint.path, last: last)
        }
        throw .startedDaemonSilent(path: endpoint.path, last: last, pid: started.pid)
    }

    /// One attempt: the folder checked, then the connection, then who listens. A socket
    /// that is not there, or that nobody listens on, is the failure returned; anything
    /// that must not be talked to is thrown.
    static func attempt(_ endpoint: Endpoint, uid: uid_t, timeoutSeconds: Int, waitWhenBusy: Bool = true) throws(ConnectFailure) -> Result<Connection, Errno> {
        if let problem = SocketPath.folderProblem(endpoint.folder, uid: uid) {
            throw .unsafeFolder(folder: endpoint.folder, problem: problem, origin: endpoint.origin)
        }
        let connection: Connection
        do {
            connection = try Connection.open(path: endpoint.path, timeoutSeconds: timeoutSeconds, waitWhenBusy: waitWhenBusy)
        } catch {
            return .failure(error)
        }
        try verifyListener(connection, path: endpoint.path, uid: uid)
        return .success(connection)
    }

    /// Fails unless the process listening on `connection` runs as `uid`. The connection is
    /// closed (when the caller lets go of it) without a byte sent.
    static func verifyListener(_ connection: Connection, path: String, uid: uid_t) throws(ConnectFailure) {
        let peer: uid_t
        do {
            peer = try connection.peerUID()
        } catch {
            throw .unknownListener(path: path, cause: error)
        }
        if let failure = listenerProblem(peerUID: peer, uid: uid, path: path) { throw failure }
    }

    /// The failure for a listener of user `peerUID` at `path`, seen by user `uid`; nil when
    /// they are the same user.
    static func listenerProblem(peerUID: uid_t, uid: uid_t, path: String) -> ConnectFailure? {
        peerUID == uid ? nil : .foreignListener(path: path, uid: peerUID)
    }
}
