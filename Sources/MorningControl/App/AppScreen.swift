import MorningProtocol

/// Draws an `AppModel` as the lines of a terminal screen: exactly `height` lines, none
/// wider than `width` columns. Colour comes from `style`, so with NO_COLOR the screen
/// says everything in plain characters (brackets mark what is selected).
struct AppScreen {
    var width: Int
    var height: Int
    var style: Style

    /// Below this the app draws only a request for a larger window.
    static let smallest = (width: 40, height: 12)

    func lines(_ model: AppModel) -> [String] {
        guard width >= Self.smallest.width, height >= Self.smallest.height else {
            return fit(["The window is too small:", "the app needs \(Self.smallest.width)×\(Self.smallest.height).", "q quits."].map { [Span($0)] })
        }
        var top = [tabBar(model), [Span(String(repeating: "─", count: width), .dim)]]
        let body: [[Span]]
        // The keys, most needed first; the way out is always shown, last.
        var keys: [String]
        var way = "q quit"
        if let welcome = model.welcome {
            body = welcome.split(separator: "\n", omittingEmptySubsequences: false).map { [Span(String($0))] }
            keys = ["any key continues"]
            way = "q quits"
        } else if model.settings {
            body = settings(model)
            keys = ["n notifications", "a sound", "w welcome", "r reset", "s or Esc closes"]
        } else {
            switch model.tab {
            case .routine:
                body = routine(model)
                keys = model.scroller.earliest == nil ? ["e explore", "c create", "1 2 3 tabs", "s settings"]
                                             : ["← → day", "↑ ↓ task", "space check", "t today", "1 2 3 tabs", "s settings"]
            case .explore:
                if model.profile, let routine = model.explored {
                    body = profile(routine)
                    keys = ["enter or a chooses it", "← back", "1 2 3 tabs", "s settings"]
                } else {
                    body = explore(model)
                    keys = ["↑ ↓ routine", "enter profile", "c create", "1 2 3 tabs", "s settings"]
                }
            case .data:
                body = data(model)
                keys = model.card == nil ? ["1 2 3 tabs", "s settings"]
                                         : ["↑ ↓ routine", "← → week", "r restart", "d delete", "s settings"]
            }
        }
        var hint = Self.hint(keys, way: way, width: width)
        // The foot: a question waiting for y, or what just happened, then the keys.
        var foot: [[Span]] = []
        if let question = model.question {
            foot = question.lines.flatMap { Self.wrap($0, width: width) }.map { [Span($0, .bold)] }
            hint = ""
        } else if let away = model.away {
            foot = Self.wrap(away, width: width).prefix(3).map { [Span($0, .yellow)] }
        } else if let message = model.message {
            foot = Self.wrap(message, width: width).prefix(3).map { [Span($0, .yellow)] }
        }
        let room = Self.bodyRoom(height: height, foot: foot.count)
        top += body.prefix(room)
        top += Array(repeating: [], count: room - min(room, body.count))
        top += foot.isEmpty ? [[]] : foot
        top.append([Span(hint, .dim)])
        return fit(top)
    }

    /// The lines between the tab bar's two and the foot and the key line.
    static func bodyRoom(height: Int, foot: Int = 0) -> Int {
        max(0, height - 2 - 1 - max(1, foot))
    }

    /// The key line: as many of `keys` as fit in `width`, in order, then `way`, which
    /// always shows; "…" says some were left out.
    static func hint(_ keys: [String], way: String, width: Int) -> String {
        var shown: [String] = []
        for (index, key) in keys.enumerated() {
            let rest = index == keys.count - 1 ? [way] : ["…", way]
            if columns((shown + [key] + rest).joined(separator: " · ")) <= width {
                shown.append(key)
            } else {
                shown.append("…")
                break
            }
        }
        return (shown + [way]).joined(separator: " · ")
    }

    // MARK: Parts

