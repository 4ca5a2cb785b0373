import Glibc

/// The terminal the app draws on: raw keys, the alternate screen, its size.
///
/// `enter` switches the terminal over; `leave` puts it back exactly as it was, and the
/// runner calls it on every way out (q, Ctrl-C, SIGTERM, a hang-up, bmd going away).
final class AppTerminal {
    /// Whether the app has the screen now. A line for stderr (bmctl starting bmd again
    /// as the app reconnects) would land in the middle of the drawn screen: it is not
    /// written then. Set and read on the app's threads; a stale read costs one line.
    nonisolated(unsafe) static var screenTaken = false

    private var saved = termios()
    private var entered = false
    private let write: (String) -> Void

    /// Nil when stdin or stdout is not a terminal.
    init?(write: @escaping (String) -> Void) {
        guard isatty(0) == 1, isatty(1) == 1, tcgetattr(0, &saved) == 0 else { return nil }
        self.write = write
    }

    deinit { leave() }

    /// Keys one by one, without echo, and Ctrl-C, Ctrl-Z and Ctrl-S as keys rather than
    /// signals or flow control; then the alternate screen, without a cursor.
    func enter() {
        var raw = saved
        raw.c_iflag &= ~tcflag_t(ICRNL | IXON | BRKINT | INPCK | ISTRIP)
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(0, TCSAFLUSH, &raw)
        entered = true
        Self.screenTaken = true
        write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")
    }

    func leave() {
        guard entered else { return }
        entered = false
        Self.screenTaken = false
        write("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
        tcsetattr(0, TCSAFLUSH, &saved)
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
