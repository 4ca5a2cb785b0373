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

    /// The about window over the window of `parent`, crediting the source of each of
    /// `routines` (the famous routines bmd serves; none when the window has not had them
    /// from bmd).
    static func make(over parent: (some WidgetWrapper)?, routines: [Morning.CatalogRoutine]) -> AboutWindowWidget {
        let about = AboutWindowWidget()
        about.setApplicationName(WindowApp.title)
        about.setApplicationIcon(WindowApp.id)
        about.setVersion(BuildInfo.version)
        about.setComments(summary)
        about.setDeveloperName("Better Morning maintainers")
        about.setWebsite(website)
        about.setLicenseType(GTK_LICENSE_APACHE_2_0)
        let credits = sourceCredits(routines)
        if !credits.isEmpty { about.addAcknowledgementSection(sourcesHeading, credits) }
        about.setTransientFor(parent?.window)
        return about
    }

    /// "Benjamin Franklin: The Autobiography of Benjamin Franklin", one line per routine.
    static func sourceCredits(_ routines: [Morning.CatalogRoutine]) -> [String] {
        // The about window reads "Name <address>" as an e-mail address: angle brackets go.
        routines.map { "\($0.name): \($0.source)".filter { $0 != "<" && $0 != ">" } }
    }
}

