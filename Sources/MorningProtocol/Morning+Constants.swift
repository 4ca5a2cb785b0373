@_exported import Varlink

extension Morning {
    /// The most tasks a routine may have, as the interface file says of DraftAdd. The
    /// one place the number is written: the core's `Limits`, bmd's refusals and bmctl's
    /// words all read it.
    public static let taskLimit = 20
    /// How far past today bmd shows the active routine's days, as the interface file says
    /// of Day: the core's range of days and both clients' scrollers read it.
    public static let daysAhead = 14
    /// How many characters a routine's title has, once trimmed, as the interface file says
    /// of DraftTitle.
    public static let routineTitleLength = 1...20
    /// How many characters a task's title has, once trimmed, as the interface file says of
    /// DraftAdd.
    public static let taskTitleLength = 1...70

    /// The largest call bmd takes, and so the largest reply bmctl accepts (an export is
    /// imported whole): Import's, as its comment in the interface file says. The window,
    /// which never asks for an export, takes less (`VarlinkConnection`).
    public static let largestFrame = Morning.Method.import.frameLimit ?? smallFrame
    /// The largest call of any other method, and the size a frame's method is looked for
    /// within: the varlink runtime's own limit.
    public static let smallFrame = FrameSplitter.defaultLimit

    /// The most weeks Week's offset may move, either way (about 190 years), as the
    /// interface file says: no routine has a week beyond, and days that far out overflow
    /// the arithmetic on day numbers.
    public static let weekOffsetLimit = 10_000
}

extension Morning {
    /// The window, `better-morning`, as the session bus knows it: bmd's reminder opens it
    /// on Today by these, and the window answers to them.
    public enum Window {
        /// Its app id: its well-known name on the bus and the name of its desktop entry.
        public static let appID = "org.bettermorning.BetterMorning"
        /// Where GApplication exports its actions: the app id as a path.
        public static let objectPath = "/org/bettermorning/BetterMorning"
        /// The action that opens it on Today.
        public static let todayAction = "today"
    }
}

extension Morning.ExportDocument {
    /// What every export says in `format`, so that a stray JSON file is told apart.
    public static let formatName = "better-morning-export"
    /// The version of the layout this build writes and reads.
    public static let currentVersion = 1

    /// A document of this build's format and version.
    public init(exportedOn: String, routines: [Morning.ExportRoutine]) {
        self.init(format: Self.formatName, version: Self.currentVersion, exportedOn: exportedOn, routines: routines)
    }
}

extension Morning.DraftChange {
    /// The draft as it stands after the change.
    public var draft: Morning.Draft { Morning.Draft(title: title, tasks: tasks, revision: revision) }
}
