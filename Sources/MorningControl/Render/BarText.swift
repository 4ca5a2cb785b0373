import MorningProtocol

/// The status as status bars read it: waybar's JSON, i3blocks' and polybar's lines,
/// and a one-line summary for `status --follow` in a terminal.
enum BarText {
    enum Format: String, CaseIterable {
        case text, waybar, i3blocks, polybar
    }

    /// A short summary: "Immanuel Kant 2/6 · now 05:30 Walk · next 07:00 Coffee in 12 min · 1 behind".
    static func line(_ s: Morning.StatusReply) -> String {
        parts(s).joined(separator: " · ")
    }

    /// The summary's parts, which a tooltip shows a line each.
    static func parts(_ s: Morning.StatusReply) -> [String] {
        guard let routine = s.routine else { return ["No active routine"] }
        guard let today = s.today, let standing = MorningText.standing(s) else {
            return ["\(routine.name) starts \(routine.startDate)"]
        }
        var parts = ["\(routine.name) \(today.completed)/\(today.total)"]
        if let now = MorningText.taskNow(s) { parts.append("now " + MorningText.named(now)) }
        if let clock = MorningText.clockIsAt(s) { parts.append(clock) }
        if let next = s.nextTask { parts.append("next " + MorningText.named(next) + MorningText.due(s)) }
        switch MorningText.state(s) {
        case .behind: parts.append("\(s.behind) behind")
        // The count is in the first part: "finished", not "finished 2/8" again.
        case .finished: parts.append("finished")
        case .allDone: parts.append(standing)
        default: break
        }
        return parts
    }

    /// Classes for styling: the phase, then the state in status's own word ("running",
    /// "behind"), the state alone where the two are one word ("none").
    static func classes(_ s: Morning.StatusReply) -> [String] {
        let state = state(s)
        return state == s.phase.rawValue ? [state] : [s.phase.rawValue, state]
    }

    /// One word for the state, for per-state icons (waybar's `alt`): the words of
    /// status's `state`, none, notStarted, beforeFirstTask, inProgress, behind,
    /// finished or allDone.
    static func state(_ s: Morning.StatusReply) -> String {
        MorningText.state(s).rawValue
    }

    /// The colour a bar gives the state: amber when behind, green when done.
    static func colour(_ s: Morning.StatusReply) -> String? {
        switch MorningText.state(s) {
        case .behind: "#E5A50A"
        case .allDone: "#33D17A"
        default: nil
        }
    }

    static func percentage(_ s: Morning.StatusReply) -> Int {
        guard let today = s.today, today.total > 0 else { return 0 }
        return today.completed * 100 / today.total
    }

    /// The bar's text: progress and the task to do now, else the next one, else how the
    /// morning ended, at most `maxWidth` characters; empty when no routine is active, so
    /// that a bar hides it.
    static func short(_ s: Morning.StatusReply, maxWidth: Int = defaultWidth) -> String {
        guard let routine = s.routine else { return "" }
        guard let today = s.today else { return shortened("☀ from \(routine.startDate)", to: maxWidth) }
        var what = ""
        if let now = MorningText.taskNow(s) {
            what = " " + now.title
        } else if let next = s.nextTask {
            what = " next " + MorningText.named(next)
        } else if MorningText.state(s) == .allDone {
            what = " all done"
        } else if MorningText.state(s) == .finished {
            what = " finished"
        }
        return shortened("☀ \(today.completed)/\(today.total)\(what)", to: maxWidth)
    }

    /// "☀ 2/6", or empty when no routine is active.
    static func progress(_ s: Morning.StatusReply) -> String {
        guard s.routine != nil else { return "" }
        return s.today.map { "☀ \($0.completed)/\($0.total)" } ?? "☀"
    }

    /// The bar's width when `--max-width` is not given.
    static let defaultWidth = 30

    /// `text` cut to `width` characters, the last one an ellipsis when anything was cut.
    static func shortened(_ text: String, to width: Int) -> String {
        guard text.count > width else { return text }
        guard width > 1 else { return String(text.prefix(max(width, 0))) }
        var cut = String(text.prefix(width - 1))
        while cut.last == " " { cut.removeLast() }
        return cut + "…"
    }

