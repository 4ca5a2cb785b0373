import CAdwaita
import MorningProtocol
// Linked for its main-queue functions that shim.h declares (libdispatch is no part of Foundation).
import Dispatch

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
    /// How the window reaches bmd, and the window's parts once it is open.
    @MainActor static var connector: BmdLink.Connector?
    @MainActor static var starter: BmdLink.Starter?
    @MainActor static var controller: WindowController?
    @MainActor static var view: WindowView?
    /// The `page` action, whose state follows the page the model shows.
    @MainActor static var pageAction: OpaquePointer?
    /// The window is closing, waiting for bmd to take what was typed.
    @MainActor static var closing = false
    /// Asked for again while it closed (a second start, the reminder's "Open today"): a
    /// fresh window opens once the closing one is gone, on this page if one was named.
    @MainActor static var reopen: (asked: Bool, page: WindowModel.Page?) = (false, nil)

    /// Runs the application with the program's own arguments (D-Bus activation passes
    /// `--gapplication-service`) and returns its exit status.
    @MainActor
    public static func run(argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
                           connector: @escaping BmdLink.Connector, starter: BmdLink.Starter? = nil) -> Int32 {
        WindowApp.connector = connector
        WindowApp.starter = starter
        runSwiftConcurrencyOnGLib()
        GLOff.whenDrawingWithCairo()
        let app = adw_application_new(id, G_APPLICATION_DEFAULT_FLAGS)!
        connect(UnsafeMutableRawPointer(app), "activate", unsafeBitCast(activate as @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void, to: GCallback.self))
        addActions(to: app)
        g_application_add_main_option(cast(app), "version", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE,
                                      "Show the program's version and exit", nil)
        connect(UnsafeMutableRawPointer(app), "handle-local-options", unsafeBitCast(handleLocalOptions, to: GCallback.self))
        connect(UnsafeMutableRawPointer(app), "startup", unsafeBitCast(startUp, to: GCallback.self))
        // Served before the application takes its name on the bus: GDBus answers a call to
        // an object not yet there at once, and the bus hands the shell's first call to a
        // program it started as soon as the name is taken.
        SearchProvider.register(applicationID: id)
        SearchProvider.open = { target, timestamp in
            let application = UnsafeMutableRawPointer(app).assumingMemoryBound(to: GtkApplication.self)
            WindowApp.show(target == .today ? .today : .routines, in: application)
            // The shell's timestamp lets the window come to the front.
            if timestamp != 0, let window = gtk_application_get_active_window(application) {
                gtk_window_present_with_time(window, timestamp)
            }
        }
        let status = g_application_run(cast(app), argc, argv)
        g_object_unref(app)
        return status
    }

    /// The actions the application exports on the bus (before it registers there).
    @MainActor
    static func addActions(to app: UnsafeMutablePointer<AdwApplication>) {
        let map = OpaquePointer(app)
        let today = g_simple_action_new(Morning.Window.todayAction, nil)!
        connect(UnsafeMutableRawPointer(today), "activate", unsafeBitCast(openToday, to: GCallback.self), UnsafeMutableRawPointer(app))
        g_action_map_add_action(map, today)
        g_object_unref(UnsafeMutableRawPointer(today))

        let text = g_variant_type_new("s")
        defer { g_variant_type_free(text) }
        let page = g_simple_action_new_stateful("page", text, g_variant_new_string(WindowModel.Page.today.name))!
        // Activated with a page's name, or asked to change its state to one: both show it.
        for signal in ["activate", "change-state"] {
            connect(UnsafeMutableRawPointer(page), signal, unsafeBitCast(openPage, to: GCallback.self), UnsafeMutableRawPointer(app))
        }
        g_action_map_add_action(map, page)
        pageAction = page
    }

    /// Opens the window, or brings the open one forward.
    @MainActor
    static func present(_ application: UnsafeMutablePointer<GtkApplication>) {
        if let existing = gtk_application_get_active_window(application) {
            if closing {
                reopen.asked = true
            } else {
                gtk_window_present(existing)
            }
            return
        }
        let window = adw_application_window_new(application)!
        gtk_window_set_title(cast(window), WindowApp.title)
        WindowSize.load().apply(to: cast(window))
        let controller = WindowController(connector: WindowApp.connector!, starter: WindowApp.starter)
        let view = WindowView(controller: controller) {
            WindowApp.close(window) { g_application_quit(cast(application)) }
        }
        // Closed by its button or the window manager: the same, then the window goes.
        g_signal_connect_data(UnsafeMutableRawPointer(window), "close-request",
                              unsafeBitCast(closeRequested, to: GCallback.self), nil, nil, GConnectFlags(rawValue: 0))
        // The view draws each change; the `page` action's state then says the page on show.
        let draw = controller.changed
        controller.changed = { model in
            draw?(model)
            WindowApp.showState(of: model.page)
        }
        adw_application_window_set_content(cast(window), view.content)
        WindowApp.controller = controller
        WindowApp.view = view
        gtk_window_present(cast(window))
        controller.send(.started)
    }

    /// Closes `window`: it leaves the screen at once, and `done` runs once bmd has what the
    /// person typed and did not give it yet (see `WindowView.close`).
    @MainActor
    static func close(_ window: UnsafeMutablePointer<GtkWidget>, then done: @escaping @MainActor () -> Void) {
        guard !closing else { return }
        closing = true
        WindowSize(of: cast(window)).save()
        gtk_widget_set_visible(window, 0)
        let finish: @MainActor () -> Void = {
            closing = false
            guard reopen.asked, let application = gtk_window_get_application(cast(window)) else { return done() }
            let page = reopen.page
            reopen = (false, nil)
            // Run from the loop (bmd's answer or the patience's end), never inside close-request.
            gtk_window_destroy(cast(window))
            present(application)
            if let page { controller?.send(.showPage(page)) }
        }
        if let view { view.close(then: finish) } else { finish() }
    }

    /// Shows `page` in the window, opening it first when it is not open. Today is shown
    /// on today's date, whatever date was on show: "Open today" means today.
    @MainActor
    static func show(_ page: WindowModel.Page, in application: UnsafeMutablePointer<GtkApplication>) {
        present(application)
        if closing {
            reopen.page = page
        } else {
            controller?.send(page == .today ? .openToday : .showPage(page))
        }
    }

    /// Sets the `page` action's state, when it changed: the bus tells its watchers of each change.
    @MainActor
    static func showState(of page: WindowModel.Page) {
        guard let pageAction, let state = g_action_get_state(pageAction) else { return }
        defer { g_variant_unref(state) }
        if String(cString: g_variant_get_string(state, nil)) != page.name {
            g_simple_action_set_state(pageAction, g_variant_new_string(page.name))
        }
    }
}

