/// A task typed as one piece of text, `TIME TITLE`, as `create --task` and the prompts
/// of `create` take it.
enum TaskLine {
    /// Splits off the time, which may be two words when 12-hour (`6:45 pm Stretch`).
    ///
    /// Only bmd judges the time: this just finds where it ends, the way a routine file's
    /// lines are read.
    static func split(_ text: String) -> (time: String, title: String) {
        var rest = Substring(text).drop(while: \.isWhitespace)
        func word() -> Substring {
            let word = rest.prefix { !$0.isWhitespace }
            rest = rest.dropFirst(word.count).drop(while: \.isWhitespace)
            return word
        }
        var time = String(word())
        if ["am", "pm", "a.m.", "p.m."].contains(rest.prefix { !$0.isWhitespace }.lowercased()) {
            time += " " + word()
        }
        while rest.last?.isWhitespace == true { rest = rest.dropLast() }
        return (time, String(rest))
    }
}
