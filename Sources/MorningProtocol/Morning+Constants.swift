@_exported import Varlink

extension Morning {
    /// The most tasks a routine may have, as the interface file says of DraftAdd.
    public static let taskLimit = 20

    /// The most weeks Week's offset may move, either way (about 190 years), as the
    /// interface file says: no routine has a week beyond, and days that far out overflow
    /// the arithmetic on day numbers.
    public static let weekOffsetLimit = 10_000
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
    public var draft: Morning.Draft { Morning.Draft(title: title, tasks: tasks) }
}
