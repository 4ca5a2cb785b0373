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

/// A bmctl command as ArgumentParser reads it; it runs as a request.
protocol ControlCommand: ParsableCommand, Request {
    var options: GlobalOptions { get }
}

extension ControlCommand {
    var globals: Globals { options.values }
}

/// An everyday command, which QuickLine also reads: its work is a plain request, so
/// that both readers make the same one (and a test can compare them).
protocol EverydayCommand: ControlCommand {
    associatedtype Work: Request & Equatable
    var request: Work { get }
}

extension EverydayCommand {
    func validate() throws {
        do {
            try request.check()
        } catch {
            throw ValidationError(error.message)
        }
    }

    func execute(in session: Session) throws(ControlFailure) {
        try request.execute(in: session)
    }
}
