import ArgumentParser
import Glibc
import MorningProtocol

/// `bmctl export --format json|csv|ics [ROUTINE] [--output FILE]`: everything, for backups and
/// spreadsheets, or one routine as a daily event for calendars.
extension ExportRequest {
    /// The values of `--format`.
    enum Format: String, ExpressibleByArgument, CaseIterable { case json, csv, ics }

    func check() throws(UsageError) {
        if routine != nil, format != .ics {
            throw UsageError("a routine is named only with --format ics; json and csv hold every routine")
        }
    }

    func execute(in session: Session) throws(ControlFailure) {
        if format == .ics { return try calendar(in: session) }
        let document = try session.call(Morning.Call.export()).document
        let text = format == .json ? ExportFormats.json(document) : ExportFormats.csv(document)
        guard let output, output != "-" else { return session.write(text) }
        try ExportFile.write(text, to: output)
        let summary = ExportSummary(file: output, format: format.rawValue, routines: document.routines.count,
                                    records: document.routines.reduce(0) { $0 + $1.days.count })
        if globals.json { return session.printJSON(summary.json) }
        session.say(Text.lines(["Exported \(Text.count(summary.routines, "routine")) and "
                                + "\(Text.count(summary.records, "day record")) to \(output)."]))
    }

    /// The named routine, or the active one, as an iCalendar daily event.
    private func calendar(in session: Session) throws(ControlFailure) {
        // bmd resolves the name first, by the same rules as every command.
        let id = try routine.map { name throws(ControlFailure) in try DayEnding.stored(name, verb: "export", in: session).routineId }
        let document = try session.call(Morning.Call.export()).document
        guard let chosen = document.routines.first(where: { candidate in id.map { candidate.id == $0 } ?? candidate.active }) else {
            if let routine { throw session.routineNotFound(routine) }
            throw .refused("no routine is active; name one, such as `bmctl export --format ics ROUTINE` "
                           + "(`bmctl data` lists yours)")
        }
        let text = CalendarText.render(chosen, stamp: time(nil))
        guard let output, output != "-" else { return session.write(text) }
        try ExportFile.write(text, to: output)
        let summary = ExportSummary(file: output, format: format.rawValue, routines: 1, records: chosen.days.count)
        if globals.json { return session.printJSON(summary.json) }
        session.say(Text.lines(["Exported \(chosen.name) as an event every day from \(chosen.startDate) to \(output)."]))
    }
}

/// `bmctl import FILE [--replace]`: restores a JSON export.
extension ImportRequest {
    func execute(in session: Session) throws(ControlFailure) {
        let bytes = try ExportFile.read(file)
        let document: Morning.ExportDocument
        do {
            document = try ExportFile.document(from: bytes)
        } catch {
            let hint = bytes.starts(with: Array("routine_id,".utf8)) ? " (a CSV export cannot be imported; use the JSON one)" : ""
            throw .refused("\(file) is not a Better Morning JSON export\(hint): \(Session.describe(error)); nothing was changed")
        }
        let request = Morning.Call.`import`(document: document, replace: replace)
        // The call as sent can be larger than the file (its wrapping, characters the
        // file held as they are and a call escapes): bmd would refuse it with a bare
        // protocol error, so it is refused here, in words.
        let size = request.call.frame.count
        guard size < ExportFile.sizeLimit else {
            throw .refused("\(file) makes a call of \(size) bytes, more than the \(ExportFile.sizeLimit >> 20) MiB "
                           + "bmd takes in one import; nothing was changed")
        }
        let reply = try session.call(request, verb: "import")
        if globals.json { return session.printJSON(reply) }
        session.say(Text.lines(["Imported \(Text.count(reply.routines, "routine")) and "
                                + "\(Text.count(reply.records, "day record")) from \(file)."]))
    }
}

/// What `export --output FILE --json` prints.
struct ExportSummary {
    var file: String
    var format: String
    var routines: Int
    var records: Int

    var json: JSONValue {
        .object([.init(key: "file", value: .string(file)), .init(key: "format", value: .string(format)),
                 .init(key: "routines", value: .int(routines)), .init(key: "records", value: .int(records))])
    }
}
