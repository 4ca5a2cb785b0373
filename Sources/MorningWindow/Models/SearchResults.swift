import MorningProtocol
import MorningWords

/// What Better Morning answers in GNOME's search (the Activities overview): the morning
/// itself, today's tasks with their state, and the famous routines, matched against what
/// the person typed. Made from bmd's answers alone: no clock, no socket.
public struct SearchResults: Equatable, Sendable {
    /// One result, as the overview lists it.
    public struct Result: Equatable, Sendable {
        /// The result's id, which the overview hands back: `today`, `task:N` or `routine:ID`.
        public var id: String
        public var name: String
        public var description: String
    }

    /// Where activating a result opens the window.
    public enum Target: Equatable, Sendable {
        case today
        /// The famous routine with this id, on the Routines page.
        case routine(String)
        /// The Routines page, for "more results".
        case routines
    }

    public var catalog: [Morning.CatalogRoutine]
    public var status: Morning.StatusReply?
    /// Today's tasks of the active routine, when it runs today.
    public var today: Morning.DayReply?

    public init(catalog: [Morning.CatalogRoutine], status: Morning.StatusReply?, today: Morning.DayReply?) {
        self.catalog = catalog
        self.status = status
        self.today = today
    }

    /// Every result that each of `terms` finds: the morning, today's tasks in order, then
    /// the famous routines in the catalog's order.
    public func ids(for terms: [String]) -> [String] {
        let terms = terms.map { $0.lowercased() }.filter { !$0.isEmpty }
        guard !terms.isEmpty else { return [] }
        return candidates.filter { candidate in
            terms.allSatisfy { term in candidate.words.contains { $0.hasPrefix(term) } }
        }.map(\.result.id)
    }

    /// The results named by `ids`, in that order; an id no longer known is left out.
    public func results(_ ids: [String]) -> [Result] {
        let all = candidates.map(\.result)
        return ids.compactMap { id in all.first { $0.id == id } }
    }

    /// Where the result `id` opens the window.
    public static func target(of id: String) -> Target {
        id.hasPrefix("routine:") ? .routine(String(id.dropFirst("routine:".count))) : .today
    }

    /// Each result with the words that find it.
    private var candidates: [(result: Result, words: [String])] {
        var found: [(Result, [String])] = []
        if let status, status.phase != .none, let routine = status.routine {
            let morning = Result(id: "today", name: "Your morning", description: MorningText.headline(status))
            found.append((morning, ["morning", "today", "routine"] + Self.words(routine.name)))
        }
        if let today, today.mode == .today {
            for task in today.tasks {
                let result = Result(id: "task:\(task.position)", name: "\(task.time) \(task.title)",
                                    description: state(of: task) + " · " + today.routine)
                found.append((result, Self.words(task.title) + ["morning", "today"]))
            }
        }
        for routine in catalog {
            let result = Result(id: "routine:\(routine.id)", name: routine.name,
                                description: "A famous morning routine · " + MorningText.count(routine.tasks.count, "task")
                                    + ", first at " + (routine.tasks.first?.time ?? "?") + " · " + routine.source)
            found.append((result, Self.words(routine.name) + Self.words(routine.id) + ["routine", "morning", "famous"]))
        }
        return found
    }

    /// A task's state as every surface says it: done, to do now, next, or still to come.
    private func state(of task: Morning.DayTask) -> String {
        switch task.state {
        case .done: return "done"
        case .missed: return "missed"
        case .upcoming: return "upcoming"
        case .untouched:
            if status?.currentTask?.position == task.position { return "to do now" }
            if status?.nextTask?.position == task.position { return "next" }
            return "not done"
        }
    }

    /// The words of `text`, lower-cased: runs of letters and digits.
    static func words(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }
}
