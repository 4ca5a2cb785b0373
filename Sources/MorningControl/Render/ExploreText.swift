import MorningProtocol

/// The human form of `bmctl explore`: the catalog as a list, or one profile.
enum ExploreText {
    static func list(_ routines: [Morning.CatalogRoutine], style: Style) -> String {
        guard !routines.isEmpty else { return Text.lines(["The catalog is empty."]) }
        let idWidth = routines.map(\.id.count).max() ?? 0
        let nameWidth = routines.map(\.name.count).max() ?? 0
        var lines = routines.map { r in
            "\(Text.pad(r.id, idWidth))  \(Text.pad(r.name, nameWidth))  (\(summary(r.tasks)))"
        }
        lines += ["", style.dim("`bmctl explore NAME` shows one; `bmctl activate NAME` starts it tomorrow.")]
        return Text.lines(lines)
    }

    static func profile(_ r: Morning.CatalogRoutine, style: Style) -> String {
        var lines = ["\(style.bold(r.name)) (\(r.id))", r.bio, "Source: \(r.source)", ""]
        lines += r.tasks.map { "  \($0.time)  \($0.title)" }
        lines += ["", "Start it tomorrow with `bmctl activate \(r.id)`."]
        return Text.lines(lines)
    }

    /// "6 tasks, first at 05:00".
    static func summary(_ tasks: [Morning.TaskTime]) -> String { MorningText.summary(tasks) }
}
