import CLinux
import NIOCore
import NIOPosix

/// Runs Swift's tasks on NIO's event loops, which sleep in epoll_wait while bmd idles,
/// instead of on Swift's default pool, whose libdispatch manager thread wakes once a
/// second for as long as the process lives once any task has run there.
///
/// swift-nio offers the same (`NIOSingletons.unsafeTryInstall…`), but it finds the
/// runtime's hook with dlsym, and a program with Swift's runtime linked in
/// (`-static-stdlib`, as bmd is packaged) does not export it: there the offer fails
/// silently and the packaged bmd woke every second. The hook is set here by name,
/// resolved when bmd is linked, so it takes effect however bmd is linked.
enum TasksOnEventLoops {
    /// The runtime's hook: the job, and the runtime's own enqueue (unused here).
    private typealias Hook = @convention(thin) (UnownedJob, @convention(thin) (UnownedJob) -> Void) -> Void

    /// Sets the hook; false when something else set it first, in which case it is left alone.
    ///
    /// Call it once, from the main thread, before any task starts.
    static func install() -> Bool {
        guard bm_task_enqueue_hook() == nil else { return false }
        let hook: Hook = { job, _ in
            // `any()` stays on the calling event loop when there is one, sparing a thread switch.
            MultiThreadedEventLoopGroup.singleton.any().enqueue(ExecutorJob(job))
        }
        bm_set_task_enqueue_hook(unsafeBitCast(hook, to: UnsafeMutableRawPointer.self))
        return true
    }
}
