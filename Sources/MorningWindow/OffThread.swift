import CAdwaita
import Glibc

/// Work that may block, done on a plain thread of its own so that GLib's loop keeps
/// drawing; its result comes back to the main thread through GLib's loop. The thread ends
/// with the work: no libdispatch thread starts, and an idle window has no thread but
/// its own.
enum OffThread {
    /// Runs `work` on a new thread, then `done` with its result on the main thread, from
    /// GLib's default main context. Where no thread can be made, `work` runs here.
    @MainActor
    static func run<T: Sendable>(_ work: @escaping @Sendable () -> T, then done: @escaping @MainActor (T) -> Void) {
        let result = Slot<T>()
        let job = Job(work: { result.value = work() }, finish: { done(result.value!) })
        var thread = pthread_t()
        let pointer = Unmanaged.passRetained(job).toOpaque()
        guard pthread_create(&thread, nil, runJob, pointer) == 0 else {
            Unmanaged<Job>.fromOpaque(pointer).release()
            done(work())
            return
        }
        pthread_detach(thread)
    }
}

/// The result, written by the work's thread before the job is handed back, then read on
/// the main thread only.
private final class Slot<T>: @unchecked Sendable {
    var value: T?
}

/// A job in flight: `work` runs on its thread, then GLib hands the job back to the main
/// thread, the only one that calls `finish`.
private final class Job: @unchecked Sendable {
    let work: @Sendable () -> Void
    let finish: @MainActor () -> Void

    init(work: @escaping @Sendable () -> Void, finish: @escaping @MainActor () -> Void) {
        self.work = work
        self.finish = finish
    }
}

/// The thread's body: the work, then the job handed to GLib's loop, which wakes the main
/// thread (adding a source from another thread is safe in GLib).
private func runJob(_ pointer: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    Unmanaged<Job>.fromOpaque(pointer!).takeUnretainedValue().work()
    g_idle_add_full(G_PRIORITY_DEFAULT, finishJob, pointer, nil)
    return nil
}

private func finishJob(_ pointer: UnsafeMutableRawPointer?) -> gboolean {
    let job = Unmanaged<Job>.fromOpaque(pointer!).takeRetainedValue()
    MainActor.assumeIsolated { job.finish() }
    return 0  // G_SOURCE_REMOVE
}
