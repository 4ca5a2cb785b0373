import ArgumentParser
import MorningProtocol

/// bmctl's command line. Its commands are declared in bmctl.commands, and written from
/// there by `make generate` (Commands.generated.swift).
struct BMCtl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bmctl",
        abstract: "Control Better Morning: pick a morning routine, check off its tasks, see your weeks.",
        discussion: """
            Global options (--json, --socket, --no-autostart) may come before or after the command.
            bmctl starts bmd when it is not running, unless --no-autostart is given.

            Exit status: 0 success; 1 bmd refused the request, or it was not confirmed;
            2 usage error; 3 bmd could not be reached.
            """,
        version: "bmctl \(BuildInfo.version)",
        subcommands: declaredCommands
    )

    /// Errors read `bmctl: …` like every other message of bmctl (ArgumentParser's own
    /// says `Error: …`).
    static var _errorPrefix: String { "bmctl: " }

    /// The names of the subcommands, nested ones as `draft add`, for moving global options behind them.
    static var commandNames: Set<String> {
        func names(_ command: ParsableCommand.Type, prefix: String) -> [String] {
            command.configuration.subcommands.flatMap { sub in
                [prefix + sub._commandName] + names(sub, prefix: prefix + sub._commandName + " ")
            }
        }
        return Set(names(BMCtl.self, prefix: ""))
    }
}
