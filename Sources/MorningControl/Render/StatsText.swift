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
        let rows = DataWords.statsRows(s)
        guard !rows.isEmpty else { return ["  " + style.dim(DataWords.noFinishedDays)] }
        return rows.map { "  " + Text.pad($0.name, 17) + $0.value }
    }
}
