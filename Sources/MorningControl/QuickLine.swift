/// Reads the command lines of everyday commands without ArgumentParser.
///
/// ArgumentParser builds the tree of every command and reflects on each of them on
/// every run, which cost bmctl more than the rest of a `status` (conformance lookups in
/// a binary with all of Swift's runtime linked in). Status bars and shell aliases run
/// the same few commands all day, so bmctl reads those itself when the line is plainly
/// well formed: known words only, each option once, values that do not look like
/// options. Anything else — help, a typo, an option twice, `--` — goes to ArgumentParser,
/// which reads it, or explains what is wrong, as it always has. Both readers make the
/// same plain request, and a test holds them to the same one for every line this one reads.
///
/// It keeps to arrays: a Set or Dictionary of strings would make the runtime look up
/// String's Hashable conformance, a scan of the whole binary that costs more than the
/// rest of the reading.
enum QuickLine {
    /// The request `arguments` make, or nil to let ArgumentParser read them.
    static func request(_ arguments: [String]) -> (any Request)? {
        // The command is the first word that is not a global option.
        let index = ArgumentOrder.leadingGlobals(arguments)
        guard index < arguments.endIndex, let command = everyday.first(where: { $0.name == arguments[index] }) else { return nil }
        var rest = arguments
        rest.remove(at: index)
        guard var words = QuickWords(rest, flags: command.flags, options: command.options),
              let request = command.read(&words), words.isEmpty
        else { return nil }
        do {
            try request.check()
        } catch {
            return nil  // ArgumentParser words the complaint.
        }
        return request
    }

    /// An everyday command: its name, its own flags and options that take a value, and
    /// how its request is made of the words (nil when something it needs is missing).
    /// The rows (`everyday`) are written by `make generate` from bmctl.commands.
    struct Command: Sendable {
        var name: String
        var flags: [String] = []
        var options: [String] = []
        var read: @Sendable (inout QuickWords) -> (any Request)?
    }
}

/// The words of one command line, sorted into flags, options and positional words.
struct QuickWords {
    private var flags: [String] = []
    private var options: [(name: String, value: String)] = []
    private var positionals: [String] = []

    /// Nil for anything that is not plainly one of `flags`, `options` (and the global
    /// ones) or a positional word: such a line is ArgumentParser's to read.
    init?(_ arguments: [String], flags known: [String], options valued: [String]) {
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let word = arguments[index]
            index += 1
            guard word.hasPrefix("-") else {
                positionals.append(word)
                continue
            }
            if known.contains(word) || ArgumentOrder.flags.contains(word) {
                guard !flags.contains(word) else { return nil }
                flags.append(word)
                continue
            }
            var name = word, value: String
            if let equals = word.firstIndex(of: "=") {
                name = String(word[..<equals])
                value = String(word[word.index(after: equals)...])
            } else {
                guard index < arguments.endIndex else { return nil }
                value = arguments[index]
                index += 1
            }
            guard valued.contains(name) || ArgumentOrder.optionsWithValue.contains(name), !value.isEmpty, !value.hasPrefix("-"),
                  !options.contains(where: { $0.name == name })
            else { return nil }
            options.append((name, value))
        }
    }

    mutating func flag(_ name: String) -> Bool {
        guard let i = flags.firstIndex(of: name) else { return false }
        flags.remove(at: i)
        return true
    }

    mutating func option(_ name: String) -> String? {
        guard let i = options.firstIndex(where: { $0.name == name }) else { return nil }
        return options.remove(at: i).value
    }

    /// The next positional word, if any.
    mutating func positional() -> String? { positionals.isEmpty ? nil : positionals.removeFirst() }

    /// A value read as its type: `.some(nil)` when there is none, nil when the text does
    /// not read as one (so the line is left to ArgumentParser).
    static func value<T>(_ text: String?, _ read: (String) -> T?) -> T?? {
        guard let text else { return .some(nil) }
        guard let value = read(text) else { return nil }
        return .some(value)
    }

    /// Every word was taken.
    var isEmpty: Bool { flags.isEmpty && options.isEmpty && positionals.isEmpty }
}
