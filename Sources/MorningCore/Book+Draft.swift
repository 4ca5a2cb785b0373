/// The rules of creating a custom routine: a draft changed one step at a time and
/// kept after every change, or a routine created in one go. Each rule checks
/// the limits of a routine before it changes anything, and returns the changes to store.
extension Book {
    /// Gives the draft its title, starting a draft if there is none.
    public mutating func draftTitle(_ title: String) throws -> [Change] {
        try Book.validate(name: title)
        var draft = self.draft ?? Draft()
        draft.title = title.trimmingWhitespace
        self.draft = draft
        return [.setDraft(draft)]
    }

    /// Adds a task to the draft at its place in time order, starting a draft if there is
    /// none, and returns the task's 1-based position.
    public mutating func draftAdd(time: String, title: String) throws -> (position: Int, changes: [Change]) {
        var draft = self.draft ?? Draft()
        // Checked first: once the draft is full, every further task is refused the same way.
        guard draft.tasks.count < Limits.taskCount.upperBound else {
            throw Morning.Error.draftFull(limit: Limits.taskCount.upperBound)
        }
        let time = try TimeOfDay.parse(time)
        try Book.validate(taskTitle: title)
        let position = draft.add(RoutineTask(time: time, title: title.trimmingWhitespace))
        self.draft = draft
        return (position, [.setDraft(draft)])
    }

    /// Removes the draft's task at a 1-based position, for good, and returns it.
    public mutating func draftRemove(position: Int) throws -> (removed: RoutineTask, changes: [Change]) {
        let total = draft?.tasks.count ?? 0
        guard var draft, position >= 1, position <= total else {
            throw Morning.Error.noDraftTask(position: position, total: total)
        }
        let removed = draft.remove(at: position)
        self.draft = draft
        return (removed, [.setDraft(draft)])
    }

    /// Drops the draft and returns it as it was; nothing to store when there was none.
    public mutating func draftDiscard() -> (discarded: Draft?, changes: [Change]) {
        guard let discarded = draft else { return (nil, []) }
        draft = nil
        return (discarded, [.setDraft(nil)])
    }

    /// Saves the draft as a custom routine active from tomorrow, as activation does,
    /// and drops the draft in the same changes.
    public mutating func saveDraft(today: Day, exists: (Day) -> Bool,
                                   catalog: [CatalogEntry] = Catalog.entries) throws -> Activation {
        guard let draft else { throw Morning.Error.noDraft }
        guard let title = draft.title else {
            throw Morning.Error.invalidRoutine(reason: "a routine's title has \(Limits.nameLength.lowerBound) to \(Limits.nameLength.upperBound) characters; the draft has no title yet")
        }
        var activation = try saveCustom(name: title, tasks: draft.tasks, today: today, exists: exists, catalog: catalog)
        self.draft = nil
        activation.changes.append(.setDraft(nil))
        return activation
    }

    /// Saves a custom routine given whole (`bmctl create --title … --task …`), leaving
    /// any draft alone. Times are read as `TimeOfDay.parse` reads them.
    public mutating func create(title: String, tasks: [(time: String, title: String)], today: Day, exists: (Day) -> Bool,
                                catalog: [CatalogEntry] = Catalog.entries) throws -> Activation {
        try Book.validate(name: title)
        let parsed = try tasks.map { RoutineTask(time: try TimeOfDay.parse($0.time), title: $0.title.trimmingWhitespace) }
        return try saveCustom(name: title.trimmingWhitespace, tasks: parsed, today: today, exists: exists, catalog: catalog)
    }

    /// Saves a custom routine from the text of a routine file, leaving any draft alone.
    public mutating func create(routineFile text: String, today: Day, exists: (Day) -> Bool,
                                catalog: [CatalogEntry] = Catalog.entries) throws -> Activation {
        let file = try RoutineFile.parse(text)
        return try saveCustom(name: file.title, tasks: file.tasks, today: today, exists: exists, catalog: catalog)
    }
}
