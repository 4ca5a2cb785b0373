import ArgumentParser
import MorningProtocol

extension BMCtl {
    /// `bmctl data`: one card per stored routine with this week's chart.
    struct Data: EverydayCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show a card for each of your routines with this week's chart.")

        @OptionGroup var options: GlobalOptions

        var request: DataRequest { DataRequest(globals: globals) }
    }
}

/// What `bmctl data` does.
struct DataRequest: Request, Equatable {
    var globals: Globals

    func execute(in session: Session) throws(ControlFailure) {
        let reply = try session.call(Morning.Call.data(locale: session.locale))
        if globals.json { return session.printJSON(reply.cards) }
        session.write(DataText.render(reply.cards, style: session.style))
    }
}
