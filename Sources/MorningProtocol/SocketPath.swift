#if canImport(Glibc)
import Glibc
#endif

/// Where bmd listens, computed the same way by both programs.
public enum SocketPath {
    public static let folderName = "better-morning"
    public static let fileName = "bmd.sock"

    /// `--socket` wins, then `BMD_SOCKET`, then `$XDG_RUNTIME_DIR/better-morning/bmd.sock`,
    /// then the socket in the user's own folder under /tmp (see `fallbackFolder`).
    public static func resolve(option: String?, environment: [String: String], uid: uid_t = geteuid()) -> String {
        resolve(option: option, uid: uid) { environment[$0] }
    }

    /// The same, with each variable read through `variable`.
    public static func resolve(option: String?, uid: uid_t = geteuid(), variable: (String) -> String?) -> String {
        if let option, !option.isEmpty { return option }
        if let path = variable("BMD_SOCKET"), !path.isEmpty { return path }
        if let runtime = variable("XDG_RUNTIME_DIR"), runtime.hasPrefix("/") {
            return runtime + "/" + folderName + "/" + fileName
        }
        return fallbackFolder(uid: uid) + "/" + fileName
    }

    /// The folder both programs use when the session has no runtime folder (a root shell,
    /// a container, ssh without logind): one per user id under /tmp, as tmux keeps its
    /// sockets. /tmp is shared, so the folder is trusted only after `fallbackProblem`.
    public static func fallbackFolder(uid: uid_t = geteuid()) -> String {
        "/tmp/better-morning-\(uid)"
    }

    /// Whether `path` is the socket in the fallback folder.
    public static func isInFallbackFolder(_ path: String, uid: uid_t = geteuid()) -> Bool {
        path == fallbackFolder(uid: uid) + "/" + fileName
    }

    /// Why the fallback folder at `folder` must not be used, or nil when it is safe (or
    /// does not exist yet). Anyone may create a folder of that name in /tmp first: one
    /// that is a symbolic link, belongs to another user or is open to others could hand
    /// bmctl's calls to someone else's socket.
    public static func fallbackProblem(folder: String, uid: uid_t = geteuid()) -> String? {
        folderProblem(folder, uid: uid).map { $0.fallbackDescription(folder: folder, uid: uid) }
    }

    /// What is wrong with `folder` as the folder of a socket of user `uid`, or nil when it
    /// is a real folder of theirs closed to everyone else, or does not exist (yet).
    public static func folderProblem(_ folder: String, uid: uid_t = geteuid()) -> SocketFolderProblem? {
        var info = stat()
        guard lstat(folder, &info) == 0 else {
            if errno == ENOENT { return nil }
            return .unreadable(errno: errno)
        }
        if info.st_mode & S_IFMT == S_IFLNK { return .symbolicLink }
        if info.st_mode & S_IFMT != S_IFDIR { return .notAFolder }
        if info.st_uid != uid { return .otherOwner(uid: info.st_uid) }
        if info.st_mode & 0o077 != 0 { return .openToOthers(mode: info.st_mode & 0o7777) }
        return nil
    }
}

/// Why a folder cannot hold a socket one may trust: anyone who can write in it, or who
/// owns it, could put their own socket where the user's daemon should be.
public enum SocketFolderProblem: Equatable, Sendable {
    /// It could not be examined; `errno` says why.
    case unreadable(errno: Int32)
    /// It is a symbolic link, which may point anywhere.
    case symbolicLink
    /// Something else than a folder has its name.
    case notAFolder
    /// Another user owns it.
    case otherOwner(uid: uid_t)
    /// Its mode lets others in (`mode` with its permission bits).
    case openToOthers(mode: mode_t)

    /// The words for the folder under /tmp used without a runtime folder, as both
    /// programs have said them.
    public func fallbackDescription(folder: String, uid: uid_t) -> String {
        let advice = "with no XDG_RUNTIME_DIR, bmd and bmctl keep the socket there; "
            + "remove it, set XDG_RUNTIME_DIR, or pass --socket PATH"
        switch self {
        case .unreadable(let code):
            return "cannot read \(folder): \(String(cString: strerror(code)))"
        case .symbolicLink:
            return "\(folder) is a symbolic link, not a folder of your own; \(advice)"
        case .notAFolder:
            return "\(folder) is not a folder; \(advice)"
        case .otherOwner(let owner):
            return "\(folder) belongs to user id \(owner), not to you (user id \(uid)); \(advice)"
        case .openToOthers(let mode):
            return "\(folder) is open to other users (mode \(String(mode, radix: 8))); "
                + "it must be 0700: run `chmod 700 \(folder)`, or pass --socket PATH"
        }
    }
}
