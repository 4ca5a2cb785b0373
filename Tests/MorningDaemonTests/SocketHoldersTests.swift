import Foundation
@testable import MorningDaemon
import MorningTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("Which socket files a live process holds")
struct SocketHoldersTests {
    @Test("the listing's paths are read whole, spaces and all; unbound and abstract sockets have none")
    func listing() {
        let text = """
            Num       RefCount Protocol Flags    Type St Inode Path
            0000000000000000: 00000002 00000000 00010000 0001 01 23456 /run/user/1000/better-morning/bmd.sock
            0000000000000000: 00000003 00000000 00000000 0001 03 23457
            0000000000000000: 00000002 00000000 00010000 0001 01 23458 @/tmp/.X11-unix/X0
            0000000000000000: 00000002 00000000 00000000 0001 01 23459 /tmp/a folder/with spaces.sock

            """
        #expect(SocketHolders(listing: text).bound == [.init(socketInode: 23456, path: "/run/user/1000/better-morning/bmd.sock"),
                                                       .init(socketInode: 23459, path: "/tmp/a folder/with spaces.sock")])
    }

    @Test("a socket this process has bound and not listened on is held; once closed, its file is held by no one")
    func boundThenClosed() throws {
        var template = Array("/tmp/bm-holders-XXXXXX".utf8CString)
        let folder = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/bmd.sock"
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #expect(withUnixAddress(path) { bind(fd, $0, $1) } == 0)
        #expect(SocketHolders.current().holds(path))
        // Spelt another way, it is the same file.
        #expect(SocketHolders.current().holds(folder + "/./bmd.sock"))
        // bmd's own socket, whose file was replaced, is no other program's.
        let own = try #require(SocketHolders.socketInode(of: fd))
        #expect(!SocketHolders.current().holds(path, apartFrom: [own]))
        close(fd)
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(!SocketHolders.current().holds(path))
    }

    @Test("when the list cannot be read, every socket counts as held: none is removed on a guess")
    func unreadable() {
        #expect(SocketHolders(bound: nil).holds("/tmp/anything.sock"))
    }
}
