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
        // Made here, and run and released on the main thread by GLib's loop.
        let finish = Closure { done(result.value!); return false }.pointer
        let job = Unmanaged.passRetained(Job(work: { result.value = work() }, finish: finish)).toOpaque()
        var thread = pthread_t()
        guard pthread_create(&thread, nil, runJob, job) == 0 else {
            Unmanaged<Job>.fromOpaque(job).release()
            Unmanaged<Closure>.fromOpaque(finish).release()
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

/// A job in flight: `work` runs on its thread, which then hands `finish` (a retained
/// `Closure`) to GLib's loop. The job holds nothing of the main thread's, so its thread
/// may let it go.
private final class Job: @unchecked Sendable {  // `finish` is only passed on, never run here
    let work: @Sendable () -> Void
    let finish: UnsafeMutableRawPointer

    init(work: @escaping @Sendable () -> Void, finish: UnsafeMutableRawPointer) {
        self.work = work
        self.finish = finish
    }
}

/// The thread's body: the work, then the finishing closure handed to the main thread.
private func runJob(_ pointer: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    let job = Unmanaged<Job>.fromOpaque(pointer!).takeRetainedValue()
    job.work()
    MainLoop.handOver(job.finish)
    return nil
}
