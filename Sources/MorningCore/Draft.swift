/// A custom routine being written: a title once given, and tasks always in time order.
///
/// It is not a routine yet: nothing runs from it, and only saving turns it into one.
public struct Draft: Hashable, Sendable {
    public var title: String?
    /// Sorted by time; equal times keep the order they were added in.
    public private(set) var tasks: [RoutineTask]

    public init(title: String? = nil, tasks: [RoutineTask] = []) {
        self.title = title
        self.tasks = Routine.sorted(tasks)
    }

    /// Puts `task` in its place in time order, after any task at the same time, and
    /// returns its 1-based position.
    mutating func add(_ task: RoutineTask) -> Int {
        tasks = Routine.sorted(tasks + [task])
        return tasks.filter { $0.time <= task.time }.count
    }

    /// Removes the task at a 1-based position and returns it.
    mutating func remove(at position: Int) -> RoutineTask {
        tasks.remove(at: position - 1)
    }
}
