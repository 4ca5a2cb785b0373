import ArgumentParser

/// One run's work, its options read: what bmctl was asked to do.
///
/// Requests take their world as a parameter instead of ArgumentParser's `run()`, so
/// the same code runs against the real daemon and against a test's scripted one.
protocol Request {
    var globals: Globals { get }
    /// Refuses options that do not go together, before anything is sent.
    func check() throws(UsageError)
    func execute(in session: Session) throws(ControlFailure)
}

extension Request {
    func check() throws(UsageError) {}
}

/// Why the options of a request do not go together; a usage error (exit status 2).
struct UsageError: Error, Equatable {
    var message: String
    init(_ message: String) { self.message = message }
}

/// A bmctl command as ArgumentParser reads it: its work is a plain request, the same one
/// QuickLine makes of an everyday line (and a test compares them). The commands are
/// written by `make generate` from bmctl.commands; what a request does is written by
/// hand, in an extension of it in this folder.
protocol ControlCommand: ParsableCommand {
    associatedtype Work: Request & Equatable
    var options: GlobalOptions { get }
    var request: Work { get }
}

extension ControlCommand {
    var globals: Globals { options.values }

    func validate() throws {
        do {
            try request.check()
        } catch {
            throw ValidationError(error.message)
        }
    }
}
