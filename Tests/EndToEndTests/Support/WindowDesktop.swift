import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A desktop for the window, made by the test itself: an X display (Xvfb) and a session
/// bus of its own (`NotificationStack`'s, with no notification server), the
/// accessibility bus a desktop session brings (at-spi-bus-launcher), and the real
/// `better-morning` on them. `Tests/Tools/atspi-driver` reads the window as a screen
/// reader does and works it with the mouse and keyboard (xdotool); `ask` sends it one
/// request and returns its answer. Everything is stopped when the desktop is.
final class WindowDesktop {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The window's title, by which the driver finds it.
    static let title = "Better Morning"
    static let tools = ["/usr/bin/python3", "/usr/bin/xdotool", "/usr/libexec/at-spi-bus-launcher"]

    let stack: NotificationStack
    private var launcher: ChildProcess?
    private var driver: ChildProcess?
    private var window: ChildProcess?
    private let toDriver: Pipe2
    private let fromDriver: Pipe2
    private let answers: LineReader
    private var log: Int32

    /// The display, the buses and the driver; the window comes with `open`.
    init() throws {
        let missing = Self.tools.filter { !FileManager.default.isExecutableFile(atPath: $0) }
        guard missing.isEmpty, FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/pyatspi") else {
            throw Failure(description: "missing \(missing.joined(separator: ", ")) or pyatspi; `make test-deps` installs python3-pyatspi, gir1.2-atspi-2.0, xdotool and at-spi2-core")
        }
        stack = try NotificationStack(server: false)
        log = Glibc.open(stack.folder.appendingPathComponent("window.log").path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        toDriver = try Pipe2()
        fromDriver = try Pipe2()
        answers = LineReader(fromDriver)
        // The accessibility bus, as a desktop session starts it: GTK finds it through the
        // session bus, and so does the driver.
        launcher = try ChildProcess("/usr/libexec/at-spi-bus-launcher", ["--launch-immediately"],
                                    environment: environment, stderr: log)
        driver = try ChildProcess("/usr/bin/python3", [packageRoot.appendingPathComponent("Tests/Tools/atspi-driver").path],
                                  environment: environment, stdin: toDriver.read, stdout: fromDriver.write, stderr: log)
        fromDriver.closeWrite()
    }

    deinit { stop() }

