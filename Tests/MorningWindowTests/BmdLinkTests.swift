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

    // Rule U4: a bmd that stops while a countdown shows is said, not left frozen.
    @Test("a countdown bmd stops updating makes the window ask bmd, and say that it does not answer until it does")
    func frozenCountdown() {
        let bmd = FakeBmd()
        let window = WindowController(connector: bmd.connector, patience: 200, countdownPatience: 300)
        window.send(.started)
        #expect(spin { window.model.shownDay != nil && !window.link.waitsForAnswer })
        #expect(window.model.status?.now?.minutesToNext == 12)
        // Stopped (SIGSTOP) with no call waiting: no new status comes, and no call is answered.
        bmd.holding = true
        #expect(spin { window.model.silent }, "the window never said that bmd does not answer")
        #expect(bmd.heldCalls == ["Status"])
        bmd.answerHeld()
        #expect(spin { !window.model.silent })
        #expect(window.model.link == .live)
        window.link.stop()
    }

    @Test("while bmd sends each minute's status, or no countdown shows, the window asks for no status")
    func countdownKeptUp() {
        let bmd = FakeBmd()
        let window = WindowController(connector: bmd.connector, patience: 200, countdownPatience: 300)
        window.send(.started)
        #expect(spin { window.model.shownDay != nil })
        // A status every 100 ms, ten times: each comes before the window would ask.
        var sent = 0
        func every100ms() {
            MainLoop.after(milliseconds: 100) {
                bmd.push()
                sent += 1
                if sent < 10 { every100ms() }
            }
        }
        every100ms()
        #expect(spin { sent == 10 })
        #expect(!bmd.calls.contains("Status"))
        // With no countdown (the routine starts tomorrow), nothing is due within the minute.
        bmd.status = Fixture.waiting()
        bmd.push()
        #expect(spin { window.model.status?.now == nil })
        var waited = false
        MainLoop.after(milliseconds: 1000) { waited = true }
        #expect(spin { waited })
        #expect(!bmd.calls.contains("Status"))
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

    // Rule U4: a bmd that stops answering is said to, and a tick waits for it, shown.
    @Test("a bmd that takes a tick and says nothing is said not to answer; the tick waits and lands once bmd goes on")
    func silentBmd() {
        let bmd = FakeBmd()
        let window = WindowController(connector: bmd.connector, patience: 200)
        window.send(.started)
        #expect(spin { window.model.shownDay != nil && bmd.openConnections == 1 })
        // Nothing waits for bmd: no timer runs, so an idle window does not wake.
        #expect(!window.link.waitsForAnswer)
        bmd.holding = true
        window.send(.toggle(position: 3))
        #expect(window.link.waitsForAnswer)
        #expect(spin { window.model.silent })
        #expect(bmd.heldCalls == ["Check"])
        #expect(window.model.pendingTicks.map(\.position) == [3])
        #expect(window.model.link == .live)
        bmd.answerHeld()
        #expect(spin { !window.model.silent && window.model.pendingTicks.isEmpty })
        #expect(window.model.shownDay?.tasks[2].state == .done)
        #expect(spin { !window.link.waitsForAnswer })
        window.link.stop()
    }

    @Test("a bmd that takes the connection and never sends its status is said not to answer")
    func silentFromTheStart() {
        let bmd = FakeBmd()
        bmd.holding = true
        let window = WindowController(connector: bmd.connector, patience: 200)
        window.send(.started)
        #expect(spin { window.model.silent })
        #expect(TodayText.empty(window.model)?.title == "bmd does not answer")
        bmd.answerHeld()
        #expect(spin { window.model.shownDay != nil })
        #expect(!window.model.silent)
        window.link.stop()
    }

    @Test("a bmd started by the window that ended at once is the reason said while later tries find nothing")
    func lastingReason() {
        let ended = "nothing answers at /tmp/x/bmd.sock; bmd was started (pid 7) but ended at once (exit status 1), saying: "
            + "bmd: the state folder /tmp/s is open to other users (mode 770): run `chmod 700 /tmp/s`, then start bmd again"
        let window = WindowController(connector: {
            .failure(LinkFailure("nothing answers at /tmp/x/bmd.sock", kind: .nothingAnswers))
        }, starter: { .failure(LinkFailure(ended, kind: .lasting)) })
        window.send(.started)
        #expect(spin { if case .away(_, 3...) = window.model.link { true } else { false } })
        #expect(window.model.link == .away(reason: ended, tries: 3))
        window.link.stop()
    }

    // Rule U4: the window never spins on a call bmd refuses.
    @Test("a day bmd refuses is asked for once, and once more only after bmd's next status")
    func refusedDayIsAskedOnce() {
        // bmd serves none of the days of this routine, which starts far ahead: each Day is refused.
        let bmd = FakeBmd(status: WindowModelTests.startsFarAhead, days: [])
        let window = WindowController(connector: bmd.connector)
        window.send(.started)
        #expect(spin { window.model.message != nil })
        #expect(window.model.message == "2027-01-02 is not between 2026-11-20 and 2026-12-09.")
        bmd.push()
        #expect(spin { bmd.calls.filter { $0.hasPrefix("Day") }.count >= 2 && window.model.unservedDay != nil })
        // Another status makes a round trip on the stream, after any call asked at once.
        bmd.push()
        #expect(spin { bmd.calls.filter { $0.hasPrefix("Day") }.count >= 3 && window.model.unservedDay != nil })
        #expect(bmd.calls.filter { $0.hasPrefix("Day") } == ["Day 2027-01-02", "Day 2027-01-02", "Day 2027-01-02"])
        window.link.stop()
    }
}
