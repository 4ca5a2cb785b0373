import MorningProtocol

/// What bmctl says about the draft and about a routine just created.
enum DraftText {
    /// The draft as a list in time order, or how to start one when there is none.
    /// `draft show` adds the revision, for a script's `--revision`; the create
    /// questions leave it out.
    static func render(_ draft: Morning.Draft, style: Style) -> String {
        render(draft, style: style, revision: false)
    }

    /// The draft as `draft show` prints it: with its revision.
    static func shown(_ draft: Morning.Draft, style: Style) -> String {
        render(draft, style: style, revision: true)
    }

    private static func render(_ draft: Morning.Draft, style: Style, revision: Bool) -> String {
        if draft.title == nil && draft.tasks.isEmpty {
            return Text.lines(["No draft. Start one with `bmctl create`, or with `bmctl draft title TITLE` "
                               + "and `bmctl draft add TIME TITLE`."])
        }
        let title = draft.title.map { style.bold($0) } ?? style.dim("(no title yet)")
        let header = "Draft: \(title) · \(draft.tasks.count) of \(Text.count(Morning.taskLimit, "task"))"
            + (revision ? draft.revision.map { " · revision \($0)" } ?? "" : "")
        let width = String(draft.tasks.count).count
        let tasks = draft.tasks.map { "  \(Text.padLeft(String($0.position), width))  \($0.time)  \($0.title)" }
        return Text.lines([header] + (tasks.isEmpty ? ["  " + style.dim("no tasks yet")] : tasks))
    }

    static func added(_ reply: Morning.DraftChange, style: Style) -> String {
        var lines = ["Added \(reply.task.time) \(reply.task.title) as task \(reply.task.position) of \(reply.tasks.count)."]
        if reply.tasks.count >= Morning.taskLimit { lines.append(full) }
        return Text.lines(lines)
    }

    static func removed(_ reply: Morning.DraftChange, style: Style) -> String {
        Text.lines(["Removed task \(reply.task.position), \(reply.task.time) \(reply.task.title); "
                    + "the draft has \(Text.count(reply.tasks.count, "task")) left."])
    }

    static func titled(_ draft: Morning.Draft, style: Style) -> String {
        Text.lines(["The draft is called \(style.bold(draft.title ?? "")) (\(Text.count(draft.tasks.count, "task")))."])
    }

    static func discarded(_ draft: Morning.Draft, style: Style) -> String {
        if draft.title == nil && draft.tasks.isEmpty { return Text.lines(["There was no draft to discard."]) }
        let name = draft.title.map { " " + style.bold($0) } ?? ""
        return Text.lines(["Discarded the draft\(name) with \(Text.count(draft.tasks.count, "task"))."])
    }

    /// After saving: the new routine starts tomorrow, and the running one's today ended.
    static func saved(_ reply: Morning.Activation, style: Style) -> String {
        Text.lines(["Saved \(style.bold(reply.routine.name)) with \(Text.count(reply.routine.tasks.count, "task")): "
                    + "it is your active routine from tomorrow (\(reply.routine.startDate))."]
                   + ChangeText.finalized(reply))
    }

    /// The refusal bmd would give to saving `draft` as it is (no draft, no title, no
    /// task), or nil when it can be saved: asked before any question, so that no one
    /// agrees to a save that is then refused.
    static func unsaveable(_ draft: Morning.Draft) -> Morning.Error? {
        if draft.title == nil && draft.tasks.isEmpty { return .noDraft }
        if draft.title == nil {
            return .invalidRoutine(reason: "a routine's title has \(Morning.routineTitleLength.lowerBound) to "
                                   + "\(Morning.routineTitleLength.upperBound) characters; the draft has no title yet")
        }
        if draft.tasks.isEmpty { return .invalidRoutine(reason: "a routine needs at least one task") }
        return nil
    }

    static let full = "That is the maximum of \(Morning.taskLimit) tasks."
}
