import MorningProtocol

/// What to tell the user when bmd answers a call with an error.
///
/// Each message says what to do instead, using the error's parameters; the exit
/// status is 1 (refused) except for a date bmd could not read, which is a usage error.
enum Refusal {
    /// The failure for the varlink error `name` with `parameters`.
    ///
    /// `verb` is what the command was about to do with a routine ("restart",
    /// "delete", "show"), for errors that name the action.
    static func failure(error name: String, parameters p: Morning.ErrorParameters, verb: String = "show") -> ControlFailure {
        let routine = p.routine ?? "the routine"
        let query = p.query ?? ""
        guard let known = Morning.ErrorName(rawValue: name) else {
            if name.hasPrefix(Varlink.serviceInterface + ".") {
                let detail = p.parameter ?? p.method ?? p.interface
                return .refused("bmd: \(name)" + (detail.map { " (\($0))" } ?? ""))
            }
            return .refused("bmd: \(name)")
        }
        switch known {
        case .noActiveRoutine:
            return .refused("no routine is active; list routines with `bmctl explore` and pick one with `bmctl activate NAME`")
        case .notStarted:
            return .refused("Your new routine \(routine) starts tomorrow (\(p.startDate ?? "?")).")
        case .alreadyActive:
            return .refused("\(routine) is already your active routine; to start it over from tomorrow use `bmctl restart \(Text.shellWord(routine))`")
        case .routineNotFound:
            return .refused(routineNotFound(query))
        case .ambiguousRoutine:
            return .refused("\"\(query)\" matches several routines: \(candidates(p)); type more of the name")
        case .notStored:
            return .refused("\(routine) has no history to \(verb); activate it first with `bmctl activate \(Text.shellWord(p.id ?? routine))`")
        case .taskNotFound:
            let range = p.total.map { "a number from 1 to \($0)" } ?? "a task number"
            return .refused("no task matches \"\(query)\"; use \(range) or the start of a title (`bmctl today` lists them)")
        case .ambiguousTask:
            return .refused("\"\(query)\" matches several tasks: \(candidates(p)); type more of the title or use its number")
        case .notToday:
            return .refused("only today (\(p.today ?? "?")) can be changed; \(p.date ?? "that day") is read-only")
        case .dateOutOfRange:
            return .refused("\(p.date ?? "that day") is out of range: days run from \(p.earliest ?? "?") to \(p.latest ?? "?")")
        case .dayLocked:
            return .refused("today (\(p.date ?? "?")) is already finalized for this routine")
        case .invalidDate:
            return .usage(DateArgument.invalidMessage(p.text ?? ""))
        case .invalidRoutine:
            return .refused(p.reason ?? "the routine is not valid")
        case .storageFailed:
            return .refused("bmd could not save the change (\(p.reason ?? "unknown reason")); nothing was changed")
        case .permissionDenied:
            return .refused("bmd refused the connection: it serves only its own user")
        case .notificationsUnavailable:
            return .refused("notifications are unavailable: \(p.reason ?? "no notification server answered"); "
                            + "is a notification server (dunst, mako, GNOME Shell, Plasma …) running in this session?")
        }
    }

    /// The message for a routine name that matches nothing, from bmd or from an empty catalog search.
    static func routineNotFound(_ query: String) -> String {
        "no routine matches \"\(query)\"; `bmctl explore` lists the celebrity routines and `bmctl data` yours"
    }

    private static func candidates(_ p: Morning.ErrorParameters) -> String {
        (p.candidates ?? []).joined(separator: ", ")
    }
}
