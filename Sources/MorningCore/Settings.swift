/// The user's settings (reset clears them).
public struct Settings: Hashable, Sendable {
    public var notificationsEnabled: Bool
    /// Whether the reminder asks the notification server for the alarm sound.
    public var reminderSound: Bool
    /// Whether the reminder stays on screen until acted on where the server would take
    /// an ordinary notification away after a few seconds (GNOME Shell).
    public var keepReminderOnScreen: Bool
    public var welcomeShown: Bool
    /// The day whose reminder has been sent, so that a restart never sends it twice.
    public var reminderFiredOn: Day?
    /// The reminder's popup on screen, so that a restarted daemon can still close it and
    /// answer its buttons; nil when none is.
    public var reminderPopup: ReminderPopup?
    /// The latest date the clock has read while days were closed: a clock that reads an
    /// earlier one is behind now, or was ahead then.
    public var latestToday: Day?
    /// The jumps of the clock ahead past every date it had read (a step of the wall
    /// clock, not time passing) that may still be taken back, oldest first: what was
    /// written on the dates after one began is taken back if the clock comes back to what
    /// it read before it. Empty once a later date came as time passes.
    public var jumpsAhead: [JumpAhead]
    /// The clock's timeline (`JumpAhead.timelines`) when the reminder of `reminderFiredOn`
    /// went out; nil where unknown.
    public var reminderFiredTimeline: Double?
    /// A reminder forgotten with a jump ahead the clock came back from: its date, and the
    /// timeline it went out on. A clock on that timeline again (the same step once more)
    /// reads what it read then, and that date's reminder does not go out twice.
    public var reminderForgotten: ForgottenReminder?

    /// Where the oldest outstanding jump ahead began, nil when none is.
    public var aheadFrom: Day? { jumpsAhead.first?.from }

    public init(notificationsEnabled: Bool = true, reminderSound: Bool = true, keepReminderOnScreen: Bool = true,
                welcomeShown: Bool = false,
                reminderFiredOn: Day? = nil, reminderPopup: ReminderPopup? = nil,
                latestToday: Day? = nil, jumpsAhead: [JumpAhead] = []) {
        self.latestToday = latestToday
        self.jumpsAhead = jumpsAhead
        self.notificationsEnabled = notificationsEnabled
        self.reminderSound = reminderSound
        self.keepReminderOnScreen = keepReminderOnScreen
        self.welcomeShown = welcomeShown
        self.reminderFiredOn = reminderFiredOn
        self.reminderPopup = reminderPopup
    }
}
