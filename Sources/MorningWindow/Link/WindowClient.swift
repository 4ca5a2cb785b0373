import Glibc
import MorningClient
import MorningProtocol

/// How the window finds bmd: the socket every client uses and the same checks of its
/// folder (MorningClient), and bmd started when the window opens and none answers, as
/// bmctl does, but never again behind the back of a person who stopped it later.
public enum WindowClient {
    /// A connector that looks bmd's socket up and connects through `DaemonSocket` on each
    /// try, so its checks (the socket's folder, the user who listens) hold on reconnects
    /// too. It never starts bmd: a bmd that went away was maybe stopped by the person.
    /// It runs on the main thread, so it never waits for bmd to take the connection: a
    /// bmd whose queue of connections is full (stopped, or swamped) is "busy", and tried
    /// again later. The window then reads and writes its own copy of the socket from
    /// GLib's loop.
    @MainActor
    public static func connector(environment: Environment = .process) -> BmdLink.Connector {
        { connect(environment: environment, autostart: false) }
    }

    /// The window's first connection: bmd started when none answers, as bmctl does, and
    /// waited for until it answers (up to a few seconds). `BmdLink` runs it off the main
    /// thread, so the window draws meanwhile.
    public static func starter(environment: Environment = .process) -> BmdLink.Starter {
        { connect(environment: environment, autostart: true) }
    }

    /// One try, blocking while a bmd it started gets ready.
    static func connect(environment: Environment, autostart: Bool) -> Result<Int32, LinkFailure> {
        // What a bmd started here wrote before it ended at once: why it would not run.
        var said: String?
        do throws(ConnectFailure) {
            let endpoint = Endpoint.resolve(socket: nil, autostart: autostart, environment: environment)
            let connection = try DaemonSocket.connect(endpoint, environment: environment, timeoutSeconds: 0, waitWhenBusy: false,
                                                      heard: { said = $0 }) { _ in }
            do {
                return .success(try connection.duplicateDescriptor())
            } catch {
                return .failure(LinkFailure("cannot reach \(endpoint.path): \(error)"))
            }
        } catch {
            return .failure(failure(error, said: said))
        }
    }

    /// The failure the link gets: the words, and what they say beyond this try.
    static func failure(_ failure: ConnectFailure, said: String? = nil) -> LinkFailure {
        switch failure {
        case .notRunning:
            LinkFailure(words(failure), kind: .nothingAnswers)
        case .noDaemonExecutable, .cannotStart, .startedDaemonEnded:
            LinkFailure(words(failure, said: said), kind: .lasting)
        default:
            LinkFailure(words(failure))
        }
    }

    /// Why bmd cannot be reached, in the window's words: no command to type.
    /// `said` is what a bmd started here wrote before it ended, which says why and what to
    /// do better than anything the window could guess.
    static func words(_ failure: ConnectFailure, said: String? = nil) -> String {
        switch failure {
        case .unsafeFolder(let folder, let problem, _):
            let why = switch problem {
            case .unreadable(let code): "it cannot be read (\(String(cString: strerror(code))))"
            case .symbolicLink: "it is a symbolic link"
            case .notAFolder: "it is not a folder"
            case .otherOwner(let uid): "it belongs to user id \(uid)"
            case .openToOthers(let mode): "other users may enter it (mode \(String(mode, radix: 8)))"
            }
            return "the folder \(folder) that would hold bmd's socket cannot be trusted: \(why)"
        case .foreignListener(let path, let uid):
            return "another user (user id \(uid)) listens at \(path), not your bmd"
        case .unknownListener(let path, let cause):
            return "who listens at \(path) cannot be learnt (\(cause))"
        case .cannotConnect(let path, let cause) where cause.meansBusy:
            return "bmd is busy: it takes no new connection at \(path) now (it may be stopped or swamped)"
        case .cannotConnect(let path, let cause):
            return "cannot reach \(path): \(cause)"
        case .notRunning(let path, _):
            return "nothing answers at \(path)"
        case .noDaemonExecutable(let path, _):
            return "nothing answers at \(path), and bmd is not installed next to the window or on PATH"
        case .cannotStart(let path, _, let executable, let error):
            return "nothing answers at \(path), and \(executable) could not be started: \(error)"
        case .startedDaemonEnded(let path, _, let pid, let ended):
            let saying = said.map { ", saying: \($0)" } ?? "; run bmd in a terminal to see why"
            return "nothing answers at \(path); bmd was started (pid \(pid)) but ended at once (\(ended))" + saying
        case .runningElsewhere(let path, _):
            return "nothing answers at \(path); another bmd runs for your state elsewhere"
        case .startedDaemonSilent(let path, _, let pid):
            return "bmd was started (pid \(pid)) but does not answer at \(path) yet"
        }
    }
}
