import CAdwaita

/// The window's keyboard shortcuts, in the words the Keyboard Shortcuts window lists them.
///
/// `WindowView` installs the ones whose `trigger` is a window-wide shortcut from this
/// table, so the list a person reads and the keys that work are one.
enum WindowShortcuts {
    /// One shortcut: the keys (GTK's accelerator syntax) and what they do.
    struct Entry: Equatable {
        let keys: String
        let title: String
    }

    static let showToday = Entry(keys: "<Alt>1", title: "Show Today")
    static let showRoutines = Entry(keys: "<Alt>2", title: "Show Routines")
    static let showHistory = Entry(keys: "<Alt>3", title: "Show History")
    static let preferences = Entry(keys: "<Control>comma", title: "Preferences")
    static let shortcuts = Entry(keys: "<Control>question", title: "Keyboard Shortcuts")
    static let help = Entry(keys: "F1", title: "Help")
    static let close = Entry(keys: "<Control>w", title: "Close the window")
    static let quit = Entry(keys: "<Control>q", title: "Quit")
    /// Space on a task's row is the row's own activation, not a window-wide shortcut.
    static let check = Entry(keys: "space", title: "Check or uncheck the task in focus")
    /// The arrow keys on the date scroller, which is one Tab stop.
    static let previousDate = Entry(keys: "Left", title: "Choose the previous date")
    static let nextDate = Entry(keys: "Right", title: "Choose the next date")
    static let firstDate = Entry(keys: "Home", title: "Choose the first date")
    static let lastDate = Entry(keys: "End", title: "Choose the last date")

    /// The shortcut that shows `page`.
    static func show(_ page: WindowModel.Page) -> Entry {
        [showToday, showRoutines, showHistory][page.rawValue]
    }

    /// The groups of the Keyboard Shortcuts window, in order.
    static let groups: [(title: String, entries: [Entry])] = [
        ("General", [shortcuts, help, preferences, close, quit]),
        ("Pages", [showToday, showRoutines, showHistory]),
        ("Today", [check, previousDate, nextDate, firstDate, lastDate]),
    ]

    /// The Keyboard Shortcuts window (Ctrl+?), made from `groups`, over the window of `parent`.
    @MainActor
    static func window(over parent: (some WidgetWrapper)?) -> Window {
        let window = builtWindow("shortcuts", from: definition)
        window.setTransientFor(parent?.window)
        return window
    }

    /// GtkBuilder's text for the Keyboard Shortcuts window: a GtkShortcutsWindow is laid
    /// out only from a definition.
    static var definition: String {
        func property(_ name: String, _ value: String) -> String {
            "<property name=\"\(name)\">\(markupShowing(value))</property>"
        }
        let groupsText = groups.map { group in
            let shortcutsText = group.entries.map { entry in
                "<child><object class=\"GtkShortcutsShortcut\">\(property("title", entry.title))\(property("accelerator", entry.keys))</object></child>"
            }.joined()
            return "<child><object class=\"GtkShortcutsGroup\">\(property("title", group.title))\(shortcutsText)</object></child>"
        }.joined()
        return """
            <interface><object class="GtkShortcutsWindow" id="shortcuts">\(property("modal", "1"))\
            <child><object class="GtkShortcutsSection">\(property("section-name", "shortcuts"))\(groupsText)</object></child>\
            </object></interface>
            """
    }
}
