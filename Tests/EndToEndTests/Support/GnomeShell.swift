import Foundation
import Testing
import MorningTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The real GNOME Shell (43, Debian 12's), headless, as the desktop of the GNOME tests.
///
/// One shell serves every GNOME test of a run: it takes seconds to start and some 275 MB,
/// where dunst takes a tenth of a second. It runs on a session bus of its own and an
/// empty system bus of its own (without one it asks the machine's logind, and exits).
/// A test extension kept beside the tests (`Tests/GnomeShell`) turns on the unsafe mode
/// in which `org.gnome.Shell.Eval` answers; through it the harness reads the message tray
/// and moves a virtual pointer, which the shell takes for a mouse. Everything it started,
/// and what its bus started on demand (the notification helper, dconf), is stopped by pid
/// when the test process exits.
final class GnomeShell: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static let program = "/usr/bin/gnome-shell"
    /// gjs runs the shell's notification helper, which owns org.freedesktop.Notifications;
    /// python3-gi runs the Eval calls.
    static let tools = [program, "/usr/bin/gjs", "/usr/bin/dbus-daemon", "/usr/bin/gsettings", "/usr/bin/python3"]

    /// Whether GNOME Shell can run here: the GNOME tests are skipped where it cannot.
    static var installed: Bool {
        tools.allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The run's shell, started by the first test that asks.
    static let shared: Result<GnomeShell, Failure> = {
        do {
            let shell = try GnomeShell()
            print("GNOME Shell answered Eval \(String(format: "%.1f", shell.startSeconds)) s after it started")
            running.withLock { $0 = shell }
            atexit { GnomeShell.running.withLock { $0?.stop() } }
            return .success(shell)
        } catch let failure as Failure {
            return .failure(failure)
        } catch {
            return .failure(Failure(description: "\(error)"))
        }
    }()

    private static let running = SharedValue<GnomeShell?>(nil)

    /// The session's folder: buses, home, runtime folder, logs.
    let folder: URL
    /// How long the shell took from its start until Eval answered, in seconds.
    private(set) var startSeconds = 0.0
    private var children: [ChildProcess] = []
    private let lock = NSLock()

    var sessionBus: String { "unix:path=" + folder.appendingPathComponent("run/bus").path }
    /// A data folder of the session's, which holds the window while a test installs it
    /// (`installWindow`), and otherwise only stand-ins that hide a window the host may
    /// have installed: the shell and its bus look there from the start, before /usr/share.
    var windowShare: String { folder.appendingPathComponent("share").path }
    /// The shell's Wayland socket, by its full path, which a client finds without the
    /// session's runtime folder.
    var waylandSocket: String { folder.appendingPathComponent("run/wayland-bm").path }
    private var systemBus: String { "unix:path=" + folder.appendingPathComponent("run/system-bus").path }

    /// What a client of the session (bmd) needs to reach it.
    var environment: [String: String] {
        ["DBUS_SESSION_BUS_ADDRESS": sessionBus, "WAYLAND_DISPLAY": "wayland-bm", "XDG_CURRENT_DESKTOP": "GNOME"]
    }

    /// The environment of the session's own processes.
    private var sessionEnvironment: [String: String] {
        let path = folder.path
        return ["PATH": "/usr/bin:/bin", "HOME": path + "/home", "XDG_CONFIG_HOME": path + "/config",
                "XDG_DATA_HOME": path + "/data", "XDG_STATE_HOME": path + "/state", "XDG_CACHE_HOME": path + "/cache",
                "XDG_RUNTIME_DIR": path + "/run", "XDG_DATA_DIRS": windowShare + ":/usr/local/share:/usr/share",
                "DBUS_SESSION_BUS_ADDRESS": sessionBus, "DBUS_SYSTEM_BUS_ADDRESS": systemBus,
                "XDG_SESSION_TYPE": "wayland", "XDG_CURRENT_DESKTOP": "GNOME", "XDG_SESSION_DESKTOP": "gnome",
                "WAYLAND_DISPLAY": "wayland-bm", "LANG": "C.UTF-8"]
    }

    private init() throws {
        folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("bm-gnome-\(UUID().uuidString.prefix(8))")
        for sub in ["home", "config", "data/gnome-shell/extensions", "state", "cache", "log", "share"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("run"), withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        try shadowHostWindow()
        do {
            try start()
        } catch {
            stop()
            throw error
        }
    }

    private func start() throws {
        let deadline = ContinuousClock.now + .seconds(60)
        try spawn("/usr/bin/dbus-daemon", ["--config-file=/usr/share/dbus-1/session.conf", "--nofork", "--nopidfile",
                                           "--address=\(systemBus)"], log: "system-bus")
        try spawn("/usr/bin/dbus-daemon", ["--session", "--nofork", "--nopidfile", "--address=\(sessionBus)"], log: "session-bus")
        for socket in ["run/bus", "run/system-bus"] {
            try wait(until: deadline, "the bus at \(socket)") {
                FileManager.default.fileExists(atPath: folder.appendingPathComponent(socket).path)
            }
        }
        let uuid = "test-hooks@bettermorning.org"
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Tests/GnomeShell/\(uuid)"),
                                         to: folder.appendingPathComponent("data/gnome-shell/extensions/\(uuid)"))
        let set = try ChildProcess.run("/usr/bin/gsettings", ["set", "org.gnome.shell", "enabled-extensions", "['\(uuid)']"],
                                       environment: sessionEnvironment)
        guard set.status == 0 else { throw Failure(description: "gsettings: \(set.stderr)") }

        let began = ContinuousClock.now
        let shell = try spawn(Self.program, ["--headless", "--wayland", "--no-x11", "--wayland-display", "wayland-bm",
                                             "--virtual-monitor", "1280x800"], log: "gnome-shell")
        try wait(until: deadline, "GNOME Shell to answer Eval") {
            guard !hasEnded(shell.pid) else { throw Failure(description: "gnome-shell exited: \(log("gnome-shell"))") }
            return (try? eval("global.context.unsafe_mode && Main.layoutManager._startingUp === false")) == "true"
        }
        let took = ContinuousClock.now - began
        startSeconds = Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18
        // Out of the overview the shell starts in, as when a person starts an app; and
        // without its own start-up notices ("Logged in as a privileged user", "Screen Lock
        // disabled"): while nobody touches the session a banner stays, and the next waits
        // behind it.
        _ = try eval("""
            Main.overview.hide();
            for (const source of Main.messageTray.getSources())
              for (const notification of [...source.notifications]) notification.destroy();
            true
            """)
    }

    /// Ends every process of the session: first those its bus started on demand, asked of
    /// the bus by their connections, then the shell and the buses, last started first.
    func stop() {
        let started = lock.withLock { () -> [ChildProcess] in
            defer { children = [] }
            return children
        }
        guard !started.isEmpty else { return }
        var others: [pid_t] = []
        if let names = try? busCall("ListNames", nil) as? [String] {
            let ours = Set(started.map(\.pid))
            for name in names where name.hasPrefix(":") {
                if let pid = try? busCall("GetConnectionUnixProcessID", name) as? Int, pid > 0, !ours.contains(pid_t(pid)),
                   pid_t(pid) != getpid() {
                    others.append(pid_t(pid))
                }
            }
        }
        for pid in others { terminate(pid, within: .seconds(5)) }
        for child in started.reversed() { NotificationStack.terminate(child) }
        try? FileManager.default.removeItem(at: folder)
    }

    /// What GNOME Shell's log says so far.
    func log(_ name: String) -> String {
        (try? String(contentsOf: folder.appendingPathComponent("log/\(name).log"), encoding: .utf8)) ?? ""
    }

    // MARK: - Reading and touching the shell

    /// Evaluates `script` in the shell; the JSON of its value.
    @discardableResult
    func eval(_ script: String) throws -> String {
        let run = try ChildProcess.run("/usr/bin/python3", ["-c", Self.evalProgram, script], environment: sessionEnvironment)
        guard run.status == 0 else { throw Failure(description: "Eval failed: \(run.stdout)\(run.stderr)") }
        return run.stdout.trimmingCharacters(in: .newlines)
    }

    /// One notification in the shell's message tray.
    struct Notification: Equatable, CustomStringConvertible {
        var title: String
        var body: String
        /// GNOME Shell's urgency: 0 low, 1 normal, 2 high, 3 critical.
        var urgency: Int
        var actions: [String]
        var description: String { "\(title) | \(body) [urgency \(urgency), actions \(actions)]" }
    }

    /// What the tray holds and shows.
    struct Tray: CustomStringConvertible {
        var notifications: [Notification]
        /// The title of the notification shown as a banner now, nil when none is.
        var banner: String?
        /// The buttons on the banner, by label.
        var buttons: [String]
        var description: String { "banner \(banner ?? "none") \(buttons), tray \(notifications)" }
    }

    func tray() throws -> Tray {
        let json = try eval("""
            (() => {
              const tray = Main.messageTray;
              const shown = tray._notification && tray._notificationState !== 0 ? tray._notification : null;
              const banner = tray._banner;
              const all = [];
              for (const source of tray.getSources())
                for (const n of source.notifications)
                  all.push({ title: n.title, body: n.bannerBodyText || '', urgency: n.urgency,
                             actions: n.actions.map(a => a.label) });
              return { notifications: all, banner: shown ? shown.title : null,
                       buttons: shown && banner && banner._buttonBox ? banner._buttonBox.get_children().map(c => c.label) : [] };
            })()
            """)
        guard let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
            throw Failure(description: "the tray as Eval gave it: \(json)")
        }
        let notifications = (object["notifications"] as? [[String: Any]] ?? []).map {
            Notification(title: $0["title"] as? String ?? "", body: $0["body"] as? String ?? "",
                         urgency: $0["urgency"] as? Int ?? -1, actions: $0["actions"] as? [String] ?? [])
        }
        return Tray(notifications: notifications, banner: object["banner"] as? String, buttons: object["buttons"] as? [String] ?? [])
    }

    /// Waits until the tray is as `wanted` says; the tray then.
    func waitForTray(within: Duration = .seconds(20), _ wanted: (Tray) -> Bool) throws -> Tray {
        var last = try tray()
        let found = try waitUntil(within: within) {
            last = try tray()
            return wanted(last)
        }
        guard found else { throw Failure(description: "the tray never came to be as wanted: \(last)") }
        return last
    }

    /// Takes away every notification, so that the next test starts from an empty tray.
    func clear() throws {
        try eval("""
            for (const source of Main.messageTray.getSources())
              for (const notification of [...source.notifications]) notification.destroy();
            true
            """)
        _ = try waitForTray { $0.notifications.isEmpty && $0.banner == nil }
    }

    /// The virtual pointer, made once: what remote-desktop tools use, and to the shell a mouse.
    private static let pointer = """
        const Clutter = imports.gi.Clutter;
        if (!global._bmTestPointer)
          global._bmTestPointer = Clutter.get_default_backend().get_default_seat()
            .create_virtual_device(Clutter.InputDeviceType.POINTER_DEVICE);
        """

    /// Moves the pointer over an empty part of the screen, as a person at the computer does:
    /// the shell then counts the user as active.
    func beActive() throws {
        try eval(Self.pointer + """
            const where = 500 + Math.round(Math.random() * 100);
            global._bmTestPointer.notify_absolute_motion(GLib.get_monotonic_time(), where, global.stage.height - 60);
            true
            """)
    }

    /// Presses the banner's button labelled `label` as a person would: the pointer onto the
    /// banner, which then shows its buttons, onto the button, and a click.
    func press(_ label: String) throws {
        let quoted = String(data: try JSONSerialization.data(withJSONObject: [label]), encoding: .utf8)!
        let onBanner = try eval(Self.pointer + """
            (() => {
              const bin = Main.messageTray._bannerBin;
              if (!Main.messageTray._banner) return false;
              const [x, y] = bin.get_transformed_position();
              const [w, h] = bin.get_transformed_size();
              global._bmTestPointer.notify_absolute_motion(GLib.get_monotonic_time(), x + w / 2, y + Math.min(h / 2, 30));
              return true;
            })()
            """)
        guard onBanner == "true" else { throw Failure(description: "no banner to press \(label) on: \(try tray())") }
        let find = "Main.messageTray._banner && Main.messageTray._banner._buttonBox && Main.messageTray._banner._buttonBox"
            + ".get_children().find(c => c.label === \(quoted)[0])"
        let shown = try waitUntil(within: .seconds(10)) {
            try eval("(() => { const b = \(find); return !!b && b.is_mapped() && b.get_transformed_size()[0] > 0; })()") == "true"
        }
        guard shown else { throw Failure(description: "no button \(label) on the banner: \(try tray())") }
        let clicked = try eval(Self.pointer + """
            (() => {
              const button = \(find);
              if (!button) return false;
              const [x, y] = button.get_transformed_position();
              const [w, h] = button.get_transformed_size();
              const p = global._bmTestPointer, t = GLib.get_monotonic_time();
              p.notify_absolute_motion(t, x + w / 2, y + h / 2);
              p.notify_button(t + 1000, Clutter.BUTTON_PRIMARY, Clutter.ButtonState.PRESSED);
              p.notify_button(t + 2000, Clutter.BUTTON_PRIMARY, Clutter.ButtonState.RELEASED);
              return true;
            })()
            """)
        guard clicked == "true" else { throw Failure(description: "the button \(label) went before it was pressed") }
    }

    /// Clicks the banner itself, away from its buttons, as a person opens a notification.
    func clickBanner() throws {
        let clicked = try eval(Self.pointer + """
            (() => {
              const bin = Main.messageTray._bannerBin;
              if (!Main.messageTray._banner) return false;
              const [x, y] = bin.get_transformed_position();
              const [w, h] = bin.get_transformed_size();
              const p = global._bmTestPointer, t = GLib.get_monotonic_time();
              p.notify_absolute_motion(t, x + w / 2, y + Math.min(h / 4, 20));
              p.notify_button(t + 1000, Clutter.BUTTON_PRIMARY, Clutter.ButtonState.PRESSED);
              p.notify_button(t + 2000, Clutter.BUTTON_PRIMARY, Clutter.ButtonState.RELEASED);
              return true;
            })()
            """)
        guard clicked == "true" else { throw Failure(description: "no banner to click: \(try tray())") }
    }

    // MARK: - The window, installed and shown

    /// The window's app id, its object path on the bus.
    static let appID = "org.bettermorning.BetterMorning"
    static let objectPath = "/org/bettermorning/BetterMorning"

    /// Installs the window (`executable`) in the session's data folder as its package
    /// does: its desktop entry (starting `executable` by its full path, as the shell shows
    /// only entries whose program it finds), its D-Bus service file and its search
    /// provider; returns once the bus and the shell both know it. What the bus starts
    /// for it gets `environment` (`UpdateActivationEnvironment`).
    func installWindow(executable: String, environment: [String: String]) throws {
        let window = packageRoot.appendingPathComponent("packaging/window")
        let share = URL(fileURLWithPath: windowShare)
        for sub in ["applications", "dbus-1/services", "gnome-shell/search-providers"] {
            try FileManager.default.createDirectory(at: share.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        let service = try String(contentsOf: window.appendingPathComponent("\(Self.appID).service.in"), encoding: .utf8)
            .replacingOccurrences(of: "@bindir@/better-morning", with: executable)
        try service.write(to: share.appendingPathComponent("dbus-1/services/\(Self.appID).service"), atomically: true, encoding: .utf8)
        let entry = try String(contentsOf: window.appendingPathComponent("\(Self.appID).desktop"), encoding: .utf8)
            .replacingOccurrences(of: "\nExec=better-morning\n", with: "\nExec=\(executable)\n")
        try entry.write(to: share.appendingPathComponent("applications/\(Self.appID).desktop"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(at: window.appendingPathComponent("\(Self.appID).search-provider.ini"),
                                         to: share.appendingPathComponent("gnome-shell/search-providers/\(Self.appID).search-provider.ini"))
        try setActivationEnvironment(environment)
        try busCallUnit("ReloadConfig")
        let known = try waitUntil(within: .seconds(20)) {
            try eval("Shell.AppSystem.get_default().lookup_app('\(Self.appID).desktop') !== null") == "true"
        }
        guard known else { throw Failure(description: "the shell never found the window's desktop entry") }
    }

    /// Keeps a window installed on the host out of the session while no test installs
    /// one: the session's own data folder comes first, so an entry there marked hidden
    /// and a service that cannot start stand in front of the host's in /usr/share.
    private func shadowHostWindow() throws {
        let share = URL(fileURLWithPath: windowShare)
        for sub in ["applications", "dbus-1/services"] {
            try FileManager.default.createDirectory(at: share.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        try "[Desktop Entry]\nType=Application\nName=Better Morning\nHidden=true\n"
            .write(to: share.appendingPathComponent("applications/\(Self.appID).desktop"), atomically: true, encoding: .utf8)
        try "[D-BUS Service]\nName=\(Self.appID)\nExec=/bin/false\n"
            .write(to: share.appendingPathComponent("dbus-1/services/\(Self.appID).service"), atomically: true, encoding: .utf8)
    }

    /// Takes the window away again: its files, and the program if it runs.
    func removeWindow() {
        if let pid = windowProcess() { terminate(pid, within: .seconds(5)) }
        try? FileManager.default.removeItem(atPath: windowShare + "/applications")
        try? FileManager.default.removeItem(atPath: windowShare + "/dbus-1")
        try? FileManager.default.removeItem(atPath: windowShare + "/gnome-shell")
        try? shadowHostWindow()
        try? busCallUnit("ReloadConfig")
        _ = try? waitUntil(within: .seconds(20)) {
            try eval("Shell.AppSystem.get_default().lookup_app('\(Self.appID).desktop') === null") == "true"
        }
    }

    /// What the bus gives the programs it starts, as a desktop session's start-up does:
    /// the display, by the socket's full path, and `environment` (where bmd is).
    func setActivationEnvironment(_ environment: [String: String]) throws {
        var env = environment
        env["WAYLAND_DISPLAY"] = waylandSocket
        env["GDK_BACKEND"] = "wayland"
        env["GSK_RENDERER"] = "cairo"
        env["GTK_A11Y"] = "none"
        env["PATH"] = "/usr/bin:/bin"
        let pairs = env.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let run = try ChildProcess.run("/usr/bin/python3", ["-c", Self.activationProgram] + pairs, environment: sessionEnvironment)
        guard run.status == 0 else { throw Failure(description: "UpdateActivationEnvironment: \(run.stderr)") }
    }

    /// The process that owns the window's name on the bus, nil when none does.
    func windowProcess() -> pid_t? {
        (try? busCall("GetConnectionUnixProcessID", Self.appID) as? Int).map { pid_t($0) }
    }

    /// The page the window shows, as its `page` action's state says ("today", …); nil
    /// when no window answers.
    func windowPage() throws -> String? {
        let run = try ChildProcess.run("/usr/bin/busctl", ["--address=\(sessionBus)", "call", Self.appID, Self.objectPath,
                                                            "org.gtk.Actions", "Describe", "s", "page"],
                                       environment: ["PATH": "/usr/bin:/bin"])
        guard run.status == 0 else { return nil }
        // (bgav) true "s" 1 s "today"
        return run.stdout.split(separator: "\"").dropLast().last.map(String.init)
    }

    /// The title of the window that has the keyboard focus, nil when none has.
    func focusedWindow() throws -> String? {
        let json = try eval("global.display.focus_window ? global.display.focus_window.title : null")
        return try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed) as? String
    }

    /// The titles of the windows on screen, bottom to top, with whether each asks for
    /// attention ("“…” is ready").
    func windows() throws -> String {
        try eval("global.get_window_actors().map(a => [a.meta_window.title, a.meta_window.demands_attention])")
    }

    /// Another application, a plain GTK window titled "Other app" that the person has
    /// just clicked in: it is in front and has the focus. Stopped with `stop()` of the
    /// process returned.
    func otherAppInFront() throws -> ChildProcess {
        var env = sessionEnvironment
        env["WAYLAND_DISPLAY"] = waylandSocket
        env["GDK_BACKEND"] = "wayland"
        env["GSK_RENDERER"] = "cairo"
        env["GTK_A11Y"] = "none"
        let output = open(folder.appendingPathComponent("log/other-app.log").path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        defer { close(output) }
        let other = try ChildProcess("/usr/bin/python3", ["-c", Self.otherApp], environment: env, stdout: output, stderr: output)
        let mapped = try waitUntil(within: .seconds(20)) {
            try eval("global.get_window_actors().some(a => a.meta_window.title === 'Other app' && a.is_mapped())") == "true"
        }
        guard mapped else {
            NotificationStack.terminate(other)
            throw Failure(description: "the other app never showed: \(log("other-app"))")
        }
        // A click inside it, as a person working there: what the shell weighs against a
        // window that asks to come forward.
        try eval(Self.pointer + """
            (() => {
              const w = global.get_window_actors().map(a => a.meta_window).find(w => w.title === 'Other app');
              const r = w.get_frame_rect(), p = global._bmTestPointer, t = GLib.get_monotonic_time();
              p.notify_absolute_motion(t, r.x + r.width / 2, r.y + r.height / 2);
              p.notify_button(t + 1000, Clutter.BUTTON_PRIMARY, Clutter.ButtonState.PRESSED);
              p.notify_button(t + 2000, Clutter.BUTTON_PRIMARY, Clutter.ButtonState.RELEASED);
              return true;
            })()
            """)
        guard try waitUntil(within: .seconds(10), { try focusedWindow() == "Other app" }) else {
            NotificationStack.terminate(other)
            throw Failure(description: "the other app never had the focus: \(try windows())")
        }
        return other
    }

    /// Defines `bmProvider()`: the window's search provider in the overview's search,
    /// undefined while the shell has not loaded it.
    static let searchResults = """
        const bmProvider = () => Main.overview._overview._controls._searchController._searchResults._providers
          .find(p => p.id === '\(appID).desktop');

        """

    /// Clicks the search result named `name`, as a person does with the pointer.
    func clickSearchResult(_ name: String) throws {
        let quoted = String(data: try JSONSerialization.data(withJSONObject: [name]), encoding: .utf8)!
        let clicked = try eval(Self.pointer + Self.searchResults + """
            (() => {
              const result = Object.values(bmProvider().display._resultDisplays).find(r => r.metaInfo.name === \(quoted)[0]);
              if (!result || !result.is_mapped()) return false;
              const [x, y] = result.get_transformed_position();
              const [w, h] = result.get_transformed_size();
              const p = global._bmTestPointer, t = GLib.get_monotonic_time();
              p.notify_absolute_motion(t, x + w / 2, y + h / 2);
              p.notify_button(t + 1000, Clutter.BUTTON_PRIMARY, Clutter.ButtonState.PRESSED);
              p.notify_button(t + 2000, Clutter.BUTTON_PRIMARY, Clutter.ButtonState.RELEASED);
              return true;
            })()
            """)
        guard clicked == "true" else { throw Failure(description: "no search result \(name) on screen") }
    }

    /// A GTK 4 window as big as most of the screen, titled "Other app".
    private static let otherApp = """
        import gi
        gi.require_version('Gtk', '4.0')
        from gi.repository import Gtk
        app = Gtk.Application(application_id='org.example.OtherApp')
        def activate(app):
            window = Gtk.ApplicationWindow(application=app, title='Other app')
            window.set_default_size(1000, 600)
            window.present()
        app.connect('activate', activate)
        app.run([])
        """

    /// Sets the bus's activation environment from its arguments, NAME=VALUE each.
    private static let activationProgram = """
        import sys, gi
        gi.require_version('Gio', '2.0')
        from gi.repository import Gio, GLib
        bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        env = dict(a.split('=', 1) for a in sys.argv[1:])
        bus.call_sync('org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus', 'UpdateActivationEnvironment',
            GLib.Variant('(a{ss})', (env,)), None, Gio.DBusCallFlags.NONE, 5000, None)
        """

    // MARK: - Processes

    @discardableResult
    private func spawn(_ path: String, _ arguments: [String], log name: String) throws -> ChildProcess {
        let log = open(folder.appendingPathComponent("log/\(name).log").path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        defer { close(log) }
        let child = try ChildProcess(path, arguments, environment: sessionEnvironment, stdout: log, stderr: log)
        lock.withLock { children.append(child) }
        return child
    }

    private func wait(until deadline: ContinuousClock.Instant, _ what: String, _ ready: () throws -> Bool) throws {
        guard try waitUntil(within: deadline - ContinuousClock.now, ready) else {
            throw Failure(description: "timed out waiting for \(what); GNOME Shell said: \(log("gnome-shell").suffix(3000))")
        }
    }

    /// A call to the session bus itself, with one string argument or none; its answer.
    private func busCall(_ method: String, _ argument: String?) throws -> Any? {
        let run = try ChildProcess.run("/usr/bin/python3", ["-c", Self.busProgram, method] + (argument.map { [$0] } ?? []),
                                       environment: sessionEnvironment)
        guard run.status == 0 else { return nil }
        return try JSONSerialization.jsonObject(with: Data(run.stdout.utf8), options: .fragmentsAllowed)
    }

    /// A call to the session bus itself with no argument and no answer, such as ReloadConfig.
    private func busCallUnit(_ method: String) throws {
        let run = try ChildProcess.run("/usr/bin/busctl", ["--address=\(sessionBus)", "call", "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                                            "org.freedesktop.DBus", method], environment: ["PATH": "/usr/bin:/bin"])
        guard run.status == 0 else { throw Failure(description: "\(method): \(run.stderr)") }
    }

    /// Calls org.gnome.Shell.Eval with its first argument; prints the JSON, and fails when
    /// the shell says the script failed.
    private static let evalProgram = """
        import sys, gi
        gi.require_version('Gio', '2.0')
        from gi.repository import Gio, GLib
        bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        ok, out = bus.call_sync('org.gnome.Shell', '/org/gnome/Shell', 'org.gnome.Shell', 'Eval',
            GLib.Variant('(s)', (sys.argv[1],)), GLib.VariantType('(bs)'), Gio.DBusCallFlags.NONE, 10000, None).unpack()
        print(out)
        sys.exit(0 if ok else 1)
        """

    private static let busProgram = """
        import sys, json, gi
        gi.require_version('Gio', '2.0')
        from gi.repository import Gio, GLib
        bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        args = GLib.Variant('(s)', (sys.argv[2],)) if len(sys.argv) > 2 else None
        reply = bus.call_sync('org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus', sys.argv[1],
            args, None, Gio.DBusCallFlags.NONE, 5000, None).unpack()
        print(json.dumps(reply[0]))
        """
}
