import MorningProtocol

/// The human form of `bmctl stats`: a block per routine, then all of them together.
///
/// ```
/// Tim Cook · celebrity · active
///   tasks completed  412
///   days tracked     105 (2026-01-03 – 2026-11-18)
///   average per day  3.9 tasks
///   completion rate  65% (412 of 630 tasks)
///   perfect days     21
///   best run         6 perfect days in a row (2026-05-01 – 2026-05-06)
/// ```
enum StatsText {
    static func render(_ reply: Morning.StatsReply, style: Style) -> String {
        guard !reply.routines.isEmpty else {
            return Text.lines(["No routines yet. Find one with `bmctl explore` and start it with `bmctl activate NAME`."])
        }
        var lines: [String] = []
        for (index, routine) in reply.routines.enumerated() {
            if index > 0 { lines.append("") }
            lines.append(([style.bold(routine.routine), routine.type.rawValue] + (routine.active ? [style.green("active")] : []))
                .joined(separator: " · "))
            lines += block(routine.stats, style: style)
        }
        // With one routine the overall block would only repeat it.
        if let overall = reply.overall, reply.routines.count > 1 {
            lines += ["", style.bold("All routines")] + block(overall, style: style)
        }
        return Text.lines(lines)
    }

    static func block(_ s: Morning.StatsTotals, style: Style) -> [String] {
        guard s.daysTracked > 0 else { return ["  " + style.dim("no finished days yet")] }
        var rows = [
            ("tasks completed", String(s.tasksCompleted)),
            ("days tracked", "\(s.daysTracked)" + span(s.firstDate, s.lastDate)),
            ("average per day", tenths(s.averagePerDay) + " tasks"),
            ("completion rate", "\(percent(s.tasksCompleted, of: s.tasksPlanned)) (\(s.tasksCompleted) of \(Text.count(s.tasksPlanned, "task")))"),
            ("perfect days", String(s.perfectDays)),
        ]
        if s.bestRun > 0 {
            rows.append(("best run", Text.count(s.bestRun, "perfect day") + (s.bestRun > 1 ? " in a row" : "")
                         + span(s.bestRunFrom, s.bestRunThrough)))
        }
        return rows.map { "  " + Text.pad($0.0, 17) + $0.1 }
    }

    /// " (first – last)", or just " (day)" for one day, or nothing without dates.
    private static func span(_ first: String?, _ last: String?) -> String {
        guard let first, let last else { return "" }
        return first == last ? " (\(first))" : " (\(first) – \(last))"
    }

    /// One decimal: 3.9, 0.5, 12.0.
    static func tenths(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// A whole percentage that never says 100% short of everything, nor 0% above nothing.
    static func percent(_ part: Int, of whole: Int) -> String {
        guard whole > 0 else { return "0%" }
        var value = Int((Double(part) * 100 / Double(whole)).rounded())
        if value == 100, part < whole { value = 99 }
        if value == 0, part > 0 { value = 1 }
        return "\(value)%"
    }
}
