import MorningProtocol

/// What `bmctl data` does.
extension DataRequest {
    func execute(in session: Session) throws(ControlFailure) {
        let reply = try session.call(Morning.Call.data(locale: session.locale))
        if globals.json { return session.printJSON(reply.cards) }
        session.write(DataText.render(reply.cards, style: session.style))
    }
}
