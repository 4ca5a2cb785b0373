import Testing

/// Before a command on a terminal bmctl asks bmd whether the welcome is pending with a
/// call that only reads; the call that takes the welcome (and may write) follows only
/// when it is.
@Suite struct WelcomeOfferTests {
    /// The method names of a run's calls, in order.
    private func methods(_ run: Run) -> [String] {
        run.calls.compactMap { call in
            call.range(of: #"org.bettermorning.Morning."#).map { start in
                String(call[start.upperBound...].prefix { $0 != "\"" })
            }
        }
    }

    // Rule W1.
    @Test("With the welcome shown already, a command on a terminal asks only the reading call, then runs")
    func nothingPendingTakesNothing() {
        let run = bmctl(["explore"], reply: #"{"parameters":{"pending":false,"routines":[]}}"#, stdoutIsTerminal: true)
        #expect(methods(run) == ["WelcomePending", "Explore"])
        #expect(!run.out.contains("Welcome to Better Morning"))
    }

    // Rule W1.
    @Test("With the welcome pending, a command on a terminal takes it, shows it, then runs")
    func pendingIsTakenAndShown() {
        let run = bmctl(["explore"], reply: #"{"parameters":{"pending":true,"routines":[]}}"#, stdoutIsTerminal: true)
        #expect(methods(run) == ["WelcomePending", "Welcome", "Explore"])
        #expect(run.out.contains("Welcome to Better Morning"))
    }

    // Rule W1.
    @Test("Without a terminal, or with --json, bmctl does not ask at all")
    func scriptsNeverAsk() {
        let reply = #"{"parameters":{"pending":true,"routines":[]}}"#
        #expect(methods(bmctl(["explore"], reply: reply)) == ["Explore"])
        #expect(methods(bmctl(["explore", "--json"], reply: reply, stdoutIsTerminal: true)) == ["Explore"])
    }
}
