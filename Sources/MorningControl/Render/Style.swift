/// ANSI colour for human output, or none at all.
struct Style: Equatable {
    var colour: Bool

    static let plain = Style(colour: false)

    func green(_ text: String) -> String { paint(text, "32") }
    func red(_ text: String) -> String { paint(text, "31") }
    func yellow(_ text: String) -> String { paint(text, "33") }
    func dim(_ text: String) -> String { paint(text, "2") }
    func bold(_ text: String) -> String { paint(text, "1") }

    private func paint(_ text: String, _ code: String) -> String {
        colour && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
