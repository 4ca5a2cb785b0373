#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Everything a run of bmctl touches outside itself: environment, terminal and daemon.
///
/// `live()` is the real process; tests build one from captured writers and a scripted daemon.
public struct Context {
    public var environment: [String: String]
    public var console: Console
    var daemon: Daemon

    init(environment: [String: String], console: Console, daemon: Daemon) {
        self.environment = environment; self.console = console; self.daemon = daemon
    }

    /// This process: its environment, its stdio and bmd over a Unix socket.
    public static func live() -> Context {
        let environment = ProcessInfo.processInfo.environment
        let console = Console.live()
        return Context(environment: environment, console: console,
                       daemon: .following(environment: environment, notice: console.writeError))
    }

    /// The locale for week charts: the first non-empty of LC_ALL, LC_TIME, LANG (H2).
    var locale: String? {
        for name in ["LC_ALL", "LC_TIME", "LANG"] {
            if let value = environment[name], !value.isEmpty { return value }
        }
        return nil
    }

    /// Colour only on a terminal, and never when NO_COLOR is set to anything (§10).
    var style: Style {
        Style(colour: console.stdoutIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty)
    }
}
