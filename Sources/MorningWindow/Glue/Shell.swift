import CAdwaita

// The handles the window's frame and the application need: the view stack and its
// switcher, the holder a page is made into, the application window, the application
// itself and the actions it and the window serve. GLib's application and action calls
// take interfaces (GApplication, GActionMap) that C reaches by casting: those casts stay here.

/// libadwaita's bin: a widget that holds one child, put in later.
struct Bin: WidgetWrapper {
    let pointer: UnsafeMutablePointer<GtkWidget>

    init(pointer: UnsafeMutablePointer<GtkWidget>) { self.pointer = pointer }
    init() { pointer = adw_bin_new() }

    func setChild(_ child: some WidgetWrapper) { adw_bin_set_child(cast(pointer), child.pointer) }
}

/// libadwaita's view stack: one page on show at a time, each with a title and an icon a
/// view switcher shows.
struct ViewStack: WidgetWrapper {
    let pointer: UnsafeMutablePointer<GtkWidget>
    private var stack: OpaquePointer { OpaquePointer(pointer) }

    init(pointer: UnsafeMutablePointer<GtkWidget>) { self.pointer = pointer }

    /// Adds `child` as the page `name`, which a switcher shows as `title` and `iconName`.
    func addTitled(_ child: some WidgetWrapper, name: String, title: String, iconName: String) {
        adw_view_stack_add_titled_with_icon(stack, child.pointer, name, title, iconName)
    }

    var visibleChildName: String? {
        get { adw_view_stack_get_visible_child_name(stack).map { String(cString: $0) } }
        nonmutating set { adw_view_stack_set_visible_child_name(stack, newValue) }
    }
}

/// libadwaita's title for a header bar that shows a view switcher when it has room.
struct ViewSwitcherTitle: WidgetWrapper {
    let pointer: UnsafeMutablePointer<GtkWidget>

    init(pointer: UnsafeMutablePointer<GtkWidget>) { self.pointer = pointer }

    /// What the title says where the switcher has no room.
    func setTitle(_ title: String) { adw_view_switcher_title_set_title(OpaquePointer(pointer), title) }
}

extension WindowWrapper {
    func setTitle(_ title: String) { gtk_window_set_title(cast(pointer), title) }

    /// Brings the window to the front as of `timestamp`, the time of the event that asked.
    func present(at timestamp: UInt32) { gtk_window_present_with_time(cast(pointer), timestamp) }

    /// Asks the window to close, as its close button does ("close-request" first).
    func close() { gtk_window_close(cast(pointer)) }

    /// The size the window comes back to when not maximised.
    var defaultSize: (width: Int32, height: Int32) {
        var width: Int32 = 0, height: Int32 = 0
        gtk_window_get_default_size(cast(pointer), &width, &height)
        return (width, height)
    }

    var maximized: Bool { gtk_window_is_maximized(cast(pointer)) != 0 }

    func maximize() { gtk_window_maximize(cast(pointer)) }

    /// Runs `body` when the window is asked to close: it closes only when `body` returns
    /// false (true keeps it, for `body` to close it later).
    @discardableResult
    func onCloseRequest(_ body: @MainActor @escaping () -> Bool) -> gulong {
        onReturning("close-request", body)
    }

    /// Opens `address` in the program the desktop has for it, over this window.
    func showURI(_ address: String) { gtk_show_uri(cast(pointer), address, guint32(GDK_CURRENT_TIME)) }
}

extension MessageDialog {
    /// Runs `body` on every answer, whichever it is, before the handlers of that answer alone.
    @discardableResult
    func onAnyResponse(_ body: @MainActor @escaping () -> Void) -> gulong {
        MorningWindow.on(instance, "response", arguments: 3, body)
    }
}

extension WidgetWrapper {
    /// Serves `group`'s actions to the widget and those inside it as `prefix.name`.
    func insertActionGroup(_ prefix: String, _ group: SimpleActionGroup) {
        gtk_widget_insert_action_group(pointer, prefix, OpaquePointer(group.group))
    }
}

/// libadwaita's application window: a window with no title bar of its own, whose content
/// brings its header bar.
struct ApplicationWindow: WindowWrapper {
    let pointer: UnsafeMutablePointer<GtkWidget>

    init(pointer: UnsafeMutablePointer<GtkWidget>) { self.pointer = pointer }
    init(application: Application) { pointer = adw_application_window_new(cast(application.application)) }

    func setContent(_ content: some WidgetWrapper) { adw_application_window_set_content(cast(pointer), content.pointer) }
}

