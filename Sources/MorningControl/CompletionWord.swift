import ArgumentParser

/// Candidates as each shell's completion script reads them, so that a title with an
/// apostrophe, a colon or a dollar sign is inserted as one word that names the task.
///
/// The scripts (written by ArgumentParser) treat bmctl's lines differently: bash hands
/// them to `compgen -W`, which expands each line as shell words (an apostrophe opens a
/// quote and vanishes), then escapes the result as it inserts it; zsh hands them to
/// `_describe`, where a colon parts a word from its description; fish takes each line
/// as it is.
enum CompletionWord {
    /// `candidates` written for `shell`'s script (nil: an unknown shell, as they are).
    static func written(_ candidates: [String], for shell: CompletionShell?) -> [String] {
        switch shell {
        case .bash?: candidates.map(bashEscaped)
        case .zsh?: candidates.map(zshEscaped)
        default: candidates
        }
    }

    /// Every character but letters, digits, spaces, non-ASCII and a few marks no shell
    /// expansion touches behind a backslash, which compgen's expansion takes away again.
    static func bashEscaped(_ word: String) -> String {
        var out = ""
        for scalar in word.unicodeScalars {
            let plain = scalar.value >= 0x80 || scalar.properties.isAlphabetic || ("0"..."9").contains(Character(scalar))
                || " -_./@+%=".unicodeScalars.contains(scalar)
            if !plain { out.append("\\") }
            out.unicodeScalars.append(scalar)
        }
        return out
    }

    /// `candidate` beginning with `typed` as it was typed when the two differ only in
    /// letter case ("plan the day" for "Plan the day" after `plan`), else as it is.
    static func typedCase(_ candidate: String, typed: String) -> String {
        guard !typed.isEmpty, candidate.count >= typed.count,
              candidate.prefix(typed.count).lowercased() == typed.lowercased() else { return candidate }
        return typed + candidate.dropFirst(typed.count)
    }

    /// Backslashes and colons behind a backslash, as `_describe` reads its words.
    static func zshEscaped(_ word: String) -> String {
        var out = ""
        for character in word {
            if character == "\\" || character == ":" { out.append("\\") }
            out.append(character)
        }
        return out
    }

    /// What the user typed so far, read as the shell would read it: quotes taken away
    /// and backslash escapes undone (`Plan\ the`, `'Plan the`, `"day's` all as typed text).
    static func unquoted(_ typed: String) -> String {
        var out = ""
        var quote: Character?
        var escaped = false
        for character in typed {
            if escaped {
                out.append(character)
                escaped = false
            } else if let open = quote {
                if character == open {
                    quote = nil
                } else if character == "\\" && open == "\"" {
                    escaped = true
                } else {
                    out.append(character)
                }
            } else if character == "\\" {
                escaped = true
            } else if character == "'" || character == "\"" {
                quote = character
            } else {
                out.append(character)
            }
        }
        return out
    }
}
