import ArgumentParser

/// A bmctl command: parsed by ArgumentParser, then run against a session.
///
/// Commands take their world as a parameter instead of ArgumentParser's `run()`, so
/// the same code runs against the real daemon and against a test's scripted one.
protocol ControlCommand: ParsableCommand {
    var globals: GlobalOptions { get }
    func execute(in session: Session) throws(ControlFailure)
}
