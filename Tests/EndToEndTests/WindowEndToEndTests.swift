import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The window as a person uses it: the real `better-morning` on a display and session bus
/// of the test's own, following a real bmd, found and worked over AT-SPI (what a screen
/// reader reads) with the mouse and keyboard, and bmd read back with bmctl. Each test
/// makes its own desktop (`WindowDesktop`), so the suite runs in the main test run.
// Rule U4: the window is a live view of bmd; every action by mouse and keyboard.
@Suite("End to end: the window over AT-SPI", .serialized)
struct WindowEndToEndTests {
    /// A bmd whose clock reads a morning of Kant's routine (`time`, on its second day) with
    /// the tasks at the positions `checked` done, and the window open on it; `tasks` are
    /// today's as bmctl lists them.
    struct Morning {
        let box: Sandbox
        let desktop: WindowDesktop
        let tasks: [(position: Int, time: String, title: String)]

        init(at time: String = "05:00:00", checked: [Int] = []) throws {
            box = try Sandbox(time: "2026-11-18 08:00:00")
            try box.startDaemon()
            #expect(try box.bmctl("activate", "kant").status == 0)
            box.setClock("2026-11-19 " + time)
            for position in checked { #expect(try box.bmctl("check", String(position)).status == 0) }
            tasks = try Self.today(box).map { task in
                (task["position"] as? Int ?? 0, task["time"] as? String ?? "", task["title"] as? String ?? "")
            }
            try #require(tasks.count >= 3, "Kant's routine has fewer tasks than the tests check")
            desktop = try WindowDesktop()
            try desktop.open(box)
        }

        /// The check box of the task at `position`, as the window names it ("06:00 Walk…").
        func checkBox(_ position: Int) -> String {
            let task = tasks.first { $0.position == position }!
            return "\(task.time) \(task.title)…"
        }

        /// Today's tasks as bmd has them.
        static func today(_ box: Sandbox) throws -> [[String: Any]] {
            let day = try box.bmctl("day", "--json")
            try #require(day.status == 0, "bmctl day: \(day.stderr)")
            return try day.object["tasks"] as? [[String: Any]] ?? []
        }

        /// Polls bmd until the task at `position` is `state`, for at most `seconds`.
        func bmdSays(_ position: Int, is state: String, within seconds: Double = 2) throws -> Bool {
            try waitUntil(within: .seconds(seconds)) {
                try Self.today(box).first(where: { $0["position"] as? Int == position })?["state"] as? String == state
            }
        }
    }

    @Test("a click on a task's check box checks the task in bmd")
    func clickChecks() throws {
        let morning = try Morning()
        defer { morning.desktop.stop() }
        try morning.desktop.wait(role: "check box", name: morning.checkBox(2), state: "checked", is: false)
        try morning.desktop.click(role: "check box", name: morning.checkBox(2))
        #expect(try morning.bmdSays(2, is: "done"), "bmd never heard of the click")
        try morning.desktop.wait(role: "check box", name: morning.checkBox(2), state: "checked")
        // And a second click unchecks it.
        try morning.desktop.click(role: "check box", name: morning.checkBox(2))
        #expect(try morning.bmdSays(2, is: "untouched"), "bmd never heard of the second click")
        #expect(try Morning.today(morning.box).map { $0["state"] as? String } == morning.tasks.map { _ in "untouched" })
    }

    @Test("the window opens with the focus on the task to do now, and Space checks it")
    func spaceChecks() throws {
        // 05:31 on bmd's clock with the first two done: the third (05:30) is the one to do
        // now, not the first row.
        let morning = try Morning(at: "05:31:00", checked: [1, 2])
        defer { morning.desktop.stop() }
        // Each widget's name is read whole and once: the row says the task, its state and
        // that it is the one to do now; its check box says the task (its state is the box's).
        let task = try #require(morning.tasks.first { $0.position == 3 })
        try morning.desktop.wait(role: "list item", name: "\(task.time) \(task.title), not done, to do now", state: "focused")
        try morning.desktop.key("space")
        #expect(try morning.bmdSays(3, is: "done"), "bmd never heard of the key")
        try morning.desktop.wait(role: "check box", name: "\(task.time) \(task.title)", state: "checked")
        #expect(try Morning.today(morning.box).map { $0["state"] as? String }.prefix(4) == ["done", "done", "done", "untouched"])
    }

    @Test("a check made with bmctl shows in the window within a second")
    func shellCheckShows() throws {
        let morning = try Morning()
        defer { morning.desktop.stop() }
        try morning.desktop.wait(role: "check box", name: morning.checkBox(3), state: "checked", is: false)
        #expect(try morning.box.bmctl("check", "3").status == 0)
        try morning.desktop.wait(role: "check box", name: morning.checkBox(3), state: "checked", within: 1)
        #expect(try morning.box.bmctl("uncheck", "3").status == 0)
        try morning.desktop.wait(role: "check box", name: morning.checkBox(3), state: "checked", is: false, within: 1)
    }