/// Makes Swift's concurrency run inside GLib's main loop, which owns the main thread
/// from `g_application_run` on: main-actor work (`Task { @MainActor in }`, a main-actor
/// continuation resumed) runs when libdispatch's main queue wakes its descriptor, and
/// work for the global executor runs as GLib idle and timeout sources. So no
/// libdispatch worker thread starts, and an idle window does not wake at all.
/// Only the program calls this: under tests, Swift Testing drains the main queue.
@MainActor
func runSwiftConcurrencyOnGLib() {
    bm_route_global_jobs_to_glib()
    _ = bm_watch_main_queue()
}

/// "handle-local-options": `--version` prints the version and ends the program before
/// anything starts (no display, no bus needed); any other start goes on.
private let handleLocalOptions: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GVariantDict>?, UnsafeMutableRawPointer?) -> Int32 = { _, options, _ in
    guard let options, g_variant_dict_contains(options, "version") != 0 else { return -1 }
    print("better-morning \(BuildInfo.version)")
    return 0
}

/// "startup": a program the bus started (for a search, with no window) waits a while
/// for the next call; one a person started ends as its window closes.
private let startUp: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { app, _ in
    // GTK has started (GtkApplication's own start-up runs first) and read its settings.
    GLOff.started()
    guard let application = app?.assumingMemoryBound(to: GApplication.self) else { return }
    if g_application_get_flags(application).rawValue & G_APPLICATION_IS_SERVICE.rawValue != 0 {
        g_application_set_inactivity_timeout(application, SearchProvider.patience)
    }
}

