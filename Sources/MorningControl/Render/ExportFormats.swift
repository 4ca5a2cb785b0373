import MorningProtocol

/// The two forms of a whole export, JSON and CSV, as bmctl(1) describes them (one
/// routine as a calendar is `CalendarText`).
enum ExportFormats {
    /// The export document as one line of JSON, keys sorted: the form `bmctl import` reads.
    static func json(_ document: Morning.ExportDocument) -> String {
        // Encoding the protocol's own value types cannot fail.
        String(decoding: document.json.text(), as: UTF8.self) + "\n"
    }

    static let csvHeader = ["routine_id", "routine", "type", "date", "position", "time", "task", "state"]

    /// One row per task per day, finished days first then the day in progress, routines
    /// in data-card order; `state` is done or missed, and untouched on a day in progress.
    /// RFC 4180 quoting, lines ended by LF.
    static func csv(_ document: Morning.ExportDocument) -> String {
        var out = csvHeader.joined(separator: ",") + "\n"
        for routine in document.routines {
            for (days, notDone) in [(routine.days, "missed"), (routine.open, "untouched")] {
                for day in days {
                    let done = Set(day.done)
                    for (offset, task) in routine.tasks.enumerated() {
                        let position = offset + 1
                        let fields = [routine.id, routine.name, routine.type.rawValue, day.date, String(position),
                                      task.time, task.title, done.contains(position) ? "done" : notDone]
                        out += fields.map(csvField).joined(separator: ",") + "\n"
                    }
                }
            }
        }
        return out
    }

    /// A field as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break.
    ///
    /// A spreadsheet runs a cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage
    /// return as a formula, and a routine's title is whatever its author typed: such a
    /// cell is written after an apostrophe, which spreadsheets show as text and do not run.
    static func csvField(_ text: String) -> String {
        var text = text
        if let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) { text = "'" + text }
        // By scalar: "\r\n" is one Character, equal to neither "\r" nor "\n".
        guard text.unicodeScalars.contains(where: { ",\"\r\n".unicodeScalars.contains($0) }) else { return text }
        var quoted = "\""
        for character in text {
            if character == "\"" { quoted.append("\"") }
            quoted.append(character)
        }
        return quoted + "\""
    }
}
