import MorningProtocol

/// What to tell the user when bmd answers a call with an error.
///
/// Each message says what to do instead, using the error's parameters; the exit
/// status is 1 (refused) except for a date bmd could not read, which is a usage error.
enum Refusal {
    /// The failure for the varlink error `name` with `parameters`.
    ///
    /// `verb` is what the command was about to do with a routine ("restart",
    /// "delete", "show"), for errors that name the action; `source` names the routine
    /// file of a `RoutineFileError` ("morning.txt", "stdin").
    static func failure(error name: String, parameters p: Morning.ErrorParameters, verb: String = "show",
                        source: String? = nil) -> ControlFailure {
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
        case .importRefused:
            let count = p.routines.map { Text.count($0, "routine") } ?? "routines"
            return .refused("import refused: Better Morning already holds \(count); nothing was changed. "
                            + "`bmctl import FILE --replace` replaces them and all their history (`bmctl export` first keeps a copy)")
        case .invalidImport:
            return .refused("the export cannot be imported: \(p.reason ?? "it is not valid"); nothing was changed")
        case .invalidTime:
            return .refused(invalidTime(p))
        case .draftFull:
            return .refused("the maximum of \(p.limit ?? Morning.taskLimit) tasks is reached; "
                            + "remove one with `bmctl draft remove N` to make room")
        case .noDraft:
            return .refused("there is no draft to save; start one with `bmctl create`, "
                            + "or with `bmctl draft title TITLE` and `bmctl draft add TIME TITLE`")
        case .noDraftTask:
            guard let total = p.total, total > 0 else { return .refused("the draft has no tasks yet") }
            return .refused("the draft has no task \(p.position.map(String.init) ?? "there"); "
                            + "use a number from 1 to \(total) (`bmctl draft show` lists them)")
        case .routineFileError:
            return .refused("line \(p.line ?? 0) of \(source ?? "the routine file"): \(p.reason ?? "not a routine file")")
        }
    }

    /// A time refused by bmd: unreadable, or off the five-minute grid with the nearest times (D2).
    static func invalidTime(_ p: Morning.ErrorParameters) -> String {
        let text = p.text ?? ""
        let nearest = [p.earlier, p.later].compactMap { $0 }
        guard !nearest.isEmpty else {
            return "\"\(text)\" is not a time; use HH:MM (such as 06:45) or 12-hour time (such as 6:45am)"
        }
        return "\(text) is not on the five-minute grid; use " + nearest.joined(separator: " or ")
    }

    /// The message for a routine name that matches nothing, from bmd or from an empty catalog search.
    static func routineNotFound(_ query: String) -> String {
        "no routine matches \"\(query)\"; `bmctl explore` lists the celebrity routines and `bmctl data` yours"
    }

    private static func candidates(_ p: Morning.ErrorParameters) -> String {
        (p.candidates ?? []).joined(separator: ", ")
    }
}
