import MorningProtocol

/// What a change that ends or removes something says before it goes ahead.
///
/// Names are resolved by bmd before the question, so the question names the routine
/// found (not the words typed) and a name that matches nothing fails before anything is
/// asked. Switching to another routine, saving a new one or restarting ends today for
/// the routine that is running: on a terminal that is asked first when today has checks
/// that would be locked; a script goes on, and the reply says what ended.
enum DayEnding {
    /// The stored routine `query` names, with its totals: bmd resolves the name as the
    /// change itself would.
    static func stored(_ query: String, verb: String, in session: Session) throws(ControlFailure) -> Morning.RoutineStats {
        let reply = try session.call(Morning.Call.stats(routine: query), verb: verb)
        guard let found = reply.routines.first else { throw session.routineNotFound(query) }
        return found
    }

    /// "its history of 12 tracked days" or "it has no tracked days yet".
    static func history(_ found: Morning.RoutineStats) -> String {
        let days = found.stats.daysTracked
        return days == 0 ? "no day tracked yet" : "its history of \(Text.count(days, "tracked day"))"
    }

    /// The sentence about today of the running routine that a switch would end, or nil
    /// when today has no check to lock (nothing running, or nothing checked yet).
    static func lockedToday(in session: Session) throws(ControlFailure) -> String? {
        let status = try session.call(Morning.Call.status())
        guard status.phase == .running, let routine = status.routine, let today = status.today, today.completed > 0
        else { return nil }
        let rest = today.total - today.completed
        var sentence = "This ends today for \(routine.name): its \(today.completed) of \(today.total) checked tasks are kept"
        if rest > 0 { sentence += ", the other \(rest) count as missed," }
        return sentence + " and today can no longer be changed."
    }

    /// On a terminal, without `yes`: asks before `action` ("Activate franklin") when it
    /// would lock a today that has checks. `verb` names the command in messages.
    static func confirmSwitch(_ action: String, verb: String, yes: Bool, in session: Session) throws(ControlFailure) {
        guard !yes, session.context.console.stdinIsTerminal, let locked = try lockedToday(in: session) else { return }
        try ConfirmFirst.require("\(action)? \(locked) [y/N] ", action: verb, yes: false, console: session.context.console)
    }
}
