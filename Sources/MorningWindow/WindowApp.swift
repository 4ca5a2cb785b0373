import CAdwaita
// Linked for its main-queue functions that shim.h declares (libdispatch is no part of Foundation).
import Dispatch

/// The program: an `AdwApplication` whose one window shows the morning.
public enum WindowApp {
    public static let id = "org.bettermorning.BetterMorning"
    public static let title = "Better Morning"
    /// How the window reaches bmd, and the window's parts once it is open.
    @MainActor static var connector: BmdLink.Connector?
    @MainActor static var starter: BmdLink.Starter?
    @MainActor static var controller: WindowController?
    @MainActor static var view: WindowView?

    /// Runs the application with the program's own arguments (D-Bus activation passes
    /// `--gapplication-service`) and returns its exit status.
    @MainActor
    public static func run(argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
                           connector: @escaping BmdLink.Connector, starter: BmdLink.Starter? = nil) -> Int32 {
        WindowApp.connector = connector
        WindowApp.starter = starter
        runSwiftConcurrencyOnGLib()
        let app = adw_application_new(id, G_APPLICATION_DEFAULT_FLAGS)
        connect(UnsafeMutableRawPointer(app!), "activate", unsafeBitCast(activate as @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void, to: GCallback.self))
        let status = g_application_run(cast(app), argc, argv)
        g_object_unref(app)
        return status
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

/// "activate": the first start opens the window, a later one brings it forward.
private func activate(_ app: UnsafeMutableRawPointer?, _ data: UnsafeMutableRawPointer?) {
    nonisolated(unsafe) let app = app  // GLib calls this on the main thread
    MainActor.assumeIsolated {
        let application: UnsafeMutablePointer<GtkApplication> = app!.assumingMemoryBound(to: GtkApplication.self)
        if let existing = gtk_application_get_active_window(application) {
            gtk_window_present(existing)
            return
        }
        let window = adw_application_window_new(application)!
        gtk_window_set_title(cast(window), WindowApp.title)
        gtk_window_set_default_size(cast(window), 480, 720)
        let controller = WindowController(connector: WindowApp.connector!, starter: WindowApp.starter)
        let view = WindowView(controller: controller) { g_application_quit(cast(application)) }
        adw_application_window_set_content(cast(window), view.content)
        WindowApp.controller = controller
        WindowApp.view = view
        gtk_window_present(cast(window))
        controller.send(.started)
    }
}

