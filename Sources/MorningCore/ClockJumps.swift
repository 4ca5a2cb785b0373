/// A jump of the wall clock ahead, past every date it had read, that may still be taken back.
public struct JumpAhead: Hashable, Sendable {
    /// The latest date the clock had read when it jumped.
    public var from: Day
    /// The date whose reminder had been sent then: a reminder sent while the clock read
    /// later is forgotten with the jump.
    public var reminderFiredBefore: Day?
    /// The clock's timelines on which it read `from`: each is the wall clock's reading, in
    /// seconds since 1970, at the instant the time that really passed (bmd's
    /// CLOCK_BOOTTIME) was zero. A clock that reads one of them again (within
    /// `JumpAhead.sameTimeline`) reads what it would have read had it never jumped: it has
    /// come back. A clock on another one is wrong in another way, behind perhaps, and
    /// takes nothing back. Empty where the time that passed is unknown (a jump an older
    /// bmd noted): such a jump is taken back only by a rule run without bmd's clock.
    public var timelines: [Double]

    /// How far apart two readings of the clock may be and still be one timeline: more than
    /// a clock set right by hand misses by, less than any step a person would call wrong.
    public static let sameTimeline: Double = 15 * 60

    /// How many timelines a jump keeps: the clock read its date on this many, at most,
    /// before the oldest is dropped.
    public static let timelinesKept = 8

    public init(from: Day, reminderFiredBefore: Day?, timelines: [Double]) {
        self.from = from
        self.reminderFiredBefore = reminderFiredBefore
        self.timelines = timelines
    }

    /// Whether `timeline` is one the clock read `from` on.
    public func isOn(_ timeline: Double) -> Bool {
        timelines.contains { abs($0 - timeline) <= JumpAhead.sameTimeline }
    }
}

/// A reminder sent while the clock had jumped ahead, forgotten when it came back.
public struct ForgottenReminder: Hashable, Sendable {
    public var day: Day
    public var timeline: Double

    /// How close to `timeline` the clock must read to be the same step once more: tighter
    /// than `JumpAhead.sameTimeline`, as a clock stepped by hand to the real morning may
    /// land minutes from where the mistaken step had put it, and that morning is real.
    public static let sameStep: Double = 60

    public init(day: Day, timeline: Double) {
        self.day = day
        self.timeline = timeline
    }
}
