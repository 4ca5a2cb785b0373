import ArgumentParser
import MorningProtocol

extension BMCtl {
    /// `bmctl explore [NAME]`: the celebrity catalog.
    struct Explore: EverydayCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the celebrity routines, or show one with its bio, source and tasks.")

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp("A routine's id or name, or the start of it.", valueName: "name"),
                  completion: Completions.anyRoutine)
        var name: String?

        var request: ExploreRequest { ExploreRequest(globals: globals, name: name) }
    }
}

/// What `bmctl explore` does.
struct ExploreRequest: Request, Equatable {
    var globals: Globals
    var name: String?

    func execute(in session: Session) throws(ControlFailure) {
        let reply = try session.call(Morning.Call.explore(name: name))
        // A search that finds nothing is refused like any unknown routine name.
        if let name, reply.routines.isEmpty { throw .refused(Refusal.routineNotFound(name)) }
        if globals.json { return session.printJSON(reply.routines) }
        if name != nil, reply.routines.count == 1 {
            session.say(ExploreText.profile(reply.routines[0], style: session.style))
        } else {
            session.say(ExploreText.list(reply.routines, style: session.style))
        }
    }
}
