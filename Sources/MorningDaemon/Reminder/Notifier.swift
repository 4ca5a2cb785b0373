import Foundation
import Logging
import MorningCore
import NIOConcurrencyHelpers
import Synchronization

/// Sends desktop notifications. Never blocks its caller's thread: the work runs on the
/// notifier's own thread.
public protocol Notifier: Sendable {
    /// Shows `message`; returns the notification the server showed, or nil when none
    /// accepted it.
    func post(_ message: ReminderMessage) async -> ShownNotification?

    /// Shows `message`, blocking the calling thread until the server has answered: for a
    /// call answered on the thread pool (a test notification).
    func postWaiting(_ message: ReminderMessage) -> Bool

    /// Asks whether a notification server is there, without showing anything, so that
    /// status can say whether reminders can show before the first one is due; returns
    /// whether one answered.
    @discardableResult
    func probe() async -> Bool

    /// Closes `shown`, which `post` (or a previous run of bmd) showed, if the server that
    /// showed it still runs.
    func withdraw(_ shown: ShownNotification) async

    /// Whether the last attempt (or the start-up probe) reached a notification server
    /// (status `available`).
    var isAvailable: Bool { get }

    /// Why the last attempt did not reach a notification server, in words for the user
    /// (the `reason` of `NotificationsUnavailable`); nil when it did, or before any attempt.
    var unavailableReason: String? { get }

    /// Calls `handler` whenever `isAvailable` changes, such as when a notification server
    /// starts or stops in the session.
    func whenAvailabilityChanges(_ handler: @escaping @Sendable () -> Void)

    /// Calls `handler` with whatever a notification server says of a notification, the
    /// reminder's or another program's: which one is the reminder is `PopupMemory`'s to say.
    func whenHeard(_ handler: @escaping @Sendable (NotificationEvent) -> Void)
}

extension Notifier {
    /// A notifier that cannot tell why gives no reason.
    public var unavailableReason: String? { nil }

    /// A notifier whose availability never changes by itself has nothing to tell.
    public func whenAvailabilityChanges(_ handler: @escaping @Sendable () -> Void) {}

    /// A notifier that hears no signals has nothing to pass on.
    public func whenHeard(_ handler: @escaping @Sendable (NotificationEvent) -> Void) {}
}

/// libnotify over D-Bus, to whatever notification server the session runs.
///
/// Every libnotify call runs on one `NotifierThread` owned by this notifier: `post` and
/// `probe` only wait for it, so a hung server delays the reminder, never the daemon. No
/// session bus or no server is a warning in the log, written once per outage (again only
/// after it worked in between), and `isAvailable` false; never a crash.
public final class LibnotifyNotifier: Notifier {
    /// The app name every notification carries (`notify_init`).
    public static let appName = "Better Morning"
    /// The `desktop-entry` hint where the window is not installed: the basename of
    /// better-morning.desktop, the terminal app (`TodayInWindow.entryForNotifications`).
    public static let desktopEntry = "better-morning"
    /// The `category` hint, in the spec's `x-vendor.class` form for categories of its own.
    public static let category = "x-better-morning.reminder"
    /// The app's own icon, by its name in the hicolor theme.
    public static let iconName = AppIcon.name

    private let thread = NotifierThread(name: "bmd notifier")
    /// Where the session bus is: without one, nothing is tried (nor GLib loaded).
    private let sessionBus: SessionBus
    /// Touched only on `thread`.
    private let server: NotificationServer
    private let reachability = Mutex(Reachability())
    /// Who owns the notification server's name, watched while there is a session bus.
    private let watcher: ServerWatcher?
    private let availabilityChanged = Mutex<(@Sendable () -> Void)?>(nil)
    private let heardHandler = Mutex<(@Sendable (NotificationEvent) -> Void)?>(nil)
    private let logger: Logger

    /// What the last attempt found, readable from any thread.
    private struct Reachability {
        var available = false
        var reason: String?
        /// Whether this outage was already logged, so that it is logged once.
        var outageLogged = false
    }

    /// A notifier for the session bus of this process's environment.
    public convenience init(logger: Logger) {
        self.init(logger: logger, environment: ProcessInfo.processInfo.environment)
    }

    /// A notifier that looks for the session bus as `environment` says (GLib itself still
    /// reads this process's environment).
    init(logger: Logger, environment: [String: String]) {
        self.logger = logger
        sessionBus = SessionBus(environment: environment)
        server = NotificationServer(sessionBus: SessionBus(environment: environment),
                                    picture: { AppIcon.installedPicture(environment: environment) })
        watcher = SessionBus(environment: environment).missing() == nil ? ServerWatcher() : nil
        watcher?.start(changed: { [weak self] presence in self?.serverChanged(presence) },
                       heard: { [weak self] signal in self?.heard(signal) },
                       failed: { [logger] reason in
                           logger.warning("""
                               cannot watch for a notification server coming or going (\(reason)); \
                               bmd finds out at the next reminder or test instead
                               """)
                       })
    }

