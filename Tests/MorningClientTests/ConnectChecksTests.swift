import Foundation
import Glibc
import MorningProtocol
import MorningTestSupport
import Testing
@testable import MorningClient
import SystemPackage

/// A socket of one's own that listens in `folder`, to show that a refused folder is never
/// even connected to: whatever tried would wait in its backlog.
private final class OwnListener {
    let fd: Int32
    let path: String

    init(folder: String) {
        path = folder + "/bmd.sock"
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        _ = withUnixAddress(path) { bind(fd, $0, $1) }
        listen(fd, 8)
    }

    /// Whether a client connected: a connection waits in the backlog until accepted.
    var wasConnected: Bool {
        let client = accept(fd, nil, nil)
        guard client >= 0 else { return false }
        close(client)
        return true
    }

    deinit {
        close(fd)
        unlink(path)
    }
}

/// A fresh folder under /tmp for one test, removed afterwards.
private final class Scratch {
    let path: String
    init() {
        var template = Array("/tmp/bm-client-XXXXXX".utf8CString)
        path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }
    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}

private func endpoint(_ path: String, autostart: Bool = false) -> Endpoint {
    Endpoint(path: path, explicit: true, autostart: autostart)
}

private func connect(_ path: String) -> Result<Connection, ConnectFailure> {
    do throws(ConnectFailure) {
        return .success(try DaemonSocket.connect(endpoint(path), environment: Environment([:])) { _ in })
    } catch {
        return .failure(error)
    }
}

private func failure(_ result: Result<Connection, ConnectFailure>) -> ConnectFailure? {
    if case .failure(let failure) = result { return failure }
    return nil
}

// Rule F7: a client checks, before it sends anything, that the socket's folder is its
// user's own and private and that the process listening runs as its user.
@Suite("Before a byte is sent: the socket's folder and who listens")
struct ConnectChecksTests {
    @Test("a private folder of one's own with one's own listener: connected")
    func ownFolderConnects() {
        let scratch = Scratch()
        let listener = OwnListener(folder: scratch.path)
        let result = connect(listener.path)
        #expect(failure(result) == nil)
        #expect(listener.wasConnected)
    }

    @Test("a folder others can read (0755) is refused without connecting, saying which folder and its mode")
    func folderOpenToOthers() {
        let scratch = Scratch()
        chmod(scratch.path, 0o755)
        let listener = OwnListener(folder: scratch.path)
        #expect(failure(connect(listener.path))
                == .unsafeFolder(folder: scratch.path, problem: .openToOthers(mode: 0o755), origin: .chosen))
        #expect(!listener.wasConnected)
    }

    @Test("a folder that is a symbolic link is refused without connecting, even to a private folder of one's own")
    func folderIsALink() {
        let scratch = Scratch()
        let own = scratch.path + "/own"
        mkdir(own, 0o700)
        let listener = OwnListener(folder: own)
        let link = scratch.path + "/link"
        symlink(own, link)
        #expect(failure(connect(link + "/bmd.sock")) == .unsafeFolder(folder: link, problem: .symbolicLink, origin: .chosen))
        #expect(!listener.wasConnected)
    }

    @Test("another user's private folder is refused without connecting", .enabled(if: getuid() == 0))
    func folderOfAnotherUser() {
        let scratch = Scratch()
        let listener = OwnListener(folder: scratch.path)
        #expect(chown(scratch.path, ForeignListener.uid, ForeignListener.uid) == 0)
        #expect(failure(connect(listener.path))
                == .unsafeFolder(folder: scratch.path, problem: .otherOwner(uid: ForeignListener.uid), origin: .chosen))
        #expect(!listener.wasConnected)
    }

    @Test("which folder is checked, and where its path came from")
    func folderAndOrigin() {
        #expect(endpoint("/run/user/1/better-morning/bmd.sock").folder == "/run/user/1/better-morning")
        #expect(endpoint("bmd.sock").folder == ".")
        #expect(endpoint("/bmd.sock").folder == "/")
        let environment = Environment(["XDG_RUNTIME_DIR": "/run/user/1"])
        #expect(Endpoint.resolve(socket: nil, autostart: true, environment: environment).origin == .runtimeFolder)
        #expect(Endpoint.resolve(socket: "/a/bmd.sock", autostart: true, environment: environment).origin == .chosen)
        #expect(Endpoint.resolve(socket: nil, autostart: true, environment: Environment([:])).origin == .fallbackFolder)
    }

    @Test("a listener of another user id is refused; one's own is not")
    func listenerCredentials() {
        #expect(DaemonSocket.listenerProblem(peerUID: 65534, uid: 1000, path: "/p/bmd.sock")
                == .foreignListener(path: "/p/bmd.sock", uid: 65534))
        #expect(DaemonSocket.listenerProblem(peerUID: 1000, uid: 1000, path: "/p/bmd.sock") == nil)
    }

    @Test("a socket in a private folder of one's own but served by another user: connected, then closed with nothing sent",
          .enabled(if: ForeignListener.available), .timeLimit(.minutes(1)))
    func listenerOfAnotherUser() throws {
        let scratch = Scratch()
        let path = scratch.path + "/bmd.sock"
        let listener = try ForeignListener.serve(at: path)
        defer { listener.terminate() }
        #expect(failure(connect(path)) == .foreignListener(path: path, uid: ForeignListener.uid))
        let counted = try #require(ForeignListener.finish(at: path))
        #expect(counted.connections == 1, "the check is made on a real connection")
        #expect(counted.bytes == 0)
    }

    @Test("someone else who makes the folder and its socket while bmd starts is refused at that attempt and told nothing",
          .enabled(if: ForeignListener.available), .timeLimit(.minutes(1)))
    func folderAppearsDuringTheWait() throws {
        // /tmp's shape: a folder anyone may create in, the socket's folder not there yet.
        let scratch = Scratch()
        chmod(scratch.path, 0o1777)
        let folder = scratch.path + "/better-morning"
        let path = folder + "/bmd.sock"
        let stage = ForeignListener.stageFolder()
        defer { try? FileManager.default.removeItem(atPath: (stage as NSString).deletingLastPathComponent) }
        var started: [pid_t] = []
        // Starting "bmd" starts the other user's listener instead: it makes the folder,
        // with its socket listening, while the client waits for bmd to answer.
        // A connection made is dropped at once, so that the listener can count it.
        let refusal: ConnectFailure?
        do throws(ConnectFailure) {
            _ = try DaemonSocket.connect(endpoint(path, autostart: true), environment: Environment([:]),
                                                       timeoutSeconds: 5, uid: geteuid(), events: { _ in }) { _, _, _ throws(ConnectFailure) in
                let (executable, arguments) = ForeignListener.command(stage: stage, renameTo: folder)
                do throws(Errno) {
                    let daemon = StartedDaemon(pid: try Autostart.spawn(executable, arguments: arguments, environment: [:]))
                    started.append(daemon.pid)
                    return daemon
                } catch {
                    throw .cannotStart(path: path, cause: Errno(rawValue: ENOENT), executable: executable, error: error)
                }
            }
            refusal = nil
        } catch {
            refusal = error
        }
        defer { for pid in started { kill(pid, SIGKILL) } }
        #expect(started.count == 1)
        #expect(refusal == .unsafeFolder(folder: folder, problem: .otherOwner(uid: ForeignListener.uid), origin: .chosen))
        let counted = try #require(ForeignListener.finish(at: path))
        #expect(counted.connections == 0 && counted.bytes == 0, "\(counted)")
    }
}
