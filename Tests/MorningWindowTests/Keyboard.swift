import CAdwaita
@testable import MorningWindow
import Testing

/// The keyboard, as GTK drives a window with it, for the widget tests: Tab moves the
/// focus as GtkWindow does, and a key pressed runs the key's shortcut on the focused
/// widget or on the first widget holding it that has one, up to the window, as a key
/// press bubbles up (Space and Enter on a button, a switch or a row are the window's:
/// they activate the focused widget). GTK 4 has no way to make a key event in a test;
/// its key bindings are shortcuts, read here as it reads them. Key controllers (an
/// entry's typing) are not run: keys are pressed here on buttons, switches and rows.
@MainActor
struct Keyboard {
    let window: UnsafeMutablePointer<GtkWidget>

    var focus: UnsafeMutablePointer<GtkWidget>? { gtk_window_get_focus(cast(window)) }

    /// Tab: the focus to the next widget that takes it, around to the first after the
    /// last, as GtkWindow moves it. Whether any widget took it.
    @discardableResult
    func tab() -> Bool {
        if gtk_widget_child_focus(window, GTK_DIR_TAB_FORWARD) != 0 { return true }
        gtk_window_set_focus(cast(window), nil)
        return gtk_widget_child_focus(window, GTK_DIR_TAB_FORWARD) != 0
    }

    /// Every widget Tab gives the focus to, from none focused, `rounds` times around the
    /// window, in order.
    func tabOrder(rounds: Int = 2) -> [UnsafeMutablePointer<GtkWidget>] {
        gtk_window_set_focus(cast(window), nil)
        var reached: [UnsafeMutablePointer<GtkWidget>] = []
        for _ in 0..<400 {
            guard tab(), let focus else { break }
            if reached.filter({ $0 == focus }).count >= rounds { break }
            reached.append(focus)
        }
        return reached
    }

    /// Expects Tab, twice around the window from none focused, to reach each of `controls`
    /// (a name, for the failure, and the widget), or a widget inside it, in the order given.
    func expectTabReaches(_ controls: [(String, UnsafeMutablePointer<GtkWidget>?)], in what: String,
                          sourceLocation: SourceLocation = #_sourceLocation) {
        let reached = tabOrder()
        func order(_ control: UnsafeMutablePointer<GtkWidget>?) -> Int? {
            guard let control else { return nil }
            return reached.firstIndex { $0 == control || gtk_widget_is_ancestor($0, control) != 0 }
        }
        for (name, control) in controls {
            #expect(order(control) != nil, "Tab never reaches \(name)", sourceLocation: sourceLocation)
        }
        let orders = controls.compactMap { order($0.1) }
        #expect(orders == orders.sorted(), "Tab goes through \(what) out of order", sourceLocation: sourceLocation)
    }

    /// Tabs until `control` or a widget inside it has the focus; whether one does within
    /// 400 Tabs, more than a round of any window here.
    @discardableResult
    func tab(to control: UnsafeMutablePointer<GtkWidget>) -> Bool {
        for _ in 0..<400 {
            guard tab() else { return false }
            if let focus, focus == control || gtk_widget_is_ancestor(focus, control) != 0 { return true }
        }
        return false
    }

    /// Presses `key` ("space", "Return", "Escape": GTK's names of keys) on the focused
    /// widget: the first shortcut for it on the focused widget or a widget holding it, up
    /// to the window, runs. Whether one ran.
    @discardableResult
    func press(_ key: String) -> Bool {
        var widget = focus
        while let current = widget {
            if let shortcut = Self.shortcut(for: key, on: current) {
                let action = gtk_shortcut_get_action(shortcut)
                return gtk_shortcut_action_activate(action, GTK_SHORTCUT_ACTION_EXCLUSIVE, current,
                                                    gtk_shortcut_get_arguments(shortcut)) != 0
            }
            widget = gtk_widget_get_parent(current)
        }
        return false
    }

    /// The shortcut of `widget`'s own controllers that `key` pressed alone triggers.
    private static func shortcut(for key: String, on widget: UnsafeMutablePointer<GtkWidget>) -> OpaquePointer? {
        // An alternative trigger reads "space|KP_Space".
        shortcuts(on: widget).first { $0.trigger.split(separator: "|").contains(Substring(key)) }?.shortcut
    }

    /// Each shortcut of `widget`'s own shortcut controllers (which hold them), with its
    /// trigger as GTK writes it ("<Control>w").
    static func shortcuts(on widget: UnsafeMutablePointer<GtkWidget>) -> [(shortcut: OpaquePointer, trigger: String)] {
        var found: [(OpaquePointer, String)] = []
        let controllers = gtk_widget_observe_controllers(widget)!
        defer { g_object_unref(UnsafeMutableRawPointer(controllers)) }
        for index in 0..<g_list_model_get_n_items(controllers) {
            let controller = g_list_model_get_item(controllers, index)!
            defer { g_object_unref(controller) }
            guard g_type_check_instance_is_a(controller.assumingMemoryBound(to: GTypeInstance.self), gtk_shortcut_controller_get_type()) != 0
            else { continue }
            let shortcuts = OpaquePointer(controller)
            for position in 0..<g_list_model_get_n_items(shortcuts) {
                let item = g_list_model_get_item(shortcuts, position)!
                defer { g_object_unref(item) }  // the controller holds it
                let shortcut = OpaquePointer(item)
                if let trigger = gtk_shortcut_get_trigger(shortcut), let text = gtk_shortcut_trigger_to_string(trigger) {
                    found.append((shortcut, String(cString: text)))
                    g_free(text)
                }
            }
        }
        return found
    }
}

/// Every widget of `type` in `root` or below it, in the order GTK holds them.
@MainActor
func widgets(in root: UnsafeMutablePointer<GtkWidget>, of type: GType) -> [UnsafeMutablePointer<GtkWidget>] {
    var found: [UnsafeMutablePointer<GtkWidget>] = []
    if g_type_check_instance_is_a(UnsafeMutableRawPointer(root).assumingMemoryBound(to: GTypeInstance.self), type) != 0 {
        found.append(root)
    }
    var child = gtk_widget_get_first_child(root)
    while let current = child {
        found += widgets(in: current, of: type)
        child = gtk_widget_get_next_sibling(current)
    }
    return found
}

/// The button labelled `label` (its mnemonic's underline left out) in `root` or below it,
/// as a dialog's response buttons are, which the dialog does not hand out.
@MainActor
func button(labelled label: String, in root: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
    if g_type_check_instance_is_a(UnsafeMutableRawPointer(root).assumingMemoryBound(to: GTypeInstance.self), gtk_button_get_type()) != 0,
       let text = gtk_button_get_label(cast(root)), String(cString: text).filter({ $0 != "_" }) == label {
        return root
    }
    var child = gtk_widget_get_first_child(root)
    while let current = child {
        if let found = button(labelled: label, in: current) { return found }
        child = gtk_widget_get_next_sibling(current)
    }
    return nil
}
