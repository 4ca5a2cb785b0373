/// The window's life from opening to closing, as a value: events in, effects out.
///
/// Closing is not at once: the window leaves the screen, gives bmd what the person typed
/// and did not give it yet, and goes only once bmd answers or the window's patience is
/// over, so that closing loses nothing. Meanwhile the program can be asked to open again
/// (the launcher clicked, D-Bus Activate, the reminder's "Open today", the `page` action):
/// the closing window is never brought back, a fresh one opens once it is gone, and the
/// program stays. `WindowHost` turns GTK's signals into these events and the effects into
/// GTK's calls.
public struct WindowLifecycle: Equatable, Sendable {
    public enum State: Equatable, Sendable {
        /// No window: none opened yet (the bus started the program for a search), or it has gone.
        case closed
        case open
        /// Off the screen and waiting for bmd to take what was typed; `then` says what
        /// follows once it has, or once the patience is over.
        case closing(then: Ending)
    }

    /// What follows a closing.
    public enum Ending: Equatable, Sendable {
        /// The window goes (its close button, Ctrl+W, the window manager).
        case window
        /// The program ends (Ctrl+Q).
        case program
        /// A fresh window opens, on `page` when one was named, and the program stays.
        case reopen(page: WindowModel.Page?)
    }

    public enum Event: Equatable, Sendable {
        /// The window is asked for: brought forward when open, on `page` when one is named
        /// (Today is today's date, whatever date was on show).
        case open(page: WindowModel.Page?)
        /// Its close button, Ctrl+W or the window manager.
        case close
        /// Ctrl+Q.
        case quit
        /// bmd answered every call the closing made.
        case bmdAnswered
        /// bmd did not answer within the window's patience.
        case patienceOver
    }

    public enum Effect: Equatable, Sendable {
        /// Make a window, start it, and show `page` in it when one is named.
        case openWindow(page: WindowModel.Page?)
        /// Bring the open window to the front, and show `page` when one is named.
        case bringForward(page: WindowModel.Page?)
        /// Keep the window's size for the next run and take it off the screen.
        case hideWindow
        /// Give bmd what was typed and not given, and say when it answered (`bmdAnswered`)
        /// or did not within the window's patience (`patienceOver`).
        case giveTyped
        case destroyWindow
        case quit
    }

    public private(set) var state: State = .closed
    /// Whether the program ends when its window goes. A program the bus started (for a
    /// search, or to open the window) stays a while after, for the bus's next call.
    public var endsWithWindow: Bool

    public init(endsWithWindow: Bool = true) {
        self.endsWithWindow = endsWithWindow
    }

    public mutating func handle(_ event: Event) -> [Effect] {
        switch (state, event) {
        case (.closed, .open(let page)):
            state = .open
            return [.openWindow(page: page)]
        case (.open, .open(let page)):
            return [.bringForward(page: page)]
        case (.closing(let ending), .open(let page)):
            // The latest page named wins; asked again with none, the one named before stays.
            var wanted = page
            if wanted == nil, case .reopen(let before) = ending { wanted = before }
            state = .closing(then: .reopen(page: wanted))
            return []
        case (.open, .close):
            state = .closing(then: .window)
            return [.hideWindow, .giveTyped]
        case (.open, .quit):
            state = .closing(then: .program)
            return [.hideWindow, .giveTyped]
        case (.closing(let ending), .bmdAnswered), (.closing(let ending), .patienceOver):
            switch ending {
            case .window:
                state = .closed
                return endsWithWindow ? [.destroyWindow, .quit] : [.destroyWindow]
            case .program:
                state = .closed
                return [.destroyWindow, .quit]
            case .reopen(let page):
                state = .open
                return [.destroyWindow, .openWindow(page: page)]
            }
        case (.closing, .close), (.closing, .quit):
            // Already on its way: the window is off the screen and goes as soon as it can.
            return []
        case (.closed, .close), (.closed, .quit), (.closed, .bmdAnswered), (.closed, .patienceOver),
             (.open, .bmdAnswered), (.open, .patienceOver):
            // No window to close, or no closing to end.
            return []
        }
    }
}
