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
    static func failure(error name: String, parameters: JSONValue, verb: String = "show", source: String? = nil) -> ControlFailure {
        if let error = (try? Morning.Error(name: name, parameters: parameters)) ?? nil {
            return failure(error, verb: verb, source: source)
        }
        if let error = (try? VarlinkService.Error(name: name, parameters: parameters)) ?? nil {
            let detail: String? = switch error {
            case .interfaceNotFound(let interface): interface
            case .methodNotFound(let method), .methodNotImplemented(let method): method
            case .invalidParameter(let parameter): parameter
            case .permissionDenied, .expectedMore: nil
            }
            return .refused("bmd: \(name)" + (detail.map { " (\($0))" } ?? ""))
        }
        return .refused("bmd: \(name)")
    }

    /// "Your new routine Kant starts tomorrow (2026-11-24).", or "starts on 2026-12-30."
    /// when that is not tomorrow or today is not known.
    static func notStarted(_ routine: String, start: String, today: String?) -> String {
        MorningText.waiting(routine: routine, start: start, today: today)
    }

    /// What to say for an error of org.bettermorning.Morning.
    static func failure(_ error: Morning.Error, verb: String = "show", source: String? = nil) -> ControlFailure {
        switch error {
        case .noActiveRoutine:
            return .refused("no routine is active; list routines with `bmctl explore` and pick one with `bmctl activate NAME`")
        case let .notStarted(routine, startDate):
            return .refused(notStarted(routine, start: startDate, today: nil))
        case let .alreadyActive(routine):
            return .refused("\(routine) is already your active routine; to start it over from tomorrow use `bmctl restart \(Text.shellWord(routine))`")
        case let .routineNotFound(query):
            return .refused(routineNotFound(query))
        case let .ambiguousRoutine(query, candidates):
            return .refused("\"\(query)\" matches several routines: \(candidates.joined(separator: ", ")); type more of the name")
        case let .notStored(routine, id):
            return .refused("\(routine) has no history to \(verb); activate it first with `bmctl activate \(Text.shellWord(id))`")
        case let .taskNotFound(query, total):
            return .refused("no task matches \"\(query)\"; use a number from 1 to \(total) or the start of a title (`bmctl today` lists them)")
        case let .ambiguousTask(query, candidates):
            return .refused("\"\(query)\" matches several tasks: \(candidates.joined(separator: ", ")); type more of the title or use its number")
        case let .notToday(date, today):
            return .refused("only today (\(today)) can be changed; \(date) is read-only")
        case let .dateOutOfRange(date, earliest, latest, ended):
            guard ended == true else {
                return .refused("\(date) is out of range: days run from the routine's start (\(earliest)) "
                                + "to \(Morning.daysAhead) days ahead (\(latest))")
            }
            // Dates as YYYY-MM-DD compare as text.
            guard latest >= earliest else { return .refused("this routine is not active and has no recorded day since its start (\(earliest))") }
            return .refused("\(date) is out of range: this routine is not active, so its days run from its start "
                            + "(\(earliest)) to its last recorded day (\(latest))")
        case let .dayLocked(date):
            return .refused("today (\(date)) is already finalized for this routine")
        case let .invalidDate(text):
            return .usage(DateArgument.invalidMessage(text))
        case let .invalidRoutine(reason):
            return .refused(reason)
        case let .storageFailed(reason):
            return .refused("bmd could not save the change (\(reason)); nothing was changed")
        case let .stateFileBusy(seconds):
            return .refused("another program holds Better Morning's state file: bmd waited \(Text.count(seconds, "second")) "
                            + "and nothing was changed. Close the program that has it open (sqlite3, a database browser), "
                            + "or end its transaction, and try again")
        case .permissionDenied:
            return .refused("bmd refused the connection: it serves only its own user")
        case let .tooManyConnections(limit):
            return .unreachable("bmd is busy: it already serves \(limit) connections, its most at once; try again in a moment")
        case let .tooManyFollowers(limit):
            var failure = ControlFailure.unreachable("bmd already sends the status to \(limit) followers (status bars, "
                                                     + "status --follow), its most at once; close one, or try again in a moment")
            failure.retryLater = true
            return failure
        case let .tooMuchUnfinished(limit):
            return .unreachable("bmd is busy: it already holds \(limit) bytes of calls still arriving, its most at once; "
                                + "try again in a moment")
        case let .notificationsUnavailable(reason):
            return .refused("notifications are unavailable: \(reason); "
                            + "is a notification server (dunst, mako, GNOME Shell, Plasma …) running in this session?")
        case let .importRefused(routines):
            return .refused("import refused: Better Morning already holds \(Text.count(routines, "routine")); nothing was changed. "
                            + "`bmctl import FILE --replace` replaces them and all their history (`bmctl export` first keeps a copy)")
        case let .invalidImport(reason):
            return .refused("the export cannot be imported: \(reason); nothing was changed")
        case let .invalidTime(text, earlier, later):
            return .refused(MorningText.invalidTime(text: text, nearest: [earlier, later].compactMap { $0 }))
        case let .draftFull(limit):
            return .refused("the maximum of \(limit) tasks is reached; remove one with `bmctl draft remove N` to make room")
        case .noDraft:
            return .refused("there is no draft to save; start one with `bmctl create`, "
                            + "or with `bmctl draft title TITLE` and `bmctl draft add TIME TITLE`")
        case let .noDraftTask(position, total):
            guard total > 0 else { return .refused("the draft has no tasks yet") }
            return .refused("the draft has no task \(position); use a number from 1 to \(total) (`bmctl draft show` lists them)")
        case let .draftChanged(_, current, title, tasks):
            let now = Morning.Draft(title: title, tasks: tasks, revision: current)
            var failure = ControlFailure.refused(draftChanged(now))
            failure.draftNow = now
            return failure
        case let .routineFileError(line, reason):
            return .refused("line \(line) of \(source ?? "the routine file"): \(reason)")
        }
    }

    /// The message for a change refused because the draft changed elsewhere since it was
    /// shown: nothing was changed, and the draft as it is now, so the person can decide again.
    static func draftChanged(_ now: Morning.Draft) -> String {
        let name = now.title.map { "\"\($0)\"" } ?? "untitled"
        let tasks = now.tasks.map { "\($0.position) \($0.time) \($0.title)" }.joined(separator: ", ")
        return "the draft changed elsewhere (the window, the terminal app or another terminal) since it was shown; "
            + "nothing was changed. It is now \(name) with \(Text.count(now.tasks.count, "task"))"
            + (tasks.isEmpty ? "" : ": " + tasks) + (now.revision.map { " (revision \($0))" } ?? "")
    }

    /// The message for a routine name that matches nothing, from bmd or from an empty catalog search.
    static func routineNotFound(_ query: String, suggesting near: String? = nil) -> String {
        "no routine matches \"\(query)\"; " + (near.map { "did you mean \(Text.shellWord($0))? " } ?? "")
            + "`bmctl explore` lists the celebrity routines and `bmctl data` yours"
    }
}
