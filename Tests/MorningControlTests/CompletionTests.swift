import ArgumentParser
import Foundation
import Testing
@testable import MorningControl

/// The shells' completions, generated from bmctl's own command definitions.
@Suite struct CompletionTests {
    static let snapshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Snapshots")

    /// The script bmctl writes for `shell`, as `bmctl --generate-completion-script SHELL` prints it.
    static func script(_ shell: String) -> String {
        let run = bmctl(["--generate-completion-script", shell])
        #expect(run.status == 0)
        return run.out
    }

    /// Each shell's script is pinned: a change to a command's words shows here, to be
    /// looked at and then written again with `bmctl --generate-completion-script SHELL`.
    @Test("each shell's script is the pinned one", arguments: [("bash", "bmctl.bash"), ("zsh", "_bmctl.zsh"), ("fish", "bmctl.fish")])
    func pinned(shell: String, file: String) throws {
        let pinned = try String(contentsOf: Self.snapshots.appendingPathComponent(file), encoding: .utf8)
        #expect(Self.script(shell) == pinned, "bmctl --generate-completion-script \(shell) > Tests/Snapshots/\(file)")
    }

    /// The shell at `path` reads `file` without a syntax error (`-n`: read, not run).
    static func parses(_ path: String, _ file: URL) throws -> (status: Int32, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-n", file.path]
        let err = Pipe()
        process.standardError = err
        try process.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test("the pinned scripts parse in their shells (zsh -n, bash -n, fish -n where installed)",
          arguments: [("/usr/bin/zsh", "_bmctl.zsh"), ("/usr/bin/bash", "bmctl.bash"), ("/usr/bin/fish", "bmctl.fish")])
    func snapshotsParse(shell: String, file: String) throws {
        guard FileManager.default.isExecutableFile(atPath: shell) else { return }
        let read = try Self.parses(shell, Self.snapshots.appendingPathComponent(file))
        #expect(read.status == 0 && read.err.isEmpty, "\(shell) -n \(file): \(read.err)")
    }

    /// `zsh -n` reads `local -ar _on|off=(…)` as a pipeline, which parses: each list the
    /// script keeps in a variable must have a name zsh takes, or Tab runs `off` as a command.
    @Test("every list the zsh script keeps is in a variable zsh can name, in the pinned script and in what bmctl writes")
    func zshListNames() throws {
        let pinned = try String(contentsOf: Self.snapshots.appendingPathComponent("_bmctl.zsh"), encoding: .utf8)
        for script in [pinned, Self.script("zsh")] {
            let names = script.split(separator: "\n").compactMap { line -> Substring? in
                let text = line.drop(while: { $0 == " " })
                guard text.hasPrefix("local -ar "), let equals = text.firstIndex(of: "=") else { return nil }
                return text[text.index(text.startIndex, offsetBy: "local -ar ".count)..<equals]
            }
            #expect(names.count > 5)
            for name in names {
                #expect(name.wholeMatch(of: /[A-Za-z_][A-Za-z0-9_]*/) != nil, "local -ar \(name)")
            }
            #expect(script.contains("local -ar _on_off_test_sound_keep=('on' 'off' 'test' 'sound' 'keep')"))
            #expect(script.contains("{__bmctl_complete \"${_on_off_test_sound_keep[@]}\"}"))
        }
    }

    @Test("every shell completes --format's values and asks bmctl for routines and tasks", arguments: ["bash", "zsh", "fish"])
    func whatIsCompleted(shell: String) {
        let script = Self.script(shell)
        for format in ["waybar", "i3blocks", "polybar", "csv"] { #expect(script.contains(format), "\(shell): \(format)") }
        for command in ["activate", "explore", "restart", "delete", "week", "stats", "history", "check", "uncheck"] {
            #expect(script.contains("---completion \(command) -- positional@0"), "\(shell): \(command)")
        }
        #expect(script.contains("---completion day -- --routine"), "\(shell): day --routine")
    }

    static let explore = ok(#"{"routines":[{"id":"franklin","name":"Benjamin Franklin","bio":"","source":"","tasks":[]},"#
                            + #"{"id":"murakami","name":"Haruki Murakami","bio":"","source":"","tasks":[]}]}"#)
    static let data = ok(#"{"cards":[{"routine":"Early riser","routineId":"early-riser","type":"custom","active":true,"#
                         + #""week":{"routine":"Early riser","routineId":"early-riser","total":2,"weekStart":"2026-11-23","#
                         + #""today":"2026-11-24","days":[]}}]}"#)

    /// The candidates bmctl prints when a shell completes `argument` of `command` with
    /// `typed` so far.
    ///
    /// ArgumentParser formats them for the shell it last wrote a script for or was told
    /// of, a setting of the whole process: for zsh it adds a last line of one space, which
    /// the zsh script takes away again. The shells run a new bmctl each time and say which
    /// they are; these tests run bmctl in one process beside the tests that write the
    /// scripts, so that line is taken away here, as zsh does.
    static func complete(_ command: [String], _ argument: String, _ typed: String) -> Run {
        var run = rawComplete(command, argument, typed)
        if run.out.hasSuffix("\n \n") { run.out.removeLast(2) }
        return run
    }

    private static func rawComplete(_ command: [String], _ argument: String, _ typed: String) -> Run {
        let words = ["bmctl"] + command + [typed]
        return bmctl(["---completion"] + command + ["--", argument, String(words.count - 1), String(typed.count)] + words,
                     replies: ["Explore": [explore], "Data": [data],
                               "Day": [ok(#"{"date":"2026-11-24","routine":"Early riser","routineId":"early-riser","mode":"today","#
                                          + #""completed":0,"total":2,"tasks":[{"position":1,"time":"06:00","title":"Run","#
                                          + #""state":"untouched"},{"position":2,"time":"06:30","title":"Read","state":"untouched"}]}"#)]],
                     stdinIsTerminal: false)
    }

    @Test("activate completes the catalog's ids and yours, from what is typed")
    func activateIDs() {
        #expect(Self.complete(["activate"], "positional@0", "").out == "franklin\nmurakami\nearly-riser\n")
        let typed = Self.complete(["activate"], "positional@0", "mu")
        #expect(typed.status == 0)
        #expect(typed.out == "murakami\n")
    }

    @Test("delete, restart, week, stats, history and day --routine complete only your routines",
          arguments: [(["delete"], "positional@0"), (["restart"], "positional@0"), (["week"], "positional@0"),
                      (["stats"], "positional@0"), (["history"], "positional@0"), (["day"], "--routine")])
    func storedIDs(command: [String], argument: String) {
        let run = Self.complete(command, argument, "")
        #expect(run.out == "early-riser\n")
        #expect(run.calls.allSatisfy { $0.contains("Morning.Data") })
    }

    @Test("check and uncheck complete today's task positions and titles", arguments: ["check", "uncheck"])
    func tasks(command: String) {
        #expect(Self.complete([command], "positional@0", "").out == "1\n2\nRun\nRead\n")
        #expect(Self.complete([command], "positional@0", "R").out == "Run\nRead\n")
    }

    @Test("with bmd not answering there is nothing to complete, and bmd is not started")
    func noDaemon() {
        let run = bmctl(["---completion", "delete", "--", "positional@0", "2", "0", "bmctl", "delete", ""],
                        failure: .unreachable("no bmd"))
        #expect(run.status == 0)
        #expect(run.out.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        #expect(run.endpoints.allSatisfy { !$0.autostart })
    }

    @Test("--format's values are checked: a bar bmctl does not know is a usage error naming the choices")
    func formatChecked() {
        let run = bmctl(["status", "--format", "dzen"])
        #expect(run.status == 2)
        #expect(run.err.contains("'dzen'"))
        #expect(run.err.contains("text") && run.err.contains("waybar") && run.err.contains("i3blocks") && run.err.contains("polybar"))
        #expect(run.calls.isEmpty)
    }
}

/// How candidates are written for each shell's script, and how typed text is read.
@Suite struct CompletionWordTests {
    @Test("for bash, every character but letters, digits and spaces is escaped, so compgen's expansion gives the title back")
    func bash() {
        #expect(CompletionWord.written(["Plan the day's business"], for: .bash) == [#"Plan the day\'s business"#])
        #expect(CompletionWord.bashEscaped(#"Pay $5 (cash), "now""#) == #"Pay \$5 \(cash\)\, \"now\""#)
        #expect(CompletionWord.bashEscaped("Café — thé") == "Café — thé")
    }

    @Test("for zsh, colons and backslashes are escaped, so _describe takes no part of a title for a description")
    func zsh() {
        #expect(CompletionWord.written(["Read: Seneca", #"a\b"#], for: .zsh) == [#"Read\: Seneca"#, #"a\\b"#])
    }

    @Test("for fish, and an unknown shell, candidates go as they are")
    func fish() {
        #expect(CompletionWord.written(["Plan the day's business: all"], for: .fish) == ["Plan the day's business: all"])
        #expect(CompletionWord.written(["day's"], for: nil) == ["day's"])
    }

    @Test("what is typed is read as the shell reads it: backslashes and quotes taken away")
    func typed() {
        #expect(CompletionWord.unquoted(#"Plan\ the\ day\'s"#) == "Plan the day's")
        #expect(CompletionWord.unquoted("'Plan the") == "Plan the")
        #expect(CompletionWord.unquoted(#""Plan the day's"#) == "Plan the day's")
        #expect(CompletionWord.unquoted("Pl") == "Pl")
    }
}
