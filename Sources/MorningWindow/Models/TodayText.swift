import MorningProtocol
import MorningWords

/// The words of the Today page, from the model alone: where the morning stands, the task
/// to do now and the countdown, in `MorningText`'s words as every other surface has them.
public enum TodayText {
    /// What fills the page instead of the day when there is no day to show.
    public struct Empty: Equatable, Sendable {
        public var title: String
        public var description: String
        /// The button that leads on: to the Routines page when no routine is active.
        public var routinesButton: String?

        public init(title: String, description: String, routinesButton: String? = nil) {
            self.title = title
            self.description = description
            self.routinesButton = routinesButton
        }
    }

    /// The icon over the page's empty state: the offline sign once bmd is known not to
    /// answer (away, or silent), the alarm clock when bmd answered, and none while the
    /// window is still asking: that state shows for a moment at most, most often in the
    /// window's first frame, and the sign, drawn from a scalable image at that size,
    /// would load an SVG renderer (librsvg: 7 MiB resident) for it.
    public static func emptyIcon(_ model: WindowModel) -> String? {
        guard model.status == nil else { return "alarm-symbolic" }
        if case .away = model.link { return "network-offline-symbolic" }
        return model.silent ? "network-offline-symbolic" : nil
    }

    /// The page's empty state, or nil when the routine has days to show.
    public static func empty(_ model: WindowModel) -> Empty? {
        guard let status = model.status else {
            if case .away(let reason, _) = model.link {
                return Empty(title: "bmd is away", description: reason.capitalizedFirst + ". Trying again…")
            }
            if model.silent {
                return Empty(title: "bmd does not answer", description: silence + " The window keeps waiting for it.")
            }
            return Empty(title: "Asking bmd…", description: "Better Morning keeps your routine in bmd, its background service.")
        }
        switch status.phase {
        case .none:
            return Empty(title: "No active routine",
                         description: "Follow the morning of someone well known, or write your own.",
                         routinesButton: "Choose a Routine")
        case .waiting, .running:
            return model.scroller.earliest == nil ? Empty(title: "No active routine", description: "", routinesButton: "Choose a Routine") : nil
        }
    }

    /// "Now: 05:30 Walk", or what there is to do when no task is.
    public static func now(_ status: Morning.StatusReply) -> String? {
        guard status.phase == .running else { return nil }
        let now = "Now: " + (MorningText.taskNow(status).map(MorningText.named) ?? MorningText.nothingNow(status))
        // Late by hours, the task to do now is far from where the clock is: both are said.
        return now + (MorningText.clockIsAt(status).map { " · " + $0 } ?? "")
    }

    /// "Notifications are off. No reminder comes.": the reminder off, silent or unable to
    /// show, as `status` says it; nil while it is on, with sound, and can show, or while
    /// no routine runs.
    public static func reminder(_ status: Morning.StatusReply) -> String? {
        status.phase == .none ? nil : ReminderText.warning(status.notifications)
    }

    /// "Next: 06:00 Read in 12 min", the countdown of every surface.
    public static func next(_ status: Morning.StatusReply) -> String? {
        guard status.phase == .running else { return nil }
        return "Next: " + (status.nextTask.map { MorningText.named($0) + MorningText.due(status) } ?? MorningText.noNextTask(status))
    }

    /// "Wednesday 2026-11-25 · today · 3 of 6 done".
    public static func dayHeading(_ day: Morning.DayReply) -> String {
        let mode = switch day.mode {
        case .today: "today · \(day.completed) of \(day.total) done"
        case .past: "past, read-only · \(day.completed) of \(day.total) done"
        case .future: "upcoming · " + MorningText.count(day.total, "task")
        }
        return "\(Weekday.name(of: day.date)) \(day.date) · " + mode
    }

    /// A date on the scroller: its label and what it is.
    public static func scrollerDate(_ date: Day, today: Day) -> (label: String, kind: String) {
        (MorningText.scrollerLabel(date), date < today ? "past" : date == today ? "today" : "upcoming")
    }

    /// A task's row: its mark on a day that cannot change, and its name for screen readers.
    public static func mark(_ task: Morning.DayTask) -> String {
        switch task.state {
        case .done: "✓"
        case .missed: "✗"
        case .untouched, .upcoming: ""
        }
    }

    public static func accessibleName(_ task: Morning.DayTask) -> String {
        let state = switch task.state {
        case .done: "done"
        case .missed: "missed"
        case .untouched: "not done"
        case .upcoming: "upcoming"
        }
        return "\(task.time) \(task.title), \(state)"
    }

    /// The line under the header bar while bmd is away or silent but a day is on show.
    public static func away(_ model: WindowModel) -> String? {
        guard case .away(let reason, _) = model.link else {
            return model.silent ? "bmd does not answer. " + silence + " What shows may be out of date." : nil
        }
        return "bmd is away: \(reason). Trying again…"
    }

    /// What a silent bmd is: the connection taken, no answer.
    static let silence = "It took the window's call but has said nothing for \(WindowModel.patience / 1000) seconds; it may be stopped or stuck."

    /// Beside a task the person ticked while bmd has not taken the tick yet.
    public static let waitingForBmd = "waiting for bmd"
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
