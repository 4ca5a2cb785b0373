import MorningWindow
import Testing

/// The window's opening and closing, event by event, without GTK: closing gives bmd what
/// was typed before the window goes, a window asked for while it closes opens afresh once
/// the closing one has gone, and the program ends with its window or on Ctrl+Q.
// Rule U4: closing the window loses nothing bmd was to be given.
@Suite struct WindowLifecycleTests {
    /// A program a person started, its window open.
    func opened(endsWithWindow: Bool = true) -> WindowLifecycle {
        var life = WindowLifecycle(endsWithWindow: endsWithWindow)
        #expect(life.handle(.open(page: nil)) == [.openWindow(page: nil)])
        #expect(life.state == .open)
        return life
    }

    @Test("the first start opens the window; a second brings the same one forward")
    func opens() {
        var life = opened()
        #expect(life.handle(.open(page: nil)) == [.bringForward(page: nil)])
        #expect(life.state == .open)
    }

    @Test("asked for a page, the window opens on it, or the open one comes forward showing it")
    func opensOnAPage() {
        // The reminder's "Open today" starts the program through the bus: it stays a
        // while after its window goes.
        var life = WindowLifecycle(endsWithWindow: false)
        #expect(life.handle(.open(page: .today)) == [.openWindow(page: .today)])
        #expect(life.handle(.open(page: .history)) == [.bringForward(page: .history)])
        #expect(life.handle(.open(page: .today)) == [.bringForward(page: .today)])
        #expect(life.state == .open)
    }

    @Test("closed with nothing pending, the window leaves the screen, gives bmd nothing new, goes, and the program ends")
    func closeWithNothingPending() {
        var life = opened()
        #expect(life.handle(.close) == [.hideWindow, .giveTyped])
        #expect(life.state == .closing(then: .window))
        // Nothing to give: bmd has answered every call at once.
        #expect(life.handle(.bmdAnswered) == [.destroyWindow, .quit])
        #expect(life.state == .closed)
    }

    @Test("closed while a typed task goes to bmd, the window stays off the screen until bmd answers, then goes")
    func closeWhileGiving() {
        var life = opened()
        #expect(life.handle(.close) == [.hideWindow, .giveTyped])
        // The close button clicked again, Ctrl+W or Ctrl+Q meanwhile: the closing goes on as it was.
        #expect(life.handle(.close) == [])
        #expect(life.handle(.quit) == [])
        #expect(life.state == .closing(then: .window))
        #expect(life.handle(.bmdAnswered) == [.destroyWindow, .quit])
        // The patience ending after the answer changes nothing.
        #expect(life.handle(.patienceOver) == [])
        #expect(life.state == .closed)
    }

    @Test("closed while bmd never answers, the window goes once its patience is over, and a late answer changes nothing")
    func closeWhileBmdSilent() {
        var life = opened()
        #expect(life.handle(.close) == [.hideWindow, .giveTyped])
        #expect(life.handle(.patienceOver) == [.destroyWindow, .quit])
        #expect(life.state == .closed)
        #expect(life.handle(.bmdAnswered) == [])
        #expect(life.state == .closed)
    }

    @Test("Ctrl+Q gives bmd what was typed, then ends the program")
    func quit() {
        var life = opened()
        #expect(life.handle(.quit) == [.hideWindow, .giveTyped])
        #expect(life.state == .closing(then: .program))
        #expect(life.handle(.bmdAnswered) == [.destroyWindow, .quit])
        #expect(life.state == .closed)
    }

    @Test("Ctrl+Q ends even a program the bus started, which its window's closing leaves running")
    func quitStartedByBus() {
        var life = opened(endsWithWindow: false)
        #expect(life.handle(.close) == [.hideWindow, .giveTyped])
        // The last window gone, the program stays for the bus's next call...
        #expect(life.handle(.bmdAnswered) == [.destroyWindow])
        #expect(life.state == .closed)
        // ...which opens the window again.
        #expect(life.handle(.open(page: .routines)) == [.openWindow(page: .routines)])
        #expect(life.handle(.quit) == [.hideWindow, .giveTyped])
        #expect(life.handle(.patienceOver) == [.destroyWindow, .quit])
    }

    @Test("asked to open while it closes, the closing window is not brought back: a fresh one opens once it has gone, and the program stays")
    func openWhileClosing() {
        var life = opened()
        #expect(life.handle(.quit) == [.hideWindow, .giveTyped])
        // The launcher clicked again (D-Bus Activate): nothing shows yet.
        #expect(life.handle(.open(page: nil)) == [])
        #expect(life.state == .closing(then: .reopen(page: nil)))
        // bmd never answers: the window goes at its patience's end, a fresh one opens,
        // and no quit (the program stays).
        #expect(life.handle(.patienceOver) == [.destroyWindow, .openWindow(page: nil)])
        #expect(life.state == .open)
        // The fresh window closes as any does.
        #expect(life.handle(.close) == [.hideWindow, .giveTyped])
        #expect(life.handle(.bmdAnswered) == [.destroyWindow, .quit])
    }

    @Test("asked for a page while it closes, the fresh window opens on the page last named")
    func pageWhileClosing() {
        var life = opened()
        #expect(life.handle(.close) == [.hideWindow, .giveTyped])
        #expect(life.handle(.open(page: .history)) == [])
        // Activated again with no page: the page named before stays.
        #expect(life.handle(.open(page: nil)) == [])
        #expect(life.state == .closing(then: .reopen(page: .history)))
        // The reminder's "Open today" last: Today it is.
        #expect(life.handle(.open(page: .today)) == [])
        #expect(life.handle(.bmdAnswered) == [.destroyWindow, .openWindow(page: .today)])
        #expect(life.state == .open)
        #expect(life.handle(.patienceOver) == [])
    }

    @Test("with no window, nothing closes: a program the bus started for a search waits with none")
    func nothingToClose() {
        var life = WindowLifecycle(endsWithWindow: false)
        for event: WindowLifecycle.Event in [.close, .quit, .bmdAnswered, .patienceOver] {
            #expect(life.handle(event) == [])
            #expect(life.state == .closed)
        }
        // An open window has no closing to end.
        var open = opened()
        #expect(open.handle(.bmdAnswered) == [])
        #expect(open.handle(.patienceOver) == [])
        #expect(open.state == .open)
    }
}
