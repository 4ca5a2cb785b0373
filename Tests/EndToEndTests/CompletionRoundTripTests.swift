import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Completion as a person meets it: the real bash runs bmctl's script, which asks the
/// real bmctl, which asks bmd; what bash would insert is read back as the shell reads
/// a command line, and handed to bmctl.
@Suite("End to end: completed task titles are words bmctl accepts",
       .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/bash")))
struct CompletionRoundTripTests {
    /// What bash inserts for `bmctl check TYPED<Tab>`, for each candidate it offers, read
    /// back as the words of a command line: one line per candidate, the number of words
    /// then the first word.
    static let bashDriver = #"""
        source <(bmctl --generate-completion-script bash)
        COMP_WORDS=(bmctl check "$TYPED"); COMP_CWORD=2
        COMP_LINE="bmctl check $TYPED"; COMP_POINT=${#COMP_LINE}
        COMPREPLY=()
        _bmctl bmctl "$TYPED" check
        for candidate in "${COMPREPLY[@]}"; do
            # The script asks for -o filenames: bash inserts each candidate backslash-quoted, as printf %q does.
            inserted=$(printf %q "$candidate")
            eval "set -- $inserted"
            printf '%s\t%s\n' "$#" "$1"
        done
        """#

    /// `bmctl check TYPED<Tab><Enter>` typed into an interactive zsh with bmctl's script
    /// and compsys, run in a pseudo-terminal of its own (zpty), for each line of TYPED:
    /// what each command line ran with, as `ARGS=count<word|word>`. bmctl here is a
    /// function that answers the script's completion calls with the real bmctl and
    /// prints any other call's words.
    static let zshDriver = #"""
        zmodload zsh/zpty
        zpty -b z zsh -f -i
        zpty -w z 'PS1="%% "; autoload -Uz compinit; compinit -u -D'
        zpty -w z 'source <(command bmctl --generate-completion-script zsh); compdef _bmctl bmctl'
        zpty -w z 'bmctl() { if [[ $1 == ---completion ]]; then command bmctl "$@"; else print -r -- "ARGS=${#@}<${(j:|:)@}>"; fi }'
        for typed in "${(@f)TYPED}"; do
            zpty -w -n z "bmctl check $typed"$'\t'
            zpty -w -n z $'\n'
            # Spelt apart so that the echo of this line is not taken for its output.
            zpty -w z 'print -r -- EN""D'
            zpty -r z out '*END*'
            print -r -- "$out"
        done
        zpty -d z
        """#

    static let zsh = "/usr/bin/zsh"

    /// What zsh ran for `bmctl check` + each of `typed` + Tab + Enter: the words after `check`.
    static func zshCompletes(_ box: Sandbox, typed: [String]) throws -> [[String]] {
        var env = box.baseEnvironment
        env["PATH"] = Binaries.dir.path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        env["TYPED"] = typed.joined(separator: "\n")
        let run = try box.run(zsh, ["-f", "-c", zshDriver], environment: env)
        // The pseudo-terminal ends lines with CR LF, which Swift reads as one character.
        let lines = run.stdout.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("ARGS=") }
        #expect(lines.count == typed.count, "zsh ran \(lines.count) lines for \(typed.count): \(run.stderr)")
        return lines.map { line in
            guard let open = line.firstIndex(of: "<"), let close = line.lastIndex(of: ">") else { return [] }
            return Array(line[line.index(after: open)..<close].split(separator: "|", omittingEmptySubsequences: false)
                .map(String.init).dropFirst())
        }
    }

    /// `text` as typed at a shell prompt: every character but letters and digits escaped.
    static func typedAtPrompt(_ text: some StringProtocol) -> String {
        text.map { $0.isLetter || $0.isNumber ? String($0) : "\\" + String($0) }.joined()
    }

    /// The words bash would insert for `typed`, each with the number of words it reads as.
    static func bashCompletes(_ box: Sandbox, typed: String) throws -> [(words: Int, word: String)] {
        var env = box.baseEnvironment
        env["PATH"] = Binaries.dir.path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        env["TYPED"] = typed
        let run = try box.run("/usr/bin/bash", ["-c", bashDriver], environment: env)
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout.split(separator: "\n").map { line in
            let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            return (Int(parts[0]) ?? -1, parts.count > 1 ? String(parts[1]) : "")
        }
    }

    @Test("A title typed in lower case completes in bash too, to a word that checks that task", .timeLimit(.minutes(3)))
    func lowerCaseCompletes() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        try box.startDaemon()
        #expect(try box.bmctl("activate", "kant").status == 0)
        box.setClock("2026-03-03 08:00:00")
        #expect(try box.bmctl("reload").status == 0)
        let offered = try Self.bashCompletes(box, typed: "prep")
        #expect(offered.count == 1 && offered.first?.words == 1, "\(offered)")
        let word = try #require(offered.first?.word)
        #expect(word == "prepare lectures and work on your books", "\(offered)")
        let checked = try box.bmctl("check", word)
        #expect(checked.status == 0 && checked.stdout.contains("Prepare lectures and work on your books"), "\(checked.stdout)\(checked.stderr)")
        try box.stopDaemon()
    }

    @Test("Tab Tab in an interactive bash lists task titles whole, \"/\" and all, and Tab still inserts one quoted",
          .timeLimit(.minutes(3)))
    func bashListsTitlesWhole() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        try box.startDaemon()
        let created = try box.bmctl("create", "--title", "Desk", "--task", "06:00 Read/answer mail",
                                    "--task", "06:30 Read news/weather", "--task", "07:00 Plan/review the day")
        #expect(created.status == 0, "\(created.stderr)")
        box.setClock("2026-03-03 08:00:00")
        #expect(try box.bmctl("reload").status == 0)
        var env = box.baseEnvironment
        env["PATH"] = Binaries.dir.path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        env["TERM"] = "dumb"
        env["INPUTRC"] = "/dev/null"
        env["PS1"] = "$ "
        let bash = try Terminal("/usr/bin/bash", ["--norc", "--noprofile", "-i"], environment: env)
        defer { bash.kill() }
        bash.type("source <(bmctl --generate-completion-script bash); echo SOURCED")
        try bash.waitFor("\nSOURCED")
        // Two candidates share only "Read": the first Tab inserts nothing, the second lists them.
        bash.type("bmctl check Read\t\t")
        try bash.waitFor("$ bmctl check Read")
        // The list, then the line typed so far shown again under it.
        let listed = try bash.waitFor("$ bmctl check Read")
        #expect(listed.contains("Read/answer mail") && listed.contains("Read news/weather"), "bash listed: \(listed)")
        // One candidate: Tab inserts it, quoted as one word, and check takes it.
        bash.type("\u{15}bmctl check Pla\t")
        bash.type("")
        try bash.waitFor("Plan/review the day")
        let tasks = try box.bmctl("day", "--json").object["tasks"] as? [[String: Any]] ?? []
        #expect(tasks.map { "\($0["title"] ?? "") \($0["state"] ?? "")" }
                == ["Read/answer mail untouched", "Read news/weather untouched", "Plan/review the day done"])
        try box.stopDaemon()
    }

    @Test("Every task title of every catalog routine, completed by bash (and zsh where it runs), is one word that check accepts",
          .timeLimit(.minutes(3)))
    func everyCatalogTitle() throws {
        // A title with an apostrophe used to come out as `Plan\ the\ days\ business…`,
        // which names no task; a title two tasks share named neither.
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        try box.startDaemon()
        let catalog = try box.bmctl("explore", "--json").array.compactMap { $0 as? [String: Any] }
        try #require(!catalog.isEmpty)
        var day = 0
        // Day `n` after 2026-03-02, at 08:00.
        func morning(_ n: Int) -> String {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            let date = calendar.date(byAdding: .day, value: n, to: Date(timeIntervalSince1970: 1_772_409_600))!
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            return String(format: "%04d-%02d-%02d 08:00:00", parts.year!, parts.month!, parts.day!)
        }
        var titlesSeen = 0
        for routine in catalog {
            let id = try #require(routine["id"] as? String)
            let titles = ((routine["tasks"] as? [[String: Any]]) ?? []).compactMap { $0["title"] as? String }
            // Chosen today, the routine starts tomorrow: its tasks are then today's.
            box.setClock(morning(day))
            let reload = try box.bmctl("reload")
            try #require(reload.status == 0, "\(reload.stderr) \(box.daemonLog.suffix(1500))")
            #expect(try box.bmctl("activate", id).status == 0, "\(id)")
            box.setClock(morning(day + 1))
            #expect(try box.bmctl("reload").status == 0)
            day += 2
            for title in titles {
                // Typed so far: the first two characters, when they are letters a person types as they are.
                let typed = String(title.prefix(2).filter(\.isLetter))
                let offered = try Self.bashCompletes(box, typed: typed)
                // A title two tasks share names neither; those are offered by number.
                let shared = titles.count(where: { $0 == title }) > 1
                #expect(offered.contains { $0.word == title } != shared, "\(id): \(title) for \(typed): \(offered)")
                for candidate in offered {
                    #expect(candidate.words == 1, "\(id): \(candidate.word) inserts as \(candidate.words) words")
                    #expect(titles.contains(candidate.word) || Int(candidate.word) != nil,
                            "\(id): \(candidate.word) names no task")
                }
                titlesSeen += 1
            }
            // zsh: each title typed all but its last letter, so that only it is left to
            // complete; Tab, then Enter runs the line.
            let unique = titles.filter { title in titles.count(where: { $0 == title }) == 1 }
            if FileManager.default.isExecutableFile(atPath: Self.zsh) {
                let ran = try Self.zshCompletes(box, typed: unique.map { Self.typedAtPrompt($0.dropLast()) })
                for (title, words) in zip(unique, ran) {
                    #expect(words == [title], "\(id): zsh ran check with \(words) for \(title)")
                }
            }
            // Each title, as bash inserted it, is accepted by check.
            for title in titles where titles.count(where: { $0 == title }) == 1 {
                let checked = try box.bmctl("check", title)
                #expect(checked.status == 0, "\(id): check \(title): \(checked.stderr)")
            }
        }
        #expect(titlesSeen > 20)
        try box.stopDaemon()
    }
}
