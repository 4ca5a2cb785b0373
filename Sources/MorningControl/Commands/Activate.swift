import ArgumentParser
import MorningProtocol

extension BMCtl {
    /// `bmctl activate NAME`: makes a routine active from tomorrow.
    struct Activate: ControlCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a routine your active one, starting tomorrow.",
            discussion: """
                If another routine is running, today is finished for it first: untouched tasks count as missed. \
                On a terminal bmctl asks first when today already has checks; scripts go on and say what ended.
                """)

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp("A celebrity or custom routine: its id, name, or the start of it.", valueName: "name"),
                  completion: Completions.anyRoutine)
        var routine: String

        @Flag(name: [.short, .long], help: "Do not ask before ending today of the routine that is running.")
        var yes = false

        func execute(in session: Session) throws(ControlFailure) {
            try DayEnding.confirmSwitch("Activate \(routine)", verb: "activate", yes: yes, in: session)
            let reply = try session.call(Morning.Call.activate(routine: routine), verb: "activate")
            if globals.json { return session.printJSON(reply) }
            session.say(ChangeText.activated(reply, style: session.style))
        }
    }

    /// `bmctl restart ROUTINE`: starts a stored routine over from tomorrow.
    struct Restart: ControlCommand {
        static let configuration = CommandConfiguration(
            abstract: "Start a routine over from tomorrow; its history stays.",
            discussion: "Asks first on a terminal, naming the routine found; scripts go on without asking.")

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp("One of your routines: its id, name, or the start of it.", valueName: "routine"),
                  completion: Completions.storedRoutines)
        var routine: String

        @Flag(name: [.short, .long], help: "Do not ask for confirmation on a terminal.")
        var yes = false

        func execute(in session: Session) throws(ControlFailure) {
            var target = routine
            if !yes, session.context.console.stdinIsTerminal {
                // Ask about the routine bmd finds, and restart exactly that one.
                let found = try DayEnding.stored(routine, verb: "restart", in: session)
                var question = "Restart \(found.routine) from tomorrow, keeping \(DayEnding.history(found))?"
                if let locked = try DayEnding.lockedToday(in: session) { question += " " + locked }
                try Confirmation.require(question + " [y/N] ", action: "restart", yes: false, console: session.context.console)
                target = found.routineId
            }
            let reply = try session.call(Morning.Call.restart(routine: target), verb: "restart")
            if globals.json { return session.printJSON(reply) }
            session.say(ChangeText.restarted(reply, style: session.style))
        }
    }
}
