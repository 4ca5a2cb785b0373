import MorningProtocol

/// `bmctl week` on a terminal: ← and → move a week back and forth, q quits. Each week
/// is drawn over the last one; the week shown last stays on the screen.
enum WeekOnTerminal {
    static let hint = "← previous week · → next week · q quit"

    /// Shows `first` (the week at `offset`), then another week for each key until quit
    /// or end of input. `fetch` asks bmd for the week at an offset.
    static func run(first: Morning.WeekChart, offset: Int,
                    fetch: (Int) throws(ControlFailure) -> Morning.WeekChart,
                    readKeys: () -> [BrowseKey]?, write: (String) -> Void, style: Style) throws(ControlFailure) {
        var offset = offset
        var shown = WeekText.render(first, style: style)
        // The hint has no newline: the cursor waits at its end, and redrawing starts
        // from the line the chart began on.
        write("\u{1B}[?25l" + shown + style.dim(hint))
        defer { write("\r\u{1B}[K\u{1B}[?25h") }
        while let keys = readKeys() {
            for key in keys {
                switch key {
                case .quit: return
                case .back: offset -= 1
                case .forward: offset += 1
                }
            }
            guard !keys.isEmpty else { continue }
            let lines = shown.filter { $0 == "\n" }.count
            shown = WeekText.render(try fetch(offset), style: style)
            write("\r\u{1B}[\(lines)A\u{1B}[J" + shown + style.dim(hint))
        }
    }
}
