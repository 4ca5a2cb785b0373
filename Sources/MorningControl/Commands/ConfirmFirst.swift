/// The confirmation rule for destructive commands.
///
/// `--yes` goes ahead; on a terminal the user is asked; otherwise the command is
/// refused, so a script never deletes by accident and never hangs on a prompt.
enum ConfirmFirst {
    /// Returns when the user agreed; throws when they did not or could not be asked.
    ///
    /// `action` names the command in messages ("delete", "reset").
    static func require(_ question: String, action: String, yes: Bool, console: Console) throws(ControlFailure) {
        if yes { return }
        guard console.stdinIsTerminal else {
            throw .refused("\(action) needs confirmation; stdin is not a terminal, so add --yes")
        }
        // The question goes to stderr, like rm -i, so stdout holds only the result.
        console.complain(question)
        guard let answer = console.readLine(), isYes(answer) else {
            throw .refused("\(action) cancelled; nothing was changed")
        }
    }

    static func isYes(_ answer: String) -> Bool {
        let word = String(answer.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()).lowercased()
        return word == "y" || word == "yes"
    }
}
