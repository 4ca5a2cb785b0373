import CAdwaita
import WindowResources

/// The window's resources, compiled into the program (`Sources/WindowResources`): its
/// style sheet and the layout that does not change.
@MainActor
enum Resources {
    /// Where they sit among the process's resources: below the application's own path,
    /// in a folder of their own, so that AdwApplication, which loads an app's `style.css`
    /// from that path as it starts, does not load the window's style a second time.
    static let path = "/org/bettermorning/BetterMorning/window/"

    private static var registered = false
    private static var styled = false

    /// Makes the resources readable by their paths, once.
    private static func register() {
        guard !registered else { return }
        registered = true
        window_resources_register_resource()
    }

    /// Loads the window's style (`style.css`) for every window on the default display,
    /// once. The view loads it as it is made, whether the program made it or a widget
    /// test did: the tests see what the program draws.
    static func loadStyle() {
        guard !styled, let display = gdk_display_get_default() else { return }
        styled = true
        register()
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_resource(provider, path + "style.css")
        gtk_style_context_add_provider_for_display(display, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        // The display keeps the provider.
        g_object_unref(UnsafeMutableRawPointer(provider))
    }
}
