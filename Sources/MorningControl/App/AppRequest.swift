/// `bmctl` with no command: the terminal app when stdin and stdout are a terminal,
/// otherwise the status, exactly as `bmctl status` prints it (for a pipe, or `--json`).
struct AppRequest: Request, Equatable {
    var globals: Globals

    /// The request for `arguments` when they hold global options only; nil otherwise.
    static func request(_ arguments: [String]) -> AppRequest? {
        guard ArgumentOrder.leadingGlobals(arguments) == arguments.endIndex,
              var words = QuickWords(arguments, flags: [], options: [])
        else { return nil }
        let globals = words.globals()
        return words.isEmpty ? AppRequest(globals: globals) : nil
    }

    /// Whether this run opens the app rather than printing the status.
    func opensApp(_ console: Console) -> Bool {
        !globals.json && console.stdinIsTerminal && console.stdoutIsTerminal
    }

    func execute(in session: Session) throws(ControlFailure) {
        if opensApp(session.context.console), let terminal = RawTerminal(.screen, write: session.context.console.write) {
            return try AppRunner(session: session, terminal: terminal).run()
        }
        WelcomeRequest.offerOnce(in: session)
        try StatusRequest(globals: globals).execute(in: session)
    }
}
