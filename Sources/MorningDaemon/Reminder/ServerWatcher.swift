import CLinux
import CNotify
import CSystemd
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Watches who owns org.freedesktop.Notifications on the session bus, so that bmd knows
/// at once when a notification server starts or stops, not at the next reminder; and
/// hears what the server says of its notifications (an activation token, an action
/// invoked, a notification closed), only from that owner, or, where the server is GNOME
/// Shell's helper, only from the shell itself.
///
/// GNOME Shell 43 serves the notifications through a helper (gjs) that sends each
/// signal only to the connection that showed the notification: once bmd restarted, that
/// connection is gone, and a click on the reminder it left on screen would reach no
/// one. The shell itself, the owner of org.gnome.Shell, also sends every such signal to
/// all: there those are the ones heard, as the helper's, and the helper's own copies
/// not, or a live bmd would act on one click twice.
///
/// It speaks to the bus through sd-bus, libsystemd's client, which bmd links anyway:
/// GLib and libnotify load only when the first notification is shown. Its thread sleeps
/// in poll(2) on the connections' descriptors and wakes only when the bus sends
/// something: no timer runs while nothing is asked.
final class ServerWatcher: @unchecked Sendable {
    /// Whether a notification server is there.
    enum Presence: Equatable {
        /// A process owns the name: its unique bus name.
        case running(String)
        /// None runs, but the bus starts one when a notification comes (a D-Bus service
        /// file names it, as dunst's does on Debian).
        case startedOnDemand
        case absent
    }

    /// Called on the watcher's thread whenever the server comes or goes; set once, by
    /// `start`, before the thread runs.
    private var changed: @Sendable (Presence) -> Void = { _ in }
    /// Called with each signal the owner of the name sent, on the watcher's thread (or,
    /// where the bus refuses a monitor, GDBus's).
    private var heard: @Sendable (NotificationEvent) -> Void = { _ in }
    /// Called on the watcher's thread, instead of `changed`, when it cannot watch at all.
    private var failed: @Sendable (String) -> Void = { _ in }
    /// The unique name of the server's process now; guarded by `lock`.
    private var owner: String?
    /// Whether that server names itself GNOME Shell's; guarded by `lock`.
    private var serverIsShell = false
    /// The unique name of GNOME Shell's process (the owner of org.gnome.Shell), nil where
    /// none runs; guarded by `lock`.
    private var shellOwner: String?
    /// The GUID of the session bus watched, which the signals come from; guarded by `lock`.
    private var bus: String?
    private let lock = NSLock()
    private var stopped = false
    /// Written to by `stop` to wake the thread.
    private let wake: Int32
    /// The owner of the server's name as the bus last said, before bmd asked the server
    /// who it is; only touched on the watcher's thread. An answer about any other owner
    /// came too late and is dropped.
    private var latest: String??

    /// What the bus names the server by, and where it answers.
    static let serverName = "org.freedesktop.Notifications"
    static let serverPath = "/org/freedesktop/Notifications"
    /// The name GNOME Shell's process owns.
    static let shellName = "org.gnome.Shell"

    init() {
        wake = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
    }

    deinit {
        if wake >= 0 { close(wake) }
    }

    /// Starts watching on new threads; the first call of `changed` says who owns the name now.
    func start(changed: @escaping @Sendable (Presence) -> Void, heard: @escaping @Sendable (NotificationEvent) -> Void,
               failed: @escaping @Sendable (String) -> Void) {
        self.changed = changed
        self.heard = heard
        self.failed = failed
        let thread = Thread { [self] in
            nameThisThread("bmd notif-start")
            run()
        }
        thread.start()
    }

    /// Ends the watch and its thread.
    func stop() {
        lock.withLock { stopped = true }
        var one: UInt64 = 1
        _ = write(wake, &one, 8)
    }

    /// The two connections, handed from the thread that makes them to the one that serves them.
    private struct Connections: @unchecked Sendable {
        let bus: OpaquePointer
        let monitor: OpaquePointer?
    }

    /// Connects and asks who owns the names; once every answer is in, hands the watch to a
    /// thread of its own and ends.
    ///
    /// malloc keeps the blocks each thread frees for that thread alone (its tcache), and
    /// gives them back only when the thread ends: the start-up's answers, read and freed
    /// on a thread that stayed, kept some 36 KiB of heap written for the whole session.
    private func run() {
        guard let connections = connect() else { return }
        guard serve(connections, until: { $0.pending == 0 }) else {
            finish(connections)
            return
        }
        let thread = Thread { [self] in
            nameThisThread("bmd notif-watch")
            _ = serve(connections, until: { _ in false })
            finish(connections)
        }
        thread.start()
    }

