import MorningProtocol

/// The words every surface uses for where the morning stands — `status`, the bars, the
/// terminal app, the window and `check` with no task — read from bmd's one model of now and from
/// nothing else, so that no two of them can disagree.
public enum MorningText {
    /// Where the morning stands: bmd's own word, or, from a bmd older than that word
    /// (running until it is restarted after an upgrade), read from its phase and pace.
    public static func state(_ s: Morning.StatusReply) -> Morning.MorningState {
        if let state = s.state { return state }
        switch s.phase {
        case .none: return .none
        case .waiting: return .notStarted
        case .running:
            switch s.now?.pace {
            case .beforeFirstTask?, .upcoming?: return .beforeFirstTask
            case .behind?: return .behind
            case .allDone?, .done?: return .allDone
            case .finished?: return .finished
            case .inProgress?, nil: return .inProgress
            }
        }
    }

    /// When a routine that has not started starts, said from `today`: "tomorrow
    /// (2026-11-24)" only when it is tomorrow, and "on 2026-12-30" otherwise, as when
    /// the clock was set back after the routine was activated, or a backup was restored
    /// whose routine starts weeks ahead. Without `today` (a refusal, which carries only the
    /// start) the date alone, which is never wrong.
    public static func starts(on start: String, today: String?) -> String {
        if let today, Day(iso: today)?.next.description == start { return "tomorrow (\(start))" }
        return "on \(start)"
    }

    /// "starts tomorrow (2026-11-24)" or "starts on 2026-12-30": when the waiting
    /// routine of `s` starts.
    public static func starts(_ s: Morning.StatusReply) -> String {
        guard let start = s.routine?.startDate else { return "starts on a later day" }
        return "starts " + starts(on: start, today: s.date)
    }

    /// "Your new routine Lark starts tomorrow (2026-11-24).", what every surface says
    /// while the routine waits for its first day.
    public static func waiting(_ s: Morning.StatusReply) -> String {
        "Your new routine \(s.routine?.name ?? "") \(starts(s))."
    }

    /// The same, for `routine` starting on `start`, today being `today` when known: what
    /// bmctl says when bmd refuses today's tasks of a routine that has not started.
    public static func waiting(routine: String, start: String, today: String?) -> String {
        "Your new routine \(routine) starts \(starts(on: start, today: today))."
    }

    /// The line over the day in the window's Today and the terminal app's Routine tab:
    /// "Franklin · 3 of 6 done · on track", or when a new routine starts.
    public static func headline(_ s: Morning.StatusReply) -> String {
        if s.phase == .waiting { return waiting(s) }
        return ([s.routine?.name ?? "Your routine"] + progress(s)).joined(separator: " · ")
    }

    /// The task to do now, none once the morning is finished.
    public static func taskNow(_ s: Morning.StatusReply) -> Morning.DayTask? { s.now?.task }

    /// Where the morning stands in a few words, nil when the routine does not run today:
    /// "starts at 05:00", "on track", "behind by 2 tasks", "finished 5/8" or "all done".
    public static func standing(_ s: Morning.StatusReply) -> String? {
        switch state(s) {
        case .none, .notStarted: return nil
        case .beforeFirstTask: return "starts at \(s.routine?.tasks.first?.time ?? s.nextTask?.time ?? "?")"
        case .inProgress: return "on track"
        case .behind: return "behind by " + count(s.behind, "task")
        case .finished: return "finished \(s.today?.completed ?? 0)/\(s.today?.total ?? 0)"
        case .allDone: return "all done"
        }
    }

    /// Today's count and standing, each said once: ["2 of 8 done", "behind by 2 tasks"], or
    /// ["finished 2/8"] once the morning is over with tasks undone (the count is in it);
    /// empty when the routine does not run today.
    public static func progress(_ s: Morning.StatusReply) -> [String] {
        guard let today = s.today, let standing = standing(s) else { return [] }
        if state(s) == .finished { return [standing] }
        return ["\(today.completed) of \(today.total) done", standing]
    }

    /// What a surface says of the next task when there is none: never "none left" while
    /// tasks are undone.
    public static func noNextTask(_ s: Morning.StatusReply) -> String {
        switch state(s) {
        case .allDone: "none, every task is done"
        case .behind, .inProgress: "none, every task's time has come"
        // The morning is over, perhaps with tasks undone: "none left" would say none are.
        case .finished: "none, the morning is over"
        default: "none today"
        }
    }

    /// Behind, the task whose slot the clock is in when it is not the task to do now:
    /// where the morning would be, for a person late by hours.
    public static func clockSlot(_ s: Morning.StatusReply) -> Morning.DayTask? {
        guard state(s) == .behind, let slot = s.now?.slot, slot.position != taskNow(s)?.position else { return nil }
        return slot
    }

    /// "the clock is at 06:15 Read": behind, the task whose slot the clock is in, as the
    /// bars' tooltip and the window say it.
    public static func clockIsAt(_ s: Morning.StatusReply) -> String? {
        clockSlot(s).map { "the clock is at " + named($0) }
    }

    /// " in 12 min" while the next task is less than an hour off; empty otherwise.
    public static func due(_ s: Morning.StatusReply) -> String {
        s.now?.minutesToNext.map { " in \($0) min" } ?? ""
    }

    /// "05:30 Walk", a task as the bars name it.
    public static func named(_ t: Morning.DayTask) -> String { "\(t.time) \(t.title)" }

    /// What a surface says of "now" when there is no task to do now.
    public static func nothingNow(_ s: Morning.StatusReply) -> String {
        switch state(s) {
        case .beforeFirstTask: "nothing yet"
        case .finished, .allDone: "nothing, the morning is over"
        default: "nothing, every task whose time has come is done"
        }
    }

    /// "1 task" or "2 tasks".
    public static func count(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(n) " + (n == 1 ? singular : plural ?? singular + "s")
    }

    /// "Wed 25 Nov", a date as the date scrollers label it.
    public static func scrollerLabel(_ day: Day) -> String {
        "\(Weekday(day).shortName) \(day.dayOfMonth) \(month(day.month))"
    }

    /// "Jan" to "Dec".
    public static func month(_ number: Int) -> String {
        ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][(number - 1) % 12]
    }
}
