import CAdwaita

// Small bridges between Swift and GObject's C: casts that C writes as macros, signal
// connections, and closures run by GLib's main loop.

/// `pointer` as the GObject type `T` (what `GTK_WIDGET()` and its kind do in C, unchecked).
@inline(__always) func cast<T>(_ pointer: OpaquePointer?, to: T.Type = T.self) -> UnsafeMutablePointer<T> {
    UnsafeMutablePointer<T>(pointer!)
}

@inline(__always) func cast<T, U>(_ pointer: UnsafeMutablePointer<U>?, to: T.Type = T.self) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(pointer!).assumingMemoryBound(to: T.self)
}

/// A closure for a GLib callback: retained by the source, released when the source ends.
final class Closure: @unchecked Sendable {  // made, run and released on the main thread
    let run: @MainActor () -> Bool
    init(_ run: @MainActor @escaping () -> Bool) { self.run = run }

    var pointer: UnsafeMutableRawPointer { Unmanaged.passRetained(self).toOpaque() }

    static func from(_ data: UnsafeMutableRawPointer?) -> Closure {
        Unmanaged<Closure>.fromOpaque(data!).takeUnretainedValue()
    }
}

/// Runs a closure from GLib's loop on the main thread; it asks to run again by returning true.
private func runClosure(_ data: UnsafeMutableRawPointer?) -> gboolean {
    let closure = Closure.from(data)
    return MainActor.assumeIsolated { closure.run() } ? 1 : 0
}

private func releaseClosure(_ data: UnsafeMutableRawPointer?) {
    Unmanaged<Closure>.fromOpaque(data!).release()
}

/// Timers and watches on GLib's default main context. The window sleeps on these, never
/// on `Task.sleep`, which would start libdispatch's worker thread.
enum MainLoop {
    /// Runs `body` once, `milliseconds` from now; returns the source's id for `cancel`.
    @discardableResult
    static func after(milliseconds: UInt32, _ body: @MainActor @escaping () -> Void) -> guint {
        let closure = Closure { body(); return false }
        return g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, runClosure, closure.pointer, releaseClosure)
    }

    /// Runs `body` once, when GLib has nothing more urgent to do (drawing included).
    @discardableResult
    static func idle(_ body: @MainActor @escaping () -> Void) -> guint {
        let closure = Closure { body(); return false }
        return g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, runClosure, closure.pointer, releaseClosure)
    }

    /// Calls `body` whenever `fd` is ready for `condition`, until `body` returns false.
    @discardableResult
    static func watch(fd: Int32, _ condition: GIOCondition, _ body: @MainActor @escaping () -> Bool) -> guint {
        let closure = Closure(body)
        return g_unix_fd_add_full(G_PRIORITY_DEFAULT, fd, condition, watchClosure, closure.pointer, releaseClosure)
    }

    /// Runs the closure retained at `pointer` (a `Closure.pointer`) once on the main
    /// thread, where GLib then releases it. Any thread may call this: adding a source
    /// from another thread is safe in GLib, and wakes the main thread.
    static func handOver(_ pointer: UnsafeMutableRawPointer) {
        g_idle_add_full(G_PRIORITY_DEFAULT, runClosure, pointer, releaseClosure)
    }

    static func cancel(_ source: guint) {
        if source != 0 { g_source_remove(source) }
    }
}

private func watchClosure(_ fd: Int32, _ condition: GIOCondition, _ data: UnsafeMutableRawPointer?) -> gboolean {
    runClosure(data)
}

/// A signal handler: the closure, retained by the connection and released with it.
final class Handler: @unchecked Sendable {  // made, run and released on the main thread
    let run: @MainActor () -> Void
    init(_ run: @MainActor @escaping () -> Void) { self.run = run }
}

private func runHandler(_ data: UnsafeMutableRawPointer?) {
    let handler = Unmanaged<Handler>.fromOpaque(data!).takeUnretainedValue()
    MainActor.assumeIsolated { handler.run() }
}

