import MorningClient
import MorningProtocol

/// One command's view of the run: its global options, the console and bmd.
struct Session {
    var globals: Globals
    var context: Context

    var style: Style { context.style }
    var locale: String? { context.locale }

    /// Makes `request` of bmd and reads its reply.
    ///
    /// A varlink error becomes the matching `Refusal`; `verb` names the command's
    /// action for errors that mention it ("restart", "delete", "show"), and `source` the
    /// routine file a `RoutineFileError` is about.
    func call<R: JSONCodable>(_ request: VarlinkRequest<R>, verb: String = "show", source: String? = nil) throws(ControlFailure) -> R {
        try call(request, verb: verb, source: source, suggesting: true)
    }

    /// The same; `suggesting` looks up the routine an unknown name most likely meant.
    private func call<R: JSONCodable>(_ request: VarlinkRequest<R>, verb: String, source: String?,
                                      suggesting: Bool) throws(ControlFailure) -> R {
        let endpoint = globals.endpoint(in: context.environment)
        let frame = try context.daemon.exchange(request.call.frame, endpoint)
        return try read(frame, as: R.self, from: endpoint, verb: verb, source: source, suggesting: suggesting)
    }

    /// Makes `request` with `more` and hands each reply to `each` as it comes: a status
    /// bar follows the morning this way.
    func follow<R: JSONCodable>(_ request: VarlinkRequest<R>, each: (R) -> Void) throws(ControlFailure) {
        let endpoint = globals.endpoint(in: context.environment)
        try context.daemon.follow(request.more.call.frame, endpoint) { frame throws(ControlFailure) in
            each(try read(frame, as: R.self, from: endpoint, verb: "show", source: nil, suggesting: false))
        }
    }

    /// The reply in `frame` as `R`, or the failure its error means.
    private func read<R: JSONCodable>(_ frame: [UInt8], as: R.Type, from endpoint: Endpoint, verb: String,
                                      source: String?, suggesting: Bool) throws(ControlFailure) -> R {
        var reply: VarlinkReply
        do {
            reply = try VarlinkReply(frame: frame)
        } catch {
            throw unreadable(endpoint, error)
        }
        // The one door by which text from the socket reaches any surface.
        reply.error = reply.error.map(ReceivedText.visible)
        reply.parameters = ReceivedText.visible(reply.parameters)
        if let name = reply.error {
            if suggesting, let error = try? Morning.Error(name: name, parameters: reply.parameters) {
                if case .routineNotFound(let query) = error { throw routineNotFound(query) }
                if case .notStarted(let routine, let start) = error { throw notStarted(routine, start: start) }
            }
            throw Refusal.failure(error: name, parameters: reply.parameters, verb: verb, source: source)
        }
        do {
            return try reply.parameters(R.self)
        } catch {
            throw unreadable(endpoint, error)
        }
    }

    /// The refusal for a routine name that matches nothing, with the routine it most
    /// likely meant (a letter missed, added, changed or two swapped) when there is one:
    /// asked of bmd, among the famous routines and yours.
    func routineNotFound(_ query: String) -> ControlFailure {
        var ids: [String] = [], names: [String] = []
        if let catalog = try? call(Morning.Call.explore(), verb: "show", source: nil, suggesting: false) {
            ids += catalog.routines.map(\.id)
            names += catalog.routines.map(\.name)
        }
        if let data = try? call(Morning.Call.data(), verb: "show", source: nil, suggesting: false) {
            ids += data.cards.map(\.routineId)
            names += data.cards.map(\.routine)
        }
        let near = CommandNames.nearest(to: query, in: ids.map { $0.lowercased() })
            ?? CommandNames.nearest(to: query, in: names.map { $0.lowercased() }).flatMap { found in
                names.firstIndex { $0.lowercased() == found }.map { ids[$0] }
            }
        return .refused(Refusal.routineNotFound(query, suggesting: near))
    }

    /// The refusal for a day before the routine starts, said from bmd's today (asked of
    /// it, as the refusal carries the start alone): "tomorrow" only when it is.
    func notStarted(_ routine: String, start: String) -> ControlFailure {
        let today = (try? call(Morning.Call.status(), verb: "show", source: nil, suggesting: false))?.date
        return .refused(Refusal.notStarted(routine, start: start, today: today))
    }

    /// A reply that is not what this bmctl expects, most likely from a bmd of another version.
    private func unreadable(_ endpoint: Endpoint, _ error: any Error) -> ControlFailure {
        .unreachable("bmd at \(endpoint.path) sent a reply bmctl cannot read (\(Session.describe(error))); "
                     + "are bmd and bmctl the same version?")
    }

    /// The field at fault and why, instead of DecodingError's full dump.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        let context: DecodingError.Context
        switch error {
        case .keyNotFound(let key, let c): return "missing " + (c.codingPath + [key]).map(\.stringValue).joined(separator: ".")
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .dataCorrupted(let c): context = c
        @unknown default: return "\(error)"
        }
        let path = context.codingPath.map(\.stringValue).joined(separator: ".")
        return (path.isEmpty ? "" : path + ": ") + context.debugDescription
    }

    /// Writes `text` to stdout, wrapped between words at the terminal's width.
    func say(_ text: String) { context.console.say(text) }

    /// Writes `text` to stdout exactly as it is: data for programs (an export, a bar's
    /// line), which a break between words would change.
    func write(_ text: String) { context.console.write(text) }

    /// How most commands end: `reply` as one JSON document with --json, otherwise the text
    /// `render` makes of it in this run's style, wrapped to the terminal.
    func answer<R: JSONCodable>(_ reply: R, _ render: (R, Style) -> String) {
        if globals.json { return printJSON(reply) }
        say(render(reply, style))
    }

    /// Writes `value` as one JSON document: indented for a person at a terminal, one line for a pipe.
    func printJSON(_ value: some JSONCodable) { printJSON(value.json) }

    /// Writes `values` as one JSON array.
    func printJSON(_ values: [some JSONCodable]) { printJSON(.array(values.map(\.json))) }

    func printJSON(_ json: JSONValue) {
        context.console.write(String(decoding: json.text(pretty: context.console.stdoutIsTerminal), as: UTF8.self) + "\n")
    }
}
