import MorningProtocol

/// `bmctl welcome`: the welcome on demand.
extension WelcomeRequest {
    func execute(in session: Session) throws(ControlFailure) {
        let reply = try session.call(Morning.Call.welcome(take: true))
        if globals.json { return session.printJSON(reply) }
        session.say(WelcomeText.render(style: session.style))
    }

    /// Before an interactive command: the welcome, the first time after install or a
    /// reset. Scripts (no terminal, or --json) never see it and do not use it up. bmd is
    /// asked first with a call that only reads, answered at once on its event loop; only
    /// when the welcome is pending does the call that takes it follow (and that one's
    /// answer decides, should another client have taken it meanwhile).
    static func offerOnce(in session: Session) {
        guard session.context.console.stdoutIsTerminal, !session.globals.json,
              let owed = try? session.call(Morning.Call.welcomePending()), owed.pending,
              let reply = try? session.call(Morning.Call.welcome(take: true)),
              reply.pending
        else { return }
        session.say(WelcomeText.render(style: session.style))
    }
}
