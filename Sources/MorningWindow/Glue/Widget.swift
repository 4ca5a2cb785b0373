import CAdwaita

// Typed handles on GTK's objects: each holds the pointer and offers, as Swift, the calls
// the pages make, so that page code never converts pointers between GTK's C types. They
// own nothing (GTK's widget tree holds the widgets) and are compared by the object they
// hold. They are not Sendable: a GTK object lives on the main thread.

/// A GObject seen through a typed handle: what GLib's signals need.
protocol ObjectWrapper {
    /// The object, as GLib's calls on any instance take it.
    var instance: UnsafeMutableRawPointer { get }
}

extension ObjectWrapper {
    /// Runs `body` on each `signal` whose C handler takes the instance and the data alone:
    /// "clicked", "toggled", "activate", "changed", "map".
    @discardableResult
    func on(_ signal: String, _ body: @MainActor @escaping () -> Void) -> gulong {
        MorningWindow.on(instance, signal, body)
    }

    /// Runs `body` on each `signal` whose C handler takes the instance and the data and
    /// returns a boolean, which `body` gives: a spin button's "output" (true when the
    /// handler wrote the text itself).
    @discardableResult
    func onReturning(_ signal: String, _ body: @MainActor @escaping () -> Bool) -> gulong {
        MorningWindow.onReturning(instance, signal, body)
    }

    /// Runs `body` each time `property` changes ("notify::property").
    @discardableResult
    func onNotify(_ property: String, _ body: @MainActor @escaping () -> Void) -> gulong {
        MorningWindow.on(instance, "notify::\(property)", arguments: 3, body)
    }
}

/// A GTK widget seen through a typed handle: the calls every widget takes.
protocol WidgetWrapper: ObjectWrapper, Hashable {
    /// The widget, as GTK's calls on any widget take it.
    var pointer: UnsafeMutablePointer<GtkWidget> { get }

    /// The handle on `pointer`, which is a widget of this kind (GtkBuilder's, say).
    init(pointer: UnsafeMutablePointer<GtkWidget>)
}

extension WidgetWrapper {
    var instance: UnsafeMutableRawPointer { UnsafeMutableRawPointer(pointer) }

    /// The same widget, as any widget.
    var widget: Widget { Widget(pointer: pointer) }

    var visible: Bool {
        get { gtk_widget_get_visible(pointer) != 0 }
        nonmutating set { gtk_widget_set_visible(pointer, newValue ? 1 : 0) }
    }

    var sensitive: Bool {
        get { gtk_widget_get_sensitive(pointer) != 0 }
        nonmutating set { gtk_widget_set_sensitive(pointer, newValue ? 1 : 0) }
    }

    var focusable: Bool {
        get { gtk_widget_get_focusable(pointer) != 0 }
        nonmutating set { gtk_widget_set_focusable(pointer, newValue ? 1 : 0) }
    }

    var hasFocus: Bool { gtk_widget_has_focus(pointer) != 0 }

    /// Whether the widget is in a window on show, and shown itself.
    var mapped: Bool { gtk_widget_get_mapped(pointer) != 0 }

    func grabFocus() { gtk_widget_grab_focus(pointer) }

    var halign: GtkAlign {
        get { gtk_widget_get_halign(pointer) }
        nonmutating set { gtk_widget_set_halign(pointer, newValue) }
    }

    var valign: GtkAlign {
        get { gtk_widget_get_valign(pointer) }
        nonmutating set { gtk_widget_set_valign(pointer, newValue) }
    }

    var hexpand: Bool {
        get { gtk_widget_get_hexpand(pointer) != 0 }
        nonmutating set { gtk_widget_set_hexpand(pointer, newValue ? 1 : 0) }
    }

    var vexpand: Bool {
        get { gtk_widget_get_vexpand(pointer) != 0 }
        nonmutating set { gtk_widget_set_vexpand(pointer, newValue ? 1 : 0) }
    }

    /// Sets the margins given; the others stay.
    func setMargins(top: Int32? = nil, bottom: Int32? = nil, start: Int32? = nil, end: Int32? = nil) {
        if let top { gtk_widget_set_margin_top(pointer, top) }
        if let bottom { gtk_widget_set_margin_bottom(pointer, bottom) }
        if let start { gtk_widget_set_margin_start(pointer, start) }
        if let end { gtk_widget_set_margin_end(pointer, end) }
    }

    /// The least size the widget asks for; -1 leaves that side to its content.
    func setSizeRequest(width: Int32, height: Int32) {
        gtk_widget_set_size_request(pointer, width, height)
    }

    func setTooltip(_ text: String?) { gtk_widget_set_tooltip_text(pointer, text) }

    /// Sets or clears a CSS class.
    func style(_ name: String, _ on: Bool = true) { MorningWindow.style(pointer, name, on) }

    /// The name a screen reader reads for the widget, whole (see `bm_set_accessible_label`).
    func setAccessibleLabel(_ text: String) { bm_set_accessible_label(pointer, text) }

    /// A description a screen reader reads after the name.
    func setAccessibleDescription(_ text: String) { bm_set_accessible_description(pointer, text) }

    /// Clears the description, which GTK fills from the tooltip.
    func resetAccessibleDescription() {
        gtk_accessible_reset_property(OpaquePointer(pointer), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION)
    }

    /// Whether a screen reader says the widget is the one chosen of its group.
    func setAccessibleSelected(_ selected: Bool) { bm_set_accessible_selected(pointer, selected ? 1 : 0) }

    var parent: Widget? { gtk_widget_get_parent(pointer).map(Widget.init(pointer:)) }

    var firstChild: Widget? { gtk_widget_get_first_child(pointer).map(Widget.init(pointer:)) }

    var nextSibling: Widget? { gtk_widget_get_next_sibling(pointer).map(Widget.init(pointer:)) }

    /// The window the widget is in, if it is in one.
    var window: Window? {
        gtk_widget_get_root(pointer).map { Window(pointer: UnsafeMutablePointer<GtkWidget>($0)) }
    }

    /// A keyboard shortcut on the widget (`"<Alt>1"`), wherever the focus is in its
    /// window, or with `local`, only while the focus is on the widget or inside it.
    func shortcut(_ trigger: String, local: Bool = false, _ body: @MainActor @escaping () -> Void) {
        MorningWindow.shortcut(pointer, trigger, local: local, body)
    }

    /// Runs `body` once, before the widget's next frame is laid out.
    func nextFrame(_ body: @MainActor @escaping () -> Void) {
        MorningWindow.nextFrame(pointer, body)
    }
}

/// Any widget, whatever its kind.
struct Widget: WidgetWrapper {
    let pointer: UnsafeMutablePointer<GtkWidget>

    /// Whether the widget is a `type` (`gtk_button_get_type()`) or of a kind derived from it.
    func isA(_ type: GType) -> Bool {
        g_type_check_instance_is_a(UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: GTypeInstance.self), type) != 0
    }
}

/// The window GtkBuilder makes from `definition` (its XML) with the id `id`. The builder
/// is let go at once: the window outlives it, held by GTK's list of toplevels.
func builtWindow(_ id: String, from definition: String) -> Window {
    let builder = gtk_builder_new_from_string(definition, -1)!
    defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
    return Window(pointer: cast(gtk_builder_get_object(builder, id)!))
}

/// Calls `body` with `strings` as a C array of C strings ended by NULL.
func withCStrings<Result>(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> Result) -> Result {
    let copies = strings.map { UnsafePointer(g_strdup($0)) }
    defer { copies.forEach { g_free(UnsafeMutableRawPointer(mutating: $0)) } }
    var array = copies + [nil]
    return array.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
}
