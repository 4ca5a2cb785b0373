/// How people name routines and tasks on the command line: by id or position, by
/// full name, or by a unique case-insensitive prefix. An exact id beats an exact name,
/// and an exact match always beats a prefix.
extension Book {
    /// A routine that can be activated: one already stored, or a catalog entry that
    /// has no stored copy yet.
    public enum Activatable: Sendable {
        case stored(Routine)
        case catalog(CatalogEntry)
    }

    public func resolveActivatable(_ query: String, catalog: [CatalogEntry] = Catalog.entries) throws -> Activatable {
        var candidates = routines.map { Candidate(id: $0.slug, name: $0.name, target: .stored($0)) }
        let storedSlugs = Set(routines.filter { $0.kind == .celebrity }.map(\.slug))
        candidates += catalog.filter { !storedSlugs.contains($0.id) }
            .map { Candidate(id: $0.id, name: $0.name, target: .catalog($0)) }
        return try Book.pick(query, from: candidates).target
    }

    /// A stored routine (restart, delete, week). A catalog entry never activated is
    /// refused with a hint to activate it.
    public func resolveStored(_ query: String, catalog: [CatalogEntry] = Catalog.entries) throws -> Routine {
        do {
            let candidates = routines.map { Candidate(id: $0.slug, name: $0.name, target: .stored($0)) }
            guard case .stored(let routine) = try Book.pick(query, from: candidates).target else { fatalError() }
            return routine
        } catch Morning.Error.routineNotFound {
            if case .catalog(let entry) = try? resolveActivatable(query, catalog: catalog) {
                throw Morning.Error.notStored(routine: entry.name, id: entry.id)
            }
            throw Morning.Error.routineNotFound(query: query)
        }
    }

    struct Candidate {
        var id: String
        var name: String
        var target: Activatable
    }

    static func pick(_ query: String, from candidates: [Candidate]) throws -> Candidate {
        let q = TitleText.folded(query.trimmingWhitespace)
        guard !q.isEmpty else { throw Morning.Error.routineNotFound(query: query) }
        let fold: (String) -> String = { TitleText.folded($0) }
        let tiers: [(Candidate) -> Bool] = [
            // An id first: ids are unique with case set aside, names need not be, so that
            // every routine can be named by its id.
            { fold($0.id) == q },
            { fold($0.name) == q },
            { fold($0.id).hasPrefix(q) || fold($0.name).hasPrefix(q) },
            // "obama" finds "Barack Obama": a prefix of any word of the name.
            { fold($0.name).split(separator: " ").contains { $0.hasPrefix(q) } },
        ]
        for matches in tiers {
            let found = candidates.filter(matches)
            if found.count == 1 { return found[0] }
            if found.count > 1 {
                throw Morning.Error.ambiguousRoutine(query: query, candidates: found.map { "\($0.id) (\($0.name))" })
            }
        }
        throw Morning.Error.routineNotFound(query: query)
    }

    /// A task of `tasks` by 1-based position, exact title or unique title prefix.
    public static func resolveTask(_ query: String, in tasks: [RoutineTask]) throws -> Int {
        let q = query.trimmingWhitespace
        if let n = Int(q) {
            guard (1...tasks.count).contains(n) else { throw Morning.Error.taskNotFound(query: query, total: tasks.count) }
            return n
        }
        let lower = TitleText.folded(q)
        guard !lower.isEmpty else { throw Morning.Error.taskNotFound(query: query, total: tasks.count) }
        let numbered = tasks.enumerated().map { (position: $0.offset + 1, title: TitleText.folded($0.element.title)) }
        let exact = numbered.filter { $0.title == lower }
        if exact.count == 1 { return exact[0].position }
        let prefixed = exact.isEmpty ? numbered.filter { $0.title.hasPrefix(lower) } : exact
        if prefixed.count == 1 { return prefixed[0].position }
        if prefixed.isEmpty { throw Morning.Error.taskNotFound(query: query, total: tasks.count) }
        throw Morning.Error.ambiguousTask(query: query, candidates: prefixed.map { "\($0.position) \(tasks[$0.position - 1].title)" })
    }
}
