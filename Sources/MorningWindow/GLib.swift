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

/// The widget behind an object of a final class (`GtkLabel`, `AdwViewStack`…).
@inline(__always) func widget(_ pointer: OpaquePointer?) -> UnsafeMutablePointer<GtkWidget> { cast(pointer) }
/// The widget behind an object of a derivable class (`GtkBox`, `AdwActionRow`…).
@inline(__always) func widget<U>(_ pointer: UnsafeMutablePointer<U>?) -> UnsafeMutablePointer<GtkWidget> { cast(pointer) }

/// Connects `handler`, a C function whose signature matches the signal's exactly.
@discardableResult
func connect(_ instance: UnsafeMutableRawPointer, _ signal: String, _ handler: GCallback,
             _ data: UnsafeMutableRawPointer? = nil) -> gulong {
    g_signal_connect_data(instance, signal, handler, data, nil, GConnectFlags(rawValue: 0))
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

    /// Calls `body` whenever `fd` is ready for `condition`, until `body` returns false.
    @discardableResult
    static func watch(fd: Int32, _ condition: GIOCondition, _ body: @MainActor @escaping () -> Bool) -> guint {
        let closure = Closure(body)
        return g_unix_fd_add_full(G_PRIORITY_DEFAULT, fd, condition, watchClosure, closure.pointer, releaseClosure)
    }

    static func cancel(_ source: guint) {
        if source != 0 { g_source_remove(source) }
    }
}

private func watchClosure(_ fd: Int32, _ condition: GIOCondition, _ data: UnsafeMutableRawPointer?) -> gboolean {
    runClosure(data)
}
