import MorningProtocol
import MorningWords

/// What the Routines page needs of bmd. The link makes the call and sends the answer
/// back as a `RoutinesEvent`.
public enum RoutinesEffect: Equatable, Sendable {
    /// The famous routines (Explore).
    case loadCatalog
    /// The person's own stored routines (Stats).
    case loadOwn
    /// The draft as bmd holds it (DraftShow).
    case loadDraft
    case activate(routine: String)
    /// Each change to the draft names the revision the page showed (with the changes it
    /// asked for before it counted in), so that bmd refuses it, changing nothing, when the
    /// draft changed elsewhere: it never lands on a task or a title the page did not show.
    case draftTitle(String, revision: Int? = nil)
    case draftAdd(time: String, title: String, revision: Int? = nil)
    case draftRemove(position: Int, revision: Int? = nil)
    case draftSave(revision: Int?)
    case draftDiscard(revision: Int?)
}

/// What happens on the Routines page: bmd's answers and the person's actions.
public enum RoutinesEvent: Equatable, Sendable {
    /// The page came into view: everything it shows is asked for again.
    case opened
    /// Something else shows the famous routines (About credits their sources): they are
    /// asked for when the page has not had them yet.
    case wantCatalog
    case catalog([Morning.CatalogRoutine])
    case own([Morning.RoutineStats])
    /// The draft as bmd holds it.
    case draft(Morning.Draft)
    /// The status names an active routine the person's list lacks (made active elsewhere):
    /// the list is asked for again.
    case refreshOwn
    /// bmd answered a change: a routine made active, the draft titled, a task added or
    /// removed, the draft saved or thrown away.
    case activated(Morning.Activation)
    case titled(Morning.Draft)
    case added(Morning.DraftChange)
    case removed(Morning.DraftChange)
    case saved(Morning.Activation)
    case discarded(Morning.Draft)
    /// bmd refused the change the page asked for.
    case refused(Morning.Error)
    /// The change failed in a way bmd's interface does not name, said in words.
    case failed(String)
    /// The person asks to make this routine (a famous one's id, or one of their own) theirs.
    case adopt(routine: String)
    /// The draft's title, as typed.
    case setTitle(String)
    /// A task for the draft, at hour:minute.
    case add(hour: Int, minute: Int, title: String)
    case remove(position: Int)
    /// Save the draft, with the title as typed (given to bmd first when it changed).
    case save(title: String)
    case discard
    /// The answer to the question on show: go ahead, or leave things as they are.
    case confirm
    case cancel
    /// The window closes with this in the draft's entries, maybe never given to bmd: a
    /// title, and a task at hour:minute.
    case closing(title: String, hour: Int, minute: Int, taskTitle: String)
}

/// The Routines page's state: the famous routines, the person's own, the draft as bmd
/// holds it, and the question asked before a change that ends something. Events go in,
/// effects come out; nothing here reads a clock or a socket.
public struct RoutinesModel: Equatable, Sendable {
    /// A question asked before a change goes ahead (the window's one kind, read through
    /// as `question.heading`), and the change.
    @dynamicMemberLookup
    public struct Question: Equatable, Sendable {
        public var asked: Confirmation
        public var effect: RoutinesEffect

        public subscript<Value>(dynamicMember part: KeyPath<Confirmation, Value>) -> Value { asked[keyPath: part] }
    }

    /// A change asked about before it goes ahead.
    public enum Asking: Equatable, Sendable {
        case adopt(id: String, name: String)
        case save
        case discard
    }

    /// Where on the page a refusal's words go: at the top (adopting), or with the draft
    /// (saving it too, as what is refused is the draft).
    public enum Place: Equatable, Sendable { case top, draft }

    /// The latest status, for what a switch would end and which routine is the person's.
    public private(set) var status: Morning.StatusReply?
    public var catalog: [Morning.CatalogRoutine]?
    public var own: [Morning.RoutineStats]?
    public var draft: Morning.Draft?
    /// The change the page asks about, while it does.
    public var asking: Asking?
    /// What the last change did, said at the top of the page.
    public var notice: String?
    /// Why the last adoption or saving failed, at the top of the page.
    public var message: String?
    /// Why the last change to the draft failed, with the draft.
    public var draftMessage: String?
    /// How many tasks were added since the page was made: the page clears its entry when it grows.
    public var addedCount = 0
    /// The changes asked of bmd and not yet answered, in order, and where their answers go.
    public var pending: [Place] = []
    /// Whether saving waits for bmd to take the title first.
    public var saveAfterTitle = false
    /// The tasks asked to be added and not yet answered ("06:05 Stretch"), so that closing
    /// the window meanwhile does not add one again from the entry it still fills.
    public var addsAwaited: [String] = []
    /// The active routine the list was last asked for again because it lacked it.
    public var ownAskedFor: String?
    /// The revision of the draft the question on show names ("Save Run with 2 tasks?"):
    /// the answer saves or discards that draft, or nothing.
    public var askedRevision: Int?

