import MorningProtocol

/// The human form of `bmctl day` and `bmctl today`.
enum DayText {
    static func render(_ day: Morning.DayReply, style: Style) -> String {
        let progress = day.mode == .future
            ? Text.count(day.total, "task")
            : "\(day.completed) of \(day.total) done"
        let mode = switch day.mode {
        case .today: "today"
        case .past: "past, read-only"
        case .future: "upcoming"
        }
        let weekday = Weekday.name(of: day.date)
        let header = [weekday.isEmpty ? day.date : "\(weekday) \(day.date)", style.bold(day.routine), progress, mode]
            .joined(separator: " · ")
        let width = String(day.tasks.map(\.position).max() ?? 0).count
        let tasks = day.tasks.map { task -> String in
            let text = "\(Text.padLeft(String(task.position), width))  \(task.time)  \(task.title)"
            switch task.state {
            case .done: return "  \(style.green("✓")) \(text)"
            case .missed: return "  \(style.red("✗")) \(text)"
            case .untouched: return "  · \(text)"
            case .upcoming: return "    " + style.dim(text)
            }
        }
        return Text.lines([header] + tasks)
    }
}
