import CNotify
import Foundation
import Synchronization

/// libnotify, with the GLib, GObject and GIO it brings, loaded the first time bmd needs
/// the session bus for notifications, never before.
///
/// Linked, they would be loaded at every start and write some 180 KiB of their data
/// pages, GObject's type system in the heap and more, all session long, in a bmd that may
/// never show anything (no session bus, or reminders off). Every call goes through
/// `glib`, the table of their functions; the headers give only types and constants.
enum NotifyLibraries {
    /// The library bmd loads; it brings GIO, GObject and GLib with it.
    static let library = "libnotify.so.4"

    /// The table of the functions, once loaded and never freed; or why they could not be.
    static let loaded: Result<Table, Unreachable> = open()

    /// Where the table is: it is only read once filled, from any thread.
    struct Table: @unchecked Sendable {
        let functions: UnsafePointer<bm_notify_functions>
    }

    /// Whether the libraries were loaded, without loading them.
    static var isLoaded: Bool { loadedOnce.load(ordering: .acquiring) }
    private static let loadedOnce = Atomic(false)

    /// Whether the libraries are loaded, loading them if not; why not when they cannot be.
    static func load() -> Unreachable? {
        if case .failure(let failure) = loaded { return failure }
        return nil
    }

    private static func open() -> Result<Table, Unreachable> {
        guard let handle = dlopen(library, RTLD_NOW | RTLD_LOCAL) else {
            let why = dlerror().map { String(cString: $0) } ?? library
            return .failure(Unreachable(reason: "desktop notifications need libnotify, which could not be loaded (\(why))"))
        }
        // Looked up in libnotify and the libraries it loads; filled all at once, so that
        // nothing is called through a table half filled.
        let table = UnsafeMutablePointer<bm_notify_functions>.allocate(capacity: 1)
        if let missing = bm_notify_resolve(table, { name, handle in dlsym(handle, name!) }, handle) {
            table.deallocate()
            // Left loaded: GLib is not made to be unloaded.
            return .failure(Unreachable(reason: "the libnotify installed lacks \(String(cString: missing))"))
        }
        loadedOnce.store(true, ordering: .releasing)
        return .success(Table(functions: UnsafePointer(table)))
    }
}

/// libnotify's, GLib's and GIO's functions, for code that runs only once
/// `NotifyLibraries.load()` found them: an error to call before.
var glib: bm_notify_functions { glibTable.pointee }

/// The same table, for the C helpers of CNotify that call through it.
var glibTable: UnsafePointer<bm_notify_functions> {
    switch NotifyLibraries.loaded {
    case .success(let table): return table.functions
    case .failure(let failure): fatalError("libnotify is used before it was loaded: \(failure.reason)")
    }
}