    /// The display and the session bus, for any program that should appear on this desktop.
    var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["WAYLAND_DISPLAY"] = nil
        env["AT_SPI_BUS_ADDRESS"] = nil
        return env.merging(stack.environment) { $1 }
    }

    /// Opens the window of `box`'s bmd (its runtime folder) on this desktop and waits until
    /// the driver sees it. Cairo draws: Xvfb has no GPU. Unless `firstRun`, the person has
    /// seen the welcome already (bmctl took it, when `box`'s bmd runs): the window shows no
    /// welcome over itself.
    func open(_ box: Sandbox, firstRun: Bool = false) throws {
        if !firstRun, box.daemon != nil { _ = try? box.bmctl("welcome") }
        window = try ChildProcess(Self.program, [], environment: windowEnvironment(box), stderr: log)
        try wait(role: "frame", name: Self.title, within: 20)
    }

    /// The window's process, while it runs.
    var windowPID: pid_t? { window?.pid }

    /// Asks the running window's program to open, as a second click on its launcher does
    /// (the launcher is D-Bus activatable): `org.freedesktop.Application.Activate` on the
    /// session bus. Whether the program answered.
    func activate() throws -> Bool {
        let call = try OpenTodayWindowTests.busctl(stack, ["call", OpenTodayWindowTests.appID, OpenTodayWindowTests.objectPath,
                                                           "org.freedesktop.Application", "Activate", "a{sv}", "0"])
        return call.status == 0
    }

    private static var program: String { Binaries.dir.appendingPathComponent("better-morning").path }

    private func windowEnvironment(_ box: Sandbox) -> [String: String] {
        var env = box.baseEnvironment.merging(stack.environment) { $1 }
        env["GSK_RENDERER"] = "cairo"
        env["GTK_A11Y"] = "atspi"
        env["HOME"] = box.root.path
        env["XDG_CONFIG_HOME"] = box.root.appendingPathComponent("config").path
        env["GSETTINGS_BACKEND"] = "memory"
        return env
    }

    /// Sends one request to the driver (see Tests/Tools/atspi-driver) and returns its answer,
    /// or throws what went wrong, with the window's log.
    @discardableResult
    func ask(_ request: [String: Any]) throws -> [String: Any] {
        var request = request
        request["app"] = Self.title
        let line = try JSONSerialization.data(withJSONObject: request) + Data("\n".utf8)
        let written = line.withUnsafeBytes { write(toDriver.write, $0.baseAddress, $0.count) }
        guard written == line.count else { throw Failure(description: "the AT-SPI driver is gone: \(logText)") }
        let within = request["within"] as? Double ?? 5
        guard let answer = answers.next(timeout: within + 30) else {
            throw Failure(description: "the AT-SPI driver did not answer \(request): \(logText)")
        }
        guard let object = try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any] else {
            throw Failure(description: "the AT-SPI driver answered \(answer)")
        }
        guard object["ok"] as? Bool == true else {
            throw Failure(description: "\(object["error"] ?? answer)\nwindow's log: \(logText)")
        }
        return object
    }

    /// Until a widget of `role` named `name` ("…" at the end: starting so) is on screen,
    /// with `state` set (or cleared, `is: false`) when given. With `anywhere`, a widget in
    /// the window's tree counts though it is scrolled out of view: GTK 4.8, as seen here,
    /// tells a screen reader of nothing at the points of a page scrolled down, so the
    /// caller makes sure the widget's page is the one on show.
    @discardableResult
    func wait(role: String, name: String, state: String? = nil, is wanted: Bool = true, within seconds: Double = 5,
              anywhere: Bool = false) throws -> [String: Any] {
        var request: [String: Any] = ["do": "wait", "role": role, "name": name, "is": wanted, "within": seconds, "anywhere": anywhere]
        if let state { request["state"] = state }
        return try ask(request)
    }

    /// Until no widget of `role` named `name` is on screen.
    func gone(role: String, name: String, within seconds: Double = 5) throws {
        try ask(["do": "gone", "role": role, "name": name, "within": seconds])
    }

    /// A left click at the middle of the widget, with the mouse; with `anywhere`, found
    /// as `wait` finds it and clicked where its extents say it is (the header bar's
    /// window buttons are not found at their points either).
    func click(role: String, name: String, within seconds: Double = 5, anywhere: Bool = false) throws {
        try ask(["do": "click", "role": role, "name": name, "within": seconds, "anywhere": anywhere])
    }

    /// Keys typed on the keyboard into the window ("alt+2").
    func key(_ keys: String) throws {
        try ask(["do": "key", "keys": keys])
    }

    /// Text typed on the keyboard into the window, into the widget that has the focus.
    func type(_ text: String) throws {
        try ask(["do": "type", "text": text])
    }

    /// Waits at most `seconds` for the window's program to end by itself (Ctrl+Q, or its
    /// last window closed): its exit status, or nil while it still runs. `open` starts
    /// it again.
    func ended(within seconds: Double = 5) -> Int32? {
        guard let window, waitUntil(within: .milliseconds(Int(seconds * 1000)), { hasEnded(window.pid) }) else { return nil }
        self.window = nil
        return window.wait()
    }

    var logText: String {
        (try? String(contentsOf: stack.folder.appendingPathComponent("window.log"), encoding: .utf8)) ?? ""
    }

    /// The window, the driver, the accessibility bus, then the display and the session bus
    /// (whose end ends the accessibility registry too); safe to call again.
    func stop() {
        toDriver.closeWrite()
        for child in [window, driver, launcher].compactMap({ $0 }) {
            NotificationStack.terminate(child)
        }
        window = nil
        driver = nil
        launcher = nil
        stack.stop()
        if log >= 0 { close(log) }
        log = -1
    }
}
