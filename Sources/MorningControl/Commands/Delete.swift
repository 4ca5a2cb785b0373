import MorningProtocol

/// `bmctl delete ROUTINE`: removes a stored routine and its history, once confirmed.
extension DeleteRequest {
    func execute(in session: Session) throws(ControlFailure) {
        var target = routine
        if !yes, session.context.console.stdinIsTerminal {
            // Ask about the routine bmd finds, and delete exactly that one.
            let found = try DayEnding.stored(routine, verb: "delete", in: session)
            let active = found.active ? ", your active routine," : ""
            try ConfirmFirst.require("Delete \(found.routine)\(active) and \(DayEnding.history(found))? "
                                     + "This cannot be undone. [y/N] ",
                                     action: "delete", yes: false, console: session.context.console)
            target = found.routineId
        } else {
            // Asks nothing here: --yes goes ahead, and without it a script is refused,
            // once a name that finds no routine has been called wrong first.
            if !yes { _ = try DayEnding.stored(routine, verb: "delete", in: session) }
            try ConfirmFirst.require("", action: "delete", yes: yes, console: session.context.console)
        }
        let reply = try session.call(Morning.Call.delete(routine: target), verb: "delete")
        session.answer(reply, ChangeText.deleted)
    }
}

/// `bmctl reset`: removes every routine, record and setting, once confirmed.
extension ResetRequest {
    func execute(in session: Session) throws(ControlFailure) {
        try ConfirmFirst.require("Reset Better Morning? Every routine, record and setting is removed. [y/N] ",
                                 action: "reset", yes: yes, console: session.context.console)
        let reply = try session.call(Morning.Call.reset())
        if globals.json { return session.printJSON(reply) }
        session.say(ChangeText.reset())
    }
}
