import MorningProtocol

/// The human form of `bmctl status`.
enum StatusText {
    static func render(_ s: Morning.StatusReply, style: Style) -> String {
        var lines: [String] = []
        switch s.phase {
        case .none:
            lines.append("No active routine. Try `bmctl explore`, then `bmctl activate NAME`.")
        case .waiting:
            lines.append(MorningText.waiting(s))
        case .running:
            if let routine = s.routine { lines.append(row("routine", style.bold(routine.name) + " (running)")) }
            var progress = MorningText.progress(s)
            if let today = s.today, let standing = progress.popLast() {
                let pace = switch MorningText.state(s) {
                case .allDone, .inProgress: style.green(standing)
                case .behind: style.yellow(standing)
                default: standing
                }
                let date = "\(Weekday.shortName(of: today.date)) \(today.date)"
                lines.append(row("today", ([date] + progress + [pace]).joined(separator: ", ")))
            }
            lines.append(row("now", MorningText.taskNow(s).map { task($0, style: style) } ?? MorningText.nothingNow(s)))
            if let slot = MorningText.clockSlot(s) { lines.append(row("clock is at", task(slot, style: style))) }
            lines.append(row("next task", s.nextTask.map { task($0, style: style) + MorningText.due(s) } ?? MorningText.noNextTask(s)))
        }
        if s.phase != .none {
            lines.append(row("next reminder", s.nextReminder.map(reminderTime) ?? "none"))
        }
        let notifications = ReminderText.setting(s.notifications)
            + (ReminderText.unavailable(s.notifications).map { " " + style.yellow($0) } ?? "")
        lines.append(row("notifications", notifications))
        return Text.lines(lines)
    }

    /// Labels are padded so the values line up.
    private static func row(_ label: String, _ value: String) -> String {
        Text.pad(label + ":", 15) + value
    }

    private static func task(_ t: Morning.DayTask, style: Style) -> String {
        "\(t.time)  \(t.title)" + (t.state == .done ? " " + style.green("✓") : "")
    }

    /// "2026-11-23 06:00" from "2026-11-23T06:00:00+01:00": the user's own clock, which
    /// is what bmd's offset says it is.
    static func reminderTime(_ iso: String) -> String {
        guard let t = iso.firstIndex(of: "T") else { return iso }
        // Strings, not substrings, added: String + Substring is the generic + of
        // collections, which makes the runtime look its types up by name at every run.
        return String(iso[..<t]) + " " + String(iso[iso.index(after: t)...].prefix(5))
    }
}