    @Test("the window says when bmd is away, and follows it again once bmd is back")
    func survivesRestart() throws {
        let morning = try Morning()
        defer { morning.desktop.stop() }
        try morning.desktop.wait(role: "check box", name: morning.checkBox(1), state: "sensitive")
        try morning.box.stopDaemon()
        try morning.desktop.wait(role: "label", name: "bmd is away: nothing answers at \(morning.box.socketPath)…", within: 2)
        // Nothing can be checked meanwhile: the box would say what bmd never heard.
        try morning.desktop.wait(role: "check box", name: morning.checkBox(1), state: "sensitive", is: false)

        try morning.box.startDaemon()
        // The window tries again within four seconds at the longest.
        try morning.desktop.gone(role: "label", name: "bmd is away…", within: 6)
        try morning.desktop.wait(role: "check box", name: morning.checkBox(1), state: "sensitive")
        #expect(try morning.box.bmctl("check", "1").status == 0)
        try morning.desktop.wait(role: "check box", name: morning.checkBox(1), state: "checked", within: 1)
    }

    @Test("a window opened with no bmd running starts bmd, and follows it")
    func startsBmd() throws {
        let box = try Sandbox(time: "2026-11-18 08:00:00")
        let desktop = try WindowDesktop()
        defer { desktop.stop() }
        try desktop.open(box)
        // bmd is started off the window's main thread, beside the window's program, on the
        // real clock: a fresh state, with no routine.
        try desktop.wait(role: "label", name: "No active routine", within: 10)
        let started = try #require(Self.listener(box.socketPath), "nothing listens at \(box.socketPath)")
        defer { terminate(started, within: .seconds(10)) }  // the bmd the window started
        // The bmd beside the window's program.
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(started)/exe"))
                == URL(fileURLWithPath: Binaries.bmd).resolvingSymlinksInPath().path)
        #expect(try box.bmctl("activate", "kant").status == 0)
        try desktop.wait(role: "label", name: "Your new routine Immanuel Kant starts tomorrow…", within: 1)
    }

    /// The process listening at `path` (its credentials on a connection), if any.
    static func listener(_ path: String) -> pid_t? {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: Array(path.utf8.prefix(raw.count - 1)))
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else { return nil }
        // struct ucred (pid, uid, gid), which Swift's Glibc leaves out without _GNU_SOURCE.
        var credentials: [Int32] = [0, 0, 0]
        var length = socklen_t(12)
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else { return nil }
        return credentials[0]
    }

    // Rule C4.
    @Test("the Routines page follows the draft changed with bmctl, and offers Save only for a draft bmd would save")
    func routinesPageFollowsTheDraft() throws {
        let morning = try Morning()
        defer { morning.desktop.stop() }
        let save = "Save the routine and start it tomorrow"
        try morning.desktop.key("alt+2")
        try morning.desktop.wait(role: "page tab", name: "Routines", state: "selected", within: 2)
        // A terminal writes a draft while the page is open: the page shows each task and
        // offers Save once the draft has a title and a task, with no click of the person's.
        #expect(try morning.box.bmctl("draft", "title", "Run").status == 0)
        #expect(try morning.box.bmctl("draft", "add", "06:00", "Wake").status == 0)
        try morning.desktop.wait(role: "push button", name: "Remove 06:00 Wake", within: 2, anywhere: true)
        #expect(try morning.box.bmctl("draft", "add", "06:10", "Xray").status == 0)
        try morning.desktop.wait(role: "push button", name: "Remove 06:10 Xray", within: 2, anywhere: true)
        try morning.desktop.wait(role: "push button", name: save, state: "sensitive", within: 2, anywhere: true)
        // Thrown away in the terminal: no draft, and Save is greyed rather than asking about 0 tasks.
        #expect(try morning.box.bmctl("draft", "discard").status == 0)
        try morning.desktop.wait(role: "push button", name: save, state: "sensitive", is: false, within: 2, anywhere: true)
    }

    /// The pages and how a person reaches each: its shortcut and its tab. A new page is a
    /// new line here.
    static let pages: [(tab: String, keys: String)] = [("Routines", "alt+2"), ("History", "alt+3"), ("Today", "alt+1")]

    @Test("Alt+1, Alt+2, Alt+3 and the tabs switch the pages")
    func pagesByKeyboardAndMouse() throws {
        let morning = try Morning()
        defer { morning.desktop.stop() }
        try morning.desktop.wait(role: "page tab", name: "Today", state: "selected")
        for page in Self.pages {
            try morning.desktop.key(page.keys)
            try morning.desktop.wait(role: "page tab", name: page.tab, state: "selected", within: 2)
            for other in Self.pages where other.tab != page.tab {
                try morning.desktop.wait(role: "page tab", name: other.tab, state: "selected", is: false)
            }
        }
        for page in Self.pages {
            try morning.desktop.click(role: "page tab", name: page.tab)
            try morning.desktop.wait(role: "page tab", name: page.tab, state: "selected", within: 2)
        }
        // Back on Today, its tasks are there to check.
        try morning.desktop.wait(role: "check box", name: morning.checkBox(1))
    }
}
