/// A key pressed on a terminal in raw mode: the app's keys, and the week browser's.
enum TerminalKey: Equatable, Sendable {
    case up, down, left, right
    case enter, space, tab, backTab, escape
    /// Ctrl-C or Ctrl-D: leave at once, whatever is open.
    case interrupt
    case character(Character)

    /// The keys in the bytes of one read of a terminal in raw mode.
    ///
    /// Arrows come as `ESC [ X` or `ESC O X` (the two cursor-key modes); Shift-Tab as
    /// `ESC [ Z`. An Esc that ends the read is the Esc key; other escape sequences
    /// (function keys, mouse) are skipped whole. Printable ASCII becomes a character;
    /// other bytes are dropped.
    static func parse(_ bytes: [UInt8]) -> [TerminalKey] {
        var keys: [TerminalKey] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case 0x1B:
                guard index < bytes.count else {
                    keys.append(.escape)
                    continue
                }
                let introducer = bytes[index]
                guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else {
                    // Alt and a key: the key alone.
                    continue
                }
                index += 1
                // Parameters (digits and ';'), then one final byte.
                while index < bytes.count, bytes[index] >= 0x30 && bytes[index] <= 0x3F { index += 1 }
                guard index < bytes.count else { continue }
                let final = bytes[index]
                index += 1
                switch final {
                case UInt8(ascii: "A"): keys.append(.up)
                case UInt8(ascii: "B"): keys.append(.down)
                case UInt8(ascii: "C"): keys.append(.right)
                case UInt8(ascii: "D"): keys.append(.left)
                case UInt8(ascii: "Z"): keys.append(.backTab)
                default: break
                }
            case 0x03, 0x04: keys.append(.interrupt)
            case 0x0D, 0x0A: keys.append(.enter)
            case 0x09: keys.append(.tab)
            case 0x20: keys.append(.space)
            case 0x21...0x7E: keys.append(.character(Character(Unicode.Scalar(byte))))
            default: break
            }
        }
        return keys
    }
}

/// What a key means while browsing weeks: ← or h back, → or l forward, and q, Esc,
/// Ctrl-C or Ctrl-D to quit; any other key means nothing.
enum BrowseKey: Equatable {
    case back, forward, quit

    init?(_ key: TerminalKey) {
        switch key {
        case .left, .character("h"): self = .back
        case .right, .character("l"): self = .forward
        case .character("q"), .character("Q"), .escape, .interrupt: self = .quit
        default: return nil
        }
    }

    /// The browsing keys in the bytes of one read.
    static func parse(_ bytes: [UInt8]) -> [BrowseKey] { TerminalKey.parse(bytes).compactMap(BrowseKey.init) }
}
