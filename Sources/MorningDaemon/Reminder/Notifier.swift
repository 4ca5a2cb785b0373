import Foundation
import Logging
import MorningCore
import NIOConcurrencyHelpers
import Synchronization

/// Sends desktop notifications. Never blocks its caller's thread: the work runs on the
/// notifier's own thread.
public protocol Notifier: Sendable {
    /// Shows `message`; returns whether the notification server accepted it.
    func post(_ message: ReminderMessage) async -> Bool

    /// Shows `message`, blocking the calling thread until the server has answered: for a
    /// call answered on the thread pool (a test notification).
    func postWaiting(_ message: ReminderMessage) -> Bool

    /// Asks whether a notification server is there, without showing anything, so that
    /// status can say whether reminders can show before the first one is due; returns
    /// whether one answered.
    @discardableResult
    func probe() async -> Bool

    /// Closes the reminder `post` last showed, if the server that showed it still runs:
    /// the morning it announced has begun, or its day is over.
    func withdraw() async

    /// Whether the last attempt (or the start-up probe) reached a notification server
    /// (status `available`).
    var isAvailable: Bool { get }

    /// Why the last attempt did not reach a notification server, in words for the user
    /// (the `reason` of `NotificationsUnavailable`); nil when it did, or before any attempt.
    var unavailableReason: String? { get }

    /// Calls `handler` whenever `isAvailable` changes, such as when a notification server
    /// starts or stops in the session.
    func whenAvailabilityChanges(_ handler: @escaping @Sendable () -> Void)

    /// Calls `handler` when the user acts on the reminder `post` showed last, with the
    /// activation token the server gave for it, if any: what lets the program the action
    /// opens take the focus.
    func whenActed(_ handler: @escaping @Sendable (ReminderAction, _ activationToken: String?) -> Void)

    /// The reminder `post` showed last, or `adopt` took back, while it may be on screen;
    /// nil when none is.
    var reminderOnScreen: ShownNotification? { get }

    /// Takes back a reminder a previous run of bmd showed, as the store remembers it:
    /// `withdraw` closes it, and its actions reach `whenActed`'s handler.
    func adopt(_ reminder: ShownNotification)

    /// Calls `handler` when the reminder on screen is closed by the user or the server,
    /// not by `withdraw`.
    func whenDismissed(_ handler: @escaping @Sendable () -> Void)
}

extension Notifier {
    /// A notifier that cannot tell why gives no reason.
    public var unavailableReason: String? { nil }

    /// A notifier whose availability never changes by itself has nothing to tell.
    public func whenAvailabilityChanges(_ handler: @escaping @Sendable () -> Void) {}

    /// A notifier that shows no actions hears of none.
    public func whenActed(_ handler: @escaping @Sendable (ReminderAction, _ activationToken: String?) -> Void) {}

    /// A notifier that keeps nothing on screen has nothing to take back.
    public var reminderOnScreen: ShownNotification? { nil }
    public func adopt(_ reminder: ShownNotification) {}
    public func whenDismissed(_ handler: @escaping @Sendable () -> Void) {}
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
    /// The reminder on screen: what to close when the morning moves on.
    private let shownReminder = NIOLockedValueBox<ShownNotification?>(nil)
    /// Who owns the notification server's name, watched while there is a session bus.
    private let watcher: ServerWatcher?
    private let availabilityChanged = Mutex<(@Sendable () -> Void)?>(nil)
    private let acted = Mutex<(@Sendable (ReminderAction, String?) -> Void)?>(nil)
    /// The activation token the server sent for the reminder, until the action it goes with.
    private let activation = Mutex(PendingActivation())
    private let dismissed = Mutex<(@Sendable () -> Void)?>(nil)
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

    public func whenActed(_ handler: @escaping @Sendable (ReminderAction, _ activationToken: String?) -> Void) {
        acted.withLock { $0 = handler }
    }

    public var reminderOnScreen: ShownNotification? { shownReminder.withLock { $0 } }

    public func adopt(_ reminder: ShownNotification) {
        shownReminder.withLock { $0 = reminder }
    }

    public func whenDismissed(_ handler: @escaping @Sendable () -> Void) {
        dismissed.withLock { $0 = handler }
    }

    /// What the server said of a notification: acted on only for the reminder on screen,
    /// and only from the server that showed it, on the bus it was shown on.
    private func heard(_ signal: ServerWatcher.Signal) {
        switch signal {
        case .activationToken(let id, let token, let sender, let bus):
            guard shownReminder.withLock({ $0?.isNotification(id, of: sender, on: bus) == true }) else { return }
            activation.withLock { $0.keep(token, for: id) }
        case .invoked(let id, let key, let sender, let bus):
            // Another application's notification, heard by the monitor, leaves the token be.
            guard shownReminder.withLock({ $0?.isNotification(id, of: sender, on: bus) == true }) else { return }
            let token = activation.withLock { $0.take(for: id) }
            guard let action = ReminderAction(rawValue: key) else { return }
            logger.info("the reminder's action was invoked",
                        metadata: ["action": "\(key)", "activation token": "\(token == nil ? "none" : "given")"])
            acted.withLock { $0 }?(action, token)
        case .closed(let id, let sender, let bus):
            let wasShown = shownReminder.withLock { shown in
                guard shown?.isNotification(id, of: sender, on: bus) == true else { return false }
                shown = nil
                return true
            }
            // After `withdraw` nothing is shown any more: this is the user closing it.
            guard wasShown else { return }
            logger.info("the reminder was closed on screen", metadata: ["id": "\(id)"])
            dismissed.withLock { $0 }?()
        }
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

    public func post(_ message: ReminderMessage) async -> Bool {
        await attempt { [shownReminder] server in
            server.show(message).map { shown in
                shownReminder.withLock { $0 = shown }
                return nil
            }
        }
    }

    public func withdraw() async {
        // Without a session bus nothing was shown by this bmd (post never got as far), and
        // nothing can be closed: the thread, and GLib with it, stay unused.
        if let missing = sessionBus.missing() {
            if shownReminder.withLock({ r in defer { r = nil }; return r }) != nil {
                logger.debug("could not close the reminder: \(missing)")
            }
            return
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            thread.submit { [server, shownReminder, logger] in
                if let shown = shownReminder.withLock({ r in defer { r = nil }; return r }) {
                    switch server.withdraw(shown) {
                    case .success(true): logger.info("closed the reminder", metadata: ["id": "\(shown.id)"])
                    case .success(false): logger.debug("the server that showed the reminder is gone; nothing to close")
                    case .failure(let failure): logger.debug("could not close the reminder: \(failure.reason)")
                    }
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

/// The activation token a notification server sent for a notification, kept for the
/// action that follows it. A server sends the token just before the action, so the
/// token is taken by that action and never left for a later one that came without.
struct PendingActivation: Sendable {
    private var kept: (id: UInt32, token: String)?

    /// Keeps `token`, sent for notification `id`, in place of any earlier one.
    mutating func keep(_ token: String, for id: UInt32) {
        kept = (id, token)
    }

    /// The token for an action on notification `id`, if the server sent one for it; nothing
    /// is kept afterwards.
    mutating func take(for id: UInt32) -> String? {
        defer { kept = nil }
        return kept?.id == id ? kept?.token : nil
    }
}
