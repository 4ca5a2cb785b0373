/// A command table: a program's commands, each declared once, as read from its file.
///
/// The file (bmctl.commands for bmctl) holds every command's words, help, options,
/// arguments, types and defaults; `SwiftCommands` writes from it the ArgumentParser
/// commands, the plain request each command makes, and the rows of a reader that
/// does without ArgumentParser. Its grammar is at the head of bmctl.commands.
public struct CommandTable: Equatable, Sendable {
    /// Commands and groups, in the order help lists them.
    public var entries: [Entry] = []
    /// The options every command takes, before or after its name.
    public var globals: [Parameter] = []
    /// Their help, for the group that holds them.
    public var globalsHelp = Help()

    public enum Entry: Equatable, Sendable {
        case command(Command)
        case group(Group)
    }

    /// A command with commands of its own (`draft`), run as `default` when none is named.
    public struct Group: Equatable, Sendable {
        public var word: String
        public var help: Help
        public var defaultCommand: String
    }

    public struct Command: Equatable, Sendable {
        /// `["status"]`, or `["draft", "add"]` for a command of a group.
        public var words: [String]
        public var help: Help
        /// The request type the command makes.
        public var request: String
        /// Fields of the request the command sets to a fixed value (`done: true`).
        public var constants: [Constant] = []
        /// Whether bmctl reads the command's plain lines itself.
        public var quick = false
        public var parameters: [Parameter] = []
        /// Where the table declares it, for the generator's complaints.
        public var lineNumber = 0

        public var line: String { words.joined(separator: " ") }
    }

    public struct Constant: Equatable, Sendable {
        public var field: String
        /// A Swift literal: `true`, `"today"`, `3`.
        public var value: String
    }

    /// A command's abstract, and the lines of its discussion.
    public struct Help: Equatable, Sendable {
        public var abstract = ""
        public var discussion: [String] = []
    }

    public struct Parameter: Equatable, Sendable {
        public enum Kind: Equatable, Sendable { case flag, option, argument }
        public enum Completion: Equatable, Sendable {
            /// These words.
            case words([String])
            /// A Swift expression naming a completion (`Completions.storedRoutines`).
            case expression(String)
        }

        public var kind: Kind
        public var short: Character?
        /// Without its dashes; nil for an argument.
        public var long: String?
        /// What help calls the value (`<n>`); nil for a flag.
        public var valueName: String?
        /// The property and request field that hold it.
        public var property: String
        /// A Swift type: `Int`, `String?`, `[String]`, `BarText.Format?`; `Bool` for a flag.
        public var type: String
        /// A Swift expression, when it has one.
        public var defaultValue: String?
        public var completion: Completion?
        public var help: String

        public var isOptional: Bool { type.hasSuffix("?") }
        public var isArray: Bool { type.hasPrefix("[") }
        /// The type of one value: `BarText.Format` for `BarText.Format?`.
        public var valueType: String {
            if isOptional { return String(type.dropLast()) }
            if isArray { return String(type.dropFirst().dropLast()) }
            return type
        }
        /// A value need not be given.
        public var mayBeLeftOut: Bool { kind == .flag || isOptional || isArray || defaultValue != nil }
    }

    public var commands: [Command] {
        entries.compactMap { if case .command(let c) = $0 { c } else { nil } }
    }
}

/// What is wrong with a command table, and on which line.
public struct CommandTableError: Error, Equatable, CustomStringConvertible {
    public var line: Int
    public var message: String
    public var description: String { "line \(line): \(message)" }
}
