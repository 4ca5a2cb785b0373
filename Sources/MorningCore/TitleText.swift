/// What a title may be made of: text a terminal shows as it is.
///
/// Titles reach bmd from routine files, `draft title`, `create` and imports, and are
/// later printed to terminals, status bars and notifications. A control character (an
/// escape sequence, a NUL that SQLite or a C string would cut at, a line break), a
/// line or paragraph separator, a byte-order mark inside the text, or U+FFFD (what a
/// reader puts where bytes were not UTF-8) would be stored and echoed as something
/// else than what the user sees, so every way in refuses them the same way.
public enum TitleText {
    /// Why `text` cannot be a title, naming the first character that cannot be, or nil.
    public static func problem(in text: String) -> String? {
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control:
                if scalar.value == 0 { return "it holds a NUL byte" }
                return "it holds the control character \(hex(scalar)); titles are plain text on one line"
            case .lineSeparator, .paragraphSeparator:
                return "it holds a line break (\(hex(scalar))); titles are plain text on one line"
            default:
                break
            }
            if scalar == "\u{FFFD}" {
                return "it holds bytes that are not UTF-8 text (shown as \u{FFFD}); save the file as UTF-8"
            }
            if scalar == "\u{FEFF}" {
                return "it holds a byte-order mark (U+FEFF) inside the text"
            }
        }
        return nil
    }

    private static func hex(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The end of a length refusal: the title and its length when it is short enough to
    /// show, else only its length, so that a 64 KiB title gets a short "too long".
    static func lengthVerdict(_ text: String, trimmedCount: Int, limit: Int) -> String {
        guard trimmedCount > limit + 10 else { return "\"\(text)\" has \(trimmedCount)" }
        return "this one has \(trimmedCount), far too long"
    }
}
