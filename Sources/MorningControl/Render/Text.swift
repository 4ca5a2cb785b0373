/// Small text helpers shared by the renderers.
enum Text {
    /// `text` padded with spaces to `width` characters on the right.
    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    /// `text` padded with spaces to `width` characters on the left.
    static func padLeft(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }

    /// `lines` joined, each ended by a newline, without trailing spaces.
    static func lines(_ lines: [String]) -> String {
        var text = ""
        for line in lines {
            var line = Substring(line)
            while line.last == " " { line = line.dropLast() }
            // String's own append of a Substring; `+=` would be the generic one of
            // collections (see `joined` below).
            text.append(contentsOf: line)
            text += "\n"
        }
        return text
    }

    /// `word` as it must be typed in a shell: as is when plain, in double quotes otherwise,
    /// so a suggested command such as `bmctl restart "Tim Cook"` can be pasted.
    static func shellWord(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "-_.,:/+@%".unicodeScalars.contains($0)
        }
        if plain { return word }
        var quoted = "\""
        for character in word {
            if "\"\\$`".contains(character) { quoted.append("\\") }
            quoted.append(character)
        }
        return quoted + "\""
    }

    /// "1 task" or "2 tasks".
    static func count(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
        MorningText.count(n, singular, plural)
    }

    /// `text` with every line wider than `width` broken at spaces into lines that fit.
    ///
    /// Each continuation keeps the line's indent: it starts under the line's text, past
    /// its leading spaces and past columns set apart by two spaces (`  05:00  Rise…`
    /// goes on under `Rise`), as long as that leaves half the width. `hanging` sets that
    /// indent instead (`bmctl: ` before a message). A word wider than `width` keeps a
    /// line of its own; colour codes take no width.
    static func wrap(_ text: String, width: Int, hanging: Int? = nil) -> String {
        guard width > 0 else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard visibleWidth(line) > width else { return String(line) }
            let lead = String(line.prefix { $0 == " " })
            // Each word with the spaces before it, so aligned columns keep their spacing.
            var words: [(gap: Substring, word: Substring)] = []
            var rest = line.dropFirst(lead.count)
            var column = lead.count
            var textColumn = lead.count
            while !rest.isEmpty {
                let gap = rest.prefix { $0 == " " }
                rest = rest.dropFirst(gap.count)
                let word = rest.prefix { $0 != " " }
                rest = rest.dropFirst(word.count)
                column += gap.count
                if gap.count >= 2, column <= width / 2 { textColumn = column }
                column += visibleWidth(word)
                if !word.isEmpty { words.append((gap, word)) }
            }
            let indent = String(repeating: " ", count: min(hanging ?? textColumn, width / 2))
            var lines: [String] = []
            var current = lead, currentWidth = lead.count, empty = true
            for (gap, word) in words {
                let w = visibleWidth(word)
                if !empty, currentWidth + gap.count + w > width {
                    lines.append(current)
                    current = indent; currentWidth = indent.count; empty = true
                }
                if !empty { current += gap; currentWidth += gap.count }
                current += word; currentWidth += w; empty = false
            }
            // Spaces that end the line stay (a question's, before the answer typed after it).
            lines.append(current + line.reversed().prefix { $0 == " " })
            return lines.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// The columns `text` takes on a terminal: its characters without colour codes (ESC [ … m).
    static func visibleWidth(_ text: Substring) -> Int {
        var width = 0, inEscape = false
        for character in text {
            if inEscape {
                if character == "m" { inEscape = false }
            } else if character == "\u{1B}" {
                inEscape = true
            } else {
                width += 1
            }
        }
        return width
    }
}

extension Array where Element == String {
    /// The strings with `separator` between them, as the standard library's
    /// `joined(separator:)`, which this shadows for arrays of strings in bmctl.
    ///
    /// That one is generic over any sequence of string-like elements, and this toolchain
    /// does not specialize it: on its first use the Swift runtime looks the element's
    /// associated types up by name, which scans every protocol conformance in the
    /// program. For a `bmctl status` that was some 20 page faults, for `status --format
    /// waybar` 40, of about 140 in all; this loop costs none.
    func joined(separator: String = "") -> String {
        var text = ""
        var first = true
        for part in self {
            if !first { text += separator }
            text += part
            first = false
        }
        return text
    }
}
