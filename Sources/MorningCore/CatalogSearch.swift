extension Catalog {
    /// The entries `bmctl explore NAME` shows: the whole catalog for no name; else the
    /// entries whose id or name is `name`; else those whose id, name or a word of the
    /// name starts with it, ignoring case. Finding none is refused.
    public static func search(_ name: String?, in catalog: [CatalogEntry] = entries) throws -> [CatalogEntry] {
        guard let name, !name.isEmpty else { return catalog }
        // Folded as names are everywhere: without regard to case in any language.
        let q = TitleText.folded(name)
        let fold: (String) -> String = { TitleText.folded($0) }
        let exact = catalog.filter { fold($0.id) == q || fold($0.name) == q }
        if !exact.isEmpty { return exact }
        let found = catalog.filter {
            fold($0.id).hasPrefix(q) || fold($0.name).hasPrefix(q)
                || fold($0.name).split(separator: " ").contains { $0.hasPrefix(q) }
        }
        if found.isEmpty { throw Morning.Error.routineNotFound(query: name) }
        return found
    }
}
