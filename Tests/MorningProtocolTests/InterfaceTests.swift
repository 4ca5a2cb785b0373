import Foundation
@testable import MorningProtocol
import Testing

// Rules F6.
@Suite("The interface file")
struct InterfaceTests {
    @Test("The embedded description is the .varlink file, and names every method and error the code uses")
    func description() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/MorningProtocol/org.bettermorning.Morning.varlink")
        #expect(Morning.interfaceDescription == (try String(contentsOf: file, encoding: .utf8)))
        #expect(Morning.interfaceDescription.contains("interface org.bettermorning.Morning\n"))
        for method in Morning.Method.allCases {
            let name = method.rawValue.split(separator: ".").last!
            #expect(Morning.interfaceDescription.contains("method \(name)("), "\(name)")
        }
        for error in Morning.Error.names {
            let name = error.split(separator: ".").last!
            #expect(Morning.interfaceDescription.contains("error \(name) ("), "\(name)")
        }
        // Generic clients (the PyPI varlink parser) reject the `any` type and `object`.
        #expect(!Morning.interfaceDescription.contains(": any") && !Morning.interfaceDescription.contains("object"))
    }

    @Test("The socket path: --socket, then BMD_SOCKET, then XDG_RUNTIME_DIR, then the user's folder under /tmp")
    func socketPath() {
        #expect(SocketPath.resolve(option: "/a/s", environment: ["BMD_SOCKET": "/b/s"]) == "/a/s")
        #expect(SocketPath.resolve(option: nil, environment: ["BMD_SOCKET": "/b/s", "XDG_RUNTIME_DIR": "/run/user/1"]) == "/b/s")
        #expect(SocketPath.resolve(option: nil, environment: ["XDG_RUNTIME_DIR": "/run/user/1"]) == "/run/user/1/better-morning/bmd.sock")
        #expect(SocketPath.resolve(option: nil, environment: ["XDG_RUNTIME_DIR": "relative"], uid: 7) == "/tmp/better-morning-7/bmd.sock")
        #expect(SocketPath.resolve(option: nil, environment: [:], uid: 0) == "/tmp/better-morning-0/bmd.sock")
        #expect(SocketPath.isInFallbackFolder("/tmp/better-morning-0/bmd.sock", uid: 0))
        #expect(!SocketPath.isInFallbackFolder("/run/user/0/better-morning/bmd.sock", uid: 0))
    }

    @Test("The folder under /tmp is refused when it is a symbolic link, another user's, or open to others")
    func fallbackFolderChecks() throws {
        // F2
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("bm-fallback-\(getpid())").path
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: base) }
        let me = geteuid()
        // Missing: fine, bmd creates it.
        #expect(SocketPath.fallbackProblem(folder: base + "/none", uid: me) == nil)
        let own = base + "/own"
        #expect(mkdir(own, 0o700) == 0)
        chmod(own, 0o700)
        #expect(SocketPath.fallbackProblem(folder: own, uid: me) == nil)
        // The same folder seen as another user's.
        #expect(SocketPath.fallbackProblem(folder: own, uid: me + 1)?.contains("belongs to user id \(me)") == true)
        let link = base + "/link"
        #expect(symlink(own, link) == 0)
        #expect(SocketPath.fallbackProblem(folder: link, uid: me)?.contains("symbolic link") == true)
        let open = base + "/open"
        #expect(mkdir(open, 0o700) == 0)
        chmod(open, 0o1777)
        #expect(SocketPath.fallbackProblem(folder: open, uid: me)?.contains("mode 1777") == true)
    }
}