/// "activate": the first start opens the window, a later one brings it forward.
private func activate(_ app: UnsafeMutableRawPointer?, _ data: UnsafeMutableRawPointer?) {
    nonisolated(unsafe) let app = app  // GLib calls this on the main thread
    MainActor.assumeIsolated {
        WindowApp.present(app!.assumingMemoryBound(to: GtkApplication.self))
    }
}

/// "close-request": the window closes once bmd has what was typed, not at once.
private let closeRequested: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean = { window, _ in
    nonisolated(unsafe) let window = window  // GLib calls this on the main thread
    return MainActor.assumeIsolated {
        let widget = window!.assumingMemoryBound(to: GtkWidget.self)
        // Destroyed from the loop, never inside its own close-request.
        WindowApp.close(widget) { MainLoop.idle { gtk_window_destroy(cast(widget)) } }
        return 1
    }
}

/// The `today` action: the window, open or brought forward, on Today.
private let openToday: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { _, _, app in
    nonisolated(unsafe) let app = app  // GLib calls this on the main thread
    MainActor.assumeIsolated {
        WindowApp.show(.today, in: app!.assumingMemoryBound(to: GtkApplication.self))
    }
}

/// The `page` action, activated or asked to change state: the page it names, in the
/// window open or brought forward. A name that is no page's changes nothing.
private let openPage: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { _, value, app in
    guard let value, g_variant_is_of_type(value, g_variant_type_checked_("s")) != 0 else { return }
    let name = String(cString: g_variant_get_string(value, nil))
    guard let page = WindowModel.Page(name: name) else { return }
    nonisolated(unsafe) let app = app  // GLib calls this on the main thread
    MainActor.assumeIsolated {
        WindowApp.show(page, in: app!.assumingMemoryBound(to: GtkApplication.self))
    }
}

/// Keeps GTK from setting up OpenGL when the window is to draw with cairo.
///
/// On X11, GDK sets up GL (through Mesa's EGL or GLX) as it opens the display, whichever
/// renderer then draws: it picks the visual a GL renderer would need. With no GPU that is
/// Mesa's llvmpipe, and LLVM with it, mapped and partly written for the whole session:
/// the smallest libadwaita window drawn with cairo on Xvfb holds 88 MiB (20 MiB written),
/// 29 MiB (6.5 MiB) without GL (bench/window). A window asked to draw with cairo (`GSK_RENDERER=cairo`)
/// never uses that GL, so GDK is told not to set it up (`GDK_DEBUG=gl-disable`, which GTK
/// reads once, as it starts), and the setting is taken back once GTK has started, so
/// that nothing the window starts (bmd, the help viewer) inherits it. A `GDK_DEBUG` the
/// person set is left as it is.
enum GLOff {
    @MainActor static var asked = false

    @MainActor
    static func whenDrawingWithCairo() {
        guard let renderer = getenv("GSK_RENDERER"), String(cString: renderer) == "cairo",
              getenv("GDK_DEBUG") == nil else { return }
        setenv("GDK_DEBUG", "gl-disable", 1)
        asked = true
    }

    /// GTK has read its settings: the window's own children get the environment as it was.
    nonisolated static func started() {
        MainActor.assumeIsolated {
            guard asked else { return }
            unsetenv("GDK_DEBUG")
            asked = false
        }
    }
}
