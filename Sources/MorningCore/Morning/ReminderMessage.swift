/// What the daily reminder says: names the routine, the first task and how many tasks today.
///
/// Both texts are plain: the notifier escapes the body for servers that read markup.
public struct ReminderMessage: Sendable, Hashable {
    /// The notification's title line.
    public var summary: String
    /// The notification's text under the title.
    public var body: String
    /// The first task's title, for the button that checks it where the server shows
    /// actions; nil for a notification without actions.
    public var firstTask: String?
    /// Whether the popup stays until it is closed (`expire_timeout` 0) rather than for
    /// the server's usual few seconds: the daily reminder must not be missed.
    public var staysUntilClosed: Bool
    /// The freedesktop sound theme's name of the sound the server is asked to play (the
    /// `sound-name` hint); nil for a silent notification.
    public var sound: String?
    /// Whether it asks to stay on screen until acted on where the server drops any
    /// ordinary notification from the screen after a few seconds, whatever its timeout
    /// (GNOME Shell): there it is sent as critical, as alarm clocks send theirs.
    public var keepsOnScreen: Bool = false

    /// The sound of the daily reminder: the sound theme's own for an alarm going off.
    public static let alarmSound = "alarm-clock-elapsed"

    public init(summary: String, body: String, firstTask: String? = nil, staysUntilClosed: Bool = false,
                sound: String? = nil, keepsOnScreen: Bool = false) {
        self.summary = summary
        self.body = body
        self.firstTask = firstTask
        self.staysUntilClosed = staysUntilClosed
        self.sound = sound
        self.keepsOnScreen = keepsOnScreen
    }

    /// The label of the button that checks the first task.
    public var checkLabel: String? { firstTask.map { "✓ " + $0.trimmingSpaces } }

    /// The reminder of one morning, such as summary "Good morning — Haruki Murakami" and
    /// body "First: 04:00 Get up at four. 4 tasks today."
    ///
    /// `firstTime` is the first task's time as shown everywhere else (`HH:MM`).
    public static func daily(routine: String, firstTime: String, firstTask: String, taskCount: Int) -> ReminderMessage {
        ReminderMessage(
            summary: "Good morning — \(routine)",
            body: "First: \(firstTime) \(sentence(firstTask)) \(taskCount) \(taskCount == 1 ? "task" : "tasks") today.",
            staysUntilClosed: true, sound: alarmSound)
    }

    /// The reminder of a morning that has already begun, sent late (after a sleep, or bmd
    /// starting after the first task's time): where the morning stands rather than its
    /// first task, such as body "Running late: 2 of 8 done, now 07:00 Eat breakfast."
    ///
    /// `now` is the task to do now (the first unchecked one whose time has come); when
    /// every task so far is checked, `next` is the one whose time comes next.
    public static func late(routine: String, completed: Int, total: Int,
                            now: (time: String, title: String)?, next: (time: String, title: String)?) -> ReminderMessage {
        var body = "Running late: \(completed) of \(total) done"
        if let now {
            body += ", now \(now.time) \(sentence(now.title))"
        } else if let next {
            body += ", next \(next.time) \(sentence(next.title))"
        } else {
            body += "."
        }
        return ReminderMessage(summary: "Good morning — \(routine)", body: body, staysUntilClosed: true, sound: alarmSound)
    }

    /// The late reminder of `morning`: the task it names is the one `status` names at
    /// the same instant, from the same model.
    public static func late(_ morning: MorningMoment) -> ReminderMessage {
        guard let day = morning.day else {
            return ReminderMessage(summary: "Good morning — \(morning.routine?.name ?? "Better Morning")", body: "",
                                   staysUntilClosed: true, sound: alarmSound)
        }
        func task(_ position: Int?) -> (time: String, title: String)? {
            position.map { (day.routine.tasks[$0 - 1].time.description, day.routine.tasks[$0 - 1].title) }
        }
        return late(routine: day.routine.name, completed: day.completed, total: day.total,
                    now: task(morning.taskNow), next: task(morning.nextTask))
    }

    /// What `bmctl notifications test` shows: proof that reminders reach the desktop, and
    /// how they sound. It goes away as the server's other notifications do: bmd closes
    /// only the reminder.
    public static let test = ReminderMessage(
        summary: "Better Morning test notification",
        body: "Your daily reminder will look like this, at your routine's first task time.",
        sound: alarmSound)

    /// `title` ended by a full stop, unless it already ends a sentence ("Meditate?" stays).
    private static func sentence(_ title: String) -> String {
        let trimmed = title.trimmingSpaces
        guard let last = trimmed.last else { return "" }
        return ".!?…".contains(last) ? trimmed : trimmed + "."
    }
}

extension String {
    /// The string without spaces at either end.
    fileprivate var trimmingSpaces: String {
        var text = Substring(self)
        while text.first?.isWhitespace == true { text = text.dropFirst() }
        while text.last?.isWhitespace == true { text = text.dropLast() }
        return String(text)
    }
}
