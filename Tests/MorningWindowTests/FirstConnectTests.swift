import CAdwaita
import Glibc
import MorningProtocol
@testable import MorningWindow
import Testing

/// The first connection may start bmd and wait for it to answer; the window meanwhile
/// keeps drawing, saying it is connecting.
// Rule U4: the window opens at once, and follows bmd once bmd answers.
@Suite(.serialized) @MainActor struct FirstConnectTests {
    /// A gate the starter waits at, opened from the main thread: a pipe, so that the
    /// waiting side can give up after a while instead of hanging the run.
    final class Gate: Sendable {
        let read: Int32
        let write: Int32
        init() {
            var ends: [Int32] = [0, 0]
            precondition(pipe(&ends) == 0)
            (read, write) = (ends[0], ends[1])
        }
        /// Whether the gate opened within `milliseconds`.
        func wait(milliseconds: Int32) -> Bool {
            var entry = pollfd(fd: read, events: Int16(POLLIN), revents: 0)
            return poll(&entry, 1, milliseconds) == 1
        }
        func open() { _ = Glibc.write(write, "x", 1) }
        deinit { close(read); close(write) }
    }

    /// What the starter saw, written on its thread and read once it has answered.
    final class Seen: @unchecked Sendable {
        var thread = pthread_t()
        var gateOpened = false
    }

    @Test("the window's loop runs while the first connection waits for bmd, which is then followed")
    func drawsWhileBmdStarts() {
        let bmd = FakeBmd()
        guard case .success(let fd) = bmd.connector() else {
            Issue.record("the fake bmd gave no connection")
            return
        }
        let gate = Gate()
        let seen = Seen()
        // bmd answers only once the main thread opens the gate: were the starter run on
        // the main thread, nothing could open it, and it would give up after 2 s.
        let window = WindowController(connector: bmd.connector, starter: {
            seen.thread = pthread_self()
            seen.gateOpened = gate.wait(milliseconds: 2000)
            return .success(fd)
        })
        window.send(.started)
        #expect(window.model.link == .connecting)
        var turned = false
        MainLoop.after(milliseconds: 1) { turned = true }
        #expect(spin(seconds: 1) { turned }, "GLib's loop did not turn while bmd was being reached")
        #expect(window.model.link == .connecting)
        gate.open()
        #expect(spin { window.model.shownDay != nil })
        #expect(window.model.link == .live)
        #expect(seen.gateOpened, "the first connection blocked the main thread")
        #expect(pthread_equal(seen.thread, pthread_self()) == 0, "the first connection was made on the main thread")
        #expect(bmd.calls == ["Status more", "Day 2026-11-25"])
        window.link.stop()
    }

    @Test("a first connection that fails says why, and later tries use the plain connector")
    func failedStart() {
        let bmd = FakeBmd()
        let window = WindowController(connector: bmd.connector, starter: {
            .failure(LinkFailure("nothing answers at /tmp/none.sock, and bmd is not installed next to the window or on PATH"))
        })
        window.send(.started)
        #expect(spin { window.model.link != .connecting })
        #expect(window.model.link == .away(reason: "nothing answers at /tmp/none.sock, and bmd is not installed next to the window or on PATH", tries: 1))
        #expect(spin { window.model.link == .live })
        #expect(bmd.calls.first == "Status more")
        window.link.stop()
    }

    @Test("a window closed while bmd is being started lets the late connection go")
    func stoppedWhileStarting() {
        let bmd = FakeBmd()
        guard case .success(let fd) = bmd.connector() else {
            Issue.record("the fake bmd gave no connection")
            return
        }
        let gate = Gate()
        let window = WindowController(connector: bmd.connector, starter: {
            _ = gate.wait(milliseconds: 2000)
            return .success(fd)
        })
        window.send(.started)
        window.link.stop()
        gate.open()
        // The descriptor handed back is closed: the fake bmd sees its end hang up.
        #expect(spin { fcntl(fd, F_GETFD) == -1 })
        #expect(bmd.calls.isEmpty)
        #expect(window.model.link == .connecting)
    }
}
