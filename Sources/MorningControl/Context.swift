import Glibc
import MorningClient

/// Everything a run of bmctl touches outside itself: environment, terminal and daemon.
///
/// `live()` is the real process; tests build one from captured writers and a scripted daemon.
public struct Context {
    public var environment: Environment
    public var console: Console
    var daemon: BmdExchange

    init(environment: [String: String], console: Console, daemon: BmdExchange) {
        self.init(environment: Environment(environment), console: console, daemon: daemon)
    }

    init(environment: Environment, console: Console, daemon: BmdExchange) {
        self.environment = environment; self.console = console; self.daemon = daemon
    }

    /// This process: its environment, its stdio and bmd over a Unix socket.
    public static func live() -> Context {
        let console = Console.live()
        return Context(environment: Environment.process, console: console,
                       daemon: .following(environment: .process) { if !RawTerminal.screenTaken { console.writeError($0) } })
    }

    /// The locale for week charts: the first non-empty of LC_ALL, LC_TIME, LANG.
    var locale: String? { DataWords.locale { environment[$0] } }

    /// Colour only on a terminal, and never when NO_COLOR is set to anything.
    var style: Style {
        Style(colour: console.stdoutIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty)
    }
}
