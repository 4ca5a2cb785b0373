import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The built window's manners as a GNOME app: `--version`, and its size kept between runs.
// Rule U4: a GNOME app's manners.
@Suite("End to end: the window's manners", .serialized)
struct WindowMannersEndToEndTests {
    @Test("better-morning --version says the version bmctl says, and needs no display")
    func version() throws {
        let box = try Sandbox(time: "2026-11-18 08:00:00")
        var env = box.baseEnvironment
        env["DISPLAY"] = nil
        env["WAYLAND_DISPLAY"] = nil
        let window = try ChildProcess.run(Binaries.dir.appendingPathComponent("better-morning").path, ["--version"], environment: env)
        let bmctl = try box.bmctl("--version").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let version = bmctl.split(separator: " ").last.map(String.init) ?? ""
        #expect(window.status == 0, "\(window.stderr)")
        #expect(!version.isEmpty)
        #expect(window.stdout == "better-morning \(version)\n")
    }

    @Test("the window opens at the size it had when it was closed with Ctrl+W")
    func sizeKept() throws {
        let box = try Sandbox(time: "2026-11-18 08:00:00")
        try box.startDaemon()
        let desktop = try WindowDesktop()
        defer { desktop.stop() }
        try desktop.open(box)
        func frameSize() throws -> [Int] {
            let frame = try desktop.wait(role: "frame", name: WindowDesktop.title)
            let extents = (frame["widget"] as? [String: Any])?["extents"] as? [Int] ?? []
            return Array(extents.suffix(2))
        }
        let first = try frameSize()
        // The X window is given a new size; the frame a screen reader reads is the window
        // less the few pixels of its edge, so the test compares the frame with itself.
        let given = [first[0] + 130, first[1] - 110]
        let resize = try ChildProcess.run("/usr/bin/xdotool", ["search", "--onlyvisible", "--name", "^\(WindowDesktop.title)$",
                                                               "windowsize", "--sync", "%1", String(given[0]), String(given[1])],
                                          environment: desktop.environment)
        #expect(resize.status == 0, "\(resize.stderr)")
        var resized: [Int] = []
        let took = try waitUntil(within: .seconds(5)) {
            resized = try frameSize()
            return resized != first
        }
        #expect(took, "the window never took the size it was given")
        try desktop.key("ctrl+w")
        #expect(desktop.ended(within: 10) == 0, "Ctrl+W did not close the window: \(desktop.logText)")
        try desktop.open(box)
        var reopened: [Int] = []
        let same = try waitUntil(within: .seconds(5)) {
            reopened = try frameSize()
            return reopened == resized
        }
        #expect(same, "opened again at \(reopened), not the \(resized) it was closed at (first \(first))")
    }
}
