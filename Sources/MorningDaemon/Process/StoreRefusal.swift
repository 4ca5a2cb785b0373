import MorningProtocol
import MorningStore

extension Morning.Error {
    /// What a client is told when a change could not be stored: that another program
    /// holds the state file, in words bmctl can give a person, or the store's own reason.
    static func storing(_ error: any Error) -> Morning.Error {
        if case StoreError.busy = error { return .stateFileBusy(seconds: Int(Store.busyWait.rounded(.up))) }
        return .storageFailed(reason: "\(error)")
    }
}
