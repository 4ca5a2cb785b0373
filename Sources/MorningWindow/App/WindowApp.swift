import CAdwaita
import MorningProtocol

/// The program: an `AdwApplication` whose one window shows the morning.
///
/// One instance runs per session: GApplication owns the app id on the session bus, so a
/// second `better-morning` only asks the first to come forward. The bus can also start
/// it (`--gapplication-service`, from its D-Bus service file) and call its actions:
/// `today` opens the window on Today (the reminder's "Open today"), `page` shows the
/// page it names and, as its state, says which page is on show.
public enum WindowApp {
    public static let id = Morning.Window.appID
    public static let title = "Better Morning"

    /// Runs the application with the program's own arguments (D-Bus activation passes
    /// `--gapplication-service`) and returns its exit status.
    @MainActor
    public static func run(argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
                           connector: @escaping BmdLink.Connector, starter: BmdLink.Starter? = nil) -> Int32 {
        let glOffAsked = GLOff.whenDrawingWithCairo()
        let app = adw_application_new(id, G_APPLICATION_DEFAULT_FLAGS)!
        let host = WindowHost(application: cast(app), connector: connector, starter: starter)
        host.glOffAsked = glOffAsked
        // GLib's callbacks are C functions, which capture nothing: each finds the host in
        // its user data, which outlives them (the host lives until the application has run).
        let data = Unmanaged.passUnretained(host).toOpaque()
        connect(UnsafeMutableRawPointer(app), "activate", unsafeBitCast(activate, to: GCallback.self), data)
        host.addActions()
        g_application_add_main_option(cast(app), "version", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE,
                                      "Show the program's version and exit", nil)
        connect(UnsafeMutableRawPointer(app), "handle-local-options", unsafeBitCast(handleLocalOptions, to: GCallback.self))
        connect(UnsafeMutableRawPointer(app), "startup", unsafeBitCast(startUp, to: GCallback.self), data)
        // Served before the application takes its name on the bus: GDBus answers a call to
        // an object not yet there at once, and the bus hands the shell's first call to a
        // program it started as soon as the name is taken.
        SearchProvider.register(applicationID: id)
        SearchProvider.open = { [weak host] target, timestamp in
            guard let host else { return }
            host.send(.open(page: target == .today ? .today : .routines))
            // The shell's timestamp lets the window come to the front (not one closing).
            if timestamp != 0, host.lifecycle.state == .open, let window = host.window {
                gtk_window_present_with_time(cast(window), timestamp)
            }
        }
        let status = withExtendedLifetime(host) { g_application_run(cast(app), argc, argv) }
        g_object_unref(app)
        return status
    }
}

/// The application's one window over its life: GLib's signals become `WindowLifecycle`'s
/// events, and its effects become GTK's calls.
@MainActor
final class WindowHost {
    let application: UnsafeMutablePointer<GtkApplication>
    /// How the window reaches bmd.
    let connector: BmdLink.Connector
    let starter: BmdLink.Starter?
    private(set) var lifecycle = WindowLifecycle()
    /// The window and its parts while there is one (open, or closing).
    private(set) var window: UnsafeMutablePointer<GtkWidget>?
    private(set) var controller: WindowController?
    private(set) var view: WindowView?
    /// The `page` action, whose state follows the page the model shows.
    private var pageAction: OpaquePointer?
    /// The program set `GDK_DEBUG` to keep GL off, and takes it back once GTK has started.
    var glOffAsked = false

    init(application: UnsafeMutablePointer<GtkApplication>, connector: @escaping BmdLink.Connector, starter: BmdLink.Starter?) {
        self.application = application
        self.connector = connector
        self.starter = starter
    }

    /// A program the bus started (`--gapplication-service`) waits a while for its next
    /// call after its window goes; one a person started ends with its window.
    func startedUp() {
        GLOff.started(asked: &glOffAsked)
        let app = UnsafeMutableRawPointer(application).assumingMemoryBound(to: GApplication.self)
        if g_application_get_flags(app).rawValue & G_APPLICATION_IS_SERVICE.rawValue != 0 {
            g_application_set_inactivity_timeout(app, SearchProvider.patience)
            lifecycle.endsWithWindow = false
        }
    }

    /// The actions the application exports on the bus (before it registers there).
    func addActions() {
        let map = OpaquePointer(application)
        let data = Unmanaged.passUnretained(self).toOpaque()
        let today = g_simple_action_new(Morning.Window.todayAction, nil)!
        connect(UnsafeMutableRawPointer(today), "activate", unsafeBitCast(openToday, to: GCallback.self), data)
        g_action_map_add_action(map, today)
        g_object_unref(UnsafeMutableRawPointer(today))

        let text = g_variant_type_new("s")
        defer { g_variant_type_free(text) }
        let page = g_simple_action_new_stateful("page", text, g_variant_new_string(WindowModel.Page.today.name))!
        // Activated with a page's name, or asked to change its state to one: both show it.
        for signal in ["activate", "change-state"] {
            connect(UnsafeMutableRawPointer(page), signal, unsafeBitCast(openPage, to: GCallback.self), data)
        }
        g_action_map_add_action(map, page)
        pageAction = page
    }

