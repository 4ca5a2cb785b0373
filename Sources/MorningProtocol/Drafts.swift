/// The parameters and replies of the draft and create methods (C2–C4), as declared in
/// org.bettermorning.Morning.varlink.
extension Morning {
    public struct DraftTask: Codable, Sendable, Hashable {
        public var position: Int
        public var time: String
        public var title: String
        public init(position: Int, time: String, title: String) {
            self.position = position; self.time = time; self.title = title
        }
    }

    /// Reply of `DraftShow`, `DraftTitle` and `DraftDiscard`; also what `draft show --json`
    /// prints (§10), with `title` an explicit null until it is given.
    public struct DraftReply: Codable, Sendable, Hashable {
        @Nullable public var title: String?
        public var tasks: [DraftTask]
        public init(title: String?, tasks: [DraftTask]) { self.title = title; self.tasks = tasks }
    }

    /// Reply of `DraftAdd` and `DraftRemove`: the draft, and the task added or removed.
    public struct DraftChangeReply: Codable, Sendable, Hashable {
        @Nullable public var title: String?
        public var tasks: [DraftTask]
        public var task: DraftTask
        public init(title: String?, tasks: [DraftTask], task: DraftTask) {
            self.title = title; self.tasks = tasks; self.task = task
        }

        /// The draft as it stands after the change.
        public var draft: DraftReply { DraftReply(title: title, tasks: tasks) }
    }

    public struct DraftTitleParameters: Codable, Sendable, Hashable {
        public var title: String
        public init(title: String) { self.title = title }
    }

    public struct DraftAddParameters: Codable, Sendable, Hashable {
        public var time: String
        public var title: String
        public init(time: String, title: String) { self.time = time; self.title = title }
    }

    public struct DraftRemoveParameters: Codable, Sendable, Hashable {
        public var position: Int
        public init(position: Int) { self.position = position }
    }

    /// Parameters of `Create`; each task's time is sent as typed.
    public struct CreateParameters: Codable, Sendable, Hashable {
        public var title: String
        public var tasks: [TaskTime]
        public init(title: String, tasks: [TaskTime]) { self.title = title; self.tasks = tasks }
    }

    /// Parameters of `CreateFromFile`: the file's text, read by bmctl.
    public struct CreateFromFileParameters: Codable, Sendable, Hashable {
        public var text: String
        public init(text: String) { self.text = text }
    }
}

extension Morning {
    /// The most tasks a routine may have (C3), as the interface file says.
    public static let taskLimit = 20
}
