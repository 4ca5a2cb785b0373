import MorningProtocol

/// The status as status bars read it (L2): waybar's JSON, i3blocks' and polybar's lines,
/// and a one-line summary for `status --follow` in a terminal.
enum BarText {
    enum Format: String, CaseIterable {
        case text, waybar, i3blocks, polybar
    }

    /// A short summary: "Immanuel Kant 2/6 · now 05:30 Walk · next 07:00 Coffee · 1 behind".
    static func line(_ s: Morning.StatusReply) -> String {
        guard let routine = s.routine else { return "No active routine" }
        guard s.phase == .running, let today = s.today else {
            return "\(routine.name) starts \(routine.startDate)"
        }
        var parts = ["\(routine.name) \(today.completed)/\(today.total)"]
        if let current = s.currentTask { parts.append("now \(current.time) \(current.title)") }
        if let next = s.nextTask { parts.append("next \(next.time) \(next.title)") }
        if s.behind > 0 { parts.append("\(s.behind) behind") }
        if today.completed == today.total { parts.append("all done") }
        return parts.joined(separator: " · ")
    }

    /// Classes for styling: the phase, then "behind" or "done" when they apply.
    static func classes(_ s: Morning.StatusReply) -> [String] {
        var classes = [s.phase.rawValue]
        if let today = s.today {
            if today.completed == today.total { classes.append("done") } else if s.behind > 0 { classes.append("behind") }
        }
        return classes
    }

    static func percentage(_ s: Morning.StatusReply) -> Int {
        guard let today = s.today, today.total > 0 else { return 0 }
        return today.completed * 100 / today.total
    }

    /// The bar's text: progress and the task at hand, short enough for a bar.
    static func short(_ s: Morning.StatusReply) -> String {
        guard let routine = s.routine else { return "☀ –" }
        guard let today = s.today else { return "☀ from \(routine.startDate)" }
        let task = s.currentTask.map { " \($0.title)" } ?? s.nextTask.map { " next \($0.time)" } ?? ""
        return "☀ \(today.completed)/\(today.total)\(task)"
    }

    /// What to print for one status in `format`; `following` asks for one line per update.
    static func render(_ s: Morning.StatusReply, format: Format, following: Bool) -> String {
        switch format {
        case .text:
            return line(s) + "\n"
        case .waybar:
            let waybar = JSONValue.object([
                .init(key: "text", value: .string(short(s))),
                .init(key: "tooltip", value: .string(line(s).split(separator: " · ").joined(separator: "\n"))),
                .init(key: "class", value: .array(classes(s).map(JSONValue.string))),
                .init(key: "percentage", value: .int(percentage(s))),
            ])
            return String(decoding: waybar.text(), as: UTF8.self) + "\n"
        case .i3blocks:
            // Persistent blocks read one full_text per line; a one-shot block reads
            // full_text, short_text and colour.
            if following { return line(s) + "\n" }
            let colour = classes(s).contains("behind") ? "#E5A50A" : classes(s).contains("done") ? "#33D17A" : ""
            return line(s) + "\n" + short(s) + "\n" + (colour.isEmpty ? "" : colour + "\n")
        case .polybar:
            return short(s) + "\n"
        }
    }
}
