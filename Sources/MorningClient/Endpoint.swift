import Glibc
import MorningProtocol

/// Where to find bmd for this run, and whether the client may start it.
public struct Endpoint: Equatable, Sendable {
    public var path: String
    /// The path came from `--socket` or `BMD_SOCKET`, so a started bmd must be told it.
    public var explicit: Bool
    public var autostart: Bool

    public init(path: String, explicit: Bool, autostart: Bool) {
        self.path = path; self.explicit = explicit; self.autostart = autostart
    }

    /// The endpoint for a socket chosen on the command line (`socket`, nil when none) in
    /// `environment`: `--socket`, then `BMD_SOCKET`, then `$XDG_RUNTIME_DIR/better-morning/bmd.sock`,
    /// then `/tmp/better-morning-UID/bmd.sock`.
    ///
    /// Fails when the socket's folder under /tmp (used when there is no runtime folder)
    /// cannot be trusted.
    public static func resolve(socket: String?, autostart: Bool, environment: Environment) throws(ConnectFailure) -> Endpoint {
        let path = SocketPath.resolve(option: socket, variable: { environment[$0] })
        if SocketPath.isInFallbackFolder(path), let problem = SocketPath.folderProblem(SocketPath.fallbackFolder()) {
            throw .unsafeFolder(folder: SocketPath.fallbackFolder(), problem: problem)
        }
        let explicit = !(socket ?? "").isEmpty || !(environment["BMD_SOCKET"] ?? "").isEmpty
        return Endpoint(path: path, explicit: explicit, autostart: autostart)
    }
}