    public init() {}

    /// Whether the page waits for bmd to answer a change.
    public var awaiting: Bool { !pending.isEmpty }

    /// The id of the routine active now, or due tomorrow.
    public var activeID: String? {
        status.map { $0.phase == .none ? nil : $0.routine?.id } ?? own?.first { $0.active }?.routineId
    }

    /// Whether the status names an active routine missing from the person's list, not yet
    /// asked for: one made active or created elsewhere (bmctl, the terminal app).
    public var ownLacksActive: Bool {
        guard let own, let id = activeID, id != ownAskedFor else { return false }
        return !own.contains { $0.routineId == id }
    }

    public var tomorrow: Day? { status.flatMap { Day(iso: $0.date) }?.next }

    /// "3 tasks, first at 05:00 · your routine", what a row of the person's own routines says.
    public func line(_ routine: Morning.RoutineStats) -> String {
        var parts = [MorningText.count(routine.tasks, "task")]
        parts.append(routine.type == .custom ? "your own" : "a famous routine")
        let days = routine.stats.daysTracked
        parts.append(days == 0 ? "no day tracked yet" : MorningText.count(days, "day") + " tracked")
        if routine.routineId == activeID {
            parts.append(status?.phase == .waiting ? "your routine from \(status?.routine?.startDate ?? "tomorrow")" : "your routine now")
        }
        return parts.joined(separator: " · ")
    }

    /// "2 of 20 tasks", how full the draft is.
    public var draftCount: String {
        "\(draft?.tasks.count ?? 0) of \(MorningText.count(Morning.taskLimit, "task"))"
    }

    /// A new status, from the window's model: when it says the draft changed since the
    /// draft on show (elsewhere: a terminal, another window), the draft is asked for again,
    /// so that the page shows what a change or a save would act on.
    public mutating func show(status: Morning.StatusReply) -> [RoutinesEffect] {
        self.status = status
        return draftBehind ? [.loadDraft] : []
    }

    /// Whether bmd's draft is newer than the one on show, with no change of the page's own
    /// awaited: a revision only grows, so an older status never asks again.
    var draftBehind: Bool {
        guard pending.isEmpty, let shown = draft?.revision, let held = status?.draftRevision else { return false }
        return held > shown
    }

    /// The revision the next change is made for: the draft on show, with the changes the
    /// page asked for and bmd has not answered yet, each one more.
    var revisionToSend: Int? {
        draft?.revision.map { $0 + pending.filter { $0 == .draft }.count }
    }

    /// Why the draft cannot be saved as it is, with `typedTitle` in the title's entry, or nil
    /// when it can: the Save button is greyed with these words, and never asks about a save
    /// bmd would refuse.
    public func saveUnavailable(typedTitle: String) -> String? {
        guard let draft else { return "The draft is not read yet." }
        let titled = draft.title != nil || !Self.trimmed(typedTitle).isEmpty
        switch (titled, draft.tasks.isEmpty) {
        case (false, true): return "Give the routine a title and add its tasks to save it."
        case (false, false): return "Give the routine a title to save it."
        case (true, true): return "Add a task to save the routine: a routine needs at least one."
        case (true, false): return nil
        }
    }

