import MorningProtocol

/// What every surface says about a routine's records and the changes that lose or reset
/// them: the locale weeks start by, the stats' rows, why a week has no record, and the
/// questions asked before a restart, a delete or a reset. The terminal app and the window
/// say these with the same facts; each adds how its own person answers.
public enum DataWords {
    /// The locale for week charts: the first non-empty of LC_ALL, LC_TIME, LANG, read
    /// through `variable` (the process environment, or a test's).
    public static func locale(_ variable: (String) -> String?) -> String? {
        for name in ["LC_ALL", "LC_TIME", "LANG"] {
            if let value = variable(name), !value.isEmpty { return value }
        }
        return nil
    }

    // MARK: Stats

    /// The rows of one routine's totals, name and value: "completion rate", "65% (412 of
    /// 630 tasks)". Empty while it has no finished day.
    public static func statsRows(_ s: Morning.StatsTotals) -> [(name: String, value: String)] {
        guard s.daysTracked > 0 else { return [] }
        var rows = [
            ("tasks completed", String(s.tasksCompleted)),
            ("days tracked", "\(s.daysTracked)" + span(s.firstDate, s.lastDate)),
            ("average per day", tenths(s.averagePerDay) + " tasks"),
            ("completion rate", "\(percent(s.tasksCompleted, of: s.tasksPlanned)) (\(s.tasksCompleted) of \(MorningText.count(s.tasksPlanned, "task")))"),
            ("perfect days", String(s.perfectDays)),
        ]
        if s.bestRun > 0 {
            rows.append(("best run", MorningText.count(s.bestRun, "perfect day") + (s.bestRun > 1 ? " in a row" : "")
                         + span(s.bestRunFrom, s.bestRunThrough)))
        }
        return rows.map { (name: $0.0, value: $0.1) }
    }

    /// What the stats say while a routine has no finished day.
    public static let noFinishedDays = "no finished days yet"

    /// " (first – last)", or just " (day)" for one day, or nothing without dates.
    static func span(_ first: String?, _ last: String?) -> String {
        guard let first, let last else { return "" }
        return first == last ? " (\(first))" : " (\(first) – \(last))"
    }

    /// One decimal: 3.9, 0.5, 12.0.
    public static func tenths(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// A whole percentage that never says 100% short of everything, nor 0% above nothing.
    public static func percent(_ part: Int, of whole: Int) -> String {
        guard whole > 0 else { return "0%" }
        var value = Int((Double(part) * 100 / Double(whole)).rounded())
        if value == 100, part < whole { value = 99 }
        if value == 0, part > 0 { value = 1 }
        return "\(value)%"
    }

    // MARK: Weeks

    /// Why days of the week have no record because the routine had not started yet:
    /// nil when its run started before the week did. A routine started over keeps the
    /// records of its earlier run, shown before its start: the note then says so, and
    /// never that those days have no record.
    public static func startNote(_ chart: Morning.WeekChart) -> String? {
        guard let start = chart.startDate, start > chart.weekStart else { return nil }
        let when = "\(Weekday.shortName(of: start)) \(start)"
        let tense = start > chart.today ? "starts" : "started"
        if chart.days.contains(where: { $0.date < start && $0.completed != nil }) {
            return "\(chart.routine) \(tense) over on \(when); the days before it are of its earlier run."
        }
        if let last = chart.days.last?.date, start > last {
            return "\(chart.routine) \(tense) on \(when): this week is before it, with no record."
        }
        return "\(chart.routine) \(tense) on \(when): the days before it have no record."
    }

    // MARK: The heatmap

    /// What the heatmap covers: its dates, the finished days tracked and perfect, and
    /// today so far. Days tracked are finished days, as the stats count them: the running
    /// routine's today, still in progress, is taken out and said beside them.
    public static func heatmapSummary(_ reply: Morning.HistoryReply) -> [String] {
        let finished = reply.days.filter { $0.date >= reply.from }.compactMap { day -> (completed: Int, total: Int)? in
            guard let completed = day.completed, let total = day.total else { return nil }
            guard day.date == reply.today, let live = reply.inProgress else { return (completed, total) }
            let recorded = (completed: completed - (live.completed ?? 0), total: total - (live.total ?? 0))
            return recorded.total > 0 ? recorded : nil
        }
        let perfect = finished.filter { $0.total > 0 && $0.completed == $0.total }
        var parts = ["\(reply.from) – \(reply.today)", "\(MorningText.count(finished.count, "day")) tracked, \(perfect.count) perfect"]
        if let live = reply.inProgress, let done = live.completed, let total = live.total {
            parts.append("today \(done) of \(total) so far")
        }
        return parts
    }

    /// The shade of a day, 0 to 4: nil without a record, 0 when nothing was done, then
    /// up to a third, up to two thirds, more, and every task.
    public static func level(completed: Int?, total: Int?) -> Int? {
        guard let completed, let total, total > 0 else { return nil }
        if completed <= 0 { return 0 }
        if completed >= total { return 4 }
        if completed * 3 <= total { return 1 }
        if completed * 3 <= total * 2 { return 2 }
        return 3
    }

    /// What each level means, for a legend.
    public static let levelNames = ["none", "up to 1/3", "up to 2/3", "more", "every task"]

    // MARK: Questions before a change

    /// What starting `routine` over does: from when, that its history stays, and which
    /// running day ends now. `tomorrow` is the date it starts on, when known.
    public static func restartQuestion(routine: String, active: Bool, tomorrow: String?,
                                       status: Morning.StatusReply?) -> [String] {
        var lines = ["Start \(routine) over from tomorrow" + (tomorrow.map { " (\($0))" } ?? "") + "? Its history stays."]
        if active, let status, status.phase == .running, let today = status.today {
            lines.append("Today's day ends now with \(today.completed) of \(today.total) done.")
        } else if let status, status.phase == .running, let running = status.routine {
            lines.append("It takes the place of \(running.name), whose day ends now.")
        }
        return lines
    }

    /// What deleting `routine` loses: its `days` of records, the active routine, and
    /// whether a celebrity routine can be chosen again, from `catalog`: where this surface
    /// lists the famous routines (bmctl's Explore, the window's Routines page).
    public static func deleteQuestion(routine: String, days: Int, active: Bool, celebrity: Bool,
                                      catalog: String = "in Explore") -> [String] {
        var lines = ["Delete \(routine) and its history: \(MorningText.count(days, "day")) of records? This cannot be undone."]
        if active { lines.append("It is your active routine; no routine will be active after.") }
        if celebrity { lines.append("It stays \(catalog), to be chosen again.") }
        return lines
    }

    /// What a reset loses.
    public static let resetQuestion = "Reset Better Morning? Every routine, record and setting is removed; the celebrity routines stay."

    // MARK: After a change

    /// After a restart: from when, and the day that was closed early. `name` dresses the
    /// routine's name (bold on a terminal).
    public static func restarted(_ reply: Morning.Activation, name: (String) -> String = { $0 }) -> [String] {
        ["Restarted \(name(reply.routine.name)): it starts over tomorrow (\(reply.routine.startDate)); its history stays."]
            + [MorningText.switchEnded(reply)].compactMap { $0 }
    }

    /// After a delete: what went. The surface adds how to pick another routine.
    public static func deleted(_ reply: Morning.DeleteReply, name: (String) -> String = { $0 }) -> String {
        "Deleted \(name(reply.routine.name)) and its \(MorningText.count(reply.records, "day record"))."
    }

    public static let reset = "Better Morning is reset: every routine, record and setting is gone."
}
