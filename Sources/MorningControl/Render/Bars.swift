/// The glyphs of the charts: a block per day in data cards, a bar per day in the week.
enum Bars {
    static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// One block whose height is `completed` of `total`; a space when nothing was
    /// completed or there is no record (H2: no bar for those days).
    static func block(completed: Int?, total: Int) -> String {
        guard let completed, completed > 0, total > 0 else { return " " }
        // Round up, so one task done is never drawn as nothing.
        let level = min(blocks.count, (completed * blocks.count + total - 1) / total)
        return String(blocks[level - 1])
    }

    /// A horizontal bar of one cell per task completed, padded to one cell per task.
    static func bar(completed: Int?, total: Int) -> String {
        let filled = max(0, min(completed ?? 0, max(total, completed ?? 0)))
        return String(repeating: "█", count: filled) + String(repeating: " ", count: max(0, total - filled))
    }
}
