import MorningProtocol

/// One command's view of the run: its global options, the console and bmd.
struct Session {
    var globals: Globals
    var context: Context

    var style: Style { context.style }
    var locale: String? { context.locale }

    /// Calls `method` on bmd and decodes its reply as `R`.
    ///
    /// A varlink error becomes the matching `Refusal`; `verb` names the command's
    /// action for errors that mention it ("restart", "delete", "show"), and `source` the
    /// routine file a `RoutineFileError` is about.
    func call<R: JSONCodable>(_ method: Morning.Method, _ parameters: some JSONCodable = Empty(),
                            reply: R.Type, verb: String = "show", source: String? = nil) throws(ControlFailure) -> R {
        let endpoint = try Endpoint.resolve(globals, environment: context.environment)
        let frame = try context.daemon.exchange(Varlink.encodeCall(method: method.rawValue, parameters: parameters), endpoint)
        let answer: Varlink.Reply
        do {
            answer = try Varlink.decodeReply(frame)
        } catch {
            throw unreadable(endpoint, error)
        }
        if let name = answer.error {
            let details = (try? answer.parameters(Morning.ErrorParameters.self)) ?? Morning.ErrorParameters()
            throw Refusal.failure(error: name, parameters: details, verb: verb, source: source)
        }
        do {
            return try answer.parameters(R.self)
        } catch {
            throw unreadable(endpoint, error)
        }
    }

    /// Calls `method` with `more` and hands each decoded reply to `each` as it comes (L2).
    func follow<R: JSONCodable>(_ method: Morning.Method, _ parameters: some JSONCodable = Empty(),
                              reply: R.Type, each: (R) -> Void) throws(ControlFailure) {
        let endpoint = try Endpoint.resolve(globals, environment: context.environment)
        try context.daemon.follow(Varlink.encodeCall(method: method.rawValue, parameters: parameters, more: true), endpoint) { frame throws(ControlFailure) in
            let answer: Varlink.Reply
            do {
                answer = try Varlink.decodeReply(frame)
            } catch {
                throw unreadable(endpoint, error)
            }
            if let name = answer.error {
                let details = (try? answer.parameters(Morning.ErrorParameters.self)) ?? Morning.ErrorParameters()
                throw Refusal.failure(error: name, parameters: details, verb: "show")
            }
            do {
                each(try answer.parameters(R.self))
            } catch {
                throw unreadable(endpoint, error)
            }
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

    /// Writes `text` to stdout as it is.
    func say(_ text: String) { context.console.write(text) }

    /// Writes `value` as one JSON document: indented for a person at a terminal, one line for a pipe.
    func printJSON(_ value: some JSONCodable) { printJSON(value.json) }

    /// Writes `values` as one JSON array.
    func printJSON(_ values: [some JSONCodable]) { printJSON(.array(values)) }

    func printJSON(_ json: JSONValue) {
        context.console.write(String(decoding: json.text(pretty: context.console.stdoutIsTerminal), as: UTF8.self) + "\n")
    }
}
