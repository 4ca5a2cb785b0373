import Foundation
import Testing

/// The Today page of the built window as a person sees it and a screen reader reads it:
/// the chosen date, the reminder's state, the first run's welcome and the empty page.
// Rule U4: the window, every control named and its state read by screen readers.
@Suite("End to end: Today's manners, as a person and a screen reader meet them", .serialized)
struct TodayMannersEndToEndTests {
    @Test("the chosen date reads as selected, and the arrow keys choose the next one")
    func chosenDateSelected() throws {
        let morning = try WindowEndToEndTests.Morning()
        defer { morning.desktop.stop() }
        let desktop = morning.desktop
        // bmd's today is Thursday 2026-11-19, Kant's first day.
        try desktop.wait(role: "label", name: "Now…", anywhere: true)
        try desktop.wait(role: "push button", name: "Thursday 2026-11-19, today", state: "selected", anywhere: true)
        try desktop.wait(role: "push button", name: "Friday 2026-11-20, upcoming", state: "selected", is: false, anywhere: true)
        try desktop.click(role: "push button", name: "Friday 2026-11-20, upcoming")
        try desktop.wait(role: "push button", name: "Friday 2026-11-20, upcoming", state: "selected", anywhere: true)
        try desktop.wait(role: "push button", name: "Thursday 2026-11-19, today", state: "selected", is: false, anywhere: true)
        try desktop.wait(role: "label", name: "Friday 2026-11-20 · upcoming…", anywhere: true)
        // The focus is on the chosen date: Left chooses the day before.
        try desktop.key("Left")
        try desktop.wait(role: "push button", name: "Thursday 2026-11-19, today", state: "selected", anywhere: true)
        try desktop.wait(role: "label", name: "Thursday 2026-11-19 · today…", anywhere: true)
    }

    @Test("with the reminder turned off, Today says no reminder comes")
    func reminderOff() throws {
        let morning = try WindowEndToEndTests.Morning()
        defer { morning.desktop.stop() }
        try morning.desktop.wait(role: "label", name: "Now…", anywhere: true)
        #expect(try morning.box.bmctl("notifications", "off").status == 0)
        try morning.desktop.wait(role: "label", name: "Notifications are off. No reminder comes.", anywhere: true)
        #expect(try morning.box.bmctl("notifications", "on").status == 0)
        try morning.desktop.gone(role: "label", name: "Notifications are off. No reminder comes.")
    }

    @Test("on the first run the window shows the welcome, and Famous Routines opens the Routines page")
    func firstRunWelcome() throws {
        let box = try Sandbox(time: "2026-11-18 08:00:00")
        try box.startDaemon()
        let desktop = try WindowDesktop()
        defer { desktop.stop() }
        try desktop.open(box, firstRun: true)
        try desktop.click(role: "push button", name: "Famous Routines", within: 10)
        try desktop.wait(role: "page tab", name: "Routines", state: "selected")
        try desktop.wait(role: "label", name: "Benjamin Franklin…", anywhere: true)
        // Taken: bmctl on a terminal would not show it again.
        #expect(try box.bmctl("welcome", "--json").object["pending"] as? Bool == false)
    }

    @Test("with no routine active, Today's button leads to the Routines page")
    func emptyLeadsToRoutines() throws {
        let box = try Sandbox(time: "2026-11-18 08:00:00")
        try box.startDaemon()
        let desktop = try WindowDesktop()
        defer { desktop.stop() }
        try desktop.open(box)
        try desktop.wait(role: "label", name: "No active routine", within: 10)
        try desktop.click(role: "push button", name: "Choose a Routine")
        try desktop.wait(role: "page tab", name: "Routines", state: "selected")
    }
}
