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
    func listener(backlog: Int32 = 4) -> (fd: Int32, path: String) {
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
        listen(fd, backlog)
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
        #expect(none() == .failure(LinkFailure("nothing answers at \(missing)", kind: .nothingAnswers)))
    }

    @Test("an untrusted socket folder is named, with why, and no command to type")
    func untrustedFolder() {
        let words = WindowClient.words(.unsafeFolder(folder: "/tmp/better-morning-1000", problem: .otherOwner(uid: 1001), origin: .fallbackFolder))
        #expect(words == "the folder /tmp/better-morning-1000 that would hold bmd's socket cannot be trusted: it belongs to user id 1001")
        #expect(WindowClient.words(.notRunning(path: "/run/user/1000/better-morning/bmd.sock", cause: Errno(rawValue: ENOENT)))
                == "nothing answers at /run/user/1000/better-morning/bmd.sock")
    }

    /// Connects to `path` without waiting until the listener's queue is full; the
    /// connections that filled it.
    func fillQueue(of path: String) -> [Int32] {
        var queued: [Int32] = []
        for _ in 0..<256 {
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                raw.copyBytes(from: Array(path.utf8))
                raw[path.utf8.count] = 0
            }
            let result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            guard result == 0 else {
                close(fd)
                break
            }
            queued.append(fd)
        }
        return queued
    }

    // Rule U4: no call of the window's may block its loop.
    @Test("a bmd that takes no connection (stopped, its queue full) is said to be busy at once, on every try")
    func busyListener() {
        let (fd, path) = listener(backlog: 0)
        let queued = fillQueue(of: path)
        // Closing the listener frees a connect that waits, so a failing run ends.
        defer { close(fd); queued.forEach { close($0) }; unlink(path); rmdir(String(path.dropLast("/bmd.sock".count))) }
        #expect(!queued.isEmpty)
        let environment = Environment(["BMD_SOCKET": path])
        for autostart in [true, false] {
            // Off the main thread, so that a connect that waits fails this test instead of hanging it.
            var outcome: Result<Int32, LinkFailure>?
            OffThread.run({ WindowClient.connect(environment: environment, autostart: autostart) }) { outcome = $0 }
            #expect(spin(seconds: 3) { outcome != nil })
            #expect(outcome == .failure(LinkFailure("bmd is busy: it takes no new connection at \(path) now (it may be stopped or swamped)")))
        }
    }

    /// The bmd built with these tests: in BM_BIN_DIR when set, else beside the tests.
    static var builtBmd: String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let tests = count > 0 ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        let folder = getenv("BM_BIN_DIR").map { String(cString: $0) } ?? String(tests[..<(tests.lastIndex(of: "/") ?? tests.endIndex)])
        guard access(folder + "/bmd", X_OK) == 0 else { return nil }
        return folder
    }

    // Rule U4: the window keeps the reason bmd is away, in bmd's own words.
    @Test("a bmd the window starts that refuses its state folder (open to the group) is heard: its words, with what to do")
    func startedBmdRefuses() throws {
        let bin = try #require(Self.builtBmd, "bmd is not built: build all products first")
        var template = Array("/tmp/bm-window-refused-XXXXXX".utf8CString)
        let root = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
        let state = root + "/better-morning"
        mkdir(state, 0o700)
        chmod(state, 0o770)
        // A group that is the user's alone lets no one else in: give the folder one that
        // others share (nogroup), where the tester may (root may).
        _ = chown(state, geteuid(), 65534)
        defer { rmdir(state); rmdir(root) }
        let environment = Environment(["BMD_SOCKET": root + "/bmd.sock", "XDG_STATE_HOME": root, "HOME": root, "PATH": bin])
        let failure = WindowClient.connect(environment: environment, autostart: true)
        guard case .failure(let why) = failure else {
            Issue.record("a bmd answered, though its state folder is open to the group")
            return
        }
        #expect(why.kind == .lasting)
        #expect(why.reason.hasPrefix("nothing answers at \(root)/bmd.sock; bmd was started (pid "))
        #expect(why.reason.contains("but ended at once (exit status 1), saying: bmd: the state folder \(state) is open to other users (mode 770)"))
        #expect(why.reason.hasSuffix("run `chmod 700 \(state)`, then start bmd again"))
    }
}