    /// The connections, with the names' watches asked for; nil when the bus cannot be reached.
    private func connect() -> Connections? {
        var opened: OpaquePointer?
        let status = sd_bus_open_user(&opened)
        guard status >= 0, let bus = opened else {
            failed("cannot connect to the session bus (\(Self.describe(status)))")
            return nil
        }
        var guid = [CChar](repeating: 0, count: 33)
        let connected = bm_bus_guid(bus, &guid)
        guard connected >= 0 else {
            _ = sd_bus_flush_close_unref(bus)
            failed("cannot connect to the session bus (\(Self.describe(connected)))")
            return nil
        }
        lock.withLock { self.bus = String(cString: guid) }
        currentBus = bus
        // The watcher outlives its threads, and the callbacks run only inside
        // sd_bus_process, on them.
        let me = Unmanaged.passUnretained(self).toOpaque()
        for name in [Self.serverName, Self.shellName] {
            // The match goes first: the bus answers in order, so a change after the
            // question comes after its answer.
            let rule = "type='signal',sender='org.freedesktop.DBus',path='/org/freedesktop/DBus',"
                + "interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(name)'"
            _ = sd_bus_add_match_async(bus, nil, rule, { message, data, _ in
                guard let message, let data else { return 0 }
                var name: UnsafePointer<CChar>?
                var old: UnsafePointer<CChar>?
                var new: UnsafePointer<CChar>?
                guard bm_bus_read_owner_change(message, &name, &old, &new) >= 0, let name, let new else { return 0 }
                let owner = new.pointee == 0 ? nil : String(cString: new)
                Unmanaged<ServerWatcher>.fromOpaque(data).takeUnretainedValue().owned(String(cString: name), by: owner)
                return 0
            }, nil, me)
            ask(bus, Question(about: name), destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                interface: "org.freedesktop.DBus", member: "GetNameOwner", argument: name) { watcher, reply, question in
                var owner: UnsafePointer<CChar>?
                let name = reply.flatMap { bm_bus_read_string($0, &owner) >= 0 ? owner.map { String(cString: $0) } : nil }
                watcher.owned(question.about ?? "", by: name)
            }
        }
        return Connections(bus: bus, monitor: listen(address: bus))
    }

    /// Closes the connections once the bus has gone or bmd stops.
    private func finish(_ connections: Connections) {
        if let monitor = connections.monitor { _ = sd_bus_flush_close_unref(monitor) }
        _ = sd_bus_flush_close_unref(connections.bus)
        lock.withLock {
            owner = nil
            serverIsShell = false
        }
        if !lock.withLock({ stopped }) { changed(.absent) }
        ServerWatcher.fallback.withLock { if $0.watcher === self { $0.watcher = nil } }
    }