    /// What to print for one status in `format`; `following` asks for one line per update.
    static func render(_ s: Morning.StatusReply, format: Format, following: Bool, maxWidth: Int = defaultWidth) -> String {
        let text = short(s, maxWidth: maxWidth)
        // Joined from the parts, not split from the line: a title may hold " · " itself.
        let tooltip = parts(s).joined(separator: "\n")
        switch format {
        case .text:
            return line(s) + "\n"
        case .waybar:
            // waybar reads text and tooltip as Pango markup: a title's "&" or "<" is escaped.
            let waybar = JSONValue.object([
                .init(key: "text", value: .string(pango(text))),
                .init(key: "alt", value: .string(state(s))),
                .init(key: "tooltip", value: .string(pango(tooltip))),
                .init(key: "class", value: .array(classes(s).map(JSONValue.string))),
                .init(key: "percentage", value: .int(percentage(s))),
            ])
            return String(decoding: waybar.text(), as: UTF8.self) + "\n"
        case .i3blocks:
            if following {
                // A persistent block (interval=persist, format=json) reads one JSON object a line.
                // short_text is what i3bar shows when the bar is crowded: the progress alone.
                var fields: [JSONValue.Member] = [
                    .init(key: "full_text", value: .string(text)),
                    .init(key: "short_text", value: .string(progress(s))),
                ]
                if let colour = colour(s) { fields.append(.init(key: "color", value: .string(colour))) }
                return String(decoding: JSONValue.object(fields).text(), as: UTF8.self) + "\n"
            }
            // A block run at an interval reads full text, short text and colour, a line
            // each; an empty line hides the block.
            guard s.routine != nil else { return "\n" }
            return text + "\n" + progress(s) + "\n" + (colour(s).map { $0 + "\n" } ?? "")
        case .polybar:
            let shown = polybarInert(text)
            guard let colour = colour(s), !shown.isEmpty else { return shown + "\n" }
            return "%{F\(colour)}\(shown)%{F-}\n"
        }
    }

    /// `text` with the three characters Pango markup gives a meaning escaped.
    static func pango(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for c in text.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// `text` with polybar's tag opener "%{" broken by an invisible word joiner, so that
    /// a title cannot start a tag (polybar has no escape for it that every version reads).
    static func polybarInert(_ text: String) -> String {
        var out = ""
        var afterPercent = false
        for c in text.unicodeScalars {
            if afterPercent, c == "{" { out.unicodeScalars.append("\u{2060}") }
            out.unicodeScalars.append(c)
            afterPercent = c == "%"
        }
        return out
    }

    /// What a bar shows while bmd cannot be reached and `--follow` tries again.
    static func offline(_ format: Format) -> String {
        unavailable(format, word: "offline", tooltip: "bmd is not running; reconnecting")
    }

    /// What a bar shows while bmd runs but has no place for another follower, and
    /// `--follow` waits for one.
    static func busy(_ format: Format) -> String {
        unavailable(format, word: "busy",
                    tooltip: "bmd is running but already sends the status to its most followers at once; waiting for a place")
    }

    /// A bar with no status: `word` on it, `tooltip` to say why.
    private static func unavailable(_ format: Format, word: String, tooltip: String) -> String {
        switch format {
        case .text:
            return "\(word): \(tooltip)\n"
        case .waybar:
            let waybar = JSONValue.object([
                .init(key: "text", value: .string("☀ \(word)")),
                .init(key: "alt", value: .string(word)),
                .init(key: "tooltip", value: .string(tooltip)),
                .init(key: "class", value: .array([.string(word)])),
                .init(key: "percentage", value: .int(0)),
            ])
            return String(decoding: waybar.text(), as: UTF8.self) + "\n"
        case .i3blocks:
            let block = JSONValue.object([
                .init(key: "full_text", value: .string("☀ \(word)")),
                .init(key: "short_text", value: .string("☀ –")),
                .init(key: "color", value: .string("#9A9996")),
            ])
            return String(decoding: block.text(), as: UTF8.self) + "\n"
        case .polybar:
            return "%{F#9A9996}☀ \(word)%{F-}\n"
        }
    }
}
