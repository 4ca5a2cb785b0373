import ArgumentParser
import MorningProtocol

/// What `bmctl status` does.
extension StatusRequest {
    func check() throws(UsageError) {
        if format != nil && globals.json {
            throw UsageError("--format and --json cannot be combined")
        }
        if maxWidth < 5 { throw UsageError("--max-width takes a number of characters, 5 or more, not \(maxWidth)") }
    }

    func execute(in session: Session) throws(ControlFailure) {
        let bar = format
        guard follow else {
            let status = try session.call(Morning.Call.status())
            if globals.json { return session.printJSON(status) }
            if let bar { return session.write(BarText.render(status, format: bar, following: false, maxWidth: maxWidth)) }
            return session.say(StatusText.render(status, style: session.style))
        }
        try StatusFollower(json: globals.json, format: bar ?? .text, maxWidth: maxWidth).run(in: session)
    }
}

/// The values of `--format`, which ArgumentParser checks and the shells complete.
extension BarText.Format: ExpressibleByArgument {}
