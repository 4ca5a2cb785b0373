import CAdwaita
import WindowResources

/// The window's resources, compiled into the program (`Sources/WindowResources`): its
/// style sheet and the layout that does not change, as GtkBuilder files.
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

    /// The objects the GtkBuilder file `name` describes; `release` lets the builder go.
    static func build(_ name: String) -> Built {
        register()
        return Built(gtk_builder_new_from_resource(path + name))
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

/// What a GtkBuilder file made, found by the ids the file gives them.
@MainActor
struct Built {
    private let builder: OpaquePointer

    fileprivate init(_ builder: OpaquePointer) {
        self.builder = builder
    }

    /// The object with `id`, as the type `T`. An id missing from the file stops the
    /// program, as a widget test meets it first.
    func object<T>(_ id: String, as: T.Type = T.self) -> UnsafeMutablePointer<T> {
        guard let object = gtk_builder_get_object(builder, id) else { fatalError("no object \"\(id)\" in a GtkBuilder file") }
        return UnsafeMutableRawPointer(object).assumingMemoryBound(to: T.self)
    }

    /// The widget with `id`, as the kind of handle `W`; the file says it is of that kind.
    func widget<W: WidgetWrapper>(_ id: String, as: W.Type = W.self) -> W {
        W(pointer: object(id))
    }

    /// The widget with `id`, the top of a tree to be put in a window. The builder lets
    /// its objects go with it: this one is kept, and handed out floating as a widget just
    /// made is, so that the parent it is put in owns it.
    func take<W: WidgetWrapper>(_ id: String, as: W.Type = W.self) -> W {
        let widget: UnsafeMutablePointer<GtkWidget> = object(id)
        g_object_ref(UnsafeMutableRawPointer(widget))
        g_object_force_floating(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self))
        return W(pointer: widget)
    }

    /// Lets the builder go; the objects of a tree that was taken stay with it.
    func release() {
        g_object_unref(UnsafeMutableRawPointer(builder))
    }
}
