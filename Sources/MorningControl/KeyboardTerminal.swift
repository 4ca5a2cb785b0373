import Glibc

/// The terminal's settings from before a KeyboardTerminal changed them, for a signal
/// that ends bmctl meanwhile: its handler can read nothing else.
nonisolated(unsafe) private var settingsBefore = termios()
nonisolated(unsafe) private var settingsFD: Int32 = -1
private let endingSignals = [SIGTERM, SIGHUP, SIGINT, SIGQUIT]

/// Puts the terminal back (and its cursor, which the week browser hides), then lets the
/// signal end bmctl as it would have: tcsetattr and write are safe in a handler.
private func restoreThenEnd(_ number: Int32) {
    _ = tcsetattr(settingsFD, TCSANOW, &settingsBefore)
    let showCursor: StaticString = "\u{1B}[?25h"
    _ = Glibc.write(1, showCursor.utf8Start, showCursor.utf8CodeUnitCount)
    signal(number, SIG_DFL)
    raise(number)
}

/// The terminal on stdin switched to single keys, for browsing weeks.
///
/// Echo, line editing and the signal keys are off while it lives, so Ctrl-C arrives as
/// a key that quits and the terminal is always put back as it was (`restore`), also
/// when a signal (SIGTERM, a hang-up) ends bmctl meanwhile.
final class KeyboardTerminal {
    private let fd: Int32
    private var saved = termios()

    /// nil when `fd` is not a terminal.
    init?(fd: Int32 = 0) {
        self.fd = fd
        guard isatty(fd) == 1, tcgetattr(fd, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        settingsBefore = saved
        settingsFD = fd
        for number in endingSignals { signal(number, restoreThenEnd) }
        guard tcsetattr(fd, TCSANOW, &raw) == 0 else {
            restore()
            return nil
        }
    }

    deinit { restore() }

    func restore() {
        tcsetattr(fd, TCSANOW, &saved)
        for number in endingSignals { signal(number, SIG_DFL) }
    }

    /// The keys of the next read; nil at end of input or on an error.
    func readKeys() -> [BrowseKey]? {
        var buffer = [UInt8](repeating: 0, count: 32)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return nil }
            return BrowseKey.parse(Array(buffer[..<n]))
        }
    }
}

/// A key that means something while browsing weeks.
enum BrowseKey: Equatable {
    case back, forward, quit

    /// The keys in the bytes of one read: ← and → (both cursor modes), h and l, and
    /// q, Esc, Ctrl-C or Ctrl-D to quit. Anything else is dropped.
    static func parse(_ bytes: [UInt8]) -> [BrowseKey] {
        var keys: [BrowseKey] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x1B {
                // ESC [ D or ESC O D; a lone Esc quits.
                if index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") || bytes[index + 1] == UInt8(ascii: "O") {
                    switch bytes[index + 2] {
                    case UInt8(ascii: "D"): keys.append(.back)
                    case UInt8(ascii: "C"): keys.append(.forward)
                    default: break
                    }
                    index += 3
                    continue
                }
                if index + 1 == bytes.count { keys.append(.quit) }
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "h"): keys.append(.back)
            case UInt8(ascii: "l"): keys.append(.forward)
            case UInt8(ascii: "q"), UInt8(ascii: "Q"), 0x03, 0x04: keys.append(.quit)
            default: break
            }
            index += 1
        }
        return keys
    }
}
