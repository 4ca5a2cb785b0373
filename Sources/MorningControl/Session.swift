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
        let endpoint = globals.endpoint(in: context.environment)
        let frame = try context.daemon.exchange(request.call.frame, endpoint)
        return try read(frame, as: R.self, from: endpoint, verb: verb, source: source)
    }

    /// Makes `request` with `more` and hands each reply to `each` as it comes: a status
    /// bar follows the morning this way.
    func follow<R: JSONCodable>(_ request: VarlinkRequest<R>, each: (R) -> Void) throws(ControlFailure) {
        let endpoint = globals.endpoint(in: context.environment)
        try context.daemon.follow(request.more.call.frame, endpoint) { frame throws(ControlFailure) in
            each(try read(frame, as: R.self, from: endpoint, verb: "show", source: nil))
        }
    }

    /// The reply in `frame` as `R`, or the failure its error means.
    private func read<R: JSONCodable>(_ frame: [UInt8], as: R.Type, from endpoint: Endpoint, verb: String,
                                      source: String?) throws(ControlFailure) -> R {
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
            throw Refusal.failure(error: name, parameters: reply.parameters, verb: verb, source: source)
        }
        do {
            return try reply.parameters(R.self)
        } catch {
            throw unreadable(endpoint, error)
        }
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
