/// A celebrity routine shipped inside the program. Never edited, never deleted.
public struct CatalogEntry: Hashable, Sendable {
    /// Lower-case, hyphenated: what people type (`bmctl activate franklin`).
    public var id: String
    public var name: String
    public var bio: String
    /// The book or article the routine is documented in.
    public var source: String
    public var tasks: [RoutineTask]

    public init(id: String, name: String, bio: String, source: String, tasks: [(String, String)]) {
        self.id = id
        self.name = name
        self.bio = bio
        self.source = source
        self.tasks = Routine.sorted(tasks.map { RoutineTask(time: TimeOfDay($0.0)!, title: $0.1) })
    }
}
