/// A custom routine written as plain text, for `bmctl create --from FILE`.
///
/// The format, documented in better-morning-routine(5): the first line is the routine's
/// title, every later line is one task as `TIME TITLE`; lines whose first non-blank
/// character is `#` are comments, and blank lines are skipped. Every problem is
/// reported with the number of the line it is on.
public struct RoutineFile: Hashable, Sendable {
    public var title: String
    /// In time order.
    public var tasks: [RoutineTask]

    public static func parse(_ text: String) throws -> RoutineFile {
        // Some editors start a UTF-8 file with a byte-order mark: it is not part of the title.
        var text = Substring(text)
        if text.unicodeScalars.first == "\u{FEFF}" { text = Substring(text.unicodeScalars.dropFirst()) }
        var title: String?
        var tasks: [RoutineTask] = []
        // `\.isNewline`, not "\n": Swift reads "\r\n" as one Character.
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        if lines.last?.isEmpty == true { lines.removeLast() }   // the newline that ends the last line
        for (offset, raw) in lines.enumerated() {
            let line = String(raw).trimmingWhitespace
            if line.isEmpty || line.hasPrefix("#") { continue }
            do {
                if title == nil {
                    title = try titleLine(line)
                } else {
                    guard tasks.count < Limits.taskCount.upperBound else {
                        throw Morning.Error.draftFull(limit: Limits.taskCount.upperBound)
                    }
                    tasks.append(try taskLine(line))
                }
            } catch let error as Morning.Error {
                throw Morning.Error.routineFileError(line: offset + 1, reason: error.reason)
            }
        }
        guard let title else {
            throw Morning.Error.routineFileError(line: max(lines.count, 1),
                                           reason: "the file has no title; its first line is the routine's title")
        }
        guard !tasks.isEmpty else {
            throw Morning.Error.routineFileError(line: lines.count,
                                           reason: "the file has no task; a routine needs at least one, as TIME TITLE lines after the title")
        }
        return RoutineFile(title: title, tasks: Routine.sorted(tasks))
    }

    private static func titleLine(_ line: String) throws -> String {
        // A file that starts with a task most likely forgot its title line. Only a clock
        // time with a colon counts, so that a title such as "5am Club" stays a title.
        let first = TaskLine.split(line).time
        if first.contains(":"), (try? TimeOfDay.parse(first)) != nil {
            throw Morning.Error.invalidRoutine(reason: "the first line is the routine's title, not a task; put a title above the tasks")
        }
        try Book.validate(name: line)
        return line
    }

    private static func taskLine(_ line: String) throws -> RoutineTask {
        let (timeText, title) = TaskLine.split(line)
        let time = try TimeOfDay.parse(timeText)
        guard !title.isEmpty else {
            throw Morning.Error.invalidRoutine(reason: "the task at \(time) has no title; a task line is TIME TITLE, such as 06:45 Stretch")
        }
        try Book.validate(taskTitle: title)
        return RoutineTask(time: time, title: title)
    }
}

extension Morning.Error {
    /// The refusal in words, for the errors a routine file can hold.
    var reason: String {
        switch self {
        case let .invalidRoutine(reason), let .routineFileError(_, reason): reason
        case let .invalidTime(text, earlier, later): Morning.Error.invalidTimeReason(text, earlier: earlier, later: later)
        case let .draftFull(limit): "the maximum of \(limit) tasks is reached"
        default: "\(self)"
        }
    }
}
