import Glibc
import MorningProtocol
import SystemPackage

/// Where the path of bmd's socket came from, which decides the advice when its folder
/// cannot be trusted.
public enum SocketOrigin: Equatable, Sendable {
    /// `--socket` or `BMD_SOCKET`.
    case chosen
    /// `$XDG_RUNTIME_DIR/better-morning`.
    case runtimeFolder
    /// `/tmp/better-morning-UID`, with no runtime folder.
    case fallbackFolder
}

/// Why no connection to bmd was made. Nothing was sent in any of these cases.
///
/// The library says what happened; each surface (bmctl, the window) words it for its reader.
public enum ConnectFailure: Error, Equatable, Sendable {
    /// The socket's folder is not one to trust (another user's, a link, open to others):
    /// nothing was connected to. `origin` says where the socket's path came from.
    case unsafeFolder(folder: String, problem: SocketFolderProblem, origin: SocketOrigin)
    /// A process of user `uid`, not this user, listens at `path`: the connection was
    /// closed before a byte was sent.
    case foreignListener(path: String, uid: uid_t)
    /// Who listens at `path` could not be learnt (`cause`): the connection was closed
    /// before a byte was sent.
    case unknownListener(path: String, cause: Errno)
    /// Connecting to `path` failed with `cause`, which starting bmd would not mend (a
    /// permission, say): nothing was started.
    case cannotConnect(path: String, cause: Errno)
    /// No bmd answers at `path` (`cause`), and the caller did not allow starting one.
    case notRunning(path: String, cause: Errno)
    /// No bmd answers at `path` (`cause`), and no bmd executable was found to start.
    case noDaemonExecutable(path: String, cause: Errno)
    /// No bmd answers at `path` (`cause`), and starting `executable` failed with `error`.
    case cannotStart(path: String, cause: Errno, executable: String, error: Errno)
    /// The bmd started (`pid`) ended at once (`ended`, such as "exit status 1"); the last
    /// attempt to connect failed with `last`.
    case startedDaemonEnded(path: String, last: Errno, pid: pid_t, ended: String)
    /// The bmd started found another bmd already running for the same state, which does
    /// not answer at `path`.
    case runningElsewhere(path: String, last: Errno)
    /// The bmd started (`pid`) did not answer within the wait.
    case startedDaemonSilent(path: String, last: Errno, pid: pid_t)
}