    public mutating func handle(_ event: RoutinesEvent) -> [RoutinesEffect] {
        switch event {
        case .opened:
            pending = []
            addsAwaited = []
            saveAfterTitle = false
            notice = nil
            message = nil
            draftMessage = nil
            return [.loadCatalog, .loadOwn, .loadDraft]
        case .wantCatalog:
            return catalog == nil ? [.loadCatalog] : []
        case .catalog(let routines):
            catalog = routines
        case .own(let routines):
            own = routines
        case .draft(let draft):
            self.draft = draft
            // A question about a draft that has changed since is taken back: its answer
            // would save or throw away what the person was not shown.
            if asking == .save || asking == .discard, let asked = askedRevision, draft.revision != asked {
                asking = nil
                draftMessage = "The draft changed elsewhere while the question was open; nothing was changed. It shows the draft as it is now."
            }
            if draftBehind { return [.loadDraft] }
        case .refreshOwn:
            guard ownLacksActive else { return [] }
            ownAskedFor = activeID
            return [.loadOwn]
        case .activated(let reply):
            answered()
            notice = ([Self.startsTomorrow(reply.routine)] + [MorningText.switchEnded(reply)].compactMap { $0 }).joined(separator: " ")
            message = nil
            return [.loadOwn]
        case .titled(let draft):
            answered()
            self.draft = draft
            draftMessage = nil
            if saveAfterTitle {
                saveAfterTitle = false
                return askSave()
            }
            if draftBehind { return [.loadDraft] }
        case .added(let change):
            answered()
            if let index = addsAwaited.firstIndex(of: "\(change.task.time) \(change.task.title)") {
                addsAwaited.remove(at: index)
            }
            draft = change.draft
            addedCount += 1
            draftMessage = change.tasks.count >= Morning.taskLimit
                ? "That is the most a routine can have: \(MorningText.count(Morning.taskLimit, "task"))." : nil
            if draftBehind { return [.loadDraft] }
        case .removed(let change):
            answered()
            draft = change.draft
            draftMessage = nil
            if draftBehind { return [.loadDraft] }
        case .saved(let reply):
            answered()
            draft = Morning.Draft(title: nil, tasks: [], revision: draft?.revision.map { $0 + 1 })
            draftMessage = nil
            message = nil
            notice = (["Saved \(reply.routine.name) with \(MorningText.count(reply.routine.tasks.count, "task")).",
                       Self.startsTomorrow(reply.routine)] + [MorningText.switchEnded(reply)].compactMap { $0 })
                .joined(separator: " ")
            return [.loadOwn]
        case .discarded(let was):
            answered()
            draft = Morning.Draft(title: nil, tasks: [], revision: was.revision)
            draftMessage = nil
        case .refused(let error):
            addsAwaited = []
            let effects = refuse(RefusalWords.sentence(for: error))
            // A routine deleted elsewhere (a terminal, another window): the list is asked
            // for again, so that its row and Adopt button go.
            switch error {
            case .routineNotFound, .notStored: return effects + [.loadOwn]
            default: return effects
            }
        case .failed(let words):
            addsAwaited = []
            return refuse(words)
        case .adopt(let id):
            return adopt(id)
        case .setTitle(let title):
            draftMessage = nil
            let revision = revisionToSend
            pending.append(.draft)
            return [.draftTitle(title, revision: revision)]
        case .add(let hour, let minute, let title):
            draftMessage = nil
            let time = Self.time(hour: hour, minute: minute)
            addsAwaited.append("\(time) \(title)")
            let revision = revisionToSend
            pending.append(.draft)
            return [.draftAdd(time: time, title: title, revision: revision)]
        case .remove(let position):
            draftMessage = nil
            let revision = revisionToSend
            pending.append(.draft)
            return [.draftRemove(position: position, revision: revision)]
        case .save(let title):
            draftMessage = nil
            notice = nil
            // A save bmd would refuse is not asked about: the button is greyed with the
            // same words, which say what is missing.
            if let missing = saveUnavailable(typedTitle: title) {
                draftMessage = missing
                return []
            }
            if let typed = newTitle(title) {
                saveAfterTitle = true
                let revision = revisionToSend
                pending.append(.draft)
                return [.draftTitle(typed, revision: revision)]
            }
            return askSave()
        case .discard:
            draftMessage = nil
            asking = .discard
            askedRevision = revisionToSend
        case .confirm:
            guard let question else { return [] }
            asking = nil
            pending.append(Self.place(of: question.effect))
            return [question.effect]
        case .cancel:
            asking = nil
        case .closing(let title, let hour, let minute, let taskTitle):
            return closing(title: title, hour: hour, minute: minute, taskTitle: taskTitle)
        }
        return []
    }