    private func tabBar(_ model: AppModel) -> [Span] {
        var spans: [Span] = []
        var used = 0
        for tab in AppModel.Tab.allCases {
            let label = "\(tab.rawValue + 1) \(tab.title)"
            spans.append(tab == model.tab && !model.settings ? Span("[\(label)]", .bold) : Span(" \(label) "))
            spans.append(Span(" "))
            used += label.count + 3
        }
        let gear = model.settings ? Span("[s Settings]", .bold) : Span(" s Settings ")
        spans.append(Span(String(repeating: " ", count: max(1, width - used - gear.text.count))))
        spans.append(gear)
        return spans
    }

    private func settings(_ model: AppModel) -> [[Span]] {
        var lines: [[Span]] = [[Span("Settings", .bold)], []]
        if let n = model.status?.notifications {
            var state = n.enabled ? "on" : "off"
            if n.enabled && !n.available {
                state += n.reason.map { " — the reminder cannot show yet: \($0)" }
                    ?? " — no notification server answers now, so the reminder cannot show yet"
            }
            if !n.enabled { state += " — no reminder is sent" }
            for (index, line) in Self.wrap("Notifications: " + state, width: width - 5).enumerated() {
                lines.append([Span((index == 0 ? "  n  " : "     ") + line)])
            }
            lines.append([Span("  a  Alarm sound: " + (n.sound == true ? "on" : "off"))])
        }
        lines.append([Span("  w  The welcome again")])
        lines.append([Span("  r  Reset: remove every routine, record and setting")])
        return lines
    }

    private func explore(_ model: AppModel) -> [[Span]] {
        guard let catalog = model.catalog else { return [[Span("Asking bmd…")]] }
        guard !catalog.isEmpty else { return [[Span("The catalog is empty.")]] }
        let idWidth = catalog.map(\.id.count).max() ?? 0, nameWidth = catalog.map(\.name.count).max() ?? 0
        var lines: [[Span]] = [[Span("Celebrity routines", .bold), Span(" · each from the book or article it comes from")], []]
        var room = max(1, Self.bodyRoom(height: height) - lines.count)
        // When the list is longer than the room, its last line says how many lie below.
        if catalog.count > room { room = max(1, room - 1) }
        let start = max(0, model.exploreIndex - room + 1)
        for (index, r) in catalog.enumerated().dropFirst(start).prefix(room) {
            let pointer = index == model.exploreIndex ? " › " : "   "
            let active = r.id == model.status?.routine?.id ? "  (yours)" : ""
            let text = "\(Text.pad(r.id, idWidth))  \(Text.pad(r.name, nameWidth))  \(ExploreText.summary(r.tasks))\(active)"
            lines.append([Span(pointer), Span(text, index == model.exploreIndex ? .bold : .plain)])
        }
        let below = catalog.count - start - room
        if below > 0 { lines.append([Span("   ↓ \(below) more below", .dim)]) }
        return lines
    }

    private func profile(_ r: Morning.CatalogRoutine) -> [[Span]] {
        var lines: [[Span]] = [[Span(r.name, .bold), Span(" (\(r.id))")]]
        lines += Self.wrap(r.bio, width: width).map { [Span($0)] }
        lines += Self.wrap("Source: " + r.source, width: width, indent: 8).map { [Span($0, .dim)] }
        lines.append([])
        lines += r.tasks.map { [Span("  \($0.time)  \($0.title)")] }
        return lines
    }

    private func data(_ model: AppModel) -> [[Span]] {
        guard let cards = model.cards else { return [[Span("Asking bmd…")]] }
        guard !cards.isEmpty else { return [[Span("No routines yet: choose one in Explore (1), and its card shows here.")]] }
        var lines: [[Span]] = []
        // The list keeps to a third of the screen; the chart takes the rest.
        let room = max(1, height / 3 - 1)
        let start = max(0, model.cardIndex - room + 1)
        for (index, card) in cards.enumerated().dropFirst(start).prefix(room) {
            let pointer = index == model.cardIndex ? " › " : "   "
            var spans = [Span(pointer), Span(card.routine, index == model.cardIndex ? .bold : .plain), Span(" · " + card.type.rawValue)]
            if card.active { spans.append(Span(" · active", .green)) }
            lines.append(spans)
        }
        lines.append([])
        guard let chart = model.chart else {
            lines.append([Span("Asking bmd for that week…", .dim)])
            return lines
        }
        let when = WeekBrowser.when(model.weeks.offset)
        lines.append([Span(when, .dim)])
        lines += WeekText.render(chart, style: .plain).split(separator: "\n").map { [Span(String($0))] }
        return lines
    }

