import Foundation
import Testing
import MorningTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A real desktop notification stack for one test: a private session bus, a private X
/// display and dunst on them, all of which run on a headless machine.
///
/// Give bmd `environment` and what it sends shows up in `notifications()`. Nothing of the
/// machine's own session is used: the bus has its own config (no service activation, so
/// only this dunst answers), dunst its own dunstrc. Every child is stopped when the stack
/// is stopped or deinitialized.
final class NotificationStack: @unchecked Sendable {
    /// One notification as dunst received it.
    struct Notification: Equatable, CustomStringConvertible {
        /// dunst's id: the order of arrival, from 1 for each dunst.
        var id: Int
        var appName: String
        var summary: String
        var body: String
        var category: String
        /// The `desktop-entry` hint ("" when none was sent), nil until dunst's rule script
        /// has recorded it.
        var desktopEntry: String?
        /// dunst's name for the urgency ("NORMAL" …), nil until recorded.
        var urgency: String?
        /// The file dunst found for the notification's icon ("" when it found none), nil
        /// until recorded.
        var iconPath: String?

        var description: String {
            "#\(id) \(appName): \(summary) | \(body) [category \(category), desktop-entry \(desktopEntry ?? "?")]"
        }
    }

    /// Why the stack could not be used.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static let tools = ["/usr/bin/dbus-daemon", "/usr/bin/dbus-send", "/usr/bin/Xvfb", "/usr/bin/dunst",
                        "/usr/bin/dunstctl", "/usr/bin/busctl", "/usr/bin/dbus-monitor"]

    /// The test's own folder: bus socket and config, dunstrc, hint records, logs.
    let folder: URL
    /// The private bus, as `dbus-daemon --print-address` wrote it.
    private(set) var busAddress = ""
    /// The private X display, such as ":3".
    private(set) var display = ""
    private var bus: ChildProcess?
    private var xServer: ChildProcess?
    private var dunst: ChildProcess?
    private var dunstPaused = false
    /// The stdout pipes of the bus and the X server, kept open for their lives: a write to a
    /// pipe nobody holds would kill them with SIGPIPE.
    private var pipes: [Pipe2] = []

    /// What bmd (or any client) needs to reach this stack: the bus address and the display.
    var environment: [String: String] {
        ["DBUS_SESSION_BUS_ADDRESS": busAddress, "DISPLAY": display]
    }

    /// The folders dunst looks icons up by name in (its `icon_path`); none by default, so
    /// that the machine's own icons never count.
    private let iconFolders: [String]
    /// How many seconds dunst shows a notification that leaves it to the server; 0 for
    /// until closed.
    private let expiry: Int

    /// Starts the bus, the X server and dunst (unless `server` is false: `startServer`
    /// starts it later), and returns once dunst owns org.freedesktop.Notifications on the bus.
    ///
    /// With `startedOnDemand`, the bus has a D-Bus service file for the server, as Debian's
    /// dunst package installs: the first call to the server starts dunst. The bus also
    /// starts what the D-Bus service files in `serviceFolders` name.
    init(iconFolders: [String] = [], server: Bool = true, expiry: Int = 0, startedOnDemand: Bool = false,
         serviceFolders: [String] = [], timeout: Duration = .seconds(20)) throws {
        self.iconFolders = iconFolders
        self.expiry = expiry
        folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("bm-notify-\(UUID().uuidString.prefix(8))")
        let missing = Self.tools.filter { !FileManager.default.isExecutableFile(atPath: $0) }
        guard missing.isEmpty else {
            throw Failure(description: "missing \(missing.joined(separator: ", ")); `make test-deps` installs dbus, xvfb, dunst and systemd")
        }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("hints"), withIntermediateDirectories: true)
        let deadline = ContinuousClock.now + timeout
        do {
            try startBus(deadline: deadline, servicesFolders: (startedOnDemand ? [writeServiceFile()] : []) + serviceFolders)
            try startXServer(deadline: deadline)
            if startedOnDemand {
                try writeDunstConfig()
                try display.write(to: folder.appendingPathComponent("display"), atomically: true, encoding: .utf8)
            }
            if server { try startDunst(deadline: deadline) }
        } catch {
            stop()
            throw error
        }
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Stops dunst, the X server and the bus, in that order; safe to call again.
    func stop() {
        if let dunst, dunstPaused { dunst.signal(SIGCONT) }
        for child in [dunst, xServer, bus].compactMap({ $0 }) {
            Self.terminate(child)
        }
        dunst = nil
        xServer = nil
        bus = nil
        pipes = []
    }

    // MARK: - Reading what arrived

    /// Every notification dunst received, in order of arrival.
    ///
    /// `dunstctl history` lists only notifications that were closed; those still on screen
    /// (`dunstctl count displayed`) or waiting for room are not in it, and dunst 1.9 has no
    /// call that lists them. So this first closes them all (`dunstctl close-all`), which
    /// moves every displayed and waiting notification into the history (nothing is dropped:
    /// the dunstrc keeps a long history and never stacks duplicates), then reads it. The
    /// history leaves out some hints; a dunstrc rule script records them per id.
    func notifications() throws -> [Notification] {
        try dunstctl("close-all")
        return try closed()
    }

    /// The notifications that are no longer on screen: closed by the user or their sender,
    /// or expired; in order of arrival.
    func closed() throws -> [Notification] {
        let history = try dunstctl("history")
        guard let root = try JSONSerialization.jsonObject(with: Data(history.utf8)) as? [String: Any],
              let outer = root["data"] as? [Any], let entries = outer.first as? [[String: Any]]
        else {
            throw Failure(description: "dunstctl history printed something unexpected: \(history)")
        }
        return entries.map { entry in
            func field(_ name: String) -> Any? { (entry[name] as? [String: Any])?["data"] }
            let id = field("id") as? Int ?? 0
            let hints = recordedHints(id: id)
            return Notification(id: id, appName: field("appname") as? String ?? "",
                                summary: field("summary") as? String ?? "", body: field("body") as? String ?? "",
                                category: field("category") as? String ?? "",
                                desktopEntry: hints?.desktopEntry, urgency: hints?.urgency, iconPath: hints?.iconPath)
        }.sorted { $0.id < $1.id }
    }

    /// Polls until dunst has received at least `count` notifications and their hints are
    /// recorded; throws with what did arrive if that takes longer than `timeout`.
    @discardableResult
    func waitForNotifications(count: Int, timeout: Duration = .seconds(10)) throws -> [Notification] {
        let deadline = ContinuousClock.now + timeout
        while true {
            let received = try notifications()
            if received.count >= count && received.allSatisfy({ $0.desktopEntry != nil }) { return received }
            guard ContinuousClock.now < deadline else {
                throw Failure(description: "waited \(timeout) for \(count) notification(s); dunst has \(received.count): "
                              + "\(received); dunst log: \(log("dunst"))")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// How many notifications dunst has on screen now (`dunstctl count displayed`); those
    /// closed, by the user or by their sender, move to the history.
    func displayedCount() throws -> Int {
        let said = try dunstctl("count", "displayed").trimmingCharacters(in: .whitespacesAndNewlines)
        guard let count = Int(said) else { throw Failure(description: "dunstctl count displayed said \(said)") }
        return count
    }

    /// Polls until dunst shows `count` notifications; throws if that takes longer than `timeout`.
    func waitForDisplayed(_ count: Int, timeout: Duration = .seconds(10)) throws {
        let deadline = ContinuousClock.now + timeout
        while try displayedCount() != count {
            guard ContinuousClock.now < deadline else {
                throw Failure(description: "waited \(timeout) for \(count) notification(s) on screen; dunst shows "
                              + "\(try displayedCount()); dunst log: \(log("dunst"))")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// Clicks the first notification on screen, as `dunstctl action 0` does: its default action.
    func clickFirst() throws {
        try dunstctl("action", "0")
    }

    /// Presses the notification's "✓" button, through dunst's context menu.
    func pressCheckButton() throws {
        try dunstctl("context")
    }

    /// Stops dunst (SIGSTOP) while it keeps its name on the bus: a notification server
    /// that hangs. `resumeServer` lets it go on.
    func pauseServer() {
        dunst?.signal(SIGSTOP)
        dunstPaused = true
    }

    /// Ends dunst and starts a new one on the same bus and display, as when a desktop's
    /// notification server restarts: the new one numbers its notifications from 1 again.
    /// Records of the old one's are forgotten.
    func restartServer(timeout: Duration = .seconds(20)) throws {
        if let dunst {
            if dunstPaused { dunst.signal(SIGCONT) }
            Self.terminate(dunst)
        }
        dunst = nil
        dunstPaused = false
        let hints = folder.appendingPathComponent("hints")
        try FileManager.default.removeItem(at: hints)
        try FileManager.default.createDirectory(at: hints, withIntermediateDirectories: true)
        try startDunst(deadline: ContinuousClock.now + timeout)
    }

    /// Starts dunst on a stack made without it; returns once it owns the name.
    func startServer(timeout: Duration = .seconds(20)) throws {
        try startDunst(deadline: ContinuousClock.now + timeout)
    }

    /// Whether a process owns org.freedesktop.Notifications on the bus now.
    func serverRunning() throws -> Bool {
        try run("/usr/bin/dbus-send", ["--session", "--dest=org.freedesktop.DBus", "--print-reply=literal",
                                       "/org/freedesktop/DBus", "org.freedesktop.DBus.NameHasOwner",
                                       "string:org.freedesktop.Notifications"]).contains("true")
    }

    /// Ends dunst, leaving the bus and the display: the session has no notification server.
    func stopServer() {
        if let dunst {
            if dunstPaused { dunst.signal(SIGCONT) }
            Self.terminate(dunst)
        }
        dunst = nil
        dunstPaused = false
    }

    func resumeServer() {
        dunst?.signal(SIGCONT)
        dunstPaused = false
    }

    /// What one child wrote on stderr ("bus", "xvfb", "dunst").
    func log(_ name: String) -> String {
        (try? String(contentsOf: folder.appendingPathComponent("\(name).log"), encoding: .utf8)) ?? ""
    }

    // MARK: - Starting

    /// A session bus on a socket in the test's folder, with only the test's own
    /// `<servicedir>`s: nothing of the machine's is started on demand, so only the dunst
    /// started here can answer.
    private func startBus(deadline: ContinuousClock.Instant, servicesFolders: [String]) throws {
        let config = folder.appendingPathComponent("bus.conf")
        try """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>unix:path=\(folder.appendingPathComponent("bus").path)</listen>
              <auth>EXTERNAL</auth>
              \(servicesFolders.map { "<servicedir>\($0)</servicedir>" }.joined())
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>
            """.write(to: config, atomically: true, encoding: .utf8)
        let out = try Pipe2()
        pipes.append(out)
        bus = try spawn("/usr/bin/dbus-daemon", ["--config-file=\(config.path)", "--nofork", "--print-address=1"],
                        log: "bus", stdout: out)
        busAddress = try Self.readLine(out, deadline: deadline, what: "the bus address from dbus-daemon")
    }

    /// The display numbers this process gives its X servers, each once a run, from a place
    /// of the process's own. Xvfb left to pick would hand out again the number of a server
    /// that has just ended, and a late client of one test (an xdotool, a window) could then
    /// reach the next test's desktop.
    private static let nextDisplay = SharedValue(1_000 + Int(getpid() % 1_000) * 8)

    /// Xvfb on a display number never used before in this run (one whose lock file exists is
    /// passed over); `-displayfd 1` writes the number on stdout once the server accepts clients.
    private func startXServer(deadline: ContinuousClock.Instant) throws {
        for _ in 0..<10 {
            let number = Self.nextDisplay.withLock { next -> Int in
                defer { next += 1 }
                return next
            }
            guard !FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock") else { continue }
            let out = try Pipe2()
            pipes.append(out)
            // -noreset: an X server resets when its last client leaves, and a client that
            // connects meanwhile is refused ("cannot open display"); between one test
            // program's short visit and the next, that happens.
            let server = try spawn("/usr/bin/Xvfb", [":\(number)", "-displayfd", "1", "-noreset", "-nolisten", "tcp",
                                                     "-screen", "0", "800x600x24"],
                                   log: "xvfb", stdout: out)
            // Another program's server may have taken the number since: Xvfb then ends.
            guard let said = try? Self.readLine(out, deadline: deadline, what: "the display number from Xvfb"),
                  said == String(number) else {
                Self.terminate(server)
                continue
            }
            xServer = server
            display = ":" + said
            return
        }
        throw Failure(description: "no X display number was free for Xvfb; its log: \(log("xvfb"))")
    }

    /// dunst with a dunstrc of the test's own, so the machine's config does not matter.
    private func startDunst(deadline: ContinuousClock.Instant) throws {
        let dunstrc = try writeDunstConfig()
        dunst = try spawn("/usr/bin/dunst", ["-config", dunstrc.path], log: "dunst", environment: environment)
        while true {
            let owned = try? run("/usr/bin/dbus-send", ["--session", "--dest=org.freedesktop.DBus", "--print-reply=literal",
                                                        "/org/freedesktop/DBus", "org.freedesktop.DBus.NameHasOwner",
                                                        "string:org.freedesktop.Notifications"])
            if owned?.contains("true") == true { return }
            if let dunst, hasEnded(dunst.pid) {
                throw Failure(description: "dunst exited at start: \(log("dunst"))")
            }
            guard ContinuousClock.now < deadline else {
                throw Failure(description: "dunst did not own org.freedesktop.Notifications in time: \(log("dunst"))")
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    /// Writes the test's dunstrc and the scripts it names; returns its path.
    @discardableResult
    private func writeDunstConfig() throws -> URL {
        let hints = folder.appendingPathComponent("hints").path
        let script = folder.appendingPathComponent("record-hints")
        // dunst runs a rule's script for each notification it shows, with the fields in
        // DUNST_* variables; these are the ones `dunstctl history` leaves out.
        try ChildProcess.writeProgram("""
            #!/bin/sh
            printf '%s\\n%s\\n%s\\n' "$DUNST_DESKTOP_ENTRY" "$DUNST_URGENCY" "$DUNST_ICON_PATH" > '\(hints)/.'"$DUNST_ID" \
              && mv '\(hints)/.'"$DUNST_ID" '\(hints)/'"$DUNST_ID"
            """, to: script.path)
        // dunst's context menu lists the actions through a dmenu-like command: this one
        // picks the check button, as a person would.
        let pick = folder.appendingPathComponent("pick-check")
        try ChildProcess.writeProgram("#!/bin/sh\ngrep -m1 '✓'\n", to: pick.path)
        let dunstrc = folder.appendingPathComponent("dunstrc")
        // Every notification is shown at once (no limit, so each one's script runs), none
        // is merged into another, and the history keeps them all.
        try """
            [global]
                notification_limit = 0
                stack_duplicates = false
                history_length = 1000
                idle_threshold = 0
                dmenu = \(pick.path)
                # Unless the stack has an expiry, nothing closes by itself: what closes,
                # its sender closed.
                ignore_dbusclose = false
                icon_path = "\(iconFolders.isEmpty ? folder.appendingPathComponent("no-icons").path : iconFolders.joined(separator: ":"))"
            [urgency_low]
                timeout = \(expiry)
            [urgency_normal]
                timeout = \(expiry)
            [urgency_critical]
                timeout = \(expiry)
            [record]
                appname = "*"
                script = \(script.path)
            """.write(to: dunstrc, atomically: true, encoding: .utf8)
        return dunstrc
    }

    // MARK: - Children

    /// The environment every child of the stack starts from: nothing of the test's session.
    private var baseEnvironment: [String: String] {
        ["PATH": "/usr/bin:/bin", "HOME": folder.path, "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
         "XDG_RUNTIME_DIR": folder.path, "LANG": "C.UTF-8"]
    }

    func spawn(_ path: String, _ arguments: [String], log name: String, stdout: Pipe2? = nil,
                       environment extra: [String: String] = [:]) throws -> ChildProcess {
        let log = open(folder.appendingPathComponent("\(name).log").path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        defer { close(log) }
        let child = try ChildProcess(path, arguments, environment: baseEnvironment.merging(extra) { $1 },
                                     stdout: stdout?.write, stderr: log)
        stdout?.closeWrite()
        return child
    }

    /// Runs a client of the stack to its end; its stdout, or an error with its stderr.
    private func run(_ path: String, _ arguments: [String]) throws -> String {
        let output = try ChildProcess.run(path, arguments, environment: baseEnvironment.merging(environment) { $1 })
        guard output.status == 0 else {
            throw Failure(description: "\(path) \(arguments.joined(separator: " ")) exited \(output.status): \(output.stderr)")
        }
        return output.stdout
    }

    @discardableResult
    private func dunstctl(_ arguments: String...) throws -> String {
        try run("/usr/bin/dunstctl", arguments)
    }

    /// What the rule script recorded for notification `id`, if it has run.
    private func recordedHints(id: Int) -> (desktopEntry: String, urgency: String, iconPath: String)? {
        let path = folder.appendingPathComponent("hints/\(id)").path
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return (lines.first ?? "", lines.count > 1 ? lines[1] : "", lines.count > 2 ? lines[2] : "")
    }

    /// SIGTERM, then SIGKILL if the child has not ended within 5 s; always reaped.
    static func terminate(_ child: ChildProcess) {
        child.signal(SIGTERM)
        let ended = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            if ended.wait(timeout: .now() + 5) == .timedOut { child.signal(SIGKILL) }
        }
        child.wait()
        ended.signal()
    }

    /// The first line a child writes on `pipe`, waiting no later than `deadline`.
    private static func readLine(_ pipe: Pipe2, deadline: ContinuousClock.Instant, what: String) throws -> String {
        var bytes: [UInt8] = []
        while !bytes.contains(UInt8(ascii: "\n")) {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { throw Failure(description: "timed out waiting for \(what)") }
            var request = pollfd(fd: pipe.read, events: Int16(POLLIN), revents: 0)
            let ms = Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
            let ready = poll(&request, 1, max(ms, 1))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 256)
            let n = Glibc.read(pipe.read, &chunk, chunk.count)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw Failure(description: "the child ended before writing \(what)") }
            bytes += chunk[..<n]
        }
        let line = bytes.prefix { $0 != UInt8(ascii: "\n") }
        return String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespaces)
    }
}
