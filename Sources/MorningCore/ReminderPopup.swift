/// A reminder's popup as the notification server showed it: the morning it announces,
/// the id the server gave it, and the server's unique bus name (ids are the server's own,
/// and a server started anew numbers from 1 again).
public struct ReminderPopup: Hashable, Sendable {
    public var day: Day
    public var id: UInt32
    public var server: String
    /// The session bus it was shown on (its GUID): after a logout and login a new bus's
    /// server may have the same unique name and number its own notifications from 1
    /// again. Nil for a popup an older bmd remembered without it.
    public var bus: String?

    public init(day: Day, id: UInt32, server: String, bus: String? = nil) {
        self.day = day
        self.id = id
        self.server = server
        self.bus = bus
    }
}
