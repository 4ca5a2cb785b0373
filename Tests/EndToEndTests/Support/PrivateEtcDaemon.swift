import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension Sandbox {
    /// A folder for a private /etc (its overlay's `upper` and `work` made), for
    /// `startDaemonWithPrivateEtc`.
    func privateEtcFolder() throws -> String {
        let etc = root.appendingPathComponent("etc").path
        for sub in ["upper", "work"] {
            try FileManager.default.createDirectory(atPath: etc + "/" + sub, withIntermediateDirectories: true)
        }
        return etc
    }

    /// Sets faketime's clock to `utc` ("yyyy-MM-dd HH:mm:ss", in UTC) as an offset from
    /// the real clock, not a local time: libfaketime would read a local time again in
    /// each new zone and so move the instant too.
    func setClock(utc: String) {
        let f = DateFormatter()
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "yyyy-MM-dd HH:mm:ss"
        let offset = Int(f.date(from: utc)!.timeIntervalSinceNow.rounded())
        try! "\(offset >= 0 ? "+" : "")\(offset)\n".write(toFile: clockFile, atomically: true, encoding: .utf8)
    }

    /// bmd in a mount namespace of its own whose /etc is the overlay in `etc` (its
    /// localtime Europe/Berlin at first), with `TZ` as given (nil: none), telling
    /// `notify` when it is ready, its stderr in bmd.log. libfaketime is preloaded into
    /// bmd alone, not into unshare and sh before it. The test kills it when done.
    func startDaemonWithPrivateEtc(_ etc: String, tz: String?, notify: NotifyListener) throws -> ChildProcess {
        var env = daemonEnvironment
        env["TZ"] = tz
        env["NOTIFY_SOCKET"] = notify.path
        env["LD_PRELOAD"] = nil
        let log = open(root.appendingPathComponent("bmd.log").path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        defer { close(log) }
        return try ChildProcess("/usr/bin/unshare",
                                PrivateEtc.arguments(folder: etc, zone: "Europe/Berlin",
                                                     then: "env LD_PRELOAD=\(FakeTime.library) \(Binaries.bmd)"),
                                environment: env, stderr: log)
    }
}
