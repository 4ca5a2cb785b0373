import MorningProtocol

/// The exit statuses of the scripting contract.
public enum ExitStatus: Int32, Sendable {
    case success = 0
    /// The daemon refused the request, or the user declined or omitted confirmation.
    case refused = 1
    /// The command line is wrong: unknown command or option, or a bad argument.
    case usage = 2
    /// The daemon could not be reached.
    case unreachable = 3
}

/// Why a run of bmctl ends without doing what was asked.
///
/// `message` goes to stderr after `bmctl: `; `status` is the exit status.
struct ControlFailure: Error, Equatable {
    var message: String
    var status: ExitStatus
    /// Whether the same request is worth making again in a moment (bmd is at a limit that
    /// frees itself): a status bar waits and follows then, rather than end.
    var retryLater = false
    /// The draft as bmd holds it now, when the failure is that it changed elsewhere: the
    /// create questions go on from it.
    var draftNow: Morning.Draft?

    /// A failure that says `message`, whose control characters (it may quote what the
    /// socket sent, or a decoding error about it) are made visible wherever it is shown.
    init(message: String, status: ExitStatus, retryLater: Bool = false) {
        self.message = ReceivedText.visible(message)
        self.status = status
        self.retryLater = retryLater
    }

    static func refused(_ message: String) -> ControlFailure { ControlFailure(message: message, status: .refused) }
    static func usage(_ message: String) -> ControlFailure { ControlFailure(message: message, status: .usage) }
    static func unreachable(_ message: String) -> ControlFailure { ControlFailure(message: message, status: .unreachable) }
}
