import Foundation
import Testing
@testable import CommandTable

@Suite("Writing a command table as Swift")
struct SwiftCommandsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func source(_ text: String) throws -> String {
        try SwiftCommands(table: CommandTable(parsing: text)).source()
    }

    @Test("bmctl's committed commands are exactly what the generator writes for bmctl.commands")
    func noDrift() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("Sources/MorningControl/bmctl.commands"), encoding: .utf8)
        let committed = try String(contentsOf: Self.root.appendingPathComponent("Sources/MorningControl/Commands.generated.swift"),
                                   encoding: .utf8)
        #expect(try Self.source(text) == committed, "Commands.generated.swift is out of date: run `make generate`")
    }

    @Test("Two commands that make one request give it every field either sets, in the order first set")
    func sharedRequest() throws {
        let swift = try Self.source(CommandTableTests.sample)
        #expect(swift.contains("""
            struct CheckRequest: Request, Equatable {
                var globals: Globals
                var done: Bool
                var task: String?
                var date: String?
            }
            """))
        #expect(swift.contains("/// What `bmctl check` and `bmctl uncheck` are asked"))
        #expect(swift.contains("var request: CheckRequest { CheckRequest(globals: globals, done: false, task: task, date: date) }"))
        // A fixed value of a field an option also sets takes the option's type.
        let day = try Self.source("""
            # Today.
            command today -> DayRequest(date: "today")

            # A day.
            command day
                # Which.
                argument <date>: String?
            """)
        #expect(day.contains("struct DayRequest: Request, Equatable {\n    var globals: Globals\n    var date: String?\n}"))
        // Two commands that give one field two types are refused, at the second.
        let error = #expect(throws: CommandTableError.self) {
            try Self.source("# A.\ncommand a -> R\n    # N.\n    option --n <n>: Int?\n# B.\ncommand b -> R\n    # N.\n    option --n <n>: String?")
        }
        #expect(error?.line == 6 && error?.message == "R.n is Int? and String?")
    }

    @Test("ArgumentParser's declarations carry the names, help, value names, completions and defaults")
    func declarations() throws {
        let swift = try Self.source(CommandTableTests.sample)
        #expect(swift.contains("""
                    @Option(name: .customLong("max-width"), help: ArgumentHelp("The widest text.", valueName: "n"))
                    var maxWidth: Int = BarText.defaultWidth
            """))
        #expect(swift.contains("@Flag(name: [.customShort(\"y\"), .long], help: \"Do not ask.\")\n        var yes: Bool = false"))
        #expect(swift.contains("@Option(name: [.customShort(\"o\"), .customLong(\"output\")], help: ArgumentHelp(\"Write here.\", valueName: \"file\"))"))
        #expect(swift.contains("completion: .list([\"today\", \"yesterday\"])"))
        #expect(swift.contains("completion: Completions.todaysTasks)\n        var task: String?"))
        #expect(swift.contains("discussion: \"First line of the discussion, which goes on here.\\nSecond line.\")"))
        #expect(swift.contains("subcommands: [Show.self, Add.self],\n            defaultSubcommand: Show.self)"))
        #expect(swift.contains("extension BMCtl.Draft {\n    /// `bmctl draft add`\n    struct Add: ControlCommand {"))
        #expect(swift.contains("static let declaredCommands: [ParsableCommand.Type] = [\n        Status.self, Check.self, Uncheck.self, Draft.self,\n    ]"))
    }

    @Test("Only quick commands get a row, which reads each value as its type and falls back to the default")
    func quickRows() throws {
        let swift = try Self.source(CommandTableTests.sample)
        let rows = String(swift[swift.firstRange(of: "extension QuickLine")!.lowerBound...])
        #expect(rows.contains("Command(name: \"status\", flags: [\"--follow\"], options: [\"--format\", \"--max-width\"]) { words in"))
        #expect(rows.contains("guard let format = QuickWords.value(words.option(\"--format\"), { BarText.Format(rawValue: $0) }) else { return nil }"))
        #expect(rows.contains("guard let maxWidth = QuickWords.value(words.option(\"--max-width\"), { Int($0) }) else { return nil }"))
        #expect(rows.contains("return StatusRequest(globals: globals, follow: follow, format: format, maxWidth: maxWidth ?? BarText.defaultWidth)"))
        #expect(rows.contains("let task = words.positional()\n            let date = words.option(\"--date\")"))
        #expect(!rows.contains("\"uncheck\"") && !rows.contains("\"draft add\""))
    }

    @Test("A quick command with a short name or a list of values is refused: the quick reader reads neither")
    func quickLimits() {
        for parameter in ["# Yes.\n    flag -y, --yes", "# Words.\n    argument <w> as words: [String]"] {
            let error = #expect(throws: CommandTableError.self) {
                try SwiftCommands(table: CommandTable(parsing: "\n# Help.\ncommand s quick\n    \(parameter)"))
            }
            // The complaint names the command's line.
            #expect(error?.line == 3 && error?.message.hasPrefix("s is quick") == true, "\(String(describing: error))")
        }
    }

    @Test("The global options become ArgumentParser's group, their plain values, the mover's lists and QuickLine's reader")
    func globals() throws {
        let swift = try Self.source("""
            # Taken by every command.
            globals
                # As JSON.
                flag --json
                # Elsewhere.
                option --socket <path>: String?
            """)
        #expect(swift.contains("/// Taken by every command.\nstruct GlobalOptions: ParsableArguments {\n    @Flag(help: \"As JSON.\")\n    var json: Bool = false"))
        #expect(swift.contains("var values: Globals { Globals(json: json, socket: socket) }"))
        #expect(swift.contains("struct Globals: Equatable {\n    var json: Bool = false\n    var socket: String?\n}"))
        #expect(swift.contains("static let flags = [\"--json\"]\n    static let optionsWithValue = [\"--socket\"]"))
        #expect(swift.contains("Globals(json: flag(\"--json\"), socket: option(\"--socket\"))"))
        // Anything QuickLine's word lists cannot hold is refused.
        for line in ["argument <x>: String?", "option --count <n>: Int?", "flag -j, --json"] {
            #expect(throws: CommandTableError.self) { try CommandTable(parsing: "# G.\nglobals\n    # H.\n    \(line)") }
        }
    }

    @Test("Help text is written as a Swift literal: quotes and backslashes escaped")
    func literals() {
        #expect("say \"hi\" \\ bye".literal == "\"say \\\"hi\\\" \\\\ bye\"")
        #expect("a\nb".literal == "\"a\\nb\"")
    }
}