    /// Serves both connections, asleep between messages, until `done` says so (true), or
    /// until the bus closes or `stop` is called (false).
    private func serve(_ connections: Connections, until done: (ServerWatcher) -> Bool) -> Bool {
        let (bus, monitor) = (connections.bus, connections.monitor)
        while !lock.withLock({ stopped }) {
            while true {
                let processed = sd_bus_process(bus, nil)
                if processed < 0 { return false }
                if processed == 0 { break }
            }
            if let monitor {
                while true {
                    var message: OpaquePointer?
                    let processed = sd_bus_process(monitor, &message)
                    if processed < 0 { return false }
                    if let message {
                        overheard(message)
                        sd_bus_message_unref(message)
                    }
                    if processed == 0 { break }
                }
            }
            if sd_bus_is_open(bus) <= 0 || (monitor.map { sd_bus_is_open($0) <= 0 } ?? false) { return false }
            if done(self) { return true }
            var fds = [pollfd(fd: sd_bus_get_fd(bus), events: Int16(truncatingIfNeeded: sd_bus_get_events(bus)), revents: 0),
                       pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
            if let monitor {
                fds.append(pollfd(fd: sd_bus_get_fd(monitor), events: Int16(truncatingIfNeeded: sd_bus_get_events(monitor)),
                                  revents: 0))
            }
            // A call waiting for its answer has a deadline; with none, poll sleeps until
            // the bus says something.
            let timeout = Self.earlier(Self.milliseconds(until: bus), monitor.map(Self.milliseconds(until:)) ?? -1)
            bm_drop_stack_below_here(4096)
            if poll(&fds, nfds_t(fds.count), timeout) < 0 && errno != EINTR { return false }
        }
        return false
    }

    /// How long poll may sleep before sd-bus has a deadline on `bus` to keep: -1 for none.
    private static func milliseconds(until bus: OpaquePointer) -> Int32 {
        var deadline: UInt64 = 0
        guard sd_bus_get_timeout(bus, &deadline) >= 0, deadline != UInt64.max else { return -1 }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let nowUsec = UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1000
        guard deadline > nowUsec else { return 0 }
        return Int32(clamping: (deadline - nowUsec + 999) / 1000)
    }

    /// The smaller of two poll timeouts, where -1 is none.
    private static func earlier(_ a: Int32, _ b: Int32) -> Int32 {
        if a < 0 { return b }
        if b < 0 { return a }
        return min(a, b)
    }

    // MARK: - Who owns the names

    /// The bus said `name` is owned by `owner` now (nil: by no one).
    private func owned(_ name: String, by owner: String?) {
        if name == Self.shellName {
            lock.withLock { shellOwner = owner }
            return
        }
        guard name == Self.serverName else { return }
        latest = .some(owner)
        guard let bus = currentBus else { return }
        if let owner {
            // Whether it is GNOME Shell's helper decides whose signals are heard: asked
            // before the server counts as there.
            ask(bus, Question(about: owner), destination: owner, path: Self.serverPath, interface: Self.serverName,
                member: "GetServerInformation", argument: nil) { watcher, reply, question in
                guard watcher.latest == .some(question.about) else { return }
                var name: UnsafePointer<CChar>?
                var vendor: UnsafePointer<CChar>?
                var version: UnsafePointer<CChar>?
                var spec: UnsafePointer<CChar>?
                let isShell = reply.map { bm_bus_read_server_information($0, &name, &vendor, &version, &spec) >= 0 } == true
                    && name.map { String(cString: $0) } == NotificationServer.gnomeShell
                watcher.lock.withLock {
                    watcher.owner = question.about
                    watcher.serverIsShell = isShell
                }
                if let owner = question.about { watcher.changed(.running(owner)) }
            }
        } else {
            lock.withLock {
                self.owner = nil
                serverIsShell = false
            }
            // A D-Bus service file may name the server: the bus starts it when a
            // notification comes.
            ask(bus, Question(about: nil), destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                interface: "org.freedesktop.DBus", member: "ListActivatableNames", argument: nil) { watcher, reply, _ in
                guard watcher.latest == .some(nil) else { return }
                let onDemand = reply.map { bm_bus_strv_contains($0, ServerWatcher.serverName) != 0 } ?? false
                watcher.changed(onDemand ? .startedOnDemand : .absent)
            }
        }
    }

    /// The connection the running callbacks came from; set only on the watcher's thread.
    private var currentBus: OpaquePointer?
    /// How many questions to the bus wait for their answer; only touched on the watcher's thread.
    private var pending = 0

    /// What a question to the bus was about, and what to do with its answer (nil when the
    /// bus or the server answered with an error, or none came in time).
    private final class Question {
        let about: String?
        var answered: (ServerWatcher, OpaquePointer?, Question) -> Void = { _, _, _ in }
        unowned(unsafe) var watcher: ServerWatcher?
        init(about: String?) { self.about = about }
    }

    /// Sends a call on `bus`; `answered` runs on this thread with its reply.
    private func ask(_ bus: OpaquePointer, _ question: Question, destination: String, path: String, interface: String,
                     member: String, argument: String?, answered: @escaping (ServerWatcher, OpaquePointer?, Question) -> Void) {
        question.answered = answered
        question.watcher = self
        let box = Unmanaged.passRetained(question).toOpaque()
        pending += 1
        let sent = bm_bus_call_async(bus, nil, destination, path, interface, member, argument, { reply, data, _ in
            guard let data else { return 0 }
            let question = Unmanaged<Question>.fromOpaque(data).takeRetainedValue()
            guard let watcher = question.watcher else { return 0 }
            watcher.pending -= 1
            let failed = reply.map { sd_bus_message_is_method_error($0, nil) > 0 } ?? true
            question.answered(watcher, failed ? nil : reply, question)
            return 0
        }, box, UInt64(NotificationServer.answerTimeout) * 1000)
        if sent < 0 {
            pending -= 1
            Unmanaged<Question>.fromOpaque(box).release()
            answered(self, nil, question)
        }
    }

    // MARK: - What the server says of its notifications

    /// Listens to the server's signals as a monitor, on a connection of its own, so that
    /// those sent to a previous bmd's name are heard too. Where the bus refuses a
    /// monitor, they are heard on libnotify's connection once it is made, which hears
    /// those sent to this bmd (`listenOnLibnotify`).
    private func listen(address bus: OpaquePointer) -> OpaquePointer? {
        var address: UnsafePointer<CChar>?
        var monitor: OpaquePointer?
        if sd_bus_get_address(bus, &address) >= 0, let address, bm_bus_open_monitor(address, &monitor) >= 0, let monitor {
            var error = sd_bus_error()
            defer { sd_bus_error_free(&error) }
            if bm_bus_become_notification_monitor(monitor, UInt64(NotificationServer.answerTimeout) * 1000, &error) >= 0 {
                return monitor
            }
            _ = sd_bus_flush_close_unref(monitor)
        }
        ServerWatcher.fallback.withLock { $0.watcher = self }
        return nil
    }

    /// A message the monitor saw.
    private func overheard(_ message: OpaquePointer) {
        var id: UInt32 = 0
        var key: UnsafePointer<CChar>?
        let kind = bm_bus_notification_signal(message, &id, &key)
        guard kind != 0, let sender = sd_bus_message_get_sender(message) else { return }
        received(kind, id: id, key: key.map { String(cString: $0) }, sender: String(cString: sender))
    }

    /// What a server's signal said (kind 1: ActionInvoked, 2: NotificationClosed,
    /// 3: ActivationToken); the two ways of hearing signals (the monitor, libnotify's
    /// connection) both end here.
    fileprivate func received(_ kind: Int32, id: UInt32, key: String?, sender: String) {
        let bus = lock.withLock { self.bus }
        if kind == 1, let key {
            hear(.invoked(id: id, action: key, server: sender, bus: bus))
        } else if kind == 2 {
            hear(.closed(id: id, server: sender, bus: bus))
        } else if kind == 3, let key {
            hear(.activationToken(id: id, token: key, server: sender, bus: bus))
        }
    }

    /// Passes on `event` if the server's current process sent it, or, where the server is
    /// GNOME Shell's helper, if the shell sent it (then as the helper's): any client on the
    /// bus can send a signal that looks like the server's.
    fileprivate func hear(_ event: NotificationEvent) {
        let sender = event.server
        let server: String? = lock.withLock {
            if serverIsShell, let shellOwner { return shellOwner == sender ? owner : nil }
            return owner == sender ? owner : nil
        }
        guard let server else { return }
        heard(event.said(by: server))
    }

    // MARK: - Where the bus refuses a monitor

    /// The watcher that could not become a monitor, and the libnotify connection it
    /// listens on (held, so that its address is never taken for a new one's).
    private struct Fallback: @unchecked Sendable {
        var watcher: ServerWatcher?
        var connection: OpaquePointer?
    }

    private static let fallback = Mutex(Fallback())

    /// Listens on `connection`, GLib's shared session connection that libnotify shows
    /// notifications on, where the bus refused the watcher a monitor: the server sends
    /// its signals only to the connection that showed the notification. Called on the
    /// notifier's thread each time it has that connection; a filter runs on GDBus's
    /// thread, with no main loop needed.
    static func listenOnLibnotify(_ connection: OpaquePointer) {
        fallback.withLock { fallback in
            guard let watcher = fallback.watcher, fallback.connection != connection else { return }
            if let old = fallback.connection { glib.g_object_unref(UnsafeMutableRawPointer(old)) }
            fallback.connection = OpaquePointer(glib.g_object_ref(UnsafeMutableRawPointer(connection)))
            let filter: GDBusMessageFilterFunction = { _, message, incoming, data in
                guard incoming != 0, let message, let data else { return message }
                var id: UInt32 = 0
                var key: UnsafePointer<gchar>?
                var sender: UnsafePointer<gchar>?
                let kind = bm_notification_message(glibTable, message, &id, &key, &sender)
                guard kind != 0, let sender else { return message }
                Unmanaged<ServerWatcher>.fromOpaque(data).takeUnretainedValue()
                    .received(kind, id: id, key: key.map { String(cString: $0) }, sender: String(cString: sender))
                return message
            }
            _ = glib.g_dbus_connection_add_filter(connection, filter, Unmanaged.passRetained(watcher).toOpaque(), nil)
        }
    }

    /// Lets go of `connection` once it has closed, so that GLib can make a new shared one.
    static func forget(_ connection: OpaquePointer) {
        fallback.withLock { fallback in
            guard fallback.connection == connection else { return }
            glib.g_object_unref(UnsafeMutableRawPointer(connection))
            fallback.connection = nil
        }
    }

    /// An sd-bus error number in words.
    private static func describe(_ status: Int32) -> String {
        String(cString: strerror(-status))
    }
}