/// For signals whose handler takes the instance and the data: "clicked", "toggled", "activate".
private let handlerOf2: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
    runHandler(data)
}

/// For signals whose handler takes one more argument, ignored: "notify::…" (a GParamSpec).
private let handlerOf3: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, _, data in
    runHandler(data)
}

private let releaseHandler: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { data, _ in
    Unmanaged<Handler>.fromOpaque(data!).release()
}

/// Runs `body` on each `signal` of `instance`; `arguments` is the number of the C
/// handler's arguments, the data included (2 for "clicked", 3 for "notify::…").
@discardableResult
func on(_ instance: UnsafeMutableRawPointer, _ signal: String, arguments: Int = 2, _ body: @MainActor @escaping () -> Void) -> gulong {
    let handler = Unmanaged.passRetained(Handler(body)).toOpaque()
    let callback = arguments == 3 ? unsafeBitCast(handlerOf3, to: GCallback.self) : unsafeBitCast(handlerOf2, to: GCallback.self)
    return g_signal_connect_data(instance, signal, callback, handler,
                                 unsafeBitCast(releaseHandler, to: GClosureNotify.self), GConnectFlags(rawValue: 0))
}

/// For signals whose handler takes the instance and the data and returns a boolean: "output".
private let returningHandlerOf2: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean = { _, data in
    let closure = Closure.from(data)
    return MainActor.assumeIsolated { closure.run() } ? 1 : 0
}

/// Releases a `Closure` when its signal connection ends.
private let releaseClosureNotify: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { data, _ in
    releaseClosure(data)
}

/// Runs `body` on each `signal` of `instance` whose C handler takes the instance and the
/// data and returns a boolean; `body`'s answer is the handler's.
@discardableResult
func onReturning(_ instance: UnsafeMutableRawPointer, _ signal: String, _ body: @MainActor @escaping () -> Bool) -> gulong {
    g_signal_connect_data(instance, signal, unsafeBitCast(returningHandlerOf2, to: GCallback.self), Closure(body).pointer,
                          unsafeBitCast(releaseClosureNotify, to: GClosureNotify.self), GConnectFlags(rawValue: 0))
}

/// A signal handler that takes the value the signal carries (an action's parameter).
private final class VariantHandler: @unchecked Sendable {  // made, run and released on the main thread
    let run: @MainActor (OpaquePointer?) -> Void
    init(_ run: @MainActor @escaping (OpaquePointer?) -> Void) { self.run = run }
}

/// For signals whose handler takes the instance, a GVariant and the data: an action's
/// "activate" and "change-state".
private let variantHandler: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { _, value, data in
    let handler = Unmanaged<VariantHandler>.fromOpaque(data!).takeUnretainedValue()
    nonisolated(unsafe) let value = value  // GLib calls this on the main thread
    MainActor.assumeIsolated { handler.run(value) }
}

private let releaseVariantHandler: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { data, _ in
    Unmanaged<VariantHandler>.fromOpaque(data!).release()
}

/// Runs `body` with the GVariant each `signal` of `instance` carries (nil when none).
@discardableResult
func onVariant(_ instance: UnsafeMutableRawPointer, _ signal: String, _ body: @MainActor @escaping (OpaquePointer?) -> Void) -> gulong {
    let handler = Unmanaged.passRetained(VariantHandler(body)).toOpaque()
    return g_signal_connect_data(instance, signal, unsafeBitCast(variantHandler, to: GCallback.self), handler,
                                 unsafeBitCast(releaseVariantHandler, to: GClosureNotify.self), GConnectFlags(rawValue: 0))
}

/// A handler of GApplication's "handle-local-options": given a test of whether an option
/// was given, it returns an exit status, or nil to go on.
private final class OptionsHandler: @unchecked Sendable {  // made, run and released on the main thread
    let run: @MainActor (_ given: (String) -> Bool) -> Int32?
    init(_ run: @MainActor @escaping (_ given: (String) -> Bool) -> Int32?) { self.run = run }
}

