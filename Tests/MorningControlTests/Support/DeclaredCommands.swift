import ArgumentParser
@testable import MorningControl
import Testing
import Varlink

/// A bmctl command as ArgumentParser itself describes it (`--experimental-dump-help`):
/// its words (`draft add` nested), and its own long flags and options, sorted. The
/// global options, help and the version, which every command reads alike, are left out.
struct DeclaredCommand {
    var words: [String]
    var flags: [String]
    var options: [String]
}

/// Every command of bmctl, nested ones after their group.
func declaredCommands() throws -> [DeclaredCommand] {
    var message = ""
    do {
        _ = try BMCtl.parseAsRoot(["--experimental-dump-help"])
    } catch {
        message = BMCtl.fullMessage(for: error)
    }
    let tree = try #require(try JSONValue.parse(Array(message.utf8))["command"], "\(message.prefix(200))")
    var found: [DeclaredCommand] = []
    func walk(_ command: JSONValue, path: [String]) {
        guard case .array(let subcommands)? = command["subcommands"] else { return }
        for sub in subcommands {
            guard case .string(let name)? = sub["commandName"], name != "help" else { continue }
            var declared = DeclaredCommand(words: path + [name], flags: [], options: [])
            if case .array(let arguments)? = sub["arguments"] {
                for argument in arguments {
                    guard case .string(let kind)? = argument["kind"], case .array(let names)? = argument["names"] else { continue }
                    for n in names {
                        guard case .string("long")? = n["kind"], case .string(let long)? = n["name"] else { continue }
                        let word = "--" + long
                        if ArgumentOrder.flags.contains(word) || ArgumentOrder.optionsWithValue.contains(word)
                            || word == "--help" || word == "--version" { continue }
                        if kind == "flag" { declared.flags.append(word) } else if kind == "option" { declared.options.append(word) }
                    }
                }
            }
            declared.flags.sort()
            declared.options.sort()
            found.append(declared)
            walk(sub, path: path + [name])
        }
    }
    walk(tree, path: [])
    return found
}
