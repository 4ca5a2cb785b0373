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
    public func draftSave(_ p: Morning.DraftSaveParameters) throws -> Morning.Activation { try serve { try draftSaveReply(p) } }
    public func draftDiscard(_ p: Morning.DraftDiscardParameters) throws -> Morning.Draft {
        try serve { try draftDiscardReply(p) }
    }
    public func create(_ p: Morning.CreateParameters) throws -> Morning.Activation { try serve { try createReply(p) } }
    public func createFromFile(_ p: Morning.CreateFromFileParameters) throws -> Morning.Activation {
        try serve { try createFromFileReply(p) }
    }

    func draftShowReply() -> Morning.Draft {
        Replies.draft(book.draft, revision: book.draftRevision)
    }

    func draftTitleReply(_ p: Morning.DraftTitleParameters) throws -> Morning.Draft {
        let draft = try mutate { book, _ in
            let changes = try book.draftTitle(p.title, revision: p.revision)
            return ((book.draft, book.draftRevision), changes)
        }
        return Replies.draft(draft.0, revision: draft.1)
    }

    func draftAddReply(_ p: Morning.DraftAddParameters) throws -> Morning.DraftChange {
        let (draft, revision, position) = try mutate { book, _ in
            let added = try book.draftAdd(time: p.time, title: p.title, revision: p.revision)
            return ((book.draft, book.draftRevision, added.position), added.changes)
        }
        let reply = Replies.draft(draft, revision: revision)
        return Morning.DraftChange(title: reply.title, tasks: reply.tasks, revision: revision, task: reply.tasks[position - 1])
    }

    func draftRemoveReply(_ p: Morning.DraftRemoveParameters) throws -> Morning.DraftChange {
        let (draft, revision, removed) = try mutate { book, _ in
            let r = try book.draftRemove(position: p.position, revision: p.revision)
            return ((book.draft, book.draftRevision, r.removed), r.changes)
        }
        let reply = Replies.draft(draft, revision: revision)
        return Morning.DraftChange(title: reply.title, tasks: reply.tasks, revision: revision,
                                   task: Replies.draftTask(removed, position: p.position))
    }

    func draftSaveReply(_ p: Morning.DraftSaveParameters) throws -> Morning.Activation {
        let a = try mutate { book, now in
            let a = try book.saveDraft(today: now.today, revision: p.revision, catalog: catalog)
            return (a, a.changes)
        }
        return activationReply(a)
    }

    func draftDiscardReply(_ p: Morning.DraftDiscardParameters) throws -> Morning.Draft {
        let (discarded, revision) = try mutate { book, _ in
            let d = try book.draftDiscard(revision: p.revision)
            return ((d.discarded, book.draftRevision), d.changes)
        }
        return Replies.draft(discarded, revision: revision)
    }

    func createReply(_ p: Morning.CreateParameters) throws -> Morning.Activation {
        let a = try mutate { book, now in
            let a = try book.create(title: p.title, tasks: p.tasks.map { ($0.time, $0.title) }, today: now.today,
                                    catalog: catalog)
            return (a, a.changes)
        }
        return activationReply(a)
    }

    func createFromFileReply(_ p: Morning.CreateFromFileParameters) throws -> Morning.Activation {
        let a = try mutate { book, now in
            let a = try book.create(routineFile: p.text, today: now.today, catalog: catalog)
            return (a, a.changes)
        }
        return activationReply(a)
    }
}

extension Replies {
    /// The draft as `DraftShow` answers it: no draft reads as no title and no tasks.
    static func draft(_ d: Draft?, revision: Int) -> Morning.Draft {
        Morning.Draft(title: d?.title,
                      tasks: (d?.tasks ?? []).enumerated().map { draftTask($0.element, position: $0.offset + 1) },
                      revision: revision)
    }

    static func draftTask(_ t: RoutineTask, position: Int) -> Morning.DraftTask {
        Morning.DraftTask(position: position, time: t.time.description, title: t.title)
    }
}
