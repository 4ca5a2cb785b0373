import MorningProtocol

/// The questions of `bmctl create` on a terminal.
///
/// Every answer goes to bmd's draft at once, so whatever was typed before bmctl or bmd
/// is killed is still there, and the next `bmctl create` resumes it. A refused
/// answer is explained and asked again; the end of input stops with the draft kept.
struct CreatePrompts {
    var session: Session

    private var console: Console { session.context.console }

    /// With --json, stdout holds only the final JSON document: the conversation goes to stderr.
    private func say(_ text: String) {
        if session.globals.json { console.complain(text) } else { console.say(text) }
    }

    private func ask(_ question: String) throws(ControlFailure) -> String {
        say(question)
        guard let answer = console.readLine() else {
            say("\n")
            throw .refused("stopped before saving; the draft is kept: `bmctl create` resumes it, "
                           + "`bmctl draft discard` throws it away")
        }
        return answer.trimmingBlanks
    }

    /// Runs `step`; when bmd refuses it, says why and returns nil so the question is asked
    /// again. When the refusal is that the draft changed elsewhere (the window, another
    /// terminal), `draft` becomes the draft as it is now, which the refusal has shown.
    private func retrying<R>(_ draft: inout Morning.Draft, _ step: () throws(ControlFailure) -> R) throws(ControlFailure) -> R? {
        do {
            return try step()
        } catch where error.status == .refused {
            say(session.style.red(error.message) + "\n")
            if let now = error.draftNow { draft = now }
            return nil
        }
    }

    /// Asks until the draft is complete and the user agrees, then saves it.
    func run() throws(ControlFailure) -> Morning.Activation {
        let style = session.style
        var draft = try session.call(Morning.Call.draftShow())
        if draft.title != nil || !draft.tasks.isEmpty {
            say("Resuming your draft.\n" + DraftText.render(draft, style: style))
        } else {
            say("Create your own routine: a title, then up to \(Morning.taskLimit) tasks, each at a time of day.\n")
        }

        // The title: asked until one is accepted; Enter keeps the one the draft has.
        while true {
            let answer = try ask(draft.title.map { "Title [\($0)]: " } ?? "Title (\(Morning.routineTitleLength.lowerBound) to \(Morning.routineTitleLength.upperBound) characters): ")
            if answer.isEmpty, draft.title != nil { break }
            let seen = draft.revision
            if let titled = try retrying(&draft, { () throws(ControlFailure) in
                try TitleArgument.check(answer, .routine)
                return try session.call(Morning.Call.draftTitle(title: answer, revision: seen))
            }) {
                draft = titled
                break
            }
        }

        say("Type each task as TIME TITLE (06:45 Stretch, 6:45am Stretch); `remove N` takes task N out; "
            + "an empty line when you are done.\n")
        while true {
            if draft.tasks.count >= Morning.taskLimit {
                say(DraftText.full + "\n")
                break
            }
            let line = try ask("Task \(draft.tasks.count + 1): ")
            if line.isEmpty {
                if !draft.tasks.isEmpty { break }
                say("A routine needs at least one task.\n")
                continue
            }
            let seen = draft.revision
            if let position = CreatePrompts.removal(line) {
                if let reply = try retrying(&draft, { () throws(ControlFailure) in
                    try session.call(Morning.Call.draftRemove(position: position, revision: seen))
                }) {
                    draft = reply.draft
                    say(DraftText.render(draft, style: style))
                }
                continue
            }
            let task = TaskLine.split(line)
            guard !task.title.isEmpty else {
                say("Write the task as TIME TITLE, such as 06:45 Stretch.\n")
                continue
            }
            if let reply = try retrying(&draft, { () throws(ControlFailure) in
                try TitleArgument.check(task.title, .task)
                return try session.call(Morning.Call.draftAdd(time: task.time, title: task.title, revision: seen))
            }) {
                draft = reply.draft
                say(DraftText.render(draft, style: style))
            }
        }

        // The draft may have changed elsewhere between the questions: what is asked about
        // is the draft as it is now, and one that cannot be saved is not offered.
        let now = try session.call(Morning.Call.draftShow())
        if now.revision != draft.revision {
            draft = now
            say("The draft changed elsewhere; it is now:\n" + DraftText.render(draft, style: style))
        }
        if let unsaveable = DraftText.unsaveable(draft) { throw Refusal.failure(unsaveable) }
        let name = draft.title ?? "your routine"
        // Saving ends today for the routine that runs: when that locks checks, say so and
        // take only a yes.
        let locked = try DayEnding.lockedToday(in: session)
        let question = "Save \(name) with \(Text.count(draft.tasks.count, "task")) and start it tomorrow?"
            + (locked.map { " \($0) [y/N] " } ?? " [Y/n] ")
        let answer = try ask(question)
        guard ConfirmFirst.isYes(answer) || (locked == nil && answer.isEmpty) else {
            throw .refused("not saved; the draft is kept: `bmctl create` resumes it, `bmctl draft discard` throws it away")
        }
        return try session.call(Morning.Call.draftSave(revision: draft.revision))
    }

    /// The position in `remove N` (or `rm N`), or nil for any other line.
    static func removal(_ line: String) -> Int? {
        let words = line.split(separator: " ", omittingEmptySubsequences: true)
        guard words.count == 2, ["remove", "rm"].contains(words[0].lowercased()) else { return nil }
        return Int(words[1])
    }
}

extension String {
    /// Without leading and trailing blanks.
    var trimmingBlanks: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