    /// What the person typed for the draft and did not give bmd yet goes to bmd as the
    /// window closes, as if they had pressed Enter: closing the window loses nothing. A
    /// title bmd already holds, a task already asked for, or entries left empty ask nothing.
    private mutating func closing(title: String, hour: Int, minute: Int, taskTitle: String) -> [RoutinesEffect] {
        var effects: [RoutinesEffect] = []
        if let typed = newTitle(title) {
            effects.append(.draftTitle(typed, revision: revisionToSend))
            pending.append(.draft)
        }
        let time = Self.time(hour: hour, minute: minute)
        if !Self.trimmed(taskTitle).isEmpty, !addsAwaited.contains("\(time) \(taskTitle)") {
            effects.append(.draftAdd(time: time, title: taskTitle, revision: revisionToSend))
            pending.append(.draft)
        }
        return effects
    }

    /// The title typed, when it is one bmd does not hold yet.
    private func newTitle(_ typed: String) -> String? {
        let title = Self.trimmed(typed)
        return title.isEmpty || title == draft?.title ? nil : title
    }

    /// The question on show, in the words of now: a check made meanwhile, or the day
    /// ending, changes what a switch would end, and the question says so.
    public var question: Question? {
        let starts = "start" + (tomorrow.map { "s tomorrow (\($0))" } ?? "s tomorrow")
        let ends = status.flatMap(MorningText.switchEnds)
        switch asking {
        case nil:
            return nil
        case .adopt(let id, let name)?:
            return Question(asked: Confirmation(heading: "Make \(name) your routine?", body: "It \(starts)." + (ends.map { " " + $0 } ?? ""),
                                                action: "Switch", destructive: false), effect: .activate(routine: id))
        case .save?:
            let name = draft?.title ?? "your routine"
            let tasks = MorningText.count(draft?.tasks.count ?? 0, "task")
            return Question(asked: Confirmation(heading: "Save \(name) with \(tasks) and start it tomorrow" + (tomorrow.map { " (\($0))" } ?? "") + "?",
                                                body: ends ?? "", action: "Save and Switch", destructive: false),
                            effect: .draftSave(revision: askedRevision))
        case .discard?:
            let name = draft?.title.map { "the draft \($0)" } ?? "the draft"
            let tasks = draft?.tasks.count ?? 0
            return Question(asked: Confirmation(heading: "Discard \(name)?",
                            body: tasks == 0 ? "This cannot be undone."
                                : "Its \(MorningText.count(tasks, "task")) \(tasks == 1 ? "is" : "are") thrown away; this cannot be undone.",
                            action: "Discard", destructive: true), effect: .draftDiscard(revision: askedRevision))
        }
    }

    /// Makes `id` the active routine, asking first when that ends something.
    private mutating func adopt(_ id: String) -> [RoutinesEffect] {
        notice = nil
        message = nil
        let name = catalog?.first { $0.id == id }?.name ?? own?.first { $0.routineId == id }?.routine ?? id
        if id == activeID {
            message = "\(name) is already your routine."
            return []
        }
        guard let status, MorningText.switchEnds(status) != nil else {
            pending.append(.top)
            return [.activate(routine: id)]
        }
        asking = .adopt(id: id, name: name)
        return []
    }

    /// Saves the draft, asking first when that ends something.
    private mutating func askSave() -> [RoutinesEffect] {
        guard let status, MorningText.switchEnds(status) != nil else {
            let revision = revisionToSend
            pending.append(.draft)
            return [.draftSave(revision: revision)]
        }
        asking = .save
        askedRevision = revisionToSend
        return []
    }

    /// An answer came: the oldest change waiting is done.
    private mutating func answered() {
        if !pending.isEmpty { pending.removeFirst() }
    }

    private mutating func refuse(_ words: String) -> [RoutinesEffect] {
        let place = pending.first ?? .top
        answered()
        saveAfterTitle = false
        switch place {
        case .top:
            message = words
            return []
        case .draft:
            draftMessage = words
            // The draft may have changed elsewhere (another window, bmctl): show bmd's.
            return [.loadDraft]
        }
    }

    private static func place(of effect: RoutinesEffect) -> Place {
        switch effect {
        case .activate: .top
        default: .draft
        }
    }

    /// "Franklin is your routine from tomorrow (2026-11-26)."
    static func startsTomorrow(_ routine: Morning.RoutineInfo) -> String {
        "\(routine.name) is your routine from tomorrow (\(routine.startDate))."
    }

    /// "06:05" from 6 and 5.
    public static func time(hour: Int, minute: Int) -> String {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(two(hour)):\(two(minute))"
    }

    static func trimmed(_ text: String) -> String {
        String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
