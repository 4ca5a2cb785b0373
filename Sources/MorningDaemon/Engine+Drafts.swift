import MorningCore
import MorningProtocol

/// The draft and create methods (§5): each change to the draft is one rule of the core
/// stored in one transaction before the reply goes out, so an answered call is never
/// lost to a crash of bmctl or bmd (C2).
extension Engine {
    func draftShow() -> [UInt8] {
        Varlink.encodeReply(Replies.draft(book.draft))
    }

    func draftTitle(_ call: Varlink.Call) throws -> [UInt8] {
        let p = try call.parameters(Morning.DraftTitleParameters.self)
        let draft = try mutate { book, _ in
            let changes = try book.draftTitle(p.title)
            return (book.draft, changes)
        }
        return Varlink.encodeReply(Replies.draft(draft))
    }

    func draftAdd(_ call: Varlink.Call) throws -> [UInt8] {
        let p = try call.parameters(Morning.DraftAddParameters.self)
        let (draft, position) = try mutate { book, _ in
            let added = try book.draftAdd(time: p.time, title: p.title)
            return ((book.draft, added.position), added.changes)
        }
        let reply = Replies.draft(draft)
        return Varlink.encodeReply(Morning.DraftChangeReply(title: reply.title, tasks: reply.tasks,
                                                            task: reply.tasks[position - 1]))
    }

    func draftRemove(_ call: Varlink.Call) throws -> [UInt8] {
        let p = try call.parameters(Morning.DraftRemoveParameters.self)
        let (draft, removed) = try mutate { book, _ in
            let r = try book.draftRemove(position: p.position)
            return ((book.draft, r.removed), r.changes)
        }
        let reply = Replies.draft(draft)
        return Varlink.encodeReply(Morning.DraftChangeReply(title: reply.title, tasks: reply.tasks,
                                                            task: Replies.draftTask(removed, position: p.position)))
    }

    func draftSave() throws -> [UInt8] {
        let a = try mutate { book, today in
            let a = try book.saveDraft(today: today, catalog: catalog)
            return (a, a.changes)
        }
        return Varlink.encodeReply(activationReply(a))
    }

    func draftDiscard() throws -> [UInt8] {
        let discarded = try mutate { book, _ in book.draftDiscard() }
        return Varlink.encodeReply(Replies.draft(discarded))
    }

    func create(_ call: Varlink.Call) throws -> [UInt8] {
        let p = try call.parameters(Morning.CreateParameters.self)
        let a = try mutate { book, today in
            let a = try book.create(title: p.title, tasks: p.tasks.map { ($0.time, $0.title) }, today: today, catalog: catalog)
            return (a, a.changes)
        }
        return Varlink.encodeReply(activationReply(a))
    }

    func createFromFile(_ call: Varlink.Call) throws -> [UInt8] {
        let p = try call.parameters(Morning.CreateFromFileParameters.self)
        let a = try mutate { book, today in
            let a = try book.create(routineFile: p.text, today: today, catalog: catalog)
            return (a, a.changes)
        }
        return Varlink.encodeReply(activationReply(a))
    }
}

extension Replies {
    /// The draft as `DraftShow` answers it: no draft reads as no title and no tasks.
    static func draft(_ d: Draft?) -> Morning.DraftReply {
        Morning.DraftReply(title: d?.title,
                           tasks: (d?.tasks ?? []).enumerated().map { draftTask($0.element, position: $0.offset + 1) })
    }

    static func draftTask(_ t: RoutineTask, position: Int) -> Morning.DraftTask {
        Morning.DraftTask(position: position, time: t.time.description, title: t.title)
    }
}
