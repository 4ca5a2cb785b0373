import ArgumentParser
@testable import MorningControl
import Testing
import Varlink

/// QuickLine's rows and ArgumentParser's commands are both written by `make generate`
/// from bmctl.commands. These tests hold the rows to the commands as ArgumentParser
/// itself describes them (`--experimental-dump-help`), so a generator that wrote one
/// a flag the other lacks fails here rather than quietly slowing the command down or,
/// worse, reading it differently.
@Suite("QuickLine's table: the same flags and options as bmctl's declared commands")
struct QuickLineDriftTests {
    /// Each top-level command's long flag and option names, as ArgumentParser describes bmctl.
    static func declared() throws -> [String: (flags: [String], options: [String])] {
        var table: [String: (flags: [String], options: [String])] = [:]
        for command in try declaredCommands() where command.words.count == 1 {
            table[command.words[0]] = (command.flags, command.options)
        }
        return table
    }

    @Test("Every everyday command QuickLine reads has exactly the flags and options bmctl declares for it",
          arguments: QuickLine.everyday.map(\.name))
    func sameNames(command: String) throws {
        let declared = try Self.declared()
        let row = try #require(QuickLine.everyday.first { $0.name == command })
        let expected = try #require(declared[command], "bmctl declares no command \(command)")
        #expect(row.flags.sorted() == expected.flags, "flags of \(command)")
        #expect(row.options.sorted() == expected.options, "options of \(command)")
    }

    @Test("The description the drift test reads lists bmctl's commands with their options")
    func descriptionIsRead() throws {
        let declared = try Self.declared()
        #expect(declared["status"]?.flags.contains("--follow") == true)
        #expect(declared["check"]?.options == ["--date"])
    }
}
