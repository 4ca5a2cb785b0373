import CAdwaita
import MorningProtocol

/// About Better Morning: what it is, its version and licence, its website, and the book
/// or article each famous routine comes from.
@MainActor
enum AboutWindow {
    static let website = "https://bettermorning.org/"
    static let summary = "One morning routine, one reminder a day, and a record of how each morning went."
    /// The heading of the credits that name the famous routines' sources.
    static let sourcesHeading = "Famous routines, from"

    /// The about window over `parent`, crediting the source of each of `routines` (the
    /// famous routines bmd serves; none when the window has not had them from bmd).
    static func make(over parent: UnsafeMutablePointer<GtkWidget>?, routines: [Morning.CatalogRoutine]) -> UnsafeMutablePointer<GtkWidget> {
        let widget = adw_about_window_new()!
        let about = OpaquePointer(widget)
        adw_about_window_set_application_name(about, WindowApp.title)
        adw_about_window_set_application_icon(about, WindowApp.id)
        adw_about_window_set_version(about, BuildInfo.version)
        adw_about_window_set_comments(about, summary)
        adw_about_window_set_developer_name(about, "Better Morning maintainers")
        adw_about_window_set_website(about, website)
        adw_about_window_set_license_type(about, GTK_LICENSE_APACHE_2_0)
        let credits = sourceCredits(routines)
        if !credits.isEmpty {
            withCStrings(credits) { adw_about_window_add_acknowledgement_section(about, sourcesHeading, $0) }
        }
        if let parent, let root = gtk_widget_get_root(parent) {
            gtk_window_set_transient_for(cast(widget), cast(root))
        }
        return widget
    }

    /// "Benjamin Franklin: The Autobiography of Benjamin Franklin", one line per routine.
    static func sourceCredits(_ routines: [Morning.CatalogRoutine]) -> [String] {
        // The about window reads "Name <address>" as an e-mail address: angle brackets go.
        routines.map { "\($0.name): \($0.source)".filter { $0 != "<" && $0 != ">" } }
    }
}

