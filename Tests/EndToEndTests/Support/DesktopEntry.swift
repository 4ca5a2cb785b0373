/// The keys and values of a desktop entry's `[Desktop Entry]` group; comments, blank
/// lines and any other group (an action's) are left out.
enum DesktopEntry {
    static func keys(_ text: String) -> [String: String] {
        var keys: [String: String] = [:]
        var group = ""
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            if line.hasPrefix("[") {
                group = String(line)
            } else if group == "[Desktop Entry]", line.contains("=") {
                let parts = line.split(separator: "=", maxSplits: 1)
                keys[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
            }
        }
        return keys
    }
}
