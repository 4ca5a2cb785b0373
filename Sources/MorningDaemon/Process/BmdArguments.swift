import MorningProtocol

/// bmd's command line, read by hand rather than with ArgumentParser (which bmctl uses):
/// bmd takes three options, and an idle packaged bmd's written memory (Private_Dirty) is
/// held under 1,536 KiB. Measured with `bench/idle-wakeups` on release builds,
/// ArgumentParser reading the same three options took it from 1,488 KiB to 1,564 KiB:
/// its commands and their type metadata stay written for the whole session. Its errors
/// are ArgumentParser's kind all the same: an option without its value, an empty value
/// or an unknown option is a usage error (exit status 2), never a default taken silently.
extension BmdProcess.Options {
    /// What the command line asks for.
    public enum Reading: Equatable, Sendable {
        /// Run with these options.
        case run(BmdProcess.Options)
        /// Print this (the help or the version) and end.
        case print(String)
        /// The line is wrong: this says how.
        case usageError(String)
    }

    /// Reads `arguments` (without the program's name). Each option takes its value as
    /// the next argument or after `=`: `--state-dir DIR`, `--state-dir=DIR`.
    public static func read(_ arguments: [String]) -> Reading {
        var options = BmdProcess.Options()
        var args = arguments[...]
        while let arg = args.popFirst() {
            let (name, attached) = arg.hasPrefix("--") && arg.contains("=")
                ? (String(arg[..<arg.firstIndex(of: "=")!]), Optional(String(arg[arg.index(after: arg.firstIndex(of: "=")!)...])))
                : (arg, nil)
            /// The option's value: attached, or the next argument unless that is an option.
            func value() -> String? {
                if let attached { return attached }
                guard let next = args.first, !next.hasPrefix("-") else { return nil }
                return args.popFirst()
            }
            switch name {
            case "--state-dir", "--socket":
                guard let given = value() else { return .usageError("\(name) needs a value") }
                guard !given.isEmpty else { return .usageError("\(name) needs a value, not an empty one") }
                if name == "--state-dir" { options.stateDir = given } else { options.socket = given }
                continue
            case "--verbose", "--version", "-h", "--help":
                if attached != nil { return .usageError("\(name) takes no value") }
            default:
                return .usageError("unknown option \(name)")
            }
            switch name {
            case "--verbose": options.logLevel = .debug
            case "--version": return .print("bmd \(BuildInfo.version)")
            default: return .print(BmdProcess.usage)
            }
        }
        return .run(options)
    }
}