    private func routine(_ model: AppModel) -> [[Span]] {
        guard let status = model.status else { return [[Span("Asking bmd…")]] }
        let dates = model.scroller
        guard let earliest = dates.earliest, let selected = dates.selected, let first = model.first, let today = dates.today else {
            return [
                [Span("No active routine.", .bold)],
                [],
                [Span("Follow the morning of someone well known, or write your own.")],
                [],
                [Span("  e  "), Span("Explore", .bold), Span(" the celebrity routines")],
                [Span("  c  "), Span("Create", .bold), Span(" your own routine")],
            ]
        }
        var lines: [[Span]] = [headline(status)]
        if status.phase == .running, let next = status.nextTask {
            lines.append([Span("next: \(next.time)  \(next.title)" + MorningText.due(status), .dim)])
        } else {
            lines.append([])
        }
        lines += scroller(first: first, selected: selected, today: today, earliest: earliest, latest: dates.latest ?? today)
        lines.append([])
        guard let day = model.shownDay else {
            lines.append([Span("Asking bmd for \(selected)…", .dim)])
            return lines
        }
        let mode = switch day.mode {
        case .today: "today · \(day.completed) of \(day.total) done"
        case .past: "past, read-only · \(day.completed) of \(day.total) done"
        case .future: "upcoming · " + Text.count(day.total, "task")
        }
        lines.append([Span("\(Weekday.name(of: day.date)) \(day.date)", .bold), Span(" · " + mode)])
        // The task list scrolls to keep the cursor in view; when it does not all fit, its
        // last line says how many tasks lie above and below.
        var room = max(1, Self.bodyRoom(height: height) - lines.count)
        if day.tasks.count > room { room = max(1, room - 1) }
        let start = max(0, model.cursor - room + 1)
        for (index, task) in day.tasks.enumerated().dropFirst(start).prefix(room) {
            let pointer = index == model.cursor ? "›" : " "
            let text = "\(task.time)  \(task.title)"
            switch task.state {
            case .done: lines.append([Span(" \(pointer) "), Span("✓", .green), Span(" " + text)])
            case .missed: lines.append([Span(" \(pointer) "), Span("✗", .red), Span(" " + text)])
            case .untouched: lines.append([Span(" \(pointer) · " + text)])
            case .upcoming: lines.append([Span(" \(pointer)   "), Span(text, .dim)])
            }
            // Today, the task to do now, as every surface names it; it moves on by itself.
            if day.mode == .today, task.position == MorningText.taskNow(status)?.position {
                lines[lines.count - 1].append(Span("  ← now", .yellow))
            }
        }
        let above = start, below = max(0, day.tasks.count - start - room)
        if above + below > 0 {
            let parts = (above > 0 ? ["↑ \(above) above"] : []) + (below > 0 ? ["↓ \(below) below"] : [])
            lines.append([Span("   " + parts.joined(separator: " · "), .dim)])
        }
        return lines
    }

    /// The routine and how today goes, or when it starts.
    private func headline(_ status: Morning.StatusReply) -> [Span] {
        let name = status.routine?.name ?? "Your routine"
        if status.phase == .waiting {
            return [Span("Your new routine "), Span(name, .bold),
                    Span(" \(MorningText.starts(status)).")]
        }
        var spans = [Span(name, .bold)]
        var progress = MorningText.progress(status)
        if let standing = progress.popLast() {
            spans += progress.map { Span(" · " + $0) }
            switch MorningText.state(status) {
            case .allDone, .inProgress: spans.append(Span(" · " + standing, .green))
            case .behind: spans.append(Span(" · " + standing, .yellow))
            default: spans.append(Span(" · " + standing))
            }
        }
        return spans
    }

