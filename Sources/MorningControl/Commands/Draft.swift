import MorningProtocol

/// `bmctl draft show`: the draft's title and tasks in time order.
extension DraftShowRequest {
    func execute(in session: Session) throws(ControlFailure) {
        let draft = try session.call(Morning.Call.draftShow())
        session.answer(draft, DraftText.shown)
    }
}

/// `bmctl draft title TITLE`: names the draft, starting one if needed.
extension DraftTitleRequest {
    func check() throws(UsageError) {
        if words.isEmpty { throw UsageError("give the title, such as `bmctl draft title My morning`") }
    }

    func execute(in session: Session) throws(ControlFailure) {
        try TitleArgument.check(words.joined(separator: " "), .routine)
        let draft = try session.call(Morning.Call.draftTitle(title: words.joined(separator: " "), revision: revision))
        session.answer(draft, DraftText.titled)
    }
}

/// `bmctl draft add TIME TITLE`: adds a task at its place in time order.
extension DraftAddRequest {
    /// The time and title, with a separate `am`/`pm` word (`6:45 pm Run`) joined to the time.
    var task: (time: String, title: String) {
        TaskLine.split(([time] + words).joined(separator: " "))
    }

    func check() throws(UsageError) {
        if task.title.isEmpty { throw UsageError("give the task a title after its time, such as `bmctl draft add 06:45 Stretch`") }
    }

    func execute(in session: Session) throws(ControlFailure) {
        try TitleArgument.check(task.title, .task)
        let reply = try session.call(Morning.Call.draftAdd(time: task.time, title: task.title, revision: revision))
        session.answer(reply, DraftText.added)
    }
}

/// `bmctl draft remove N`: removes a task from the draft, for good.
extension DraftRemoveRequest {
    func execute(in session: Session) throws(ControlFailure) {
        let reply = try session.call(Morning.Call.draftRemove(position: position, revision: revision))
        session.answer(reply, DraftText.removed)
    }
}

/// `bmctl draft save`: the draft becomes a custom routine, active from tomorrow.
extension DraftSaveRequest {
    func execute(in session: Session) throws(ControlFailure) {
        var seen = revision
        if !yes, session.context.console.stdinIsTerminal, let locked = try DayEnding.lockedToday(in: session) {
            // What is saved is the draft asked about: read here and saved by its revision,
            // and one that cannot be saved is refused before the question, not after it.
            let draft = try session.call(Morning.Call.draftShow())
            if let revision, revision != draft.revision { throw .refused(Refusal.draftChanged(draft)) }
            if let unsaveable = DraftText.unsaveable(draft) { throw Refusal.failure(unsaveable) }
            try ConfirmFirst.require("Save the draft as your routine? \(locked) [y/N] ", action: "save", yes: false,
                                     console: session.context.console)
            seen = draft.revision
        }
        let reply = try session.call(Morning.Call.draftSave(revision: seen))
        session.answer(reply, DraftText.saved)
    }
}

/// `bmctl draft discard`: drops the draft.
extension DraftDiscardRequest {
    func execute(in session: Session) throws(ControlFailure) {
        let draft = try session.call(Morning.Call.draftDiscard(revision: revision))
        session.answer(draft, DraftText.discarded)
    }
}
