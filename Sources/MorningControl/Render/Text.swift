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
        lines.map { line in
            var line = Substring(line)
            while line.last == " " { line = line.dropLast() }
            return line + "\n"
        }.joined()
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
        "\(n) " + (n == 1 ? singular : plural ?? singular + "s")
    }
}
