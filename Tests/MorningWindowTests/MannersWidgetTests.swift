import CAdwaita
import MorningProtocol
@testable import MorningWindow
import Testing

/// The window's GNOME manners on its real widgets: the main menu's About, Keyboard
/// Shortcuts and Help, Ctrl+W, and a shortcuts list that is every shortcut there is.
@Suite(.serialized) @MainActor struct MannersWidgetTests {
    typealias Window = WindowWidgetTests.Window

    init() throws {
        try #require(Display.ready, "the window's widget tests need a display: run them as make test does, under xvfb-run and dbus-run-session")
    }

    /// Presses `keys` with the focus on the first widget Tab reaches.
    func press(_ keys: String, in w: Window) -> Bool {
        let keyboard = Keyboard(window: w.window)
        keyboard.tab()
        return keyboard.press(keys)
    }

    @Test("Ctrl+W asks the window to close, as its close button does")
    func controlW() {
        let w = Window()
        defer { w.close() }
        var asked = 0
        on(UnsafeMutableRawPointer(w.window), "close-request") { asked += 1 }
        // A handler that returns nothing lets GTK go on: keep the window for the test.
        g_signal_connect_data(UnsafeMutableRawPointer(w.window), "close-request",
                              unsafeBitCast(keepOpen, to: GCallback.self), nil, nil, G_CONNECT_AFTER)
        #expect(press("<Control>w", in: w))
        #expect(asked == 1)
    }

    @Test("Ctrl+? opens Keyboard Shortcuts, which lists every shortcut the window has")
    func shortcutsListEveryShortcut() throws {
        let w = Window()
        defer { w.close() }
        #expect(press("<Control>question", in: w))
        let shortcuts = try #require(w.view.shortcutsWindow?.pointer, "Ctrl+? opened no window")
        defer { gtk_window_destroy(cast(shortcuts)) }
        #expect(gtk_widget_get_visible(shortcuts) != 0)
        let listed = Set(accelerators(in: shortcuts).map(Accelerator.init))
        let installed = triggers(on: w.view.content.pointer)
        #expect(installed.count >= 8, "the window's shortcuts were not found: \(installed)")
        for keys in installed {
            #expect(listed.contains(Accelerator(keys)), "\(keys) works but Keyboard Shortcuts does not list it")
        }
        #expect(listed.contains(Accelerator("space")), "Space, which checks a task, is not listed")
    }

    @Test("F1 opens the window's manual in the desktop's help viewer")
    func helpKey() {
        let w = Window()
        defer { w.close() }
        var opened: [String] = []
        w.view.openAddress = { opened.append($0) }
        #expect(press("F1", in: w))
        #expect(opened == ["man:better-morning(1)"])
        gtk_widget_activate_action_variant(w.view.content.pointer, "window.help", nil)
        #expect(opened.count == 2)
    }

    @Test("About names the program, its version and licence, and where each famous routine comes from")
    func about() throws {
        let w = Window()
        defer { w.close() }
        #expect(w.controller.model.routines.catalog == nil)
        gtk_widget_activate_action_variant(w.view.content.pointer, "window.about", nil)
        // The famous routines' sources come from bmd: About opens once they have come.
        #expect(spin { w.view.aboutWindow != nil }, "About never opened")
        let about = try #require(w.view.aboutWindow?.pointer)
        defer { gtk_window_destroy(cast(about)) }
        #expect(w.bmd.calls.contains("Explore"))
        #expect(String(cString: adw_about_window_get_version(OpaquePointer(about))) == BuildInfo.version)
        #expect(String(cString: adw_about_window_get_application_name(OpaquePointer(about))) == "Better Morning")
        #expect(adw_about_window_get_license_type(OpaquePointer(about)) == GTK_LICENSE_APACHE_2_0)
        let titles = rowTitles(in: about)
        #expect(titles.contains("Benjamin Franklin: The Autobiography of Benjamin Franklin"), "\(titles)")
        #expect(titles.contains("Maya Angelou: The Paris Review, 1990"), "\(titles)")
    }

    @Test("About opens at once, without the sources, when bmd does not answer")
    func aboutWithoutBmd() throws {
        let w = Window()
        defer { w.close() }
        w.controller.send(.lost("bmd stopped"))
        gtk_widget_activate_action_variant(w.view.content.pointer, "window.about", nil)
        let about = try #require(w.view.aboutWindow?.pointer, "About waited for a bmd that is away")
        gtk_window_destroy(cast(about))
    }

