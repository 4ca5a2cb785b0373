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
        let hint: String
        if let welcome = model.welcome {
            body = welcome.split(separator: "\n", omittingEmptySubsequences: false).map { [Span(String($0))] }
            hint = "any key continues · q quits"
        } else {
            switch model.tab {
            case .routine:
                body = routine(model)
                hint = model.earliest == nil ? "e explore · c create · 1 2 3 tabs · q quit"
                                             : "← → day · ↑ ↓ task · space check · t today · 1 2 3 tabs · q quit"
            case .explore:
                body = page(model.catalog.map { ExploreText.list($0, style: .plain) }, scroll: model.scroll)
                hint = "↑ ↓ scroll · 1 2 3 tabs · q quit"
            case .data:
                body = page(model.cards.map { $0.isEmpty ? "No routine has any days yet.\n" : DataText.render($0, style: .plain) },
                            scroll: model.scroll)
                hint = "↑ ↓ scroll · 1 2 3 tabs · q quit"
            }
        }
        let room = height - top.count - 2
        top += body.prefix(room)
        top += Array(repeating: [], count: room - min(room, body.count))
        top.append(model.message.map { [Span($0, .yellow)] } ?? [])
        top.append([Span(hint, .dim)])
        return fit(top)
    }

    // MARK: Parts

    private func tabBar(_ model: AppModel) -> [Span] {
        var spans: [Span] = []
        for tab in AppModel.Tab.allCases {
            let label = "\(tab.rawValue + 1) \(tab.title)"
            spans.append(tab == model.tab ? Span("[\(label)]", .bold) : Span(" \(label) "))
            spans.append(Span(" "))
        }
        return spans
    }

    private func routine(_ model: AppModel) -> [[Span]] {
        guard let status = model.status else { return [[Span("Asking bmd…")]] }
        guard let earliest = model.earliest, let selected = model.selected, let first = model.first, let today = model.today else {
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
            lines.append([Span("next: \(next.time)  \(next.title)" + BarText.due(status), .dim)])
        } else {
            lines.append([])
        }
        lines += scroller(first: first, selected: selected, today: today, earliest: earliest, latest: model.latest ?? today)
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
        // The task list scrolls to keep the cursor in view.
        let room = max(1, height - 4 - lines.count - 2)
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
        }
        return lines
    }

    /// The routine and how today goes, or when it starts.
    private func headline(_ status: Morning.StatusReply) -> [Span] {
        let name = status.routine?.name ?? "Your routine"
        if status.phase == .waiting {
            return [Span("Your new routine "), Span(name, .bold),
                    Span(" starts tomorrow (\(status.routine?.startDate ?? "?")).")]
        }
        var spans = [Span(name, .bold)]
        if let today = status.today { spans.append(Span(" · \(today.completed) of \(today.total) done")) }
        switch status.now?.pace {
        case .done?: spans.append(Span(" · all done", .green))
        case .finished?: spans.append(Span(" · the last task's time has come"))
        case .upcoming?: spans.append(Span(" · starts at \(status.nextTask?.time ?? "?")"))
        default:
            spans.append(status.behind == 0 ? Span(" · on track", .green) : Span(" · behind by " + Text.count(status.behind, "task"), .yellow))
        }
        return spans
    }

    /// Two rows: the dates, then what each is (past, today, upcoming). Five days show
    /// whole and the sixth is cut by the edge, a sign that there is more to the right.
    private func scroller(first: Day, selected: Day, today: Day, earliest: Day, latest: Day) -> [[Span]] {
        let cell = max(10, width * 10 / 56)
        var dates: [Span] = [Span(first > earliest ? "‹" : " ", .dim)]
        var kinds: [Span] = [Span(" ")]
        var date = first
        var used = 1
        while used < width, date <= latest {
            let label = "\(Weekday.shortName(of: date.description)) \(date.dayOfMonth) \(Self.month(date.month))"
            let kind = date < today ? "past" : date == today ? "today" : "upcoming"
            if date == selected {
                dates.append(Span(Self.center("[" + label + "]", cell), .bold))
            } else {
                dates.append(Span(Self.center(label, cell), date > today ? .dim : .plain))
            }
            kinds.append(Span(Self.center(kind, cell), date == today ? .plain : .dim))
            used += cell
            date = date.next
        }
        return [dates, kinds]
    }

    private func page(_ text: String?, scroll: Int) -> [[Span]] {
        guard let text else { return [[Span("Asking bmd…")]] }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { [Span(String($0))] }
        while lines.last?.first?.text.isEmpty == true { lines.removeLast() }
        return Array(lines.dropFirst(min(scroll, max(0, lines.count - 1))))
    }

    static func month(_ number: Int) -> String {
        ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][(number - 1) % 12]
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

    /// Exactly `height` lines, each cut at `width` characters, then painted. Trailing
    /// spaces are dropped; the runner clears the rest of each line.
    private func fit(_ lines: [[Span]]) -> [String] {
        var out = lines.prefix(height).map { spans -> String in
            var left = width
            var line = ""
            for span in spans where left > 0 {
                let text = String(span.text.prefix(left))
                left -= text.count
                line += paint(text, span.paint)
            }
            return line
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
