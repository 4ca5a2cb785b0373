import MorningProtocol

/// `bmctl create`: a custom routine, asked for on a terminal or given in one go.
extension CreateRequest {
    func check() throws(UsageError) {
        if file != nil, title != nil || !tasks.isEmpty {
            throw UsageError("--from reads the title and the tasks from the file; leave out --title and --task")
        }
        if title != nil, tasks.isEmpty {
            throw UsageError("a routine needs at least one task: add --task \"HH:MM Title\" for each")
        }
        if title == nil, !tasks.isEmpty {
            throw UsageError("give the routine a title with --title")
        }
        for task in tasks where TaskLine.split(task).title.isEmpty {
            throw UsageError("--task \"\(task)\" has no title; write it as \"HH:MM Title\", such as \"06:45 Stretch\"")
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
        session.answer(reply, DraftText.saved)
    }
}
