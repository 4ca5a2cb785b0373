import CLinux
import Foundation
import Logging
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Keeps bmd reachable at its socket path: when the socket file is removed or replaced
/// while bmd runs (logind empties the runtime folder at logout while an autostarted bmd
/// lives on; a tmp cleaner; another program's file), it binds the path again.
///
/// A thread sleeps in read(2) on an inotify watch of the socket's folder, so an idle bmd
/// still never wakes: only a change in that folder does. While the folder is gone and
/// cannot be made again, the nearest folder above it that exists is watched instead.
final class SocketKeeper: @unchecked Sendable {
    let path: String
    private let mustBeOwnFolder: Bool
    private let logger: Logger
    /// Listens on a newly bound socket and stops listening on the old one.
    private let adopt: (ListeningSocket) throws -> Void
    private let state: Mutex<(current: ListeningSocket, stopped: Bool)>
    private let inotify: Int32

    init(socket: ListeningSocket, path: String, mustBeOwnFolder: Bool, logger: Logger,
         adopt: @escaping (ListeningSocket) throws -> Void) {
        self.path = path
        self.mustBeOwnFolder = mustBeOwnFolder
        self.logger = logger
        self.adopt = adopt
        state = Mutex((socket, false))
        inotify = inotify_init1(Int32(IN_CLOEXEC))
    }

    /// The socket bmd listens on now.
    var current: ListeningSocket { state.withLock { $0.current } }

    func start() {
        guard inotify >= 0 else {
            logger.warning("cannot watch the socket's folder (inotify: \(String(cString: strerror(errno)))); if \(path) is removed, restart bmd")
            return
        }
        Thread { [self] in
            nameThisThread("bmd socket")
            watch()
        }.start()
    }

    /// Binds no more; call before removing the socket file at a stop, so that its removal
    /// is not taken for someone else's.
    func stop() {
        state.withLock { $0.stopped = true }
    }

    private var folder: String { (path as NSString).deletingLastPathComponent }

    private func watch() {
        var watched: (descriptor: Int32, folder: String)?
        var lastFailure: String?
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            // Watch first, then look: a change between the two is then still seen.
            let target = Self.nearestExisting(folder)
            if watched?.folder != target {
                if let old = watched { _ = inotify_rm_watch(inotify, old.descriptor) }
                let mask = IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF
                let descriptor = inotify_add_watch(inotify, target, UInt32(mask))
                watched = descriptor >= 0 ? (descriptor, target) : nil
            }
            if !current.isStillAt(path) {
                if state.withLock({ $0.stopped }) { return }
                do {
                    try bindAgain()
                    lastFailure = nil
                    continue
                } catch {
                    let text = "\(error)"
                    if text != lastFailure {
                        logger.warning("the socket \(path) is gone and cannot be bound again yet: \(text); bmd tries again when its folder changes")
                        lastFailure = text
                    }
                }
            }
            let n = read(inotify, &buffer, buffer.count)
            if n < 0 {
                if errno == EINTR { continue }
                logger.warning("stopped watching the socket's folder: \(String(cString: strerror(errno)))")
                return
            }
            // Only the watch in use ends it: the event saying that a watch replaced above
            // was removed comes after its replacement is made, and taking it for the new
            // one's end removed that one too, again and again, a core busy for as long as
            // the folder stayed gone.
            if let current = watched, Self.watchEnded(buffer[..<n], descriptor: current.descriptor) {
                _ = inotify_rm_watch(inotify, current.descriptor)
                watched = nil
            }
        }
    }

    /// The socket's folder has no parent folder now (the whole runtime folder went at
    /// logout): bmd waits for it rather than make a runtime folder itself.
    struct ParentGone: Error, CustomStringConvertible {
        var folder: String
        var description: String { "\(folder) does not exist" }
    }

    private func bindAgain() throws {
        let parent = (folder as NSString).deletingLastPathComponent
        var info = stat()
        guard stat(parent, &info) == 0 else { throw ParentGone(folder: parent) }
        // No lock is held while binding: adopting the socket waits for the event loop,
        // which may itself be waiting to stop this keeper.
        guard !state.withLock({ $0.stopped }) else { return }
        let socket = try ListeningSocket.bind(path: path, mustBeOwnFolder: mustBeOwnFolder)
        do {
            try adopt(socket)
        } catch {
            close(socket.fd)
            socket.removeFile()
            throw error
        }
        state.withLock { $0.current = socket }
        logger.notice("the socket \(path) was removed or replaced; bmd listens there again")
    }

    /// `folder`, or the nearest folder above it that exists.
    static func nearestExisting(_ folder: String) -> String {
        var candidate = folder
        var info = stat()
        while stat(candidate, &info) != 0 || info.st_mode & S_IFMT != S_IFDIR {
            let parent = (candidate as NSString).deletingLastPathComponent
            if parent == candidate || parent.isEmpty { return "/" }
            candidate = parent
        }
        return candidate
    }

    /// Whether a batch of inotify events says the watch `descriptor` is gone (its folder
    /// removed or moved away), so that another must be made. Events of other watches,
    /// ones removed earlier, do not count.
    static func watchEnded(_ events: ArraySlice<UInt8>, descriptor: Int32) -> Bool {
        let header = MemoryLayout<inotify_event>.size
        var offset = events.startIndex
        var ended = false
        while offset + header <= events.endIndex {
            let (watch, mask, length) = events.withUnsafeBytes { raw in
                (raw.loadUnaligned(fromByteOffset: offset - events.startIndex, as: Int32.self),
                 raw.loadUnaligned(fromByteOffset: offset - events.startIndex + 4, as: UInt32.self),
                 raw.loadUnaligned(fromByteOffset: offset - events.startIndex + 12, as: UInt32.self))
            }
            if watch == descriptor, mask & UInt32(IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF) != 0 { ended = true }
            offset += header + Int(length)
        }
        return ended
    }
}
