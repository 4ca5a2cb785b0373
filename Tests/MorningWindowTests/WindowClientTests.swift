import Glibc
import MorningClient
import MorningProtocol
@testable import MorningWindow
import Testing
import SystemPackage

/// The window finds bmd where every client does, and says why it cannot in its own words.
@Suite(.serialized) @MainActor struct WindowClientTests {
    /// A listening Unix socket at a fresh path in a folder of this user's closed to
    /// others (as the client checks), and the path.
    func listener() -> (fd: Int32, path: String) {
        var template = Array("/tmp/bm-window-client-XXXXXX".utf8CString)
        let folder = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
        let path = folder + "/bmd.sock"
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: Array(path.utf8))
            raw[path.utf8.count] = 0
        }
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        listen(fd, 4)
        return (fd, path)
    }

    @Test("BMD_SOCKET names the socket, as for bmctl; with nothing there the window says so")
    func socketFromEnvironment() {
        let (fd, path) = listener()
        defer { close(fd); unlink(path); rmdir(String(path.dropLast("/bmd.sock".count))) }
        let connect = WindowClient.connector(environment: Environment(["BMD_SOCKET": path]))
        guard case .success(let client) = connect() else {
            Issue.record("no connection to \(path)")
            return
        }
        close(client)
        let missing = path + ".none"
        let none = WindowClient.connector(environment: Environment(["BMD_SOCKET": missing]))
        #expect(none() == .failure(LinkFailure("nothing answers at \(missing)")))
    }

    @Test("an untrusted socket folder is named, with why, and no command to type")
    func untrustedFolder() {
        let words = WindowClient.words(.unsafeFolder(folder: "/tmp/better-morning-1000", problem: .otherOwner(uid: 1001), origin: .fallbackFolder))
        #expect(words == "the folder /tmp/better-morning-1000 that would hold bmd's socket cannot be trusted: it belongs to user id 1001")
        #expect(WindowClient.words(.notRunning(path: "/run/user/1000/better-morning/bmd.sock", cause: Errno(rawValue: ENOENT)))
                == "nothing answers at /run/user/1000/better-morning/bmd.sock")
    }
}
