import Testing
import Foundation
@testable import MorningDaemon
import MorningCore
import MorningStore

/// An alarm the test sets off by hand. It records every arming, and tells the test when
/// the reminder service has finished with the last event and waits for the next one,
/// so that a test needs no sleep to know a wake is over.
final class TestAlarm: Alarm, @unchecked Sendable {
    private struct State {
        var armed: [Date] = []
        var queued: [AlarmEvent] = []
        var stopped = false
        /// The service, waiting for the next event.
        var listener: CheckedContinuation<AlarmEvent?, Never>?
        /// Tests waiting for the service to wait.
        var idleWaiters: [CheckedContinuation<Void, Never>] = []
    }

    private let lock = NSLock()
    private var state = State()

    /// Every instant armed so far, oldest first.
    var armed: [Date] { lock.withLock { state.armed } }

    var events: Events { Events(alarm: self) }

    func arm(at instant: Date) {
        lock.withLock { state.armed.append(instant) }
    }

    func nudge() { goOff(.nudged) }

    func stop() {
        let listener = lock.withLock {
            state.stopped = true
            defer { state.listener = nil }
            return state.listener
        }
        listener?.resume(returning: nil)
    }

    /// Hands `event` to the service, now if it waits for one, else when it next asks.
    func goOff(_ event: AlarmEvent) {
        let listener = lock.withLock {
            guard let listener = state.listener else {
                state.queued.append(event)
                return nil as CheckedContinuation<AlarmEvent?, Never>?
            }
            state.listener = nil
            return listener
        }
        listener?.resume(returning: event)
    }

    /// Returns once the service has handled every event and waits for another.
    func untilIdle() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let idle = lock.withLock {
                if state.listener != nil && state.queued.isEmpty { return true }
                state.idleWaiters.append(waiter)
                return false
            }
            if idle { waiter.resume() }
        }
    }

    private func next() async -> AlarmEvent? {
        await withCheckedContinuation { (listener: CheckedContinuation<AlarmEvent?, Never>) in
            let (now, idleWaiters): (AlarmEvent??, [CheckedContinuation<Void, Never>]) = lock.withLock {
                if !state.queued.isEmpty { return (.some(state.queued.removeFirst()), []) }
                if state.stopped { return (.some(nil), []) }
                state.listener = listener
                defer { state.idleWaiters = [] }
                return (nil, state.idleWaiters)
            }
            if let now { listener.resume(returning: now) }
            for waiter in idleWaiters { waiter.resume() }
        }
    }

    struct Events: AsyncSequence, Sendable {
        let alarm: TestAlarm

        func makeAsyncIterator() -> Iterator { Iterator(alarm: alarm) }

        struct Iterator: AsyncIteratorProtocol {
            let alarm: TestAlarm
            mutating func next() async -> AlarmEvent? { await alarm.next() }
        }
    }
}

/// A notification server the test watches. Each post notes what the store and the
/// alarm said at the moment it came; a server the test holds keeps a post waiting, as a
/// hung server does, until the test lets it go.
final class TestNotifier: Notifier, @unchecked Sendable {
    struct Post: Sendable {
        var message: ReminderMessage
        /// The day the store said the reminder was sent for, read when the post came.
        var storeSaysSentOn: Day?
        /// What the alarm had been armed for, oldest first, when the post came.
        var armedBefore: [Date]
    }

    private let store: Store
    private let alarm: TestAlarm
    private let lock = NSLock()
    private var posts: [Post] = []
    private var taken = 0
    private var postWaiters: [CheckedContinuation<Post, Never>] = []
    private var holding: Bool
    private var held: [CheckedContinuation<Void, Never>] = []

    init(store: Store, alarm: TestAlarm, holding: Bool = false) {
        self.store = store
        self.alarm = alarm
        self.holding = holding
    }

    var isAvailable: Bool { true }

    func probe() async -> Bool { true }

