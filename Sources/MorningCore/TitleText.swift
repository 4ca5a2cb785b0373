/// What a title may be made of: text a terminal shows as it is.
///
/// Titles reach bmd from routine files, `draft title`, `create` and imports, and are
/// later printed to terminals, status bars and notifications. A control character (an
/// escape sequence, a NUL that SQLite or a C string would cut at, a line break), a
/// line or paragraph separator, a byte-order mark inside the text, or U+FFFD (what a
/// reader puts where bytes were not UTF-8) would be stored and echoed as something
/// else than what the user sees, so every way in refuses them the same way. So are
/// format characters (a right-to-left override reverses what follows it), noncharacters,
/// and text that shows nothing at all.
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
            if scalar.properties.generalCategory == .format, !joiners.contains(scalar) {
                // A right-to-left override shows the rest of a popup or a bar reversed.
                return "it holds the invisible format character \(hex(scalar)), which changes how the text around it shows"
            }
            if scalar.properties.isNoncharacterCodePoint {
                return "it holds \(hex(scalar)), which is not a character"
            }
        }
        // Blanks alone are an empty title, which the length limit words.
        if !text.trimmingWhitespace.isEmpty, !text.unicodeScalars.contains(where: isVisible) {
            return "it shows nothing: every character in it is blank or invisible"
        }
        return nil
    }

    /// The format characters that join letters or emoji into what a person sees as one
    /// (the zero-width joiner and non-joiner, as in 👩‍💻 and Persian words): kept.
    private static let joiners: Set<Unicode.Scalar> = ["\u{200C}", "\u{200D}"]

    /// Whether `scalar` shows something by itself: not a blank, not a mark that only
    /// decorates another, not a character that is ignored when shown.
    private static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        let p = scalar.properties
        if p.isWhitespace || p.isDefaultIgnorableCodePoint { return false }
        switch p.generalCategory {
        case .format, .nonspacingMark, .enclosingMark, .spaceSeparator, .control: return false
        default: break
        }
        // Blanks that Unicode counts as symbols or letters: the Braille blank, the Hangul fillers.
        return !["\u{2800}", "\u{3164}", "\u{FFA0}", "\u{115F}", "\u{1160}"].contains(scalar)
    }

    /// `text` with case set aside, the same way in every language: "İstanbul", "ISTANBUL",
    /// "ıstanbul" and "istanbul" are one name, as are "STRASSE" and "straße".
    public static func folded(_ text: some StringProtocol) -> String {
        var out = ""
        for scalar in String(text).lowercased().unicodeScalars {
            switch scalar {
            case "\u{0131}": out.unicodeScalars.append("i")           // dotless ı
            case "\u{0307}" where out.unicodeScalars.last == "i": break // the dot of İ, lowered to i + U+0307
            case "\u{00DF}": out += "ss"
            case "\u{03C2}": out.unicodeScalars.append("\u{03C3}")     // final sigma
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether `text` takes no more UTF-8 than `limit` characters of four bytes each: a few
    /// visible characters may carry thousands of combining marks, and every reply that
    /// lists titles must stay small.
    static func fitsBytes(_ text: String, characters limit: Int) -> Bool {
        text.utf8.count <= 4 * limit
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
