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
    /// then `/tmp/better-morning-UID/bmd.sock`. Nothing is looked at on disk yet: every
    /// connection checks the folder when it is made.
    public static func resolve(socket: String?, autostart: Bool, environment: Environment) -> Endpoint {
        let path = SocketPath.resolve(option: socket, variable: { environment[$0] })
        let explicit = !(socket ?? "").isEmpty || !(environment["BMD_SOCKET"] ?? "").isEmpty
        return Endpoint(path: path, explicit: explicit, autostart: autostart)
    }

    /// The folder the socket is in: what must be the user's own and closed to others.
    public var folder: String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        if slash == path.utf8.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// Where the path came from. The folder under /tmp counts as such however it was
    /// given, as bmd treats it.
    public var origin: SocketOrigin {
        if SocketPath.isInFallbackFolder(path) { return .fallbackFolder }
        return explicit ? .chosen : .runtimeFolder
    }
}