/// An action with a name, activated from a menu, a shortcut or the bus.
struct SimpleAction: ObjectWrapper {
    let action: OpaquePointer
    var instance: UnsafeMutableRawPointer { UnsafeMutableRawPointer(action) }

    /// An action that takes no value.
    init(_ name: String) { action = g_simple_action_new(name, nil) }

    /// An action that takes a string and holds one as its state, `state` to begin with.
    init(_ name: String, stringState state: String) {
        let text = g_variant_type_new("s")
        defer { g_variant_type_free(text) }
        action = g_simple_action_new_stateful(name, text, g_variant_new_string(state))
    }

    /// The string state; nil for an action with none.
    var stringState: String? {
        get {
            guard let state = g_action_get_state(action) else { return nil }
            defer { g_variant_unref(state) }
            return string(state)
        }
        nonmutating set { if let newValue { g_simple_action_set_state(action, g_variant_new_string(newValue)) } }
    }

    /// Runs `body` on each activation.
    @discardableResult
    func onActivate(_ body: @MainActor @escaping () -> Void) -> gulong {
        MorningWindow.on(instance, "activate", arguments: 3, body)
    }

    /// Runs `body` with the string each `signal` ("activate", "change-state") carries; a
    /// value that is no string runs nothing.
    @discardableResult
    func onString(_ signal: String, _ body: @MainActor @escaping (String) -> Void) -> gulong {
        onVariant(instance, signal) { value in
            guard let value, let text = string(value) else { return }
            body(text)
        }
    }

    /// Lets the caller's reference go: the group or application it was added to holds it.
    func release() { g_object_unref(instance) }
}

/// The string `value` holds, when it holds one.
private func string(_ value: OpaquePointer) -> String? {
    guard g_variant_is_of_type(value, g_variant_type_checked_("s")) != 0 else { return nil }
    return String(cString: g_variant_get_string(value, nil))
}

/// A set of actions a widget serves under a prefix (`insertActionGroup`).
struct SimpleActionGroup {
    let group: UnsafeMutablePointer<GSimpleActionGroup>

    init() { group = g_simple_action_group_new() }

    /// Adds an action `name` that runs `body`.
    func add(_ name: String, _ body: @MainActor @escaping () -> Void) {
        let action = SimpleAction(name)
        action.onActivate(body)
        g_action_map_add_action(OpaquePointer(group), action.action)
        action.release()
    }

    /// Lets the caller's reference go: the widget it was inserted in holds it.
    func release() { g_object_unref(UnsafeMutableRawPointer(group)) }
}

/// libadwaita's application: it owns the program's name on the session bus, serves its
/// actions there, and runs the main loop while it has a window or is held.
struct Application: ObjectWrapper {
    let application: UnsafeMutablePointer<AdwApplication>
    var instance: UnsafeMutableRawPointer { UnsafeMutableRawPointer(application) }
    private var gApplication: UnsafeMutablePointer<GApplication> { cast(application) }

    init(id: String) { application = adw_application_new(id, G_APPLICATION_DEFAULT_FLAGS) }

    /// Whether the bus started the program as a service (`--gapplication-service`).
    var isService: Bool { g_application_get_flags(gApplication).rawValue & G_APPLICATION_IS_SERVICE.rawValue != 0 }

    /// How long, in milliseconds, the application stays after its last window or hold goes.
    func setInactivityTimeout(_ milliseconds: UInt32) { g_application_set_inactivity_timeout(gApplication, milliseconds) }

    /// Adds `action`, which the application then serves on the bus.
    func add(_ action: SimpleAction) { g_action_map_add_action(OpaquePointer(application), action.action) }

    /// Adds `--name`, a flag taking no value, described by `help` in `--help`.
    func addFlagOption(_ name: String, help: String) {
        g_application_add_main_option(gApplication, name, 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE, help, nil)
    }

    /// Runs `body` with the names of the options given, before the application starts:
    /// a status ends the program with it, nil lets it go on.
    @discardableResult
    func onLocalOptions(_ body: @MainActor @escaping (_ given: (String) -> Bool) -> Int32?) -> gulong {
        onLocalOptionsSignal(instance, body)
    }

    /// Runs the main loop with the program's arguments; returns the exit status.
    func run(argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
        g_application_run(gApplication, argc, argv)
    }

    func quit() { g_application_quit(gApplication) }

    /// Lets the application go, once it has run.
    func release() { g_object_unref(instance) }
}
