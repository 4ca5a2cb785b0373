import MorningProtocol

/// Text that came over the socket, made safe to print.
///
/// A control character in a reply (an escape sequence that clears the screen or sets
/// the terminal's title, a bell, a carriage return that writes over a line) would act on
/// the user's terminal, or a bar's, if printed as it is. bmd never sends one in what it
/// says, but whoever answers on the socket could: every reply passes here before any
/// surface reads it, and each such character is shown as `\u{1B}`, its code point in
/// hexadecimal. Newline and tab, which layout uses anyway, stay as they are.
enum ReceivedText {
    /// `text` with every control character but newline and tab made visible.
    static func visible(_ text: String) -> String {
        guard needsChange(text) else { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if isHidden(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `value` with every string in it, keys too, made visible.
    static func visible(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text):
            return needsChange(text) ? .string(visible(text)) : value
        case .array(let values):
            return .array(values.map(visible))
        case .object(let members):
            return .object(members.map { JSONValue.Member(key: visible($0.key), value: visible($0.value)) })
        case .null, .bool, .number:
            return value
        }
    }

    /// The C0 controls (but newline and tab), DEL and the C1 controls.
    static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00...0x1F, 0x7F...0x9F: true
        default: false
        }
    }

    /// Whether `text` holds any such character, looked for in its bytes: a reply is
    /// read on every run, and almost never holds one.
    private static func needsChange(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte < 0x20, byte != 0x0A, byte != 0x09 { return true }
            if byte == 0x7F { return true }
            // U+0080...U+009F are C2 80 ... C2 9F in UTF-8.
            if previous == 0xC2, byte >= 0x80, byte <= 0x9F { return true }
            previous = byte
        }
        return false
    }
}