    /// Hands `event` to the lifecycle and does what it says.
    func send(_ event: WindowLifecycle.Event) {
        for effect in lifecycle.handle(event) {
            perform(effect)
        }
    }

    private func perform(_ effect: WindowLifecycle.Effect) {
        switch effect {
        case .openWindow(let page):
            openWindow()
            show(page)
        case .bringForward(let page):
            if let window { gtk_window_present(cast(window)) }
            show(page)
        case .hideWindow:
            guard let window else { return }
            WindowSize(of: cast(window)).save()
            gtk_widget_set_visible(window, 0)
        case .giveTyped:
            let ended: @MainActor (Bool) -> Void = { [weak self] answered in
                // From the loop, never inside the close-request that began the closing:
                // a window is not destroyed inside its own close-request.
                MainLoop.idle { self?.send(answered ? .bmdAnswered : .patienceOver) }
            }
            if let view { view.close(then: ended) } else { ended(true) }
        case .destroyWindow:
            guard let window else { return }
            self.window = nil
            view = nil
            controller = nil
            gtk_window_destroy(cast(window))
        case .quit:
            g_application_quit(UnsafeMutableRawPointer(application).assumingMemoryBound(to: GApplication.self))
        }
    }

    /// Makes the window, shows it and starts it.
    private func openWindow() {
        let window = adw_application_window_new(application)!
        gtk_window_set_title(cast(window), WindowApp.title)
        WindowSize.load().apply(to: cast(window))
        let controller = WindowController(connector: connector, starter: starter)
        let view = WindowView(controller: controller) { [weak self] in self?.send(.quit) }
        // Closed by its button, Ctrl+W or the window manager: it goes once bmd has what was typed.
        connect(UnsafeMutableRawPointer(window), "close-request", unsafeBitCast(closeRequested, to: GCallback.self),
                Unmanaged.passUnretained(self).toOpaque())
        // The view draws each change; the `page` action's state then says the page on show.
        let draw = controller.changed
        controller.changed = { [weak self] model in
            draw?(model)
            self?.showState(of: model.page)
        }
        adw_application_window_set_content(cast(window), view.content)
        self.window = window
        self.controller = controller
        self.view = view
        gtk_window_present(cast(window))
        controller.send(.started)
    }

    /// Shows `page` in the open window. Today is shown on today's date, whatever date was
    /// on show: "Open today" means today.
    private func show(_ page: WindowModel.Page?) {
        guard let page, let controller else { return }
        controller.send(page == .today ? .openToday : .showPage(page))
    }

    /// Sets the `page` action's state, when it changed: the bus tells its watchers of each change.
    private func showState(of page: WindowModel.Page) {
        guard let pageAction, let state = g_action_get_state(pageAction) else { return }
        defer { g_variant_unref(state) }
        if String(cString: g_variant_get_string(state, nil)) != page.name {
            g_simple_action_set_state(pageAction, g_variant_new_string(page.name))
        }
    }
}

/// "handle-local-options": `--version` prints the version and ends the program before
/// anything starts (no display, no bus needed); any other start goes on.
private let handleLocalOptions: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GVariantDict>?, UnsafeMutableRawPointer?) -> Int32 = { _, options, _ in
    guard let options, g_variant_dict_contains(options, "version") != 0 else { return -1 }
    print("better-morning \(BuildInfo.version)")
    return 0
}

/// The host whose address a callback was given as its user data (GLib calls back on the main thread).
@MainActor
private func host(_ data: UnsafeMutableRawPointer?) -> WindowHost {
    Unmanaged<WindowHost>.fromOpaque(data!).takeUnretainedValue()
}

/// "startup": a program the bus started (for a search, with no window) waits a while
/// for the next call; one a person started ends as its window closes.
private let startUp: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
    nonisolated(unsafe) let data = data  // GLib calls this on the main thread
    // GTK has started (GtkApplication's own start-up runs first) and read its settings.
    MainActor.assumeIsolated { host(data).startedUp() }
}

/// "activate": the first start opens the window, a later one brings it forward.
private let activate: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
    nonisolated(unsafe) let data = data  // GLib calls this on the main thread
    MainActor.assumeIsolated { host(data).send(.open(page: nil)) }
}

/// "close-request": the window closes once bmd has what was typed, not at once.
private let closeRequested: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean = { _, data in
    nonisolated(unsafe) let data = data  // GLib calls this on the main thread
    return MainActor.assumeIsolated {
        host(data).send(.close)
        // GTK leaves the window alone: the lifecycle destroys it when its closing ends.
        return 1
    }
}

/// The `today` action: the window, open or brought forward, on Today.
private let openToday: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { _, _, data in
    nonisolated(unsafe) let data = data  // GLib calls this on the main thread
    MainActor.assumeIsolated { host(data).send(.open(page: .today)) }
}

/// The `page` action, activated or asked to change state: the page it names, in the
/// window open or brought forward. A name that is no page's changes nothing.
private let openPage: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { _, value, data in
    guard let value, g_variant_is_of_type(value, g_variant_type_checked_("s")) != 0 else { return }
    let name = String(cString: g_variant_get_string(value, nil))
    guard let page = WindowModel.Page(name: name) else { return }
    nonisolated(unsafe) let data = data  // GLib calls this on the main thread
    MainActor.assumeIsolated { host(data).send(.open(page: page)) }
}
