import Foundation
import Testing
@testable import CommandTable

@Suite("Reading a command table")
struct CommandTableTests {
    static let sample = """
        # The head of the file: a comment that belongs to nothing.

        # Shows the morning.
        #
        # First line of the discussion,
        # which goes on here.
        #
        # Second line.
        command status quick
            # Keep running.
            flag --follow
            # What a bar reads.
            option --format <format>: BarText.Format?
            # The widest text.
            option --max-width <n>: Int = BarText.defaultWidth

        # Marks a task done.
        command check -> CheckRequest(done: true) quick
            # The task.
            argument <task>: String? completes Completions.todaysTasks
            # The day.
            option --date <date>: String? completes "today" "yesterday"

        # Unmarks a task.
        command uncheck -> CheckRequest(done: false)
            like check

        # Writes a draft.
        group draft default show

        # Shows the draft.
        command draft show

        # Adds to the draft.
        command draft add
            # When.
            argument <time>: String
            # What, in words.
            argument <title> as words: [String]
            # Do not ask.
            flag -y, --yes
            # Write here.
            option -o, --output <file> as path: String?
        """

    @Test("Commands, groups, flags, options and arguments, with their help, types, defaults and completions")
    func everything() throws {
        let table = try CommandTable(parsing: Self.sample)
        #expect(table.commands.map(\.line) == ["status", "check", "uncheck", "draft show", "draft add"])
        guard case .group(let group) = table.entries[3] else { Issue.record("the fourth entry is not the group"); return }
        #expect(group.word == "draft" && group.defaultCommand == "show" && group.help.abstract == "Writes a draft.")

        let status = table.commands[0]
        #expect(status.help.abstract == "Shows the morning.")
        #expect(status.help.discussion == ["First line of the discussion, which goes on here.", "Second line."])
        #expect(status.quick && status.request == "StatusRequest" && status.constants.isEmpty)
        #expect(status.parameters.map(\.property) == ["follow", "format", "maxWidth"])
        #expect(status.parameters.map(\.kind) == [.flag, .option, .option])
        #expect(status.parameters[0].type == "Bool" && status.parameters[0].help == "Keep running.")
        #expect(status.parameters[1].type == "BarText.Format?" && status.parameters[1].valueType == "BarText.Format")
        #expect(status.parameters[2].long == "max-width" && status.parameters[2].valueName == "n")
        #expect(status.parameters[2].defaultValue == "BarText.defaultWidth")

        let check = table.commands[1], uncheck = table.commands[2]
        #expect(check.request == "CheckRequest" && check.constants == [.init(field: "done", value: "true")])
        #expect(check.parameters[0].kind == .argument && check.parameters[0].completion == .expression("Completions.todaysTasks"))
        #expect(check.parameters[1].completion == .words(["today", "yesterday"]))
        #expect(uncheck.parameters == check.parameters && !uncheck.quick)

        let add = table.commands[4]
        #expect(add.request == "DraftAddRequest")
        #expect(add.parameters.map(\.property) == ["time", "words", "yes", "path"])
        #expect(add.parameters[1].isArray && add.parameters[1].valueType == "String" && add.parameters[1].mayBeLeftOut)
        #expect(!add.parameters[0].mayBeLeftOut)
        #expect(add.parameters[2].short == "y" && add.parameters[3].short == "o" && add.parameters[3].long == "output")
    }

    @Test("A line outside the grammar is refused with its number and what to write",
          arguments: [
              ("# Help.\ncommand Status", 2, "lowercase words"),
              ("command status", 1, "needs a comment"),
              ("# Help.\ncommand status\n    flag --follow", 3, "needs a comment above it"),
              ("# Help.\ncommand status\n    # Help.\n    option --format: String", 4, "value's name"),
              ("# Help.\ncommand status\n    # Help.\n    option --format <f>", 4, "type after a colon"),
              ("# Help.\ncommand status\n    # Help.\n    argument <n|m>: Int", 4, "as NAME"),
              ("# Help.\ncommand draft add", 2, "not a group"),
              ("# Help.\ncommand status\n    like check", 3, "no command check"),
              ("# Help.\nflag --follow", 2, "not a declaration here"),
              ("# Help.\ncommand status\n# Help.\ncommand status", 4, "declared twice"),
              ("# Help.\ncommand s\n    # Help.\n    flag --yes\n    # Again.\n    flag --yes", 6, "declared twice"),
          ])
    func refusals(text: String, line: Int, words: String) {
        let error = #expect(throws: CommandTableError.self) { try CommandTable(parsing: text) }
        #expect(error?.line == line, "\(text)")
        #expect(error?.message.contains(words) == true, "\(error?.message ?? "no error")")
    }

    @Test("A group whose default is not one of its commands is refused")
    func groupDefault() {
        #expect(throws: CommandTableError.self) { try CommandTable(parsing: "# Help.\ngroup draft default show\n") }
    }
}
