import Foundation
import Logging

/// Opens today's routine in the user's terminal, for a click on the reminder: `bmctl`
/// (which, with no arguments, shows today) in `$TERMINAL`, else Debian's
/// `x-terminal-emulator`, else `xdg-terminal-exec`.
enum TodayInTerminal {
    /// The command to run, nil when no terminal is found. `bmctl` is the one beside bmd
    /// when there is one, so that an installed pair stays together.
    static func command(environment: [String: String], bmdPath: String?,
                        isExecutable: (String) -> Bool = { FileManager.default.isExecutableFile(atPath: $0) }) -> [String]? {
        var bmctl = "bmctl"
        if let bmdPath {
            let beside = URL(fileURLWithPath: bmdPath).deletingLastPathComponent().appendingPathComponent("bmctl").path
            if isExecutable(beside) { bmctl = beside }
        }
        let folders = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init)
        func find(_ name: String) -> String? {
            if name.contains("/") { return isExecutable(name) ? name : nil }
            return folders.lazy.map { $0 + "/" + name }.first(where: isExecutable)
        }
        if let chosen = environment["TERMINAL"], !chosen.isEmpty, let terminal = find(chosen) {
            return [terminal, "-e", bmctl]
        }
        if let terminal = find("x-terminal-emulator") { return [terminal, "-e", bmctl] }
        if let terminal = find("xdg-terminal-exec") { return [terminal, bmctl] }
        return nil
    }

    /// The names a program started from a click reads its activation token by: Wayland's
    /// xdg-activation, X11's startup notification.
    static let activationTokenNames = ["XDG_ACTIVATION_TOKEN", "DESKTOP_STARTUP_ID"]

    /// The terminal's environment: bmd's, with the notification server's activation token
    /// where it gave one, so that the terminal may take the focus. A token bmd itself was
    /// started with was used up then, and is not handed on.
    static func environment(_ environment: [String: String], activationToken: String?) -> [String: String] {
        var environment = environment
        for name in activationTokenNames { environment[name] = activationToken }
        return environment
    }

    /// Starts the terminal and returns at once; logs why when there is none.
    static func open(activationToken: String?, logger: Logger) {
        let environment = ProcessInfo.processInfo.environment
        let bmd = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        guard let command = command(environment: environment, bmdPath: bmd) else {
            logger.warning("cannot open today's routine: no terminal found; set TERMINAL to your terminal's command")
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.standardInput = FileHandle.nullDevice
        process.environment = Self.environment(environment, activationToken: activationToken)
        do {
            try process.run()
            logger.info("opened today's routine", metadata: ["command": "\(command.joined(separator: " "))"])
        } catch {
            logger.warning("cannot open today's routine with \(command[0]): \(error)")
        }
    }
}