    /// Two rows: the dates, then what each is (past, today, upcoming). Only whole dates
    /// show, as many as fit (up to the model's five); ‹ and › say there are more.
    private func scroller(first: Day, selected: Day, today: Day, earliest: Day, latest: Day) -> [[Span]] {
        let (count, cell) = Self.scrollerCells(width: width)
        // The model keeps five days in view; when fewer fit, the chosen one still shows.
        var first = first
        if selected >= first.adding(days: count) { first = selected.adding(days: -(count - 1)) }
        var dates: [Span] = [Span(first > earliest ? "‹" : " ", .dim)]
        var kinds: [Span] = [Span(" ")]
        var date = first
        for _ in 0..<count where date <= latest {
            let label = MorningText.scrollerLabel(date)
            let kind = date < today ? "past" : date == today ? "today" : "upcoming"
            if date == selected {
                dates.append(Span(Self.center("[" + label + "]", cell), .bold))
            } else {
                dates.append(Span(Self.center(label, cell), date > today ? .dim : .plain))
            }
            kinds.append(Span(Self.center(kind, cell), date == today ? .plain : .dim))
            date = date.next
        }
        if date <= latest { dates.append(Span("›", .dim)) }
        return [dates, kinds]
    }

    /// How many dates the scroller shows at `width`, and the columns each takes: room for
    /// the widest label in brackets ("[Wed 25 Nov]") and a space, between the ‹ and › columns.
    static func scrollerCells(width: Int) -> (count: Int, cell: Int) {
        let narrowest = 13
        let count = max(1, min(AppModel.daysShown, (width - 2) / narrowest))
        return (count, max(narrowest, (width - 2) / count))
    }

    /// The columns a terminal gives `character`: two for the wide characters of East
    /// Asian scripts and for emoji, none for a combining mark alone, else one.
    static func columns(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if character.unicodeScalars.contains("\u{FE0F}") { return 2 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        switch first.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// The columns of `text`.
    static func columns(_ text: some StringProtocol) -> Int { text.reduce(0) { $0 + columns($1) } }

    /// `text` in lines of at most `width` columns, broken between words; the lines
    /// after the first start with `indent` spaces. A word longer than a line is cut.
    static func wrap(_ text: String, width: Int, indent: Int = 0) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            let lead = lines.isEmpty ? "" : String(repeating: " ", count: indent)
            if line.isEmpty {
                line = lead + word
            } else if columns(line) + 1 + columns(word) <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(repeating: " ", count: indent) + word
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    static func center(_ text: String, _ width: Int) -> String {
        let left = max(0, (width - text.count) / 2)
        return Text.pad(String(repeating: " ", count: left) + text, width)
    }

    // MARK: Fitting

    /// A piece of a line in one style.
    struct Span {
        enum Paint { case plain, bold, dim, green, red, yellow }
        var text: String
        var paint: Paint

        init(_ text: String, _ paint: Paint = .plain) { self.text = text; self.paint = paint }
    }

    /// Exactly `height` lines, each cut at `width` columns with an ellipsis, then painted. Trailing
    /// spaces are dropped; the runner clears the rest of each line. A line one column
    /// too wide would wrap and push the whole screen up, so a wide character (Chinese,
    /// Japanese, Korean, most emoji) counts two.
    private func fit(_ lines: [[Span]]) -> [String] {
        var out = lines.prefix(height).map { spans -> String in
            // A line too long for the screen is cut a column early and ends in "…".
            var whole = spans.reduce("") { $0 + $1.text }
            while whole.last == " " { whole.removeLast() }
            let cut = Self.columns(whole) > width
            var left = cut ? width - 1 : width
            var line = ""
            for span in spans where left > 0 {
                var text = ""
                for character in span.text {
                    let columns = Self.columns(character)
                    guard columns <= left else {
                        left = 0
                        break
                    }
                    text.append(character)
                    left -= columns
                }
                line += paint(text, span.paint)
            }
            return cut ? line + "…" : line
        }
        out += Array(repeating: "", count: height - out.count)
        return out.map { line in
            var line = Substring(line)
            while line.last == " " { line = line.dropLast() }
            return String(line)
        }
    }

    private func paint(_ text: String, _ paint: Span.Paint) -> String {
        switch paint {
        case .plain: text
        case .bold: style.bold(text)
        case .dim: style.dim(text)
        case .green: style.green(text)
        case .red: style.red(text)
        case .yellow: style.yellow(text)
        }
    }
}
