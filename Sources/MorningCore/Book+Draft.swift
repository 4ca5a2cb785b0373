/// The rules of creating a custom routine: a draft changed one step at a time and
/// kept after every change, or a routine created in one go. Each rule checks
/// the limits of a routine before it changes anything, and returns the changes to store.
extension Book {
    /// The change that stores `draft`, counted as one more revision.
    mutating func setDraft(_ draft: Draft?) -> Change {
        self.draft = draft
        draftRevision += 1
        return .setDraft(draft)
    }

    /// Refuses a change made for a revision of the draft that is not the one bmd holds:
    /// the caller was shown a draft that has changed since, and the change would land on
    /// something the person did not see. No revision (a script, a generic client) goes on.
    public func checkDraftRevision(_ seen: Int?) throws {
        guard let seen, seen != draftRevision else { return }
        let tasks = (draft?.tasks ?? []).enumerated().map {
            Morning.DraftTask(position: $0.offset + 1, time: $0.element.time.description, title: $0.element.title)
        }
        throw Morning.Error.draftChanged(revision: seen, current: draftRevision, title: draft?.title, tasks: tasks)
    }

    /// Gives the draft its title, starting a draft if there is none.
    public mutating func draftTitle(_ title: String, revision: Int? = nil) throws -> [Change] {
        try checkDraftRevision(revision)
        try Book.validate(name: title)
        var draft = self.draft ?? Draft()
        draft.title = title.trimmingWhitespace
        return [setDraft(draft)]
    }

    /// Adds a task to the draft at its place in time order, starting a draft if there is
    /// none, and returns the task's 1-based position.
    public mutating func draftAdd(time: String, title: String, revision: Int? = nil) throws -> (position: Int, changes: [Change]) {
        try checkDraftRevision(revision)
        var draft = self.draft ?? Draft()
        // Checked first: once the draft is full, every further task is refused the same way.
        guard draft.tasks.count < Limits.taskCount.upperBound else {
            throw Morning.Error.draftFull(limit: Limits.taskCount.upperBound)
        }
        let time = try TimeOfDay.parse(time)
        try Book.validate(taskTitle: title)
        let position = draft.add(RoutineTask(time: time, title: title.trimmingWhitespace))
        return (position, [setDraft(draft)])
    }

    /// Removes the draft's task at a 1-based position, for good, and returns it.
    public mutating func draftRemove(position: Int, revision: Int? = nil) throws -> (removed: RoutineTask, changes: [Change]) {
        try checkDraftRevision(revision)
        let total = draft?.tasks.count ?? 0
        guard var draft, position >= 1, position <= total else {
            throw Morning.Error.noDraftTask(position: position, total: total)
        }
        let removed = draft.remove(at: position)
        return (removed, [setDraft(draft)])
    }

    /// Drops the draft and returns it as it was; nothing to store when there was none.
    public mutating func draftDiscard() -> (discarded: Draft?, changes: [Change]) {
        guard let discarded = draft else { return (nil, []) }
        return (discarded, [setDraft(nil)])
    }

    /// Drops the draft the caller was shown (revision), refusing when it changed since.
    public mutating func draftDiscard(revision: Int?) throws -> (discarded: Draft?, changes: [Change]) {
        try checkDraftRevision(revision)
        return draftDiscard()
    }

    /// Saves the draft as a custom routine active from tomorrow, as activation does,
    /// and drops the draft in the same changes.
    public mutating func saveDraft(today: Today, revision: Int? = nil,
                                   catalog: [CatalogEntry] = Catalog.entries) throws -> Activation {
        try checkDraftRevision(revision)
        guard let draft else { throw Morning.Error.noDraft }
        guard let title = draft.title else {
            throw Morning.Error.invalidRoutine(reason: "a routine's title has \(Limits.nameLength.lowerBound) to \(Limits.nameLength.upperBound) characters; the draft has no title yet")
        }
        var activation = try saveCustom(name: title, tasks: draft.tasks, today: today, catalog: catalog)
        activation.changes.append(setDraft(nil))
        return activation
    }

    /// Saves a custom routine given whole (`bmctl create --title … --task …`), leaving
    /// any draft alone. Times are read as `TimeOfDay.parse` reads them.
    public mutating func create(title: String, tasks: [(time: String, title: String)], today: Today,
                                catalog: [CatalogEntry] = Catalog.entries) throws -> Activation {
        try Book.validate(name: title)
        let parsed = try tasks.map { RoutineTask(time: try TimeOfDay.parse($0.time), title: $0.title.trimmingWhitespace) }
        return try saveCustom(name: title.trimmingWhitespace, tasks: parsed, today: today, catalog: catalog)
    }

    /// Saves a custom routine from the text of a routine file, leaving any draft alone.
    public mutating func create(routineFile text: String, today: Today,
                                catalog: [CatalogEntry] = Catalog.entries) throws -> Activation {
        let file = try RoutineFile.parse(text)
        return try saveCustom(name: file.title, tasks: file.tasks, today: today, catalog: catalog)
    }
}
