import Foundation
import Logging
import MorningCore
import NIOConcurrencyHelpers
import ServiceLifecycle

/// Keeps bmd's appointments with the wall clock: sleeps until the next reminder or
/// midnight, wakes exactly then (or when the clock, the zone or the state changes),
/// lets the engine close the days that ended and plan, and sends the reminder when one
/// is due: once a day, late after a sleep, never twice.
///
/// The alarm, the notifier and the clock are interfaces, so that tests can watch the
/// order of recording, arming and sending with no timer, no desktop and no waiting.
public struct ReminderService: Service {
    /// How long a wake whose state could not be read or written waits to try again.
    static let retryDelay: TimeInterval = 60

    let engine: Engine
    /// The followers of the status: while there are some, the alarm also wakes when what
    /// the status shows changes. Nil where nobody can follow (tests of the reminder alone).
    let status: StatusBroadcast?
    let alarm: any Alarm
    let notifier: any Notifier
    /// The clock the engine plans on: the retry and the reminder's delay are measured on it too.
    let clock: WallClock
    let logger: Logger
    private let lastStatus = NIOLockedValueBox("")
    /// Which popup is on screen: what its buttons act on and what bmd closes.
    private let memory = NIOLockedValueBox(PopupMemory())

    public init(engine: Engine, status: StatusBroadcast? = nil, alarm: any Alarm, notifier: any Notifier, clock: WallClock,
                logger: Logger) {
        self.engine = engine
        self.status = status
        self.alarm = alarm
        self.notifier = notifier
        self.clock = clock
        self.logger = logger
    }

    public func run() async throws {
        // Opened here, so that the events are read as the alarm's own sequence.
        let alarm = self.alarm
        await listen(to: alarm)
    }

    private func listen(to alarm: some Alarm) async {
        engine.whenChanged { alarm.nudge() }
        // A wake publishes the status, so that followers see a server come or go at once.
        notifier.whenAvailabilityChanges { alarm.nudge() }
        // A popup the previous run of bmd left on screen is this run's to close and answer.
        if let popup = engine.reminderPopup {
            memory.withLockedValue { $0 = PopupMemory(restoring: popup) }
            logger.info("took back the reminder's popup shown before the restart", metadata: ["id": "\(popup.id)"])
        }
        // What the user does with the popup: closing it, or its buttons where the server
        // shows actions. The engine holds the notifier, so the notifier holds the engine
        // weakly: bmd's state must be let go (and its file checkpointed) when bmd stops.
        notifier.whenHeard { [weak engine, memory, logger] event in
            switch memory.withLockedValue({ $0.heard(event) }) {
            case nil:
                break
            case .dismissed(let shown):
                logger.info("the reminder was closed on screen", metadata: ["id": "\(shown.id)"])
                // Nothing is left to close.
                Self.storeCopy(of: memory, in: engine)
            case .acted(let action, let day, let token):
                logger.info("the reminder's action was invoked",
                            metadata: ["action": "\(action.rawValue)", "activation token": "\(token == nil ? "none" : "given")"])
                Self.act(action, on: day, activationToken: token, engine: engine, logger: logger)
            }
        }
        alarm.nudge()
        // Ask the notification server once at start, on the notifier's own thread, so
        // that status says whether reminders can show before the first one is due.
        let notifier = self.notifier
        async let probed: Bool = notifier.probe()
        await withGracefulShutdownHandler {
            for await event in alarm.events {
                if event == .zoneChanged || event == .clockChanged {
                    // Foundation on Linux keeps the zone it first read until told to look again.
                    ZoneFile.reread()
                    engine.timeChanged()
                    logger.info("wall clock or time zone changed; planning again", metadata: ["event": "\(event)"])
                }
                await plan()
            }
        } onGracefulShutdown: {
            alarm.stop()
        }
        status?.endFollowing()
        _ = await probed
    }

    /// Does what the popup's button asks: open today's routine, or check the first task
    /// of the morning the popup announced (never another day's).
    private static func act(_ action: ReminderAction, on day: Day, activationToken: String?, engine: Engine?, logger: Logger) {
        switch action {
        case .open:
            TodayInWindow.open(activationToken: activationToken, logger: logger)
        case .check:
            guard let engine else { return }
            do {
                _ = try engine.check(.init(task: "1", date: day.description))
            } catch {
                logger.warning("cannot check the first task from the reminder: \(error)")
            }
        }
    }

    /// Stores the memory's copy for after a restart: what the memory says when it is
    /// written, under its lock, so that a copy never overwrites a later transition's.
    /// The engine's lock is taken inside the memory's (here and when asking whether the
    /// reminder is still wanted); nothing that holds the engine's lock waits for the memory.
    private static func storeCopy(of memory: NIOLockedValueBox<PopupMemory>, in engine: Engine?) {
        memory.withLockedValue { engine?.rememberPopup($0.stored) }
    }

    /// The popup on screen as the service remembers it, for tests.
    var popupOnScreen: PopupMemory.Popup? { memory.withLockedValue { $0.popup } }

    /// One wake: plan, arm, and send what is due. The alarm is armed before sending so
    /// that a notification server that hangs never delays midnight.
    private func plan() async {
        do {
            let (plan, wakeAt, reminder) = try engine.wake(followed: status?.followed ?? false)
            alarm.arm(at: wakeAt)
            logger.debug("next wake", metadata: ["at": "\(wakeAt)"])
            // The reminder's popup goes once its morning has begun (the first task checked,
            // from anywhere) or its day has ended.
            // The store forgets it once it is closed: a bmd stopped in between closes it at start.
            if let over = memory.withLockedValue({ $0.moved(stillWanted: engine.reminderStillWanted) }) {
                await notifier.withdraw(over)
                Self.storeCopy(of: memory, in: engine)
            }
            if let reminder {
                let shown = await notifier.post(reminder.message)
                if let shown {
                    memory.withLockedValue { $0.sent(shown, for: reminder.day) }
                    Self.storeCopy(of: memory, in: engine)
                }
                let delivered = shown != nil
                // How late the server got it, measured on the clock that scheduled it.
                let delay = Int((clock.now().timeIntervalSince(reminder.scheduled) * 1000).rounded())
                logger.info(delivered ? "reminder sent" : "reminder could not be shown", metadata: ["delay_ms": "\(delay)"])
            }
            // After the reminder, so that the line also says this wake is done; only
            // when it says something new, as the service manager keeps them all.
            let line = engine.statusLine(plan)
            if lastStatus.withLock({ $0 }) != line {
                lastStatus.withLock { $0 = line }
                Systemd.notify("STATUS=" + line)
            }
        } catch {
            // The state could not be read or written (a full disk, say): try again in a minute.
            logger.error("cannot plan the next wake: \(error)")
            alarm.arm(at: clock.now().addingTimeInterval(Self.retryDelay))
        }
    }
}
