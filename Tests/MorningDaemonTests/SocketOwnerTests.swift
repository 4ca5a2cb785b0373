import Foundation
@testable import MorningDaemon
import MorningTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("Whether a socket file's owner is gone")
struct SocketOwnerTests {
    /// A fresh folder under /tmp, removed afterwards.
    static func folder() -> String {
        var template = Array("/tmp/bm-owner-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }

    @Test("a socket bound and not listening (stream, datagram, seqpacket) is held; once closed, its file is left over",
          arguments: [Int32(SOCK_STREAM.rawValue), Int32(SOCK_DGRAM.rawValue), Int32(SOCK_SEQPACKET.rawValue)])
    func boundThenClosed(type: Int32) throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/bmd.sock"
        let fd = socket(AF_UNIX, type, 0)
        #expect(withUnixAddress(path) { bind(fd, $0, $1) } == 0)
        // What bmd tried first: a stream connection is refused all the same.
        #expect(type != Int32(SOCK_STREAM.rawValue) || !ListeningSocket.answers(path))
        #expect(!SocketOwner.isGone(path))
        close(fd)
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(SocketOwner.isGone(path))
    }

    @Test("a listening socket is held; a plain file in its place is no one's socket")
    func listeningAndPlainFile() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/bmd.sock"
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        #expect(withUnixAddress(path) { bind(fd, $0, $1) } == 0 && listen(fd, 4) == 0)
        #expect(!SocketOwner.isGone(path))
        let file = folder + "/plain"
        #expect(FileManager.default.createFile(atPath: file, contents: Data()))
        #expect(SocketOwner.isGone(file))
    }
}