    deinit {
        watcher?.stop()
        thread.submitIfStarted { [server] in server.close() }
        thread.stop()
    }

    public var isAvailable: Bool { reachability.withLock { $0.available } }

    public var unavailableReason: String? { reachability.withLock { $0.reason } }

    public func whenAvailabilityChanges(_ handler: @escaping @Sendable () -> Void) {
        availabilityChanged.withLock { $0 = handler }
    }

    public func whenHeard(_ handler: @escaping @Sendable (NotificationEvent) -> Void) {
        heardHandler.withLock { $0 = handler }
    }

    /// Passes on what the server said of a notification.
    private func heard(_ event: NotificationEvent) {
        heardHandler.withLock { $0 }?(event)
    }

    /// The notification server started, stopped, or can be started on demand.
    private func serverChanged(_ presence: ServerWatcher.Presence) {
        switch presence {
        case .running(let owner):
            logger.debug("a notification server owns the name", metadata: ["owner": "\(owner)"])
            record(.success(nil))
        case .startedOnDemand:
            // The next notification starts it: reminders can show.
            logger.debug("no notification server runs; the session bus starts one on demand")
            record(.success(nil))
        case .absent:
            record(.failure(Unreachable(reason: NotificationServer.noServer)))
        }
    }

    public func post(_ message: ReminderMessage) async -> ShownNotification? {
        let shown = NIOLockedValueBox<ShownNotification?>(nil)
        let delivered = await attempt { server in
            server.show(message).map { notification in
                shown.withLockedValue { $0 = notification }
                return nil
            }
        }
        return delivered ? shown.withLockedValue { $0 } : nil
    }

    public func withdraw(_ shown: ShownNotification) async {
        // Without a session bus nothing was shown by this bmd (post never got as far), and
        // nothing can be closed: the thread, and GLib with it, stay unused.
        if let missing = sessionBus.missing() {
            logger.debug("could not close the reminder: \(missing)")
            return
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            thread.submit { [server, logger] in
                switch server.withdraw(shown) {
                case .success(true): logger.info("closed the reminder", metadata: ["id": "\(shown.id)"])
                case .success(false): logger.debug("the server that showed the reminder is gone; nothing to close")
                case .failure(let failure): logger.debug("could not close the reminder: \(failure.reason)")
                }
                continuation.resume()
            }
        }
    }

    /// Shows `message`, blocking the calling thread (never the notifier's own) until the
    /// notification server has answered.
    public func postWaiting(_ message: ReminderMessage) -> Bool {
        if let missing = sessionBus.missing() {
            record(.failure(Unreachable(reason: missing)))
            return false
        }
        let done = DispatchSemaphore(value: 0)
        let shown = NIOLockedValueBox(false)
        thread.submit { [server, self] in
            let outcome = server.show(message).map { _ in String?.none }
            record(outcome)
            if case .success = outcome { shown.withLock { $0 = true } }
            done.signal()
        }
        done.wait()
        return shown.withLock { $0 }
    }

    /// Asks the notification server who it is, to know at start whether notifications can
    /// show (`status` says so before the first reminder); logs the server's name.
    @discardableResult
    public func probe() async -> Bool {
        await attempt { server in server.identify().map(Optional.some) }
    }

    /// Runs `call` on the notifier's thread, records what it found and returns whether it
    /// reached a server. A success may carry a description of the server to log.
    private func attempt(_ call: @escaping @Sendable (NotificationServer) -> Result<String?, Unreachable>) async -> Bool {
        // What the server's own call would find first, found here without its thread.
        if let missing = sessionBus.missing() {
            record(.failure(Unreachable(reason: missing)))
            return false
        }
        return await withCheckedContinuation { continuation in
            thread.submit { [server, self] in
                let outcome = call(server)
                record(outcome)
                if case .success = outcome {
                    continuation.resume(returning: true)
                } else {
                    continuation.resume(returning: false)
                }
            }
        }
    }

    /// Keeps the outcome for `isAvailable` and logs the start and the end of an outage.
    private func record(_ outcome: Result<String?, Unreachable>) {
        let wasAvailable = isAvailable
        defer {
            if isAvailable != wasAvailable, let handler = availabilityChanged.withLock({ $0 }) { handler() }
        }
        switch outcome {
        case .success(let description):
            let wasOut = reachability.withLock { r in
                defer { r = Reachability(available: true, reason: nil, outageLogged: false) }
                return r.outageLogged
            }
            if wasOut {
                logger.notice("desktop notifications work again")
            }
            if let description {
                logger.info("desktop notifications go to \(description)")
            }
        case .failure(let failure):
            let first = reachability.withLock { r in
                defer { r = Reachability(available: false, reason: failure.reason, outageLogged: true) }
                return !r.outageLogged
            }
            if first {
                let consequence = "the daily reminder cannot show until a notification server runs in this session"
                logger.warning("desktop notifications are unavailable: \(failure.reason); \(consequence)")
            } else {
                logger.debug("desktop notifications are still unavailable: \(failure.reason)")
            }
        }
    }
}
