import ArgumentParser

/// Moves global options typed before the command's name to after it.
///
/// ArgumentParser only reads a subcommand's options after its name; people type
/// `bmctl --json status` as often as `bmctl status --json`.
enum ArgumentOrder {
    // The global options' names, `flags` and `optionsWithValue`, are written by
    // `make generate` from bmctl.commands.

    /// How many of the first words are global options, with their values.
    static func leadingGlobals(_ arguments: [String]) -> Int {
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let word = arguments[index]
            if flags.contains(word) || optionsWithValue.contains(where: { word.hasPrefix($0 + "=") }) {
                index += 1
            } else if optionsWithValue.contains(word), index + 1 < arguments.endIndex {
                index += 2
            } else {
                break
            }
        }
        return index
    }

    /// `arguments` with the leading global options moved behind the command, when the
    /// words after them name one of `commands`; otherwise `arguments` unchanged.
    ///
    /// A command of several words (`draft add`) is written with spaces; the longest one
    /// that matches wins, so the options land where its own options are parsed.
    static func hoistingGlobalOptions(_ arguments: [String], commands: @autoclosure () -> Set<String>) -> [String] {
        let index = leadingGlobals(arguments)
        let globals = arguments[..<index]
        // The command names are asked for only when there is something to move: listing
        // them walks every subcommand's type, a cost each bmctl run would pay otherwise.
        guard !globals.isEmpty else { return arguments }
        let rest = arguments[index...], names = commands()
        guard let length = (1...max(1, rest.count)).reversed().first(where: { names.contains(rest.prefix($0).joined(separator: " ")) })
        else { return arguments }
        return Array(rest.prefix(length) + globals + rest.dropFirst(length))
    }
}
