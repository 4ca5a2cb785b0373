import CAdwaita

/// The window's size and whether it was maximised, kept from one run to the next in a
/// small key file of the person's state folder, as GNOME apps keep theirs.
struct WindowSize: Equatable {
    var width: Int32
    var height: Int32
    var maximized: Bool

    /// The size a first run opens at.
    static let standard = WindowSize(width: 480, height: 720, maximized: false)
    /// Sizes below these are not taken back: the window works from 360 px wide.
    static let smallest = (width: Int32(360), height: Int32(360))
    static let group = "window"

    /// `$XDG_STATE_HOME/better-morning/window.ini`, beside bmd's state.
    static var defaultPath: String {
        String(cString: g_get_user_state_dir()) + "/better-morning/window.ini"
    }

    /// The size kept in `path`, or the standard one when none was kept or it cannot be read.
    static func load(from path: String = defaultPath) -> WindowSize {
        let file = g_key_file_new()!
        defer { g_key_file_free(file) }
        guard g_key_file_load_from_file(file, path, G_KEY_FILE_NONE, nil) != 0 else { return standard }
        func integer(_ key: String) -> Int32? {
            var error: UnsafeMutablePointer<GError>?
            let value = g_key_file_get_integer(file, group, key, &error)
            if let error { g_error_free(error); return nil }
            return value
        }
        guard let width = integer("width"), let height = integer("height"),
              width >= smallest.width, height >= smallest.height else { return standard }
        return WindowSize(width: width, height: height, maximized: g_key_file_get_boolean(file, group, "maximized", nil) != 0)
    }

    /// Keeps this size in `path`, making its folder (private to the person) when missing.
    /// Whether it was kept: a window that cannot keep its size still closes.
    @discardableResult
    func save(to path: String = Self.defaultPath) -> Bool {
        let folder = g_path_get_dirname(path)!
        defer { g_free(folder) }
        guard g_mkdir_with_parents(folder, 0o700) == 0 else { return false }
        let file = g_key_file_new()!
        defer { g_key_file_free(file) }
        g_key_file_set_integer(file, Self.group, "width", width)
        g_key_file_set_integer(file, Self.group, "height", height)
        g_key_file_set_boolean(file, Self.group, "maximized", maximized ? 1 : 0)
        return g_key_file_save_to_file(file, path, nil) != 0
    }

}

extension WindowSize {
    /// The size `window` has now: its size when not maximised (the one to come back to)
    /// and whether it is maximised.
    @MainActor
    init(of window: some WindowWrapper) {
        let size = window.defaultSize
        self.init(width: size.width, height: size.height, maximized: window.maximized)
    }

    /// Gives `window` this size, before it is shown.
    @MainActor
    func apply(to window: some WindowWrapper) {
        window.setDefaultSize(width: width, height: height)
        if maximized { window.maximize() }
    }
}
