/// A task written as one piece of text, `TIME TITLE`: a line of a routine file, and what
/// `create --task` and the prompts of `create` take. bmctl and bmd split it alike.
public enum TaskLine {
    /// Splits off the time, which may be two words when 12-hour (`6:45 pm Stretch`).
    ///
    /// It only finds where the time ends; bmd judges whether it is a time.
    public static func split(_ text: String) -> (time: String, title: String) {
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
