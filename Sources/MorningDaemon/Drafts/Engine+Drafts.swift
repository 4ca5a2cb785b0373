import MorningCore
import MorningProtocol

/// The draft and create methods: each change to the draft is one rule of the core
/// stored in one transaction before the reply goes out, so an answered call is never
/// lost to a crash of bmctl or bmd.
extension Engine {
    public func draftShow() throws -> Morning.Draft { serve { draftShowReply() } }
    public func draftTitle(_ p: Morning.DraftTitleParameters) throws -> Morning.Draft { try serve { try draftTitleReply(p) } }
    public func draftAdd(_ p: Morning.DraftAddParameters) throws -> Morning.DraftChange { try serve { try draftAddReply(p) } }
    public func draftRemove(_ p: Morning.DraftRemoveParameters) throws -> Morning.DraftChange { try serve { try draftRemoveReply(p) } }
    public func draftSave() throws -> Morning.Activation { try serve { try draftSaveReply() } }
    public func draftDiscard() throws -> Morning.Draft { try serve { try draftDiscardReply() } }
    public func create(_ p: Morning.CreateParameters) throws -> Morning.Activation { try serve { try createReply(p) } }
    public func createFromFile(_ p: Morning.CreateFromFileParameters) throws -> Morning.Activation {
        try serve { try createFromFileReply(p) }
    }

    func draftShowReply() -> Morning.Draft {
        Replies.draft(book.draft)
    }

    func draftTitleReply(_ p: Morning.DraftTitleParameters) throws -> Morning.Draft {
        let draft = try mutate { book, _ in
            let changes = try book.draftTitle(p.title)
            return (book.draft, changes)
        }
        return Replies.draft(draft)
    }

    func draftAddReply(_ p: Morning.DraftAddParameters) throws -> Morning.DraftChange {
        let (draft, position) = try mutate { book, _ in
            let added = try book.draftAdd(time: p.time, title: p.title)
            return ((book.draft, added.position), added.changes)
        }
        let reply = Replies.draft(draft)
        return Morning.DraftChange(title: reply.title, tasks: reply.tasks, task: reply.tasks[position - 1])
    }

    func draftRemoveReply(_ p: Morning.DraftRemoveParameters) throws -> Morning.DraftChange {
        let (draft, removed) = try mutate { book, _ in
            let r = try book.draftRemove(position: p.position)
            return ((book.draft, r.removed), r.changes)
        }
        let reply = Replies.draft(draft)
        return Morning.DraftChange(title: reply.title, tasks: reply.tasks, task: Replies.draftTask(removed, position: p.position))
    }

    func draftSaveReply() throws -> Morning.Activation {
        let a = try mutate { book, now in
            let a = try book.saveDraft(today: now.date, exists: now.exists, catalog: catalog)
            return (a, a.changes)
        }
        return activationReply(a)
    }

    func draftDiscardReply() throws -> Morning.Draft {
        let discarded = try mutate { book, _ in book.draftDiscard() }
        return Replies.draft(discarded)
    }

    func createReply(_ p: Morning.CreateParameters) throws -> Morning.Activation {
        let a = try mutate { book, now in
            let a = try book.create(title: p.title, tasks: p.tasks.map { ($0.time, $0.title) }, today: now.date,
                                    exists: now.exists, catalog: catalog)
            return (a, a.changes)
        }
        return activationReply(a)
    }

    func createFromFileReply(_ p: Morning.CreateFromFileParameters) throws -> Morning.Activation {
        let a = try mutate { book, now in
            let a = try book.create(routineFile: p.text, today: now.date, exists: now.exists, catalog: catalog)
            return (a, a.changes)
        }
        return activationReply(a)
    }
}

extension Replies {
    /// The draft as `DraftShow` answers it: no draft reads as no title and no tasks.
    static func draft(_ d: Draft?) -> Morning.Draft {
        Morning.Draft(title: d?.title,
                           tasks: (d?.tasks ?? []).enumerated().map { draftTask($0.element, position: $0.offset + 1) })
    }

    static func draftTask(_ t: RoutineTask, position: Int) -> Morning.DraftTask {
        Morning.DraftTask(position: position, time: t.time.description, title: t.title)
    }
}
