import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The time-zone file bmd follows when `TZ` names one (`TZ=:/etc/localtime`,
/// `TZ=/etc/localtime`, or a file of the user's own).
///
/// The C library reads a zone file again on `tzset` only when `TZ` is unset: with `TZ`
/// set, it compares the variable with the one it last read and, the variable being the
/// same, keeps the rules it read first, whatever happened to the file. bmd follows the
/// file as it does without `TZ`: a `TZ` naming /etc/localtime is the default made
/// explicit and is dropped at start; any other file is watched like /etc/localtime and
/// read again on every zone change, `bmctl reload` and SIGHUP.
enum ZoneFile {
    /// The zone file `TZ` names, other than /etc/localtime; nil when none.
    nonisolated(unsafe) private(set) static var named: String?

    /// Called once at start, before bmd starts a thread.
    static func adopt() {
        guard let value = getenv("TZ").map({ String(cString: $0) }) else { return }
        let path = value.hasPrefix(":") ? String(value.dropFirst()) : value
        guard path.hasPrefix("/") else { return }
        if path == "/etc/localtime" {
            unsetenv("TZ")
        } else {
            named = path
        }
    }

    /// The folder and name of the file to watch, when `TZ` names one of its own.
    static var watched: (folder: String, name: String)? {
        guard let named, let slash = named.lastIndex(of: "/") else { return nil }
        let folder = slash == named.startIndex ? "/" : String(named[..<slash])
        return (folder, String(named[named.index(after: slash)...]))
    }

    /// Has the C library and Foundation read the zone again.
    static func reread() {
        if named != nil, let value = getenv("TZ").map({ String(cString: $0) }) {
            // A different TZ for a moment makes the C library read the file anew.
            setenv("TZ", "UTC0", 1)
            tzset()
            setenv("TZ", value, 1)
            tzset()
        }
        NSTimeZone.resetSystemTimeZone()
    }
}
