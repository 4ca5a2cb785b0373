import Foundation
import Testing

/// What a screen reader reads for each control of the built window: a name said once,
/// without the underline that marks a mnemonic.
// Rule U4: every control named for screen readers.
@Suite("End to end: the window's names as a screen reader reads them", .serialized)
struct WindowNamesEndToEndTests {
    /// Names that say a thing twice ("Notifications Notifications") or keep a mnemonic's
    /// underline ("_Start Over…"), among `widgets` (the driver's descriptions).
    static func faults(_ widgets: [[String: Any]]) -> [String] {
        widgets.compactMap { widget in
            let name = widget["name"] as? String ?? ""
            let role = widget["role"] as? String ?? ""
            let words = name.split(separator: " ")
            let half = words.count / 2
            let doubled = words.count >= 2 && words.count % 2 == 0 && Array(words[..<half]) == Array(words[half...])
            // A label's text may hold an underscore (a variable's name); a control's name may not.
            let underline = role != "label" && name.contains("_")
            return doubled || underline ? "\(role) \(name)" : nil
        }
    }

    @Test("every page and Preferences name each control once, with no mnemonic underline")
    func namesSaidOnce() throws {
        let morning = try WindowEndToEndTests.Morning()
        defer { morning.desktop.stop() }
        let desktop = morning.desktop
        var faults: [String: [String]] = [:]
        for (keys, page, waitFor) in [("alt+1", "Today", "Now…"), ("alt+2", "Routines", "Benjamin Franklin…"),
                                      ("alt+3", "History", "Routine…")] {
            try desktop.key(keys)
            try desktop.wait(role: "label", name: waitFor, anywhere: true)
            let widgets = try desktop.ask(["do": "widgets"])["widgets"] as? [[String: Any]] ?? []
            faults[page] = Self.faults(widgets)
        }
        try desktop.key("ctrl+comma")
        try desktop.wait(role: "label", name: "Notifications…", anywhere: true)
        faults["Preferences"] = Self.faults(try desktop.ask(["do": "widgets"])["widgets"] as? [[String: Any]] ?? [])
        for (page, found) in faults.sorted(by: { $0.key < $1.key }) {
            #expect(found.isEmpty, "\(page): \(found)")
        }
    }
}
