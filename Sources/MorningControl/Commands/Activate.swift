import MorningProtocol

/// `bmctl activate NAME`: makes a routine active from tomorrow.
extension ActivateRequest {
    func execute(in session: Session) throws(ControlFailure) {
        try DayEnding.confirmSwitch("Activate \(routine)", verb: "activate", yes: yes, in: session)
        let reply = try session.call(Morning.Call.activate(routine: routine), verb: "activate")
        session.answer(reply, ChangeText.activated)
    }
}

/// `bmctl restart ROUTINE`: starts a stored routine over from tomorrow.
extension RestartRequest {
    func execute(in session: Session) throws(ControlFailure) {
        var target = routine
        if !yes, session.context.console.stdinIsTerminal {
            // Ask about the routine bmd finds, and restart exactly that one.
            let found = try DayEnding.stored(routine, verb: "restart", in: session)
            var question = "Restart \(found.routine) from tomorrow, keeping \(DayEnding.history(found))?"
            if let locked = try DayEnding.lockedToday(in: session) { question += " " + locked }
            try ConfirmFirst.require(question + " [y/N] ", action: "restart", yes: false, console: session.context.console)
            target = found.routineId
        }
        let reply = try session.call(Morning.Call.restart(routine: target), verb: "restart")
        session.answer(reply, ChangeText.restarted)
    }
}
