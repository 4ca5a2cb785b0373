import MorningProtocol

/// Where to find bmd for this run, and whether bmctl may start it.
struct Endpoint: Equatable {
    var path: String
    /// The path came from `--socket` or `BMD_SOCKET`, so a started bmd must be told it.
    var explicit: Bool
    var autostart: Bool

    /// The endpoint for `globals` in `environment`, or a failure when the socket's folder
    /// under /tmp (used when there is no runtime folder) cannot be trusted.
    static func resolve(_ globals: Globals, environment: Environment) throws(ControlFailure) -> Endpoint {
        let path = SocketPath.resolve(option: globals.socket, variable: { environment[$0] })
        if SocketPath.isInFallbackFolder(path), let problem = SocketPath.fallbackProblem(folder: SocketPath.fallbackFolder()) {
            throw .unreachable(problem)
        }
        let explicit = !(globals.socket ?? "").isEmpty || !(environment["BMD_SOCKET"] ?? "").isEmpty
        return Endpoint(path: path, explicit: explicit, autostart: !globals.noAutostart)
    }
}
