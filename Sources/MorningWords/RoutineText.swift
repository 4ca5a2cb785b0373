import MorningProtocol

// The words about routines that the terminal app, bmctl and the window share: what a
// switch of routine ends, a routine in a few words, a time bmd refused.

extension MorningText {
    /// What making another routine active (adopting one, saving a new one) ends, said
    /// before it happens, or nil when it ends nothing: today of the routine that runs, or
    /// the start of one that was due tomorrow.
    public static func switchEnds(_ s: Morning.StatusReply) -> String? {
        if s.phase == .running, let active = s.routine, let today = s.today {
            let left = today.total - today.completed
            return "Today's \(active.name) ends now with \(today.completed) of \(today.total) done"
                + (left > 0 ? "; the \(left) unchecked count as missed." : ".")
        }
        if s.phase == .waiting, let waiting = s.routine {
            return "\(waiting.name), due to start tomorrow, will not."
        }
        return nil
    }

    /// What a switch ended, said after it: the day of the routine that was running, closed
    /// early; nil when none was running.
    public static func switchEnded(_ reply: Morning.Activation) -> String? {
        guard let day = reply.finalized else { return nil }
        return "Today's \(reply.previous?.name ?? "previous routine") ended with \(day.completed) of \(day.total) done."
    }

    /// "6 tasks, first at 05:00", a routine in a few words.
    public static func summary(_ tasks: [Morning.TaskTime]) -> String {
        guard let first = tasks.map(\.time).min() else { return "no tasks" }
        return count(tasks.count, "task") + ", first at \(first)"
    }

    /// A time bmd refused: unreadable, or off the five-minute grid with the nearest times.
    public static func invalidTime(text: String, nearest: [String]) -> String {
        guard !nearest.isEmpty else {
            return "\"\(text)\" is not a time; use HH:MM (such as 06:45) or 12-hour time (such as 6:45am)"
        }
        return "\(text) is not on the five-minute grid; use " + nearest.joined(separator: " or ")
    }
}
