import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Every command's every argument completed by Tab in a real, interactive zsh with
/// bmctl's script: nothing may print an error where a person's prompt is.
extension CompletionRoundTripTests {
    /// One place Tab is pressed: the command line typed before it.
    struct TabPress: CustomStringConvertible {
        var line: String
        var description: String { line }
    }

    /// Where a person may press Tab for a value, read from bmctl's command table: after
    /// each command, after each of its positional arguments (earlier ones filled with a
    /// word), and after each option that takes a value.
    static func everyTabPress() throws -> [TabPress] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let table = try String(contentsOf: root.appendingPathComponent("Sources/MorningControl/bmctl.commands"), encoding: .utf8)
        var commands: [(words: [String], positionals: Int, options: [String])] = []
        var globalOptions: [String] = []
        var inGlobals = false
        for raw in table.split(separator: "\n") {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let words = line.split(separator: " ").map(String.init)
            if words.first == "globals" { inGlobals = true; continue }
            if words.first == "command" {
                inGlobals = false
                let name = words.dropFirst().prefix { $0 != "->" && $0 != "quick" }
                commands.append((Array(name), 0, []))
                continue
            }
            if words.first == "group" { inGlobals = false; continue }
            // A value-taking option: its last spelling before its value name.
            if words.first == "option", let long = words.dropFirst().first(where: { $0.hasPrefix("--") }) {
                let option = long.trimmingCharacters(in: CharacterSet(charactersIn: ","))
                if inGlobals { globalOptions.append(option) } else if !commands.isEmpty { commands[commands.count - 1].options.append(option) }
            }
            if words.first == "argument", !commands.isEmpty { commands[commands.count - 1].positionals += 1 }
            if words.first == "like", let model = commands.first(where: { $0.words == [words[1]] }), !commands.isEmpty {
                commands[commands.count - 1].positionals = model.positionals
                commands[commands.count - 1].options = model.options
            }
        }
        var presses: [TabPress] = [TabPress(line: "bmctl ")]
        for command in commands {
            let head = "bmctl " + command.words.joined(separator: " ") + " "
            for filled in 0...command.positionals {
                presses.append(TabPress(line: head + String(repeating: "x ", count: filled)))
            }
            for option in command.options + globalOptions {
                presses.append(TabPress(line: head + option + " "))
            }
            presses.append(TabPress(line: head + "--"))
        }
        return presses
    }

    /// Types each of `lines` and Tab into an interactive zsh with bmctl's script, then
    /// takes the line back (Ctrl-U): what the terminal showed for each, in order.
    static let zshTabDriver = #"""
        zmodload zsh/zpty
        zpty -b z zsh -f -i
        zpty -w z 'bindkey -e; PS1="%% "; LISTMAX=10000; autoload -Uz compinit; compinit -u -D'
        zpty -w z 'source <(command bmctl --generate-completion-script zsh); compdef _bmctl bmctl'
        zpty -w z 'print -r -- REA""DY'
        zpty -r z out '*READY*'
        for typed in "${(@f)TYPED_LINES}"; do
            zpty -w -n z "$typed"$'\t'
            zpty -w -n z $'\x15'
            zpty -w z 'print -r -- EN""D'
            zpty -r z out '*END*'
            print -r -- "<<<$typed>>>"
            print -r -- "$out"
        done
        zpty -d z
        """#

    @Test("Tab after every command, each of its arguments and each option's value prints no error in zsh",
          .enabled(if: FileManager.default.isExecutableFile(atPath: zsh)), .timeLimit(.minutes(3)))
    func zshCompletesEveryArgument() throws {
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        try box.startDaemon()
        #expect(try box.bmctl("activate", "kant").status == 0)
        let presses = try Self.everyTabPress()
        #expect(presses.count > 40, "\(presses)")
        var env = box.baseEnvironment
        env["PATH"] = Binaries.dir.path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        env["TYPED_LINES"] = presses.map(\.line).joined(separator: "\n")
        let run = try box.run(Self.zsh, ["-f", "-c", Self.zshTabDriver], environment: env)
        #expect(run.status == 0, "\(run.stderr)")
        // What the terminal showed after each line, by the line typed.
        var shown: [String: String] = [:]
        var current: String?
        for line in run.stdout.split(separator: "\n", omittingEmptySubsequences: false) {
            let text = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if text.hasPrefix("<<<"), text.hasSuffix(">>>") {
                current = String(text.dropFirst(3).dropLast(3))
                shown[current!, default: ""] += ""
            } else if let current {
                shown[current, default: ""] += text + "\n"
            }
        }
        #expect(shown.count == Set(presses.map(\.line)).count,
                "zsh answered \(shown.count) of \(presses.count) lines: \(run.stderr)")
        // zsh's errors: "zsh: …", or "function:line: …" from the script.
        let error = /(^|\s)(zsh|\(eval\)|_[A-Za-z0-9_]+):[0-9]*:? |bad substitution|command not found|parse error/
        for (typed, screen) in shown {
            #expect(!screen.contains(error), "zsh, after `\(typed)` and Tab, printed:\n\(screen)")
        }
        // The values the script itself holds are offered.
        let notifications = shown["bmctl notifications "] ?? ""
        for value in ["on", "off", "test", "sound"] {
            #expect(notifications.contains(value), "bmctl notifications <Tab> offered:\n\(notifications)")
        }
        try box.stopDaemon()
    }
}
