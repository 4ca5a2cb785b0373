import Glibc
import MorningProtocol

/// Why no connection to bmd was made. Nothing was sent in any of these cases.
///
/// The library says what happened; each surface (bmctl, the window) words it for its reader.
public enum ConnectFailure: Error, Equatable, Sendable {
    /// The socket's folder is not one to trust (another user's, a link, open to others).
    case unsafeFolder(folder: String, problem: SocketFolderProblem)
    /// Connecting to `path` failed with `cause`, which starting bmd would not mend (a
    /// permission, say): nothing was started.
    case cannotConnect(path: String, cause: SystemError)
    /// No bmd answers at `path` (`cause`), and the caller did not allow starting one.
    case notRunning(path: String, cause: SystemError)
    /// No bmd answers at `path` (`cause`), and no bmd executable was found to start.
    case noDaemonExecutable(path: String, cause: SystemError)
    /// No bmd answers at `path` (`cause`), and starting `executable` failed with `error`.
    case cannotStart(path: String, cause: SystemError, executable: String, error: SystemError)
    /// The bmd started (`pid`) ended at once (`ended`, such as "exit status 1"); the last
    /// attempt to connect failed with `last`.
    case startedDaemonEnded(path: String, last: SystemError, pid: pid_t, ended: String)
    /// The bmd started found another bmd already running for the same state, which does
    /// not answer at `path`.
    case runningElsewhere(path: String, last: SystemError)
    /// The bmd started (`pid`) did not answer within the wait.
    case startedDaemonSilent(path: String, last: SystemError, pid: pid_t)
}
