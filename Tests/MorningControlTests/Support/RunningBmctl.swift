import MorningProtocol
import MorningClient
@testable import MorningControl

/// What one run of bmctl showed: its exit status, stdout, stderr and the calls it sent.
struct Run {
    var status: Int32
    var out: String
    var err: String
    /// Each call frame sent to the daemon, as JSON text without its NUL.
    var calls: [String]
    /// Where each call was sent.
    var endpoints: [Endpoint] = []
}

/// Captures a run's output; a class so the console's closures can append to it.
final class Transcript {
    var out = ""
    var err = ""
    var calls: [String] = []
    var endpoints: [Endpoint] = []
    var answers: [String]

    init(answers: [String]) { self.answers = answers }
}

/// The environment every test run starts from: a runtime folder and nothing else.
let baseEnvironment = ["XDG_RUNTIME_DIR": "/run/user/1000"]

/// Runs bmctl with `arguments` against a scripted daemon that answers every call with
/// `reply` (a varlink reply object as JSON text), or fails with `failure` if given.
func bmctl(
    _ arguments: [String],
    reply: String = #"{"parameters":{}}"#,
    failure: ControlFailure? = nil,
    environment: [String: String] = baseEnvironment,
    stdoutIsTerminal: Bool = false,
    stdinIsTerminal: Bool = false,
    answers: [String] = [],
    columns: Int? = nil
) -> Run {
    let transcript = Transcript(answers: answers)
    let daemon = BmdExchange { call, endpoint throws(ControlFailure) in
        transcript.calls.append(String(decoding: call.dropLast(), as: UTF8.self))
        transcript.endpoints.append(endpoint)
        if let failure { throw failure }
        return Array(reply.utf8)
    }
    let status = BMCtlMain.run(arguments, context: context(transcript, environment: environment, daemon: daemon,
                                                           stdoutIsTerminal: stdoutIsTerminal,
                                                           stdinIsTerminal: stdinIsTerminal, columns: columns))
    return Run(status: status, out: transcript.out, err: transcript.err, calls: transcript.calls,
               endpoints: transcript.endpoints)
}

/// Runs bmctl with `arguments` against whatever listens on the real socket it is given.
func bmctlOverSocket(_ arguments: [String], environment: [String: String] = baseEnvironment) -> Run {
    let transcript = Transcript(answers: [])
    let daemon = BmdExchange.following(environment: Environment(environment), notice: { transcript.err += $0 })
    let status = BMCtlMain.run(arguments, context: context(transcript, environment: environment, daemon: daemon,
                                                           stdoutIsTerminal: false, stdinIsTerminal: false))
    return Run(status: status, out: transcript.out, err: transcript.err, calls: [])
}

private func context(_ transcript: Transcript, environment: [String: String], daemon: BmdExchange,
                     stdoutIsTerminal: Bool, stdinIsTerminal: Bool, columns: Int? = nil) -> Context {
    let console = Console(
        write: { transcript.out += $0 },
        writeError: { transcript.err += $0 },
        readLine: { transcript.answers.isEmpty ? nil : transcript.answers.removeFirst() },
        stdoutIsTerminal: stdoutIsTerminal,
        stdinIsTerminal: stdinIsTerminal,
        columns: columns,
        errorColumns: columns
    )
    return Context(environment: environment, console: console, daemon: daemon)
}

/// A successful reply frame carrying `parameters` (JSON text).
func ok(_ parameters: String) -> String { #"{"parameters":"# + parameters + "}" }

/// An error reply frame of org.bettermorning.Morning.`name` with `parameters` (JSON text).
func refusal(_ name: String, _ parameters: String = "{}") -> String {
    #"{"error":"org.bettermorning.Morning."# + name + #"","parameters":"# + parameters + "}"
}
