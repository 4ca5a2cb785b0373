import MorningProtocol

/// A date as typed on the command line: `YYYY-MM-DD`, `today`, `yesterday` or `tomorrow`.
///
/// The words go to bmd as they are, because only the daemon knows the user's day;
/// the client checks the form so that a typo is a usage error before anything is sent.
enum DateArgument {
    static let words = DateWord.allCases.map(\.rawValue)

    /// The text to send for `text`, or nil when it is not a date.
    static func normalized(_ text: String) -> String? {
        if let word = DateWord(text: text) { return word.rawValue }
        return Day(iso: text) == nil ? nil : text
    }

    static func invalidMessage(_ text: String) -> String {
        "\"\(text)\" is not a date; use YYYY-MM-DD, today, yesterday or tomorrow"
    }
}