    /// A test notification is not what these tests watch.
    func postWaiting(_ message: ReminderMessage) -> Bool {
        Issue.record("the reminder service posted a test notification")
        return false
    }

    func post(_ message: ReminderMessage) async -> ShownNotification? {
        let post = Post(message: message, storeSaysSentOn: try? store.loadBook().settings.reminderFiredOn,
                        armedBefore: alarm.armed)
        let (notification, waiter) = lock.withLock {
            posts.append(post)
            let notification = ShownNotification(id: UInt32(posts.count), server: Self.server, bus: Self.bus)
            shown = notification
            guard !postWaiters.isEmpty else { return (notification, nil as CheckedContinuation<Post, Never>?) }
            taken += 1
            return (notification, postWaiters.removeFirst())
        }
        waiter?.resume(returning: post)
        await withCheckedContinuation { (hold: CheckedContinuation<Void, Never>) in
            let wait = lock.withLock {
                if holding { held.append(hold) }
                return holding
            }
            if !wait { hold.resume() }
        }
        return notification
    }

    /// Every post so far.
    var all: [Post] { lock.withLock { posts } }

    /// How many posts there had been at each time the service closed the reminder.
    var withdrawals: [Int] { lock.withLock { closed } }
    private var closed: [Int] = []
    /// Every notification the service closed, oldest first.
    var withdrawn: [ShownNotification] { lock.withLock { closedNotifications } }
    private var closedNotifications: [ShownNotification] = []

    func withdraw(_ notification: ShownNotification) async {
        let handler = lock.withLock {
            closed.append(posts.count)
            closedNotifications.append(notification)
            // A server says it closed a notification of its own, as it does for any close.
            defer { if shown == notification { shown = nil } }
            return shown == notification ? heardHandler : nil
        }
        handler?(.closed(id: notification.id, server: Self.server, bus: Self.bus))
    }

    /// The server's name this fake gives every reminder it shows.
    static let server = ":1.7"
    /// The session bus this fake's server is on.
    static let bus = "test-session-bus"
    /// The reminder on screen: numbered by its post, from 1.
    private var shown: ShownNotification?
    private var heardHandler: (@Sendable (NotificationEvent) -> Void)?

    func whenHeard(_ handler: @escaping @Sendable (NotificationEvent) -> Void) {
        lock.withLock { heardHandler = handler }
    }

    /// The user closes the reminder on screen; the server says so.
    func dismiss() {
        let (handler, notification) = lock.withLock {
            defer { shown = nil }
            return (heardHandler, shown)
        }
        guard let notification else { return }
        handler?(.closed(id: notification.id, server: Self.server, bus: Self.bus))
    }

    /// The user presses `action` on the reminder on screen, or on notification `id` (one a
    /// previous run of bmd showed), the server sending `token` first.
    func press(_ action: ReminderAction, on id: UInt32? = nil, token: String? = nil) {
        let (handler, onScreen) = lock.withLock { (heardHandler, shown?.id) }
        guard let notification = id ?? onScreen else { return }
        if let token { handler?(.activationToken(id: notification, token: token, server: Self.server, bus: Self.bus)) }
        handler?(.invoked(id: notification, action: action.rawValue, server: Self.server, bus: Self.bus))
    }

    /// The next post not yet returned by this method, waiting for it if need be.
    func nextPost() async -> Post {
        await withCheckedContinuation { (waiter: CheckedContinuation<Post, Never>) in
            let ready: Post? = lock.withLock {
                guard taken < posts.count else {
                    postWaiters.append(waiter)
                    return nil
                }
                taken += 1
                return posts[taken - 1]
            }
            if let ready { waiter.resume(returning: ready) }
        }
    }

    /// Lets every held post return, and the ones to come pass at once.
    func release() {
        let waiting = lock.withLock {
            holding = false
            defer { held = [] }
            return held
        }
        for hold in waiting { hold.resume() }
    }
}
