import Foundation

/// The app's own icon, as notifications name it.
///
/// The icon goes by its name, `better-morning`, which servers look up in the hicolor
/// theme where `make install` and the .deb put it. Not every server searches the theme
/// (dunst, for one, looks only in the folders its config lists unless told to search
/// themes), so the notification also carries an installed PNG's path in the `image-path`
/// hint, found as the theme would find it: under each data folder of the XDG base
/// directories. A server shows that image at its own size up to a limit (stock dunst: up
/// to 128 px), so the file is a small one, the size of a popup's icon beside two lines of
/// text, not the largest.
struct AppIcon: Sendable {
    /// The icon's name in the freedesktop icon theme (packaging/desktop/icons).
    static let name = "better-morning"
    /// The size of the PNG the `image-path` hint names: what GNOME Shell, Plasma and mako
    /// draw beside a notification's text, and what stock dunst shows without the icon
    /// squeezing the text into a narrow column.
    static let pictureSize = 48

    /// The folders an icon theme is searched in, first first: `$XDG_DATA_HOME` (else
    /// `~/.local/share`), then each of `$XDG_DATA_DIRS` (else `/usr/local/share:/usr/share`).
    static func dataFolders(environment: [String: String]) -> [String] {
        var folders: [String] = []
        if let home = environment["XDG_DATA_HOME"], home.hasPrefix("/") {
            folders.append(home)
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            folders.append(home + "/.local/share")
        }
        let dirs = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        folders += dirs.split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        return folders
    }

    /// The installed PNG of the icon, the first of the data folders that has one; nil
    /// when none is installed (bmd run from its build folder).
    static func installedPicture(environment: [String: String],
                                 exists: (String) -> Bool = { FileManager.default.isReadableFile(atPath: $0) }) -> String? {
        let size = "\(pictureSize)x\(pictureSize)"
        return dataFolders(environment: environment)
            .map { "\($0)/icons/hicolor/\(size)/apps/\(name).png" }
            .first(where: exists)
    }
}
