import MorningProtocol
import MorningWords

/// What the window says when bmd refuses one of its calls, on any page: one sentence that
/// says what happened and what to do instead, in the window's words (never a command to
/// type, never a protocol name), so that one refusal reads the same wherever it shows.
enum RefusalWords {
    static func sentence(for error: Morning.Error) -> String {
        switch error {
        case .noActiveRoutine:
            "There is no active routine."
        case .notStarted(let routine, let start):
            "\(routine) starts on \(start)."
        case .notToday(_, let today):
            "Only today's tasks can be checked; today is \(today)."
        case .taskNotFound:
            "That task is no longer in today's list."
        case .dateOutOfRange(let date, let earliest, let latest, _):
            "\(date) is not between \(earliest) and \(latest)."
        case .dayLocked(let date):
            "\(date) is closed and cannot change."
        case .alreadyActive(let routine):
            "\(routine) is already your routine."
        case .routineNotFound(let query):
            "bmd knows no routine \"\(query)\"; it may have been deleted."
        case .notificationsUnavailable(let reason):
            "The notification cannot show: \(reason)."
        case .draftFull(let limit):
            "The draft already has \(MorningText.count(limit, "task")), the most a routine can have; remove one to make room."
        case .invalidTime(let text, let earlier, let later):
            MorningText.invalidTime(text: text, nearest: [earlier, later].compactMap { $0 }) + "."
        case .noDraft:
            "There is no draft to save yet: give it a title and add its tasks first."
        case .noDraftTask(let position, let total):
            total == 0 ? "The draft has no tasks." : "The draft has no task \(position) any more; it has \(MorningText.count(total, "task"))."
        case .invalidRoutine(let reason):
            sentence(reason)
        case .storageFailed(let reason):
            "bmd could not save the change (\(reason)); nothing was changed."
        case .stateFileBusy(let seconds):
            "Another program holds Better Morning's state file: bmd waited \(MorningText.count(seconds, "second")) "
                + "and nothing was changed. Close the program that has it open and try again."
        case .tooManyConnections, .tooMuchUnfinished:
            "bmd is busy; nothing was changed. Try again in a moment."
        case .draftChanged:
            "The draft changed elsewhere (in a terminal or another window) since this page showed it; "
                + "nothing was changed. It shows the draft as it is now."
        // Listed one by one, with no default, so that a new error of bmd's fails to build
        // here until the window has words for it.
        case .ambiguousRoutine, .notStored, .ambiguousTask, .invalidDate, .permissionDenied, .tooManyFollowers,
             .importRefused, .invalidImport, .routineFileError:
            "bmd refused that; nothing was changed."
        }
    }

    /// bmd's reason as a sentence: a capital first, a full stop last.
    static func sentence(_ reason: String) -> String {
        guard let first = reason.first else { return reason }
        let body = first.uppercased() + reason.dropFirst()
        return body.hasSuffix(".") ? body : body + "."
    }
}
