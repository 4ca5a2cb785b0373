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
    /// Each subcommand's long flag and option names, as ArgumentParser describes bmctl.
    static func declared() throws -> [String: (flags: [String], options: [String])] {
        var message = ""
        do {
            _ = try BMCtl.parseAsRoot(["--experimental-dump-help"])
        } catch {
            message = BMCtl.fullMessage(for: error)
        }
        let tree = try JSONValue.parse(Array(message.utf8))
        guard case .array(let commands)? = tree["command"]?["subcommands"] else {
            Issue.record("ArgumentParser's description of bmctl has no subcommands: \(message.prefix(200))")
            return [:]
        }
        var table: [String: (flags: [String], options: [String])] = [:]
        for command in commands {
            guard case .string(let name)? = command["commandName"] else { continue }
            var flags: [String] = [], options: [String] = []
            if case .array(let arguments)? = command["arguments"] {
                for argument in arguments {
                    guard case .string(let kind)? = argument["kind"], case .array(let names)? = argument["names"] else { continue }
                    for n in names {
                        guard case .string("long")? = n["kind"], case .string(let long)? = n["name"] else { continue }
                        let word = "--" + long
                        // The global options, help and the version are read for every command alike.
                        if ArgumentOrder.flags.contains(word) || ArgumentOrder.optionsWithValue.contains(word) || word == "--help" || word == "--version" {
                            continue
                        }
                        if kind == "flag" { flags.append(word) } else if kind == "option" { options.append(word) }
                    }
                }
            }
            table[name] = (flags.sorted(), options.sorted())
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
