extension CommandTable {
    /// Reads a command table; throws at the first line that is not one of its grammar.
    public init(parsing text: String) throws(CommandTableError) {
        var reader = TableReader()
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            try reader.read(String(raw), number: index + 1)
        }
        try reader.finish()
        self = reader.table
    }
}

private struct TableReader {
    var table = CommandTable()
    /// The comment above the line being read, in paragraphs.
    var comment: [[String]] = []
    /// The line of the command whose parameters are being read, if any.
    var current: Int?
    /// The global options are being read.
    var inGlobals = false
    var number = 0

    mutating func read(_ raw: String, number: Int) throws(CommandTableError) {
        self.number = number
        let line = raw.trimmingSpaces
        if line.isEmpty {
            // A blank line ends a comment that belongs to nothing (the file's head).
            comment = []
            return
        }
        if line == "#" {
            if !comment.isEmpty { comment.append([]) }
            return
        }
        if line.hasPrefix("# ") {
            let text = String(line.dropFirst(2))
            if comment.isEmpty { comment = [[]] }
            comment[comment.count - 1].append(text)
            return
        }
        let indented = raw.hasPrefix(" ")
        let (keyword, rest) = line.splitFirst(" ")
        switch (indented, keyword) {
        case (false, "command"): try command(rest)
        case (false, "group"): try group(rest)
        case (false, "globals"):
            guard table.globals.isEmpty else { throw fail("the global options are declared twice") }
            table.globalsHelp = try help()
            current = nil
            inGlobals = true
        case (true, "like"): try like(rest)
        case (true, "flag"), (true, "option"), (true, "argument"): try parameter(keyword, rest)
        default: throw fail("\"\(keyword)\" is not a declaration here; see the grammar at the head of the file")
        }
        comment = []
    }

    mutating func finish() throws(CommandTableError) {
        for entry in table.entries {
            guard case .group(let group) = entry else { continue }
            guard table.commands.contains(where: { $0.words == [group.word, group.defaultCommand] }) else {
                throw CommandTableError(line: number, message: "group \(group.word) has no command \(group.defaultCommand)")
            }
        }
    }

    // MARK: Declarations

    mutating func command(_ text: String) throws(CommandTableError) {
        var text = text, quick = false
        if text.hasSuffix(" quick") || text == "quick" {
            quick = true
            text = String(text.dropLast("quick".count)).trimmingSpaces
        }
        var request: String?
        var constants: [CommandTable.Constant] = []
        if let arrow = text.firstRange(of: "->") {
            let target = text[arrow.upperBound...].trimmingSpaces
            text = text[..<arrow.lowerBound].trimmingSpaces
            if let open = target.firstIndex(of: "("), target.hasSuffix(")") {
                request = target[..<open].trimmingSpaces
                constants = try self.constants(String(target[target.index(after: open)..<target.index(before: target.endIndex)]))
            } else {
                request = target
            }
        }
        let words = text.split(separator: " ").map(String.init)
        guard (1...2).contains(words.count), words.allSatisfy(\.isCommandWord) else {
            throw fail("a command is one or two lowercase words, such as `status` or `draft add`")
        }
        if table.commands.contains(where: { $0.words == words }) { throw fail("\(text) is declared twice") }
        if words.count == 2, !table.entries.contains(where: { if case .group(let g) = $0 { g.word == words[0] } else { false } }) {
            throw fail("\(words[0]) is not a group declared above")
        }
        let command = CommandTable.Command(words: words, help: try help(), request: request ?? words.map(\.capitalizedFirst).joined() + "Request",
                                           constants: constants, quick: quick, lineNumber: number)
        table.entries.append(.command(command))
        current = table.entries.count - 1
        inGlobals = false
    }

    mutating func group(_ text: String) throws(CommandTableError) {
        let words = text.split(separator: " ").map(String.init)
        guard words.count == 3, words[1] == "default", words[0].isCommandWord, words[2].isCommandWord else {
            throw fail("a group is written `group WORD default WORD`")
        }
        table.entries.append(.group(CommandTable.Group(word: words[0], help: try help(), defaultCommand: words[2])))
        current = nil
        inGlobals = false
    }

    mutating func like(_ text: String) throws(CommandTableError) {
        let words = text.split(separator: " ").map(String.init)
        guard let other = table.commands.first(where: { $0.words == words }) else { throw fail("no command \(text) above") }
        try update { $0.parameters += other.parameters }
    }

