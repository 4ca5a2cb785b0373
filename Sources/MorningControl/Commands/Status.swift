import ArgumentParser
import MorningProtocol

extension BMCtl {
    /// `bmctl status`: the morning at a glance.
    struct Status: EverydayCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show the active routine, today's progress, the current and next task, and the reminder.")

        @OptionGroup var options: GlobalOptions

        @Flag(help: "Keep running and print a new line whenever the status changes.")
        var follow = false

        @Option(help: ArgumentHelp("Print what a status bar reads: text, waybar, i3blocks or polybar.",
                                   valueName: "format"))
        var format: BarText.Format?

        @Option(name: .customLong("max-width"),
                help: ArgumentHelp("The most characters a bar's text takes; longer titles end in an ellipsis.",
                                   valueName: "n"))
        var maxWidth: Int = BarText.defaultWidth

        var request: StatusRequest { StatusRequest(globals: globals, follow: follow, format: format, maxWidth: maxWidth) }
    }
}

/// What `bmctl status` does.
struct StatusRequest: Request, Equatable {
    var globals: Globals
    var follow = false
    var format: BarText.Format?
    var maxWidth = BarText.defaultWidth

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
