#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Where bmd listens, computed the same way by both programs.
public enum SocketPath {
    public static let folderName = "better-morning"
    public static let fileName = "bmd.sock"

    /// `--socket` wins, then `BMD_SOCKET`, then `$XDG_RUNTIME_DIR/better-morning/bmd.sock`.
    /// Without a runtime folder there is no safe default: nil.
    public static func resolve(option: String?, environment: [String: String]) -> String? {
        resolve(option: option) { environment[$0] }
    }

    /// The same, with each variable read through `variable`.
    public static func resolve(option: String?, variable: (String) -> String?) -> String? {
        if let option, !option.isEmpty { return option }
        if let path = variable("BMD_SOCKET"), !path.isEmpty { return path }
        if let runtime = variable("XDG_RUNTIME_DIR"), runtime.hasPrefix("/") {
            return runtime + "/" + folderName + "/" + fileName
        }
        return nil
    }

    /// What to tell someone whose session has no runtime folder.
    public static let missingHint =
        "XDG_RUNTIME_DIR is not set, so there is no default socket; set it (systemd-logind does) or pass --socket PATH"
}
