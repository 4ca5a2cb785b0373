import Glibc
import Synchronization

/// A bmd this client started, waited for on a thread of its own.
///
/// bmd is the client's child, so when it ends (a bmd that lost the race to another, or one
/// stopped while a follower runs on for days) someone must collect its exit status, or
/// it stays a zombie under the bar that started it for as long as that bar runs.
final class StartedDaemon: Sendable {
    let pid: pid_t
    /// A small memory file that is bmd's stderr, when the client asked to hear what bmd
    /// says if it ends at once; closed with this object.
    private let errorOutput: Int32?
    private struct State {
        /// The raw wait status once bmd has ended.
        var rawStatus: Int32?
        /// Whether a thread waits for bmd; if not, the status is collected when asked for.
        var waiting = false
    }
    private let state = Mutex(State())

    init(pid: pid_t, errorOutput: Int32? = nil) {
        self.pid = pid
        self.errorOutput = errorOutput
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let started = pthread_create(&thread, nil, { context in
            let daemon = Unmanaged<StartedDaemon>.fromOpaque(context!).takeRetainedValue()
            daemon.waitForExit()
            return nil
        }, context)
        if started == 0 {
            state.withLock { $0.waiting = true }
            pthread_detach(thread)
        } else {
            // No thread: the status is still collected whenever it is asked for.
            Unmanaged<StartedDaemon>.fromOpaque(context).release()
        }
    }

    deinit {
        if let errorOutput { close(errorOutput) }
    }

    /// What bmd wrote to its stderr, as far as it was kept (the first
    /// `Autostart.errorOutputLimit` bytes), on one line; nil when not kept or empty.
    var said: String? {
        guard let errorOutput else { return nil }
        var bytes = [UInt8](repeating: 0, count: Autostart.errorOutputLimit)
        let count = bytes.withUnsafeMutableBytes { pread(errorOutput, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        // The file's unwritten rest reads as NULs.
        let written = bytes[..<count].prefix { $0 != 0 }
        let text = String(decoding: written, as: UTF8.self)
        let lines = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return lines.allSatisfy(\.isWhitespace) ? nil : lines
    }

    private func waitForExit() {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return }
        }
        state.withLock { $0.rawStatus = status }
    }

    /// The exit status if bmd has ended by exiting, else nil.
    var exitCode: Int32? {
        guard let status = collected(), status & 0x7f == 0 else { return nil }
        return (status >> 8) & 0xff
    }

    /// How bmd ended, in words, or nil while it runs.
    var ended: String? {
        guard let status = collected() else { return nil }
        // The W* macros are not imported into Swift; these are their Linux definitions.
        if status & 0x7f == 0 { return "exit status \((status >> 8) & 0xff)" }
        return "signal \(status & 0x7f)"
    }

    private func collected() -> Int32? {
        state.withLock { state in
            if state.rawStatus == nil, !state.waiting {
                var status: Int32 = 0
                if waitpid(pid, &status, WNOHANG) == pid { state.rawStatus = status }
            }
            return state.rawStatus
        }
    }
}
