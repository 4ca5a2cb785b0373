/// The glyphs of the charts: eighth blocks, from one eighth of a cell to a full one.
enum Bars {
    static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
}
