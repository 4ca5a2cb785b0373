import ArgumentParser
import MorningProtocol

extension BMCtl {
    /// `bmctl create`: a custom routine, asked for on a terminal or given in one go.
    struct Create: ControlCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create your own routine: asked for on a terminal, or given whole with --title and --task or --from.",
            discussion: """
                On a terminal with no options, bmctl asks for a title and the tasks, one at a time, and \
                resumes the draft left by an earlier run; every answer is kept by bmd at once. \
                A routine file (--from) has the title on its first line and one `TIME TITLE` task per line; \
                see better-morning-routine(5). The routine is active from tomorrow and cannot be edited \
                once saved. In scripts, `bmctl draft …` builds a routine step by step.
                """)

        @OptionGroup var options: GlobalOptions

        @Option(help: ArgumentHelp("The routine's title, 1 to 20 characters (with --task).", valueName: "title"))
        var title: String?

        @Option(name: .customLong("task"),
                help: ArgumentHelp("A task as \"TIME TITLE\", such as \"06:45 Stretch\" or \"6:45am Stretch\"; once per task.",
                                   valueName: "time title"))
        var tasks: [String] = []

        @Option(name: .customLong("from"),
                help: ArgumentHelp("Read the routine from a routine file; - reads stdin.", valueName: "file"))
        var file: String?

        func validate() throws {
            if file != nil, title != nil || !tasks.isEmpty {
                throw ValidationError("--from reads the title and the tasks from the file; leave out --title and --task")
            }
            if title != nil, tasks.isEmpty {
                throw ValidationError("a routine needs at least one task: add --task \"HH:MM Title\" for each")
            }
            if title == nil, !tasks.isEmpty {
                throw ValidationError("give the routine a title with --title")
            }
            for task in tasks where TaskLine.split(task).title.isEmpty {
                throw ValidationError("--task \"\(task)\" has no title; write it as \"HH:MM Title\", such as \"06:45 Stretch\"")
            }
        }

        func execute(in session: Session) throws(ControlFailure) {
            let reply: Morning.Activation
            if let file {
                let routineFile = try RoutineFileText.read(file, console: session.context.console)
                reply = try session.call(Morning.Call.createFromFile(text: routineFile.text), source: routineFile.source)
            } else if let title {
                let tasks = tasks.map(TaskLine.split).map { Morning.TaskTime(time: $0.time, title: $0.title) }
                try TitleArgument.check(title, .routine)
                for task in tasks { try TitleArgument.check(task.title, .task) }
                reply = try session.call(Morning.Call.create(title: title, tasks: tasks))
            } else {
                guard session.context.console.stdinIsTerminal else {
                    throw .usage("create asks its questions on a terminal, and stdin is not one; in a script use "
                                 + "`bmctl draft title|add|remove|show|save|discard`, "
                                 + "`bmctl create --title TITLE --task \"HH:MM Title\" …` or `bmctl create --from FILE`")
                }
                reply = try CreatePrompts(session: session).run()
            }
            if globals.json { return session.printJSON(reply) }
            session.say(DraftText.saved(reply, style: session.style))
        }
    }
}
