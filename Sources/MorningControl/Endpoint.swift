import MorningProtocol

/// Where to find bmd for this run, and whether bmctl may start it.
struct Endpoint: Equatable {
    var path: String
    /// The path came from `--socket` or `BMD_SOCKET`, so a started bmd must be told it.
    var explicit: Bool
    var autostart: Bool

    /// The endpoint for `globals` in `environment`, or a failure when there is no default socket.
    static func resolve(_ globals: Globals, environment: Environment) throws(ControlFailure) -> Endpoint {
        guard let path = SocketPath.resolve(option: globals.socket, variable: { environment[$0] }) else {
            throw .unreachable(SocketPath.missingHint)
        }
        let explicit = !(globals.socket ?? "").isEmpty || !(environment["BMD_SOCKET"] ?? "").isEmpty
        return Endpoint(path: path, explicit: explicit, autostart: !globals.noAutostart)
    }
}