private let optionsHandler: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GVariantDict>?, UnsafeMutableRawPointer?) -> Int32 = { _, options, data in
    let handler = Unmanaged<OptionsHandler>.fromOpaque(data!).takeUnretainedValue()
    nonisolated(unsafe) let options = options  // GLib calls this on the main thread
    return MainActor.assumeIsolated {
        // -1 is GLib's "go on".
        handler.run { name in options.map { g_variant_dict_contains($0, name) != 0 } ?? false } ?? -1
    }
}

private let releaseOptionsHandler: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { data, _ in
    Unmanaged<OptionsHandler>.fromOpaque(data!).release()
}

/// Runs `body` on GApplication's "handle-local-options" of `instance` (see `Application.onLocalOptions`).
@discardableResult
func onLocalOptionsSignal(_ instance: UnsafeMutableRawPointer, _ body: @MainActor @escaping (_ given: (String) -> Bool) -> Int32?) -> gulong {
    let handler = Unmanaged.passRetained(OptionsHandler(body)).toOpaque()
    return g_signal_connect_data(instance, "handle-local-options", unsafeBitCast(optionsHandler, to: GCallback.self), handler,
                                 unsafeBitCast(releaseOptionsHandler, to: GClosureNotify.self), GConnectFlags(rawValue: 0))
}

/// A keyboard shortcut on `widget` (`"<Alt>1"`), wherever the focus is in its window, or
/// with `local`, only while the focus is on `widget` or inside it.
func shortcut(_ widget: UnsafeMutablePointer<GtkWidget>, _ trigger: String, local: Bool = false,
              _ body: @MainActor @escaping () -> Void) {
    let controller = gtk_shortcut_controller_new()
    gtk_shortcut_controller_set_scope(controller, local ? GTK_SHORTCUT_SCOPE_LOCAL : GTK_SHORTCUT_SCOPE_GLOBAL)
    let handler = Unmanaged.passRetained(Handler(body)).toOpaque()
    let action = gtk_callback_action_new(runShortcut, handler, releaseShortcut)
    gtk_shortcut_controller_add_shortcut(controller, gtk_shortcut_new(gtk_shortcut_trigger_parse_string(trigger), action))
    gtk_widget_add_controller(widget, controller)
}

private func runShortcut(_ widget: UnsafeMutablePointer<GtkWidget>?, _ arguments: OpaquePointer?, _ data: UnsafeMutableRawPointer?) -> gboolean {
    runHandler(data)
    return 1
}

private func releaseShortcut(_ data: UnsafeMutableRawPointer?) {
    Unmanaged<Handler>.fromOpaque(data!).release()
}

/// Runs `body` once, before `widget`'s next frame is laid out.
func nextFrame(_ widget: UnsafeMutablePointer<GtkWidget>, _ body: @MainActor @escaping () -> Void) {
    let handler = Unmanaged.passRetained(Handler(body)).toOpaque()
    gtk_widget_add_tick_callback(widget, runTick, handler, releaseShortcut)
}

private func runTick(_ widget: UnsafeMutablePointer<GtkWidget>?, _ clock: OpaquePointer?, _ data: UnsafeMutableRawPointer?) -> gboolean {
    runHandler(data)
    return 0  // once
}

/// `text` as Pango markup that shows exactly `text`, for the parts libadwaita always reads
/// as markup (a status page's description, a toast's title): a title with `&` or a path
/// with `<` would otherwise be lost, with a warning.
func markupShowing(_ text: String) -> String {
    guard let escaped = g_markup_escape_text(text, -1) else { return "" }
    defer { g_free(escaped) }
    return String(cString: escaped)
}

/// Sets or clears a CSS class.
func style(_ widget: UnsafeMutablePointer<GtkWidget>, _ name: String, _ on: Bool = true) {
    if on { gtk_widget_add_css_class(widget, name) } else { gtk_widget_remove_css_class(widget, name) }
}
