import MorningCore

/// Which reminder popup is on screen, and so what its buttons act on and what bmd closes:
/// the one memory of it in bmd.
///
/// `ReminderService` holds it and asks it about everything the notification server says;
/// the notifier only shows, closes and passes on what it hears, and the store keeps a copy
/// (`stored`) only so that a restarted bmd takes the popup back (`init(restoring:)`). Every
/// transition is a method, so that each one is tested without a bus.
struct PopupMemory: Sendable, Equatable {
    /// The popup on screen: the notification the server showed and the morning it announces.
    struct Popup: Sendable, Equatable {
        var day: Day
        var notification: ShownNotification
    }

    /// What bmd does about something the server said of the popup.
    enum Answer: Sendable, Equatable {
        /// The person (or the server) closed it: nothing is left to close.
        case dismissed(ShownNotification)
        /// The person pressed one of its buttons, which acts on the popup's own morning;
        /// `token` is the server's activation token for it, if it sent one.
        case acted(ReminderAction, day: Day, token: String?)
    }

    /// The popup on screen; nil when none is (or none bmd could act on).
    private(set) var popup: Popup?
    /// The activation token the server sent for the popup, until the action it goes with.
    private var activation = PendingActivation()

    /// No popup on screen.
    init() {}

    /// The popup a previous run of bmd left on screen, as the store kept it.
    init(restoring stored: ReminderPopup?) {
        popup = stored.map { Popup(day: $0.day, notification: ShownNotification(id: $0.id, server: $0.server, bus: $0.bus)) }
    }

    /// What the store keeps for after a restart: nil when no popup is on screen, or when
    /// the server that showed it could not be named (a later run could never tell its
    /// signals from another program's, nor close it).
    var stored: ReminderPopup? {
        guard let popup, let server = popup.notification.server else { return nil }
        return ReminderPopup(day: popup.day, id: popup.notification.id, server: server, bus: popup.notification.bus)
    }

    /// The reminder of `day` was shown as `notification`, in place of any popup before it:
    /// from now on only this one's buttons are answered, and only it is closed.
    mutating func sent(_ notification: ShownNotification, for day: Day) {
        popup = Popup(day: day, notification: notification)
    }

    /// Something a notification server said of a notification, this popup's or another
    /// program's (bmd hears them all on a monitor); nil when bmd has nothing to do. A
    /// server started anew numbers its own notifications from 1 again, so a notification
    /// is the popup only from the server that showed it, on the bus it was shown on.
    mutating func heard(_ event: NotificationEvent) -> Answer? {
        switch event {
        case .activationToken(let id, let token, let server, let bus):
            guard isPopup(id, server, bus) else { return nil }
            activation.keep(token, for: id)
            return nil
        case .invoked(let id, let key, let server, let bus):
            // Another application's notification leaves the token be.
            guard isPopup(id, server, bus), let popup else { return nil }
            let token = activation.take(for: id)
            guard let action = ReminderAction(rawValue: key) else { return nil }
            return .acted(action, day: popup.day, token: token)
        case .closed(let id, let server, let bus):
            guard isPopup(id, server, bus), let popup else { return nil }
            self.popup = nil
            return .dismissed(popup.notification)
        }
    }

    /// The popup to close now that the morning may have moved on, forgotten at once so that
    /// its `NotificationClosed` is not taken for the person closing it; nil when none is on
    /// screen or `stillWanted` says its own day's reminder still has something to announce
    /// (the day goes on and its first task is not checked). Only the popup's own day is
    /// asked about: a popup is never closed for another day's morning.
    mutating func moved(stillWanted: (Day) -> Bool) -> ShownNotification? {
        guard let popup, !stillWanted(popup.day) else { return nil }
        self.popup = nil
        return popup.notification
    }

    private func isPopup(_ id: UInt32, _ server: String, _ bus: String?) -> Bool {
        popup?.notification.isNotification(id, of: server, on: bus) == true
    }
}

/// What a notification server said of one of its notifications, with who said it: its
/// unique bus name and the bus's GUID (nil when not known).
public enum NotificationEvent: Sendable, Equatable {
    /// A button (or the popup itself, `default`) was pressed.
    case invoked(id: UInt32, action: String, server: String, bus: String?)
    /// The token that lets the program an action brings up take the focus, sent just
    /// before the action (servers that follow version 1.2 of the notification spec).
    case activationToken(id: UInt32, token: String, server: String, bus: String?)
    /// The notification left the screen: closed by the person, expired, or closed by bmd.
    case closed(id: UInt32, server: String, bus: String?)

    /// Who said it.
    var server: String {
        switch self {
        case .invoked(_, _, let server, _), .activationToken(_, _, let server, _), .closed(_, let server, _): server
        }
    }

    /// The same, said by `server` (the server's own name where the shell sent it for
    /// GNOME Shell's helper).
    func said(by server: String) -> NotificationEvent {
        switch self {
        case .invoked(let id, let action, _, let bus): .invoked(id: id, action: action, server: server, bus: bus)
        case .activationToken(let id, let token, _, let bus): .activationToken(id: id, token: token, server: server, bus: bus)
        case .closed(let id, _, let bus): .closed(id: id, server: server, bus: bus)
        }
    }
}

/// The activation token a notification server sent for a notification, kept for the
/// action that follows it. A server sends the token just before the action, so the
/// token is taken by that action and never left for a later one that came without.
struct PendingActivation: Sendable, Equatable {
    private var kept: Kept?

    private struct Kept: Sendable, Equatable {
        var id: UInt32
        var token: String
    }

    /// Keeps `token`, sent for notification `id`, in place of any earlier one.
    mutating func keep(_ token: String, for id: UInt32) {
        kept = Kept(id: id, token: token)
    }

    /// The token for an action on notification `id`, if the server sent one for it; nothing
    /// is kept afterwards.
    mutating func take(for id: UInt32) -> String? {
        defer { kept = nil }
        return kept?.id == id ? kept?.token : nil
    }
}
