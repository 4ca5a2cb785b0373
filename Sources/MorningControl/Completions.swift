import ArgumentParser
import MorningProtocol

/// What the shells complete that only bmd knows: routine ids, and today's tasks.
///
/// ArgumentParser writes the bash, zsh and fish scripts (`bmctl
/// --generate-completion-script SHELL`); for these arguments the scripts run
/// `bmctl ---completion …`, which asks bmd here. Completing never starts bmd: when
/// none answers there is simply nothing to offer.
enum Completions {
    /// The context of the run that is completing, for the closures below: `BMCtlMain.run`
    /// parses with it bound (task-local, so runs side by side each see their own).
    @TaskLocal static var current: Running?

    /// A run's context, handed to the closures ArgumentParser calls on the same task.
    struct Running: @unchecked Sendable {
        var context: Context
    }

    /// Ids of the routines you have stored (restart, delete, week, stats, history, day).
    static let storedRoutines = CompletionKind.custom { words, _, prefix in
        matching(prefix, stored(words))
    }

    /// Ids of every routine that can be activated or explored: the catalog and yours.
    static let anyRoutine = CompletionKind.custom { words, _, prefix in
        var ids = (ask(words) { session throws(ControlFailure) in try session.call(Morning.Call.explore()).routines.map(\.id) }) ?? []
        for id in stored(words) where !ids.contains(id) { ids.append(id) }
        return matching(prefix, ids)
    }

    /// Today's tasks: their positions, and their titles for those who name tasks by title.
    /// A title two tasks share would name neither (check asks which one): those two are
    /// offered by position only.
    static let todaysTasks = CompletionKind.custom { words, _, prefix in
        let tasks = ask(words) { session throws(ControlFailure) in try session.call(Morning.Call.day(date: "today")).tasks } ?? []
        let titles = tasks.map(\.title)
        let unique = titles.filter { title in titles.count { $0.lowercased() == title.lowercased() } == 1 }
        return matching(prefix, tasks.map { String($0.position) } + unique)
    }

    /// What bmctl adds to ArgumentParser's bash script. That script asks bash to treat the
    /// candidates as file names (`-o filenames`), so that bash quotes a title it inserts;
    /// but bash then lists each candidate as it lists a file, by what follows its last "/",
    /// and "Read/answer mail" shows as "answer mail". When Tab can only list (the
    /// candidates share nothing beyond what was typed, and that needed no quoting), nothing
    /// is inserted, so the option can go and the titles are listed whole.
    static let bashListsWhole = #"""


        # Titles are listed whole, "/" and all, when Tab only lists: bash would list only
        # what follows a title's last "/", as of a file name.
        _bmctl_listing_whole() {
            _bmctl "$@"
            local -r typed=$2
            (( ${#COMPREPLY[@]} > 1 )) && [[ $typed != *[^[:alnum:]._-]* ]] || return 0
            local shared=${COMPREPLY[0]} candidate
            for candidate in "${COMPREPLY[@]:1}"; do
                while [[ ${candidate:0:${#shared}} != "$shared" ]]; do shared=${shared%?}; done
            done
            [[ $shared != "$typed" ]] || compopt +o filenames
        }
        complete -o filenames -F _bmctl_listing_whole bmctl

        """#

    /// ArgumentParser's zsh script with each list of values held in a variable zsh can
    /// name. The script names a positional argument's list after its value name, and
    /// `notifications`' `<on|off|test|sound>` made `local -ar _on|off|test|sound=(…)`: a
    /// pipe to a command named `off`, and a bad substitution on Tab. Each character a zsh
    /// name cannot hold becomes "_", where the list is made and where it is used.
    static func zshListNamesRepaired(_ script: String) -> String {
        let declaration = "local -ar "
        var names: [String] = []
        for line in script.split(separator: "\n") {
            let text = line.drop(while: { $0 == " " })
            guard text.hasPrefix(declaration), let equals = text.firstIndex(of: "=") else { continue }
            let name = String(text[text.index(text.startIndex, offsetBy: declaration.count)..<equals])
            if !name.allSatisfy(isZshNameCharacter), !names.contains(name) { names.append(name) }
        }
        var repaired = script
        for name in names {
            let safe = String(name.map { isZshNameCharacter($0) ? $0 : "_" })
            repaired = repaired.replacing(declaration + name + "=", with: declaration + safe + "=")
                .replacing("${" + name + "[@]}", with: "${" + safe + "[@]}")
        }
        return repaired
    }

    private static func isZshNameCharacter(_ character: Character) -> Bool {
        character == "_" || (character.isASCII && (character.isLetter || character.isNumber))
    }

    private static func stored(_ words: [String]) -> [String] {
        ask(words) { session throws(ControlFailure) in try session.call(Morning.Call.data()).cards.map(\.routineId) } ?? []
    }

    /// The candidates that start with what is typed, each written so that the shell
    /// asking inserts it as one word that reads back as the candidate itself.
    private static func matching(_ prefix: String, _ candidates: [String]) -> [String] {
        let typed = CompletionWord.unquoted(prefix)
        let matches = candidates.filter { $0.lowercased().hasPrefix(typed.lowercased()) }
        let shell = askingShell
        // bash's script filters the candidates again by what was typed, letter case and
        // all: `plan` would find nothing of "Plan the day". Offered with the typed letters
        // as they were typed, the candidate still names its task (titles match in any case).
        let kept = shell == .bash ? matches.map { CompletionWord.typedCase($0, typed: typed) } : matches
        return CompletionWord.written(kept, for: shell)
    }

    /// The shell whose script runs this completion, as each script says in SAP_SHELL. Read
    /// from this run's environment rather than ArgumentParser's process-wide setting,
    /// which is also set by writing a script.
    private static var askingShell: CompletionShell? {
        current?.context.environment["SAP_SHELL"].flatMap(CompletionShell.init(rawValue:))
    }

    /// `question` asked of the bmd the command line being completed talks to (its
    /// `--socket` if it has one), never starting one; nil when none answers.
    private static func ask<T>(_ words: [String], _ question: (Session) throws(ControlFailure) -> T) -> T? {
        guard let context = current?.context else { return nil }
        var globals = Globals(noAutostart: true)
        if let index = words.firstIndex(of: "--socket"), index + 1 < words.endIndex {
            globals.socket = words[index + 1]
        } else if let word = words.first(where: { $0.hasPrefix("--socket=") }) {
            globals.socket = String(word.dropFirst("--socket=".count))
        }
        return try? question(Session(globals: globals, context: context))
    }
}
