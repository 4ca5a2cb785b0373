import CAdwaita
import MorningProtocol
@testable import MorningWindow
import Testing

/// The window on a phone-sized screen and in the system's dark style: every page, with
/// what it shows loaded, fits in 360 px, and nothing in the window picks a style of its own.
// Rule U4: 360 px wide works; dark style follows the system.
@Suite(.serialized) @MainActor struct NarrowWidgetTests {
    typealias Window = WindowWidgetTests.Window

    init() throws {
        try #require(Display.ready, "the window's widget tests need a display: run them as make test does, under xvfb-run and dbus-run-session")
    }

    /// The least width the window's content asks for, as GTK lays it out.
    func narrowest(_ w: Window) -> Int32 {
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(w.view.content.pointer, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
        return minimum
    }

    @Test("Today, Routines and History each fit in 360 px once they show what bmd sent")
    func fitsPhoneWidth() {
        let bmd = FakeBmd()
        bmd.own = Fixture.stats.routines
        let w = Window(bmd)
        defer { w.close() }
        #expect(w.rows.count == 3)
        #expect(narrowest(w) <= 360, "Today asks for \(narrowest(w)) px")

        w.controller.send(.showPage(.routines))
        #expect(spin { w.view.routines.famousRows.count == bmd.catalog.count && w.controller.model.routines.draft != nil })
        #expect(narrowest(w) <= 360, "Routines asks for \(narrowest(w)) px")

        w.controller.send(.showPage(.history))
        let history = w.view.history
        #expect(spin { history.bars.count == 7 && !history.cells.isEmpty })
        #expect(narrowest(w) <= 360, "History asks for \(narrowest(w)) px")
    }

    @Test("at 360 px the History page shows the chosen routine's whole name and its active mark")
    func historyRoutineWhole() {
        let bmd = FakeBmd()
        bmd.own = Fixture.stats.routines
        let long = "Twenty letters long!"
        bmd.records.cards[0].routine = long
        let w = Window(bmd)
        defer { w.close() }
        gtk_window_set_default_size(cast(w.window), 360, 720)
        w.controller.send(.showPage(.history))
        let row = w.view.history.routineRow.pointer
        func shown() -> UnsafeMutablePointer<GtkWidget>? {
            widgets(in: row, of: gtk_label_get_type()).first { String(cString: gtk_label_get_text(OpaquePointer($0))) == long + " (active)" && gtk_widget_get_mapped($0) != 0 }
        }
        #expect(spin { shown() != nil && gtk_widget_get_width(w.view.content.pointer) <= 360 }, "the History page never showed \(long) (active)")
        let label = shown()!
        #expect(spin { gtk_widget_get_width(label) > 0 })
        #expect(pango_layout_is_ellipsized(gtk_label_get_layout(OpaquePointer(label))) == 0, "the routine's name is cut")
    }

    @Test("the window follows the system's dark or light style: it sets no colour scheme of its own")
    func followsSystemStyle() {
        let w = Window()
        defer { w.close() }
        // With the default scheme libadwaita takes the system's preference (GNOME's
        // color-scheme setting, the portal's); a scheme forced anywhere in the window would
        // show here.
        #expect(adw_style_manager_get_color_scheme(adw_style_manager_get_default()) == ADW_COLOR_SCHEME_DEFAULT)
    }
}
