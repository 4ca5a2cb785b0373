import ArgumentParser
import MorningProtocol

extension BMCtl {
    /// `bmctl draft …`: writes a custom routine one step at a time, for scripts.
    struct Draft: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write your own routine step by step; bmd keeps the draft until you save it.",
            discussion: """
                bmd stores the draft after every change, so it survives bmctl and bmd being stopped; \
                `bmctl create` resumes it on a terminal. Tasks are always listed in time order. \
                Saving makes the routine your active one from tomorrow; it cannot be edited after that.
                """,
            subcommands: [Show.self, Title.self, Add.self, Remove.self, Save.self, Discard.self],
            defaultSubcommand: Show.self)
    }
}

extension BMCtl.Draft {
    /// `bmctl draft show`: the draft's title and tasks in time order.
    struct Show: ControlCommand {
        static let configuration = CommandConfiguration(abstract: "Show the draft: its title and its tasks in time order.")

        @OptionGroup var options: GlobalOptions

        func execute(in session: Session) throws(ControlFailure) {
            let draft = try session.call(Morning.Call.draftShow())
            if globals.json { return session.printJSON(draft) }
            session.say(DraftText.render(draft, style: session.style))
        }
    }

    /// `bmctl draft title TITLE`: names the draft, starting one if needed.
    struct Title: ControlCommand {
        static let configuration = CommandConfiguration(abstract: "Give the draft its title (1 to 20 characters).")

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp("The routine's title; several words need no quotes.", valueName: "title"))
        var words: [String] = []

        func validate() throws {
            if words.isEmpty { throw ValidationError("give the title, such as `bmctl draft title My morning`") }
        }

        func execute(in session: Session) throws(ControlFailure) {
            try TitleArgument.check(words.joined(separator: " "), .routine)
            let draft = try session.call(Morning.Call.draftTitle(title: words.joined(separator: " ")))
            if globals.json { return session.printJSON(draft) }
            session.say(DraftText.titled(draft, style: session.style))
        }
    }

    /// `bmctl draft add TIME TITLE`: adds a task at its place in time order.
    struct Add: ControlCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a task to the draft (at most 20).",
            discussion: "The time is HH:MM or H:MM (24-hour) or 12-hour such as 6:45am or 6am, on the five-minute grid.")

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp("When: 06:45, 6:45, 6:45am, 6am …", valueName: "time"))
        var time: String

        @Argument(help: ArgumentHelp("What to do, 1 to 70 characters; several words need no quotes.", valueName: "title"))
        var words: [String] = []

        /// The time and title, with a separate `am`/`pm` word (`6:45 pm Run`) joined to the time.
        var task: (time: String, title: String) {
            TaskLine.split(([time] + words).joined(separator: " "))
        }

        func validate() throws {
            if task.title.isEmpty { throw ValidationError("give the task a title after its time, such as `bmctl draft add 06:45 Stretch`") }
        }

        func execute(in session: Session) throws(ControlFailure) {
            try TitleArgument.check(task.title, .task)
            let reply = try session.call(Morning.Call.draftAdd(time: task.time, title: task.title))
            if globals.json { return session.printJSON(reply) }
            session.say(DraftText.added(reply, style: session.style))
        }
    }

    /// `bmctl draft remove N`: removes a task from the draft, for good.
    struct Remove: ControlCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a task from the draft, for good.")

        @OptionGroup var options: GlobalOptions

        @Argument(help: ArgumentHelp("The task's number in `bmctl draft show`.", valueName: "n"))
        var position: Int

        func execute(in session: Session) throws(ControlFailure) {
            let reply = try session.call(Morning.Call.draftRemove(position: position))
            if globals.json { return session.printJSON(reply) }
            session.say(DraftText.removed(reply, style: session.style))
        }
    }

    /// `bmctl draft save`: the draft becomes a custom routine, active from tomorrow.
    struct Save: ControlCommand {
        static let configuration = CommandConfiguration(
            abstract: "Save the draft as your routine, active from tomorrow.",
            discussion: """
                If another routine is running, today is finished for it first: untouched tasks count as missed. \
                On a terminal bmctl asks first when today already has checks; scripts go on and say what ended.
                """)

        @OptionGroup var options: GlobalOptions

        @Flag(name: [.short, .long], help: "Do not ask before ending today of the routine that is running.")
        var yes = false

        func execute(in session: Session) throws(ControlFailure) {
            try DayEnding.confirmSwitch("Save the draft as your routine", verb: "save", yes: yes, in: session)
            let reply = try session.call(Morning.Call.draftSave())
            if globals.json { return session.printJSON(reply) }
            session.say(DraftText.saved(reply, style: session.style))
        }
    }

    /// `bmctl draft discard`: drops the draft.
    struct Discard: ControlCommand {
        static let configuration = CommandConfiguration(abstract: "Throw the draft away.")

        @OptionGroup var options: GlobalOptions

        func execute(in session: Session) throws(ControlFailure) {
            let draft = try session.call(Morning.Call.draftDiscard())
            if globals.json { return session.printJSON(draft) }
            session.say(DraftText.discarded(draft, style: session.style))
        }
    }
}
