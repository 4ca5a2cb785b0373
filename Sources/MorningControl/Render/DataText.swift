import MorningProtocol

/// The human form of `bmctl data` (H1): a card per routine with this week as blocks.
enum DataText {
    static func render(_ cards: [Morning.Card], style: Style) -> String {
        guard !cards.isEmpty else {
            return Text.lines(["No routines yet. Find one with `bmctl explore` and start it with `bmctl activate NAME`."])
        }
        var lines: [String] = []
        for (index, card) in cards.enumerated() {
            if index > 0 { lines.append("") }
            lines.append(([style.bold(card.routine), card.type.rawValue] + (card.active ? [style.green("active")] : []))
                .joined(separator: " · "))
            lines.append("  " + card.week.days.map { Weekday.shortName(of: $0.date) }.joined(separator: " "))
            let blocks = card.week.days.map { Bars.block(completed: $0.completed, total: card.week.total) }
            if blocks.allSatisfy({ $0 == " " }) {
                lines.append("  " + style.dim("nothing completed this week"))
            } else {
                // Each block sits under the middle letter of its weekday.
                lines.append("  " + blocks.map { " \(style.green($0)) " }.joined(separator: " "))
            }
        }
        return Text.lines(lines)
    }
}