    @Test("The header bar's main menu offers Preferences, Keyboard Shortcuts, Help and About, each the window's action of that name")
    func mainMenu() throws {
        let w = Window()
        defer { w.close() }
        let buttons = widgets(in: w.window, of: gtk_menu_button_get_type())
        try #require(buttons.count == 1, "the window has \(buttons.count) menu buttons")
        #expect(gtk_widget_get_mapped(buttons[0]) != 0, "the main menu's button is not on show")
        let menu = try #require(gtk_menu_button_get_menu_model(OpaquePointer(buttons[0])), "the main menu's button has no menu")
        let entries = items(of: menu)
        #expect(entries.map(\.label) == ["_Preferences", "_Keyboard Shortcuts", "_Help", "_About Better Morning"])
        #expect(entries.map(\.action) == ["window.preferences", "window.shortcuts", "window.help", "window.about"])
        // Each entry's action is one the window answers: each opens what it names.
        var opened: [String] = []
        w.view.openAddress = { opened.append($0) }
        for entry in entries {
            #expect(gtk_widget_activate_action_variant(w.view.content.pointer, entry.action, nil) != 0, "the window has no \(entry.action)")
        }
        #expect(spin { w.view.aboutWindow != nil }, "About never opened")
        for window in [w.view.preferences.window?.pointer, w.view.shortcutsWindow?.pointer, w.view.aboutWindow?.pointer] {
            #expect(window != nil)
            if let window { gtk_window_destroy(cast(window)) }
        }
        #expect(opened == [WindowView.helpAddress])
    }

    // MARK: Reading the widgets

    /// The entries of `menu` and of its sections, in order: each one's label and action.
    func items(of menu: UnsafeMutablePointer<GMenuModel>) -> [(label: String, action: String)] {
        (0..<g_menu_model_get_n_items(menu)).flatMap { index -> [(label: String, action: String)] in
            if let section = g_menu_model_get_item_link(menu, index, "section") {
                defer { g_object_unref(UnsafeMutableRawPointer(section)) }
                return items(of: section)
            }
            func text(_ attribute: String) -> String {
                guard let value = g_menu_model_get_item_attribute_value(menu, index, attribute, nil) else { return "" }
                defer { g_variant_unref(value) }
                return String(cString: g_variant_get_string(value, nil))
            }
            return [(text("label"), text("action"))]
        }
    }

    /// A key combination as GTK reads it, so that "<Ctrl>w" and "<Control>w" are one.
    struct Accelerator: Hashable {
        let key: guint
        let modifiers: UInt32
        init(_ text: String) {
            var key: guint = 0
            var modifiers = GdkModifierType(rawValue: 0)
            gtk_accelerator_parse(text, &key, &modifiers)
            self.key = key
            self.modifiers = modifiers.rawValue
        }
    }

    /// The keys of every window-wide shortcut on `widget`.
    func triggers(on widget: UnsafeMutablePointer<GtkWidget>) -> [String] {
        Keyboard.shortcuts(on: widget).map(\.trigger)
    }

    /// The accelerators a Keyboard Shortcuts window lists.
    func accelerators(in root: UnsafeMutablePointer<GtkWidget>) -> [String] {
        widgets(in: root, of: gtk_shortcuts_shortcut_get_type()).compactMap { shortcut in
            var value = GValue()
            g_value_init(&value, GType(16 << 2))  // G_TYPE_STRING
            defer { g_value_unset(&value) }
            g_object_get_property(UnsafeMutableRawPointer(shortcut).assumingMemoryBound(to: GObject.self), "accelerator", &value)
            return g_value_get_string(&value).map { String(cString: $0) }
        }
    }

    /// The titles of every row in `root`, as the about window lists its credits.
    func rowTitles(in root: UnsafeMutablePointer<GtkWidget>) -> [String] {
        widgets(in: root, of: adw_preferences_row_get_type()).compactMap { row in
            adw_preferences_row_get_title(cast(row)).map { String(cString: $0) }
        }
    }
}

/// "close-request" answered "handled": the window stays.
private let keepOpen: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean = { _, _ in 1 }