    mutating func parameter(_ keyword: String, _ text: String) throws(CommandTableError) {
        guard !comment.isEmpty else { throw fail("\(keyword) needs a comment above it: its help") }
        let help = comment.joined().joined(separator: " ")
        var names = text, type = "Bool", defaultValue: String?, completion: CommandTable.Parameter.Completion?
        if keyword != "flag" {
            guard let colon = text.firstRange(of: ": ") else { throw fail("\(keyword) needs a type after a colon, such as `: String?`") }
            names = text[..<colon.lowerBound].trimmingSpaces
            var rest = text[colon.upperBound...].trimmingSpaces
            if let completes = rest.firstRange(of: " completes ") {
                completion = try self.completion(rest[completes.upperBound...].trimmingSpaces)
                rest = rest[..<completes.lowerBound].trimmingSpaces
            }
            if let equals = rest.firstRange(of: " = ") {
                defaultValue = rest[equals.upperBound...].trimmingSpaces
                rest = rest[..<equals.lowerBound].trimmingSpaces
            }
            type = rest
        }
        var property: String?
        if let alias = names.firstRange(of: " as ") {
            property = names[alias.upperBound...].trimmingSpaces
            names = names[..<alias.lowerBound].trimmingSpaces
        }
        var valueName: String?
        if keyword != "flag" {
            guard let open = names.firstIndex(of: "<"), names.hasSuffix(">") else { throw fail("\(keyword) needs its value's name, such as <n>") }
            valueName = String(names[names.index(after: open)..<names.index(before: names.endIndex)])
            names = names[..<open].trimmingSpaces
        }
        var short: Character?, long: String?
        for name in names.split(separator: ",").map({ $0.trimmingSpaces }) where !name.isEmpty {
            if name.hasPrefix("--") {
                long = String(name.dropFirst(2))
            } else if name.hasPrefix("-"), name.count == 2 {
                short = name.last
            } else {
                throw fail("\(name) is not an option's name: write -x or --name")
            }
        }
        let kind: CommandTable.Parameter.Kind = keyword == "flag" ? .flag : keyword == "option" ? .option : .argument
        if kind == .argument ? (long != nil || short != nil) : long == nil { throw fail("\(keyword) names: \(text)") }
        guard let name = property ?? long.map(\.camelCased) ?? valueName, name.isIdentifier else {
            throw fail("give the value a Swift name with `as NAME`")
        }
        let parameter = CommandTable.Parameter(kind: kind, short: short, long: long, valueName: valueName, property: name, type: type,
                                               defaultValue: defaultValue, completion: completion, help: help)
        let twice = fail("\(name) is declared twice")
        try update { command throws(CommandTableError) in
            if command.parameters.contains(where: { $0.property == name }) { throw twice }
            command.parameters.append(parameter)
        }
    }

    // MARK: Parts

    func help() throws(CommandTableError) -> CommandTable.Help {
        guard let first = comment.first, !first.isEmpty else { throw fail("a command needs a comment above it: its help") }
        return CommandTable.Help(abstract: first.joined(separator: " "),
                                 discussion: comment.dropFirst().filter { !$0.isEmpty }.map { $0.joined(separator: " ") })
    }

    func constants(_ text: String) throws(CommandTableError) -> [CommandTable.Constant] {
        try text.split(separator: ",").map { (pair) throws(CommandTableError) in
            let (field, value) = pair.trimmingSpaces.splitFirst(":")
            guard field.isIdentifier, !value.trimmingSpaces.isEmpty else { throw fail("write a fixed field as `name: value`") }
            return CommandTable.Constant(field: field, value: value.trimmingSpaces)
        }
    }

    func completion(_ text: String) throws(CommandTableError) -> CommandTable.Parameter.Completion {
        guard text.hasPrefix("\"") else { return .expression(text) }
        let words = text.split(separator: " ").map { $0.trimmingSpaces }
        guard words.allSatisfy({ $0.count >= 2 && $0.hasPrefix("\"") && $0.hasSuffix("\"") }) else {
            throw fail("completes takes quoted words or one completion: \(text)")
        }
        return .words(words.map { String($0.dropFirst().dropLast()) })
    }

    mutating func update(_ change: (inout CommandTable.Command) throws(CommandTableError) -> Void) throws(CommandTableError) {
        if inGlobals {
            // The global options are read as the parameters of a command of no words.
            var globals = CommandTable.Command(words: [], help: table.globalsHelp, request: "", parameters: table.globals)
            try change(&globals)
            guard globals.parameters.allSatisfy({ $0.kind != .argument && $0.short == nil && ["Bool", "String?"].contains($0.type) })
            else { throw fail("a global option is a flag or a long option with an optional text value") }
            table.globals = globals.parameters
            return
        }
        guard let current, case .command(var command) = table.entries[current] else {
            throw fail("options and arguments belong under a command")
        }
        try change(&command)
        table.entries[current] = .command(command)
    }

    func fail(_ message: String) -> CommandTableError { CommandTableError(line: number, message: message) }
}

extension StringProtocol {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }

    /// The text before the first `separator`, and the text after it (empty when none).
    func splitFirst(_ separator: Character) -> (String, String) {
        guard let at = firstIndex(of: separator) else { return (String(self), "") }
        return (String(self[..<at]), String(self[index(after: at)...]))
    }

    var isCommandWord: Bool { !isEmpty && allSatisfy { $0.isLowercase || $0 == "-" } }
    var isIdentifier: Bool {
        guard let first, first.isLetter || first == "_" else { return false }
        return allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
    /// `max-width` as `maxWidth`.
    var camelCased: String {
        let parts = split(separator: "-")
        return (parts.first.map { String($0) } ?? "") + parts.dropFirst().map(\.capitalizedFirst).joined()
    }
}
