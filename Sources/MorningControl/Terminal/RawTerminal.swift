import Glibc

/// The terminal's settings from before raw mode, for a signal that ends bmctl while it
/// is on: its handler can read nothing else.
nonisolated(unsafe) private var settingsBefore = termios()
nonisolated(unsafe) private var rawModeOn = false
/// The write end of the pipe signals are turned into while they are forwarded.
nonisolated(unsafe) private var signalPipe: Int32 = -1

/// Puts the terminal back (its settings, the cursor, the main screen), then lets the
/// signal end bmctl as it would have: tcsetattr and write are safe in a handler.
private func restoreThenEnd(_ number: Int32) {
    if rawModeOn {
        _ = tcsetattr(0, TCSANOW, &settingsBefore)
        let back: StaticString = "\u{1B}[0m\u{1B}[?25h"
        _ = Glibc.write(1, back.utf8Start, back.utf8CodeUnitCount)
    }
    signal(number, SIG_DFL)
    raise(number)
}

private func forwardSignal(_ number: Int32) {
    var byte = UInt8(truncatingIfNeeded: number)
    _ = Glibc.write(signalPipe, &byte, 1)
}

/// The one terminal layer of bmctl: raw keys, the size, the alternate screen, and the
/// signals that must not leave the terminal in raw mode. The app and the week browser
/// both use it.
///
/// `enter` switches the terminal over; `leave` puts it back exactly as it was. Any way
/// out leaves it as found: `leave` on a normal end, and a signal that ends bmctl
/// meanwhile (SIGTERM, a hang-up) restores it first, unless the signals are forwarded
/// to the caller's own loop (`forwardSignals`), which then leaves in its own time.
final class RawTerminal {
    /// How much of the terminal is taken over.
    enum Mode {
        /// Single keys, without echo, and Ctrl-C as a key: the week browser, which draws
        /// on the shell's own screen.
        case keys
        /// Also Ctrl-Z, Ctrl-S and Enter as keys, then the alternate screen without a
        /// cursor: the full-screen app.
        case screen
    }

    /// The signals that end bmctl, which must find the terminal put back.
    static let endingSignals = [SIGTERM, SIGHUP, SIGINT, SIGQUIT]

    /// Whether the app has the screen now. A line for stderr (bmctl starting bmd again
    /// as the app reconnects) would land in the middle of the drawn screen: it is not
    /// written then. Set and read on the app's threads; a stale read costs one line.
    nonisolated(unsafe) static var screenTaken = false

    private let mode: Mode
    private var saved = termios()
    private var entered = false
    private let write: (String) -> Void

    /// Nil when stdin is not a terminal, or, for the screen, stdout.
    init?(_ mode: Mode, write: @escaping (String) -> Void) {
        guard isatty(0) == 1, mode == .keys || isatty(1) == 1, tcgetattr(0, &saved) == 0 else { return nil }
        self.mode = mode
        self.write = write
    }

    deinit { leave() }

    func enter() {
        guard !entered else { return }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
        if mode == .screen {
            raw.c_iflag &= ~tcflag_t(ICRNL | IXON | BRKINT | INPCK | ISTRIP)
            raw.c_lflag &= ~tcflag_t(IEXTEN)
        }
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        settingsBefore = saved
        rawModeOn = true
        if signalPipe < 0 { for number in Self.endingSignals { signal(number, restoreThenEnd) } }
        tcsetattr(0, mode == .screen ? TCSAFLUSH : TCSANOW, &raw)
        entered = true
        if mode == .screen {
            Self.screenTaken = true
            // The terminal's title is kept (xterm's title stack) and names the app meanwhile.
            write("\u{1B}[22;0t\u{1B}]0;Better Morning\u{07}\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")
        }
    }

    func leave() {
        guard entered else { return }
        entered = false
        if mode == .screen {
            Self.screenTaken = false
            write("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l\u{1B}[23;0t")
        }
        tcsetattr(0, mode == .screen ? TCSAFLUSH : TCSANOW, &saved)
        rawModeOn = false
        if signalPipe < 0 { for number in Self.endingSignals { signal(number, SIG_DFL) } }
    }

    /// Sends each ending signal, and SIGWINCH, as one byte (its number) down `pipe`
    /// instead of acting on it, for a loop that waits on the pipe with its other work;
    /// a negative `pipe` stops that. The pipe's write end should not block.
    static func forwardSignals(to pipe: Int32) {
        signalPipe = pipe
        for number in endingSignals + [SIGWINCH] { signal(number, pipe >= 0 ? forwardSignal : SIG_DFL) }
    }

    /// The pipe signals are forwarded to now, or -1.
    static var signalsForwardedTo: Int32 { signalPipe }

    /// The keys of the next read of stdin; nil at end of input or on an error.
    func readKeys() -> [TerminalKey]? {
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return nil }
            return TerminalKey.parse(Array(buffer[..<n]))
        }
    }

    /// Columns and rows; 80×24 when the terminal does not say.
    var size: (width: Int, height: Int) {
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return (80, 24) }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// Draws `lines` from the top, each line cleared before it is written, so a shorter
    /// line leaves nothing of the last screen behind.
    func draw(_ lines: [String], clear: Bool = false) {
        var text = clear ? "\u{1B}[2J" : ""
        for (row, line) in lines.enumerated() {
            text += "\u{1B}[\(row + 1);1H\u{1B}[2K" + line
        }
        write(text)
    }
}
