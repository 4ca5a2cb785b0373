import Foundation
@testable import MorningDaemon
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The socket keeper's folder watch: which of the kernel's events end the watch in use.
@Suite("The socket keeper's folder watch")
struct SocketKeeperWatchTests {
    /// Two folders of the test's own, and an inotify instance that reads without waiting.
    struct Watches: ~Copyable {
        let root: String
        let fd: Int32

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("keeper-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: root + "/a", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: root + "/b", withIntermediateDirectories: true)
            fd = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        }

        func add(_ name: String) -> Int32 {
            inotify_add_watch(fd, root + "/" + name, UInt32(IN_CREATE | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF))
        }

        /// The events waiting, in one batch as the keeper reads them.
        func events() -> ArraySlice<UInt8> {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let n = read(fd, &buffer, buffer.count)
            return buffer[..<max(n, 0)]
        }

        deinit {
            close(fd)
            try? FileManager.default.removeItem(atPath: root)
        }
    }

    @Test("the end of a watch replaced earlier does not end the one that replaced it")
    func oldWatchEndingIsNotTheNewOnes() throws {
        // With the runtime folder gone, the keeper moves its watch to a folder above; the
        // kernel then says the old watch was removed. Taking that for the new watch's end
        // removed the new one, whose removal was said in turn: bmd kept a core busy.
        let watches = try Watches()
        let old = watches.add("a")
        #expect(inotify_rm_watch(watches.fd, old) == 0)
        let new = watches.add("b")
        #expect(old >= 0 && new >= 0 && old != new)
        let batch = watches.events()
        #expect(!batch.isEmpty)
        #expect(SocketKeeper.watchEnded(batch, descriptor: old))
        #expect(!SocketKeeper.watchEnded(batch, descriptor: new))
    }

    @Test("a watched folder removed ends its watch; a file created in it does not")
    func removedFolderEndsItsWatch() throws {
        let watches = try Watches()
        let watch = watches.add("a")
        #expect(FileManager.default.createFile(atPath: watches.root + "/a/file", contents: nil))
        #expect(!SocketKeeper.watchEnded(watches.events(), descriptor: watch))
        try FileManager.default.removeItem(atPath: watches.root + "/a")
        #expect(SocketKeeper.watchEnded(watches.events(), descriptor: watch))
    }
}
