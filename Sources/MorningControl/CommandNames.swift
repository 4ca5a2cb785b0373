/// The words that name bmctl's commands, and what to say when a word names none.
///
/// ArgumentParser reads an unknown first word as a stray argument and blames whatever
/// it meets next (`bmctl stauts` was told about `--no-autostart`); bmctl looks at the
/// word itself first and says it is not a command, with the nearest one that is.
enum CommandNames {
    /// The top-level commands, in the order help lists them.
    static var all: [String] { BMCtl.configuration.subcommands.map { $0._commandName } + ["help"] }

    /// The usage error for `arguments` when the command they name is not one of bmctl's;
    /// nil when it is, or when there is no command word to judge (options only).
    static func unknown(in arguments: [String]) -> ControlFailure? {
        let index = ArgumentOrder.leadingGlobals(arguments)
        guard index < arguments.endIndex else { return nil }
        let word = arguments[index]
        if word.hasPrefix("-") { return nil }
        let names = all
        if !names.contains(word) { return failure(word, names: names) }
        // `help WORD`: the word must be a command too.
        if word == "help", index + 1 < arguments.endIndex {
            let topic = arguments[index + 1]
            if !topic.hasPrefix("-"), !names.contains(topic) { return failure(topic, names: names) }
        }
        return nil
    }

    private static func failure(_ word: String, names: [String]) -> ControlFailure {
        var message = "unknown command \"\(word)\"; "
        if let near = nearest(to: word, in: names) { message += "did you mean `bmctl \(near)`? " }
        return .usage(message + "`bmctl --help` lists the commands")
    }

    /// The command `word` most likely meant: one it starts, or one a couple of typing
    /// slips away (a letter missed, added, changed or two swapped).
    static func nearest(to word: String, in names: [String]) -> String? {
        let typed = word.lowercased()
        if typed.count >= 2, let started = names.first(where: { $0.hasPrefix(typed) }) { return started }
        let scored = names.map { ($0, distance(typed, $0)) }.filter { $0.1 <= max(1, min(2, typed.count / 3)) }
        return scored.min { $0.1 < $1.1 }?.0
    }

    /// The optimal string alignment distance: insertions, deletions, substitutions and
    /// swaps of neighbours each count one.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }
}
