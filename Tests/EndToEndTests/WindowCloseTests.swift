import Foundation
import Testing

/// The window is a view: bmd holds the morning, so closing the window loses nothing a
/// person gave it. The real `better-morning` on a desktop of the test's own, worked over
/// AT-SPI with the mouse and keyboard (`WindowDesktop`), closed, then bmd read back with
/// bmctl and the window opened again on it.
// Rule U4: the window is a view of bmd, which owns the state.
@Suite("End to end: closing the window loses nothing", .serialized)
struct WindowCloseTests {
    /// The draft as bmd holds it: its title and its tasks ("06:00 Stretch").
    static func draft(_ box: Sandbox) throws -> (title: String?, tasks: [String]) {
        let shown = try box.bmctl("draft", "show", "--json")
        try #require(shown.status == 0, "bmctl draft show: \(shown.stderr)")
        let draft = try shown.object
        let tasks = (draft["tasks"] as? [[String: Any]] ?? []).map { "\($0["time"] as? String ?? "") \($0["title"] as? String ?? "")" }
        return (draft["title"] as? String, tasks)
    }

    @Test("checks and a draft made in the window outlive closing it: bmd has them, and the window shows them again")
    func closeKeepsState() throws {
        let morning = try WindowEndToEndTests.Morning()
        defer { morning.desktop.stop() }
        let box = morning.box, desktop = morning.desktop
        let before = try Self.draft(box)
        #expect(before.title == nil && before.tasks.isEmpty, "bmd had a draft before the window wrote one")

        // Today: the second task checked with a click, as the window then shows.
        try desktop.wait(role: "check box", name: morning.checkBox(2), state: "checked", is: false)
        try desktop.click(role: "check box", name: morning.checkBox(2))
        try desktop.wait(role: "check box", name: morning.checkBox(2), state: "checked")

        // Routines: a draft begun with a task typed and given with Enter, then its title
        // typed and not given, all by keyboard (the page scrolls to the focus): Alt+I is
        // the new task's time (06:00 at first), its title two Tabs on; the routine's title
        // is before them.
        try desktop.key("alt+2")
        try desktop.wait(role: "page tab", name: "Routines", state: "selected", within: 2)
        for keys in ["alt+i", "Tab", "Tab"] { try desktop.key(keys) }
        try desktop.type("Stretch")
        try desktop.key("Return")
        try desktop.wait(role: "list item", name: "06:00 Stretch", anywhere: true)
        // Back from the time past the task's Remove and row: Set Title, then the title.
        for keys in ["alt+i", "shift+Tab", "shift+Tab", "shift+Tab"] { try desktop.key(keys) }
        try desktop.wait(role: "push button", name: "Set the title", state: "focused", anywhere: true)
        try desktop.key("shift+Tab")
        try desktop.type("Owl")

        // Closed at once with Ctrl+Q, the title still in its entry: the window gives it to
        // bmd, and the program ends.
        try desktop.key("ctrl+q")
        #expect(desktop.ended(within: 5) == 0, "the window's program did not end on Ctrl+Q")

        // bmd has both.
        let states = try WindowEndToEndTests.Morning.today(box).map { $0["state"] as? String ?? "" }
        #expect(states.prefix(3) == ["untouched", "done", "untouched"])
        let after = try Self.draft(box)
        #expect(after.title == "Owl")
        #expect(after.tasks == ["06:00 Stretch"])

        // Opened again, the window shows them: the box checked, the draft's task (the
        // title is in an entry, whose text the driver does not read; bmctl said it).
        try desktop.open(box)
        try desktop.wait(role: "check box", name: morning.checkBox(2), state: "checked")
        try desktop.wait(role: "check box", name: morning.checkBox(1), state: "checked", is: false)
        try desktop.key("alt+2")
        try desktop.wait(role: "page tab", name: "Routines", state: "selected", within: 2)
        try desktop.wait(role: "list item", name: "06:00 Stretch", anywhere: true)
        // A second task typed and not given with Enter.
        for keys in ["alt+i", "Tab", "Tab"] { try desktop.key(keys) }
        try desktop.type("Tea")

        // Another check, and the window closed with its own close button this time.
        try desktop.key("alt+1")
        try desktop.click(role: "check box", name: morning.checkBox(3))
        try desktop.wait(role: "check box", name: morning.checkBox(3), state: "checked")
        try desktop.click(role: "push button", name: "Close", anywhere: true)
        #expect(desktop.ended(within: 5) == 0, "the window's program did not end when its window closed")
        let last = try WindowEndToEndTests.Morning.today(box).map { $0["state"] as? String ?? "" }
        #expect(last.prefix(4) == ["untouched", "done", "done", "untouched"])
        // The task typed went to bmd as the window closed.
        #expect(try Self.draft(box).tasks == ["06:00 Stretch", "06:00 Tea"])
    }

    @Test("asked to open while it closes and bmd does not answer, the window opens afresh once the closing one is gone, and the program stays")
    func askedToOpenWhileClosing() throws {
        let morning = try WindowEndToEndTests.Morning()
        defer { morning.desktop.stop() }
        let desktop = morning.desktop
        let bmd = try #require(morning.box.daemon)

        // A task typed and not given, which closing gives to bmd and waits on.
        try desktop.key("alt+2")
        try desktop.wait(role: "page tab", name: "Routines", state: "selected", within: 2)
        for keys in ["alt+i", "Tab", "Tab"] { try desktop.key(keys) }
        try desktop.type("Tea")

        // bmd stops answering (stopped, as a hung program is): closing now waits for the
        // window's patience, two seconds, and the launcher is clicked again meanwhile.
        #expect(WindowSpinTests.stop(bmd.pid), "bmd did not stop")
        defer { bmd.signal(SIGCONT) }
        try desktop.key("ctrl+q")
        #expect(try desktop.activate(), "the window's program did not answer Activate while closing")

        // The closing window goes, a fresh one comes, and the program stays.
        try desktop.wait(role: "frame", name: WindowDesktop.title, within: 10)
        #expect(desktop.ended(within: 3) == nil, "the window's program ended though it was started again while closing")

        // Once bmd answers again, the fresh window follows it: Today's tasks, a check.
        bmd.signal(SIGCONT)
        try desktop.wait(role: "check box", name: morning.checkBox(1), state: "checked", is: false, within: 10)
        try desktop.click(role: "check box", name: morning.checkBox(1))
        #expect(try morning.bmdSays(1, is: "done", within: 5), "a check in the window opened afresh did not reach bmd")
    }
}
