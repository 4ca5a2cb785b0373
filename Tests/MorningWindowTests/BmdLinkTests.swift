import CAdwaita
import MorningProtocol
@testable import MorningWindow
import Testing

/// The window's link to bmd, through GLib's loop, against a fake bmd on socket pairs.
// Rule U4: the window, a view of bmd that follows it live.
@Suite(.serialized) @MainActor struct BmdLinkTests {
    @Test("the window follows the status stream and asks for today")
    func follows() {
        let bmd = FakeBmd()
        let window = WindowController(connector: bmd.connector)
        window.send(.started)
        #expect(spin { window.model.shownDay != nil })
        #expect(window.model.link == .live)
        #expect(bmd.calls == ["Status more", "Day 2026-11-25"])
        #expect(window.model.shownDay?.tasks.map(\.state) == [.done, .untouched, .untouched])
        window.link.stop()
    }

    @Test("once its calls are answered the window keeps only the status stream open, so bmd never closes an idle one on it")
    func closesAnsweredCalls() {
        let bmd = FakeBmd()
        let window = WindowController(connector: bmd.connector)
        window.send(.started)
        #expect(spin { window.model.shownDay != nil })
        // The day's call had a connection of its own; answered, it is closed: only the
        // follower is left, which bmd keeps however quiet it is.
        #expect(spin { bmd.openConnections == 1 })
        // The next call opens another, and closes it once answered too.
        window.send(.select(Day(iso: "2026-11-24")!))
        #expect(spin { window.model.shownDay?.date == "2026-11-24" })
        #expect(spin { bmd.openConnections == 1 })
        #expect(window.model.link == .live)
        window.link.stop()
    }

    @Test("a check made elsewhere shows: the new status comes, and the day is asked for again")
    func checkElsewhere() {
        let bmd = FakeBmd()
        let window = WindowController(connector: bmd.connector)
        window.send(.started)
        #expect(spin { window.model.shownDay != nil })
        bmd.checkElsewhere(2)
        #expect(spin { window.model.shownDay?.tasks[1].state == .done })
        #expect(window.model.status?.today?.completed == 2)
        window.link.stop()
    }

    @Test("clicking a task checks it in bmd, and clicking again unchecks it")
    func checkAndUncheck() {
        let bmd = FakeBmd()
        let window = WindowController(connector: bmd.connector)
        window.send(.started)
        #expect(spin { window.model.shownDay != nil })
        window.send(.toggle(position: 3))
        #expect(spin { window.model.shownDay?.tasks[2].state == .done })
        #expect(bmd.days["2026-11-25"]?.tasks[2].state == .done)
        window.send(.toggle(position: 3))
        #expect(spin { window.model.shownDay?.tasks[2].state == .untouched })
        #expect(bmd.calls.filter { $0.hasPrefix("Check") || $0.hasPrefix("Uncheck") } == ["Check 3", "Uncheck 3"])
        window.link.stop()
    }

    @Test("a refusal from bmd is said in words")
    func refusal() {
        let bmd = FakeBmd()
        let window = WindowController(connector: bmd.connector)
        window.send(.started)
        #expect(spin { window.model.shownDay != nil })
        bmd.days["2026-11-25"]?.tasks.removeLast()  // Read is gone from today's list
        window.send(.toggle(position: 3))
        #expect(spin { window.model.message != nil })
        #expect(window.model.message == "That task is no longer in today's list.")
        window.link.stop()
    }

    @Test("when bmd stops the window says it is away, and is live again once bmd is back")
    func restart() {
        let bmd = FakeBmd()
        let window = WindowController(connector: bmd.connector)
        window.send(.started)
        #expect(spin { window.model.link == .live })
        bmd.away = "nothing answers at /run/user/1000/better-morning/bmd.sock"
        bmd.stop()
        #expect(spin { if case .away(_, 2...) = window.model.link { true } else { false } })
        #expect(window.model.link == .away(reason: "nothing answers at /run/user/1000/better-morning/bmd.sock", tries: 2))
        bmd.away = nil
        bmd.status = Fixture.status(done: 2)
        #expect(spin { window.model.link == .live })
        #expect(window.model.status?.today?.completed == 2)
        window.link.stop()
    }

    @Test("a window opened while bmd is not running says so, and keeps trying")
    func neverThere() {
        let bmd = FakeBmd()
        bmd.away = "nothing answers at /tmp/none.sock"
        let window = WindowController(connector: bmd.connector)
        window.send(.started)
        #expect(window.model.link == .away(reason: "nothing answers at /tmp/none.sock", tries: 1))
        bmd.away = nil
        #expect(spin { window.model.link == .live })
        window.link.stop()
    }
}
