import CLinux
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Wakes bmd at an absolute instant of the wall clock, and whenever that clock or the
/// time zone changes under it, so that reminders and midnight keep to the wall clock.
///
/// A `timerfd` on CLOCK_REALTIME armed with TFD_TIMER_ABSTIME fires right after a resume
/// if its instant passed during the suspend, and TFD_TIMER_CANCEL_ON_SET makes it report
/// a clock step; monotonic timers (NIO's, Swift's clocks) notice neither. One thread
/// sleeps in poll(2) on the timer, an eventfd (to be nudged) and an inotify watch on
/// /etc (to see the zone change); with nothing due it does not wake at all.
public final class WallClockAlarm: Alarm, @unchecked Sendable {
    public let events: AsyncStream<AlarmEvent>
    private let continuation: AsyncStream<AlarmEvent>.Continuation
    private let timer: Int32
    private let nudger: Int32
    private let watcher: Int32
    private let stopping = Mutex(false)
    /// The names whose change in a watched folder is a change of zone.
    private var zoneNames: Set<String> = ["localtime", "timezone"]
    private var thread: Thread?

    public init() throws {
        timer = timerfd_create(CLOCK_REALTIME, Int32(TFD_CLOEXEC))
        guard timer >= 0 else { throw SystemCallError("timerfd_create") }
        nudger = eventfd(0, Int32(EFD_CLOEXEC))
        guard nudger >= 0 else { throw SystemCallError("eventfd") }
        // The zone watch is a nicety: without /etc (a container) SIGHUP and Reload remain.
        watcher = inotify_init1(Int32(IN_CLOEXEC))
        if watcher >= 0 {
            _ = inotify_add_watch(watcher, "/etc", UInt32(IN_CREATE | IN_MOVED_TO | IN_CLOSE_WRITE | IN_DELETE | IN_ATTRIB))
            // The zone file TZ names, when it is one of the user's own.
            if let file = ZoneFile.watched {
                zoneNames.insert(file.name)
                _ = inotify_add_watch(watcher, file.folder, UInt32(IN_CREATE | IN_MOVED_TO | IN_CLOSE_WRITE | IN_DELETE | IN_ATTRIB))
            }
        }
        (events, continuation) = AsyncStream.makeStream(of: AlarmEvent.self, bufferingPolicy: .unbounded)
        let thread = Thread { [self] in
            nameThisThread("bmd alarm")
            self.loop()
        }
        self.thread = thread
        thread.start()
    }

    deinit {
        close(timer)
        close(nudger)
        if watcher >= 0 { close(watcher) }
    }

    /// Arms the timer for `instant` on the wall clock, replacing any earlier arming.
    public func arm(at instant: Date) {
        let t = instant.timeIntervalSince1970
        let seconds = t.rounded(.down)
        var spec = itimerspec()
        spec.it_value.tv_sec = Int(seconds)
        spec.it_value.tv_nsec = Int((t - seconds) * 1_000_000_000)
        // An instant already past (or 0) still fires at once: it_value must not be all zero.
        if spec.it_value.tv_sec <= 0 && spec.it_value.tv_nsec == 0 { spec.it_value.tv_nsec = 1 }
        // Re-arming without reading first may report ECANCELED but arms all the same,
        // so the result needs no retry.
        _ = timerfd_settime(timer, Int32(TFD_TIMER_ABSTIME) | Int32(TFD_TIMER_CANCEL_ON_SET), &spec, nil)
    }

    /// Asks for a new plan at once.
    public func nudge() {
        var one: UInt64 = 1
        _ = write(nudger, &one, 8)
    }

    /// Ends the thread and the event stream.
    public func stop() {
        stopping.withLock { $0 = true }
        nudge()
    }

    private func loop() {
        var fds = [pollfd(fd: timer, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: nudger, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: watcher, events: Int16(POLLIN), revents: 0)]
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            for i in fds.indices { fds[i].revents = 0 }
            // What the thread's start wrote deeper in its stack is given back before it
            // sleeps, often for the whole day.
            bm_drop_stack_below_here(4096)
            let ready = poll(&fds, nfds_t(watcher >= 0 ? 3 : 2), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            if stopping.withLock({ $0 }) { break }
            if fds[0].revents != 0 {
                var expirations: UInt64 = 0
                if read(timer, &expirations, 8) < 0 {
                    if errno == ECANCELED {
                        continuation.yield(.clockChanged)
                    }
                } else {
                    continuation.yield(.due)
                }
            }
            if fds[1].revents != 0 {
                var count: UInt64 = 0
                _ = read(nudger, &count, 8)
                continuation.yield(.nudged)
            }
            if fds[2].revents != 0 {
                let n = read(watcher, &buffer, buffer.count)
                if n > 0, Self.mentionsZone(buffer[..<n], names: zoneNames) { continuation.yield(.zoneChanged) }
            }
        }
        continuation.finish()
    }

    /// Whether a batch of inotify events names one of `names` (on /etc, `localtime` or
    /// `timezone`).
    static func mentionsZone(_ events: ArraySlice<UInt8>, names: Set<String> = ["localtime", "timezone"]) -> Bool {
        let header = MemoryLayout<inotify_event>.size
        var offset = events.startIndex
        while offset + header <= events.endIndex {
            let length = events.withUnsafeBytes { raw in
                raw.loadUnaligned(fromByteOffset: offset - events.startIndex + 12, as: UInt32.self)
            }
            let nameStart = offset + header
            let nameEnd = min(nameStart + Int(length), events.endIndex)
            let name = String(decoding: events[nameStart..<nameEnd].prefix { $0 != 0 }, as: UTF8.self)
            if names.contains(name) { return true }
            offset = nameEnd
        }
        return false
    }
}
