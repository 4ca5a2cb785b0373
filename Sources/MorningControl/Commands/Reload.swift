import MorningProtocol

/// `bmctl reload`: bmd reads the time zone again and plans the next reminder and
/// midnight anew, as on SIGHUP.
extension ReloadRequest {
    func execute(in session: Session) throws(ControlFailure) {
        let reply = try session.call(Morning.Call.reload())
        if globals.json { return session.printJSON(reply) }
        let reminder = reply.nextReminder.map { "next reminder: \(Self.readable($0))" } ?? "no reminder planned"
        session.say("Reloaded; \(reminder); the day ends at \(Self.readable(reply.nextMidnight)).\n")
    }

    /// `2026-11-23T06:30:00+01:00` as `2026-11-23 06:30`.
    static func readable(_ instant: String) -> String {
        let parts = instant.split(separator: "T")
        guard parts.count == 2 else { return instant }
        return "\(parts[0]) \(parts[1].prefix(5))"
    }
}
