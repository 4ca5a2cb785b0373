/// Fully qualified method and error names of org.bettermorning.Morning.
extension Morning {
    public enum Method: String, Sendable, CaseIterable {
        case status = "org.bettermorning.Morning.Status"
        case explore = "org.bettermorning.Morning.Explore"
        case activate = "org.bettermorning.Morning.Activate"
        case restart = "org.bettermorning.Morning.Restart"
        case delete = "org.bettermorning.Morning.Delete"
        case reset = "org.bettermorning.Morning.Reset"
        case day = "org.bettermorning.Morning.Day"
        case check = "org.bettermorning.Morning.Check"
        case uncheck = "org.bettermorning.Morning.Uncheck"
        case setNotifications = "org.bettermorning.Morning.SetNotifications"
        case testNotification = "org.bettermorning.Morning.TestNotification"
        case reload = "org.bettermorning.Morning.Reload"
        case welcome = "org.bettermorning.Morning.Welcome"
        case week = "org.bettermorning.Morning.Week"
        case data = "org.bettermorning.Morning.Data"
        case stats = "org.bettermorning.Morning.Stats"
        case history = "org.bettermorning.Morning.History"
        case export = "org.bettermorning.Morning.Export"
        case `import` = "org.bettermorning.Morning.Import"
        case draftShow = "org.bettermorning.Morning.DraftShow"
        case draftTitle = "org.bettermorning.Morning.DraftTitle"
        case draftAdd = "org.bettermorning.Morning.DraftAdd"
        case draftRemove = "org.bettermorning.Morning.DraftRemove"
        case draftSave = "org.bettermorning.Morning.DraftSave"
        case draftDiscard = "org.bettermorning.Morning.DraftDiscard"
        case create = "org.bettermorning.Morning.Create"
        case createFromFile = "org.bettermorning.Morning.CreateFromFile"
    }

    public enum ErrorName: String, Sendable, CaseIterable {
        case noActiveRoutine = "org.bettermorning.Morning.NoActiveRoutine"
        case notStarted = "org.bettermorning.Morning.NotStarted"
        case alreadyActive = "org.bettermorning.Morning.AlreadyActive"
        case routineNotFound = "org.bettermorning.Morning.RoutineNotFound"
        case ambiguousRoutine = "org.bettermorning.Morning.AmbiguousRoutine"
        case notStored = "org.bettermorning.Morning.NotStored"
        case taskNotFound = "org.bettermorning.Morning.TaskNotFound"
        case ambiguousTask = "org.bettermorning.Morning.AmbiguousTask"
        case notToday = "org.bettermorning.Morning.NotToday"
        case dateOutOfRange = "org.bettermorning.Morning.DateOutOfRange"
        case dayLocked = "org.bettermorning.Morning.DayLocked"
        case invalidDate = "org.bettermorning.Morning.InvalidDate"
        case invalidRoutine = "org.bettermorning.Morning.InvalidRoutine"
        case storageFailed = "org.bettermorning.Morning.StorageFailed"
        case permissionDenied = "org.bettermorning.Morning.PermissionDenied"
        case notificationsUnavailable = "org.bettermorning.Morning.NotificationsUnavailable"
        case importRefused = "org.bettermorning.Morning.ImportRefused"
        case invalidImport = "org.bettermorning.Morning.InvalidImport"
        case invalidTime = "org.bettermorning.Morning.InvalidTime"
        case draftFull = "org.bettermorning.Morning.DraftFull"
        case noDraft = "org.bettermorning.Morning.NoDraft"
        case noDraftTask = "org.bettermorning.Morning.NoDraftTask"
        case routineFileError = "org.bettermorning.Morning.RoutineFileError"
    }

    /// The interface description, from the one .varlink file in this module.
    public static let interfaceDescription = String(decoding: PackageResources.org_bettermorning_Morning_varlink, as: UTF8.self)
}

extension Varlink {
    public enum ServiceError: String, Sendable {
        case interfaceNotFound = "org.varlink.service.InterfaceNotFound"
        case methodNotFound = "org.varlink.service.MethodNotFound"
        case methodNotImplemented = "org.varlink.service.MethodNotImplemented"
        case invalidParameter = "org.varlink.service.InvalidParameter"
        case permissionDenied = "org.varlink.service.PermissionDenied"
        case expectedMore = "org.varlink.service.ExpectedMore"
    }
}
