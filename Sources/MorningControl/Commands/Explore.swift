import MorningProtocol

/// What `bmctl explore` does.
extension ExploreRequest {
    func execute(in session: Session) throws(ControlFailure) {
        let reply = try session.call(Morning.Call.explore(name: name))
        // A search that finds nothing is refused like any unknown routine name.
        if let name, reply.routines.isEmpty { throw session.routineNotFound(name) }
        if globals.json { return session.printJSON(reply.routines) }
        if name != nil, reply.routines.count == 1 {
            session.say(ExploreText.profile(reply.routines[0], style: session.style))
        } else {
            session.say(ExploreText.list(reply.routines, style: session.style))
        }
    }
}
