import Glibc

/// Everything a run of bmctl touches outside itself: environment, terminal and daemon.
///
/// `live()` is the real process; tests build one from captured writers and a scripted daemon.
public struct Context {
    public var environment: Environment
    public var console: Console
    var daemon: Daemon

    init(environment: [String: String], console: Console, daemon: Daemon) {
        self.init(environment: Environment(environment), console: console, daemon: daemon)
    }

    init(environment: Environment, console: Console, daemon: Daemon) {
        self.environment = environment; self.console = console; self.daemon = daemon
    }

    /// This process: its environment, its stdio and bmd over a Unix socket.
    public static func live() -> Context {
        let console = Console.live()
        return Context(environment: Environment.process, console: console,
                       daemon: .following(environment: .process) { if !RawTerminal.screenTaken { console.writeError($0) } })
    }

    /// The locale for week charts: the first non-empty of LC_ALL, LC_TIME, LANG.
    var locale: String? {
        for name in ["LC_ALL", "LC_TIME", "LANG"] {
            if let value = environment[name], !value.isEmpty { return value }
        }
        return nil
    }

    /// Colour only on a terminal, and never when NO_COLOR is set to anything.
    var style: Style {
        Style(colour: console.stdoutIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty)
    }
}

/// The environment variables of a run: the process's own, or those a test gives.
///
/// The process's own are read one at a time with getenv(3), as they are asked for: most
/// runs read three, and filling a dictionary with all of them cost more than the call
/// to bmd. The whole set is gathered only for a child (starting bmd).
public struct Environment: Sendable {
    private let given: [String: String]?

    public init(_ variables: [String: String]) { given = variables }

    private init() { given = nil }

    /// This process's environment.
    public static let process = Environment()

    public subscript(name: String) -> String? {
        if let given { return given[name] }
        return getenv(name).map { String(cString: $0) }
    }

    /// Every variable.
    public var all: [String: String] { given ?? processEnvironment() }
}

/// The process's environment, read from `environ` (ProcessInfo would bring Foundation's
/// start-up into every run). Of a name set twice, the first counts, as with getenv(3).
func processEnvironment() -> [String: String] {
    var environment: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
        let text = String(cString: pointer)
        if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
            let name = String(text[..<equals])
            if environment[name] == nil { environment[name] = String(text[text.index(after: equals)...]) }
        }
        entry += 1
    }
    return environment
}
