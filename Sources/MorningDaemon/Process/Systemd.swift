import CSystemd
#if canImport(Glibc)
import Glibc
#endif

/// The daemon's side of systemd's protocols, through libsystemd.
public enum Systemd {
    /// The listening socket systemd passed (socket activation), or nil when bmd was
    /// started by hand. Consumes `LISTEN_*` so children do not inherit them.
    public static func listeningSocket() throws -> Int32? {
        let count = sd_listen_fds(1)
        if count < 0 { throw SystemCallError("sd_listen_fds", errno: -count) }
        guard count >= 1 else { return nil }
        let fd = SD_LISTEN_FDS_START
        guard sd_is_socket_unix(fd, Int32(SOCK_STREAM.rawValue), 1, nil, 0) > 0 else {
            throw SystemCallError("the socket systemd passed is not a listening Unix stream socket", errno: EINVAL)
        }
        return fd
    }

    /// The watchdog interval systemd asked for (`WatchdogSec=`), or nil.
    public static func watchdogInterval() -> Duration? {
        var usec: UInt64 = 0
        guard sd_watchdog_enabled(0, &usec) > 0, usec > 0 else { return nil }
        return .microseconds(Int64(usec))
    }

    /// Tells the service manager something (`READY=1`, `STOPPING=1`, `STATUS=…`).
    /// Without `NOTIFY_SOCKET` this does nothing.
    public static func notify(_ state: String) {
        _ = sd_notify(0, state)
    }
}
