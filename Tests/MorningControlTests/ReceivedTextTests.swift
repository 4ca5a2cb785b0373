import Testing
import MorningProtocol
@testable import MorningControl

/// Text from the socket is text: whoever answers, bmctl prints no control character it
/// received, but shows each as `\u{1B}` and the like.
@Suite struct ReceivedTextTests {
    /// What a hostile answer puts in a name: clear the screen, ring the bell.
    static let hostile = "Tim \u{1B}[2J\u{07}Cook"
    static let shown = #"Tim \u{1B}[2J\u{7}Cook"#

    static func text<T: JSONCodable>(_ value: T) -> String { String(decoding: value.json.text(), as: UTF8.self) }

    static var status: Morning.StatusReply {
        var status = Sample.running
        status.routine?.name = hostile
        status.currentTask?.title = hostile
        status.now?.task?.title = hostile
        return status
    }

    /// Neither the escape character nor the bell, anywhere in `output`.
    static func clean(_ output: String) -> Bool {
        !output.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" }
    }

    @Test("status over a real socket: the reply's ESC [ 2 J and BEL are shown, not sent to the terminal")
    func statusOverSocket() {
        let responder = Responder(reply: ok(Self.text(Self.status)))
        let run = bmctlOverSocket(["status", "--socket", responder.path, "--no-autostart"])
        _ = responder.received()
        #expect(run.status == 0, "\(run.err)")
        #expect(Self.clean(run.out) && Self.clean(run.err))
        #expect(run.out.contains(Self.shown), "\(run.out)")
    }

    @Test("every bar format shows the control characters of a title, and sends none to the bar")
    func bars() {
        for format in BarText.Format.allCases {
            let run = bmctl(["status", "--format", format.rawValue], reply: ok(Self.text(Self.status)))
            #expect(run.status == 0, "\(format): \(run.err)")
            #expect(Self.clean(run.out), "\(format): \(run.out)")
            // waybar reads JSON, in which the backslash is written twice.
            let shown = format == .waybar ? #"\\u{1B}[2J\\u{7}"# : #"\u{1B}[2J\u{7}"#
            #expect(run.out.contains(shown), "\(format): \(run.out)")
        }
    }

    @Test("--json stays one valid JSON document, with no raw control character in it")
    func json() throws {
        let run = bmctl(["status", "--json"], reply: ok(Self.text(Self.status)))
        #expect(run.status == 0)
        #expect(Self.clean(run.out))
        let document = try JSONValue.parse(Array(run.out.utf8))
        #expect(document["routine"]?["name"] == .string(Self.shown))
    }

    @Test("day, explore and the week show what they received as visible text")
    func otherSurfaces() {
        var day = AppTests.day("2026-11-23", .today)
        day.routine = Self.hostile
        day.tasks[0].title = Self.hostile
        let dayRun = bmctl(["day"], reply: ok(Self.text(day)))
        #expect(dayRun.status == 0 && Self.clean(dayRun.out) && dayRun.out.contains(Self.shown), "\(dayRun.out)")

        var catalog = AppTabTests.catalog
        catalog[0].bio = "Apple's \u{1B}]0;owned\u{07} chief executive."
        let explore = bmctl(["explore", "tim"], reply: ok(Self.text(Morning.ExploreReply(routines: [catalog[0]]))))
        #expect(explore.status == 0 && Self.clean(explore.out), "\(explore.out)")
        #expect(explore.out.contains(#"\u{1B}]0;owned\u{7}"#), "\(explore.out)")

        var week = Sample.week
        week.routine = Self.hostile
        let weekRun = bmctl(["week"], reply: ok(Self.text(week)))
        #expect(weekRun.status == 0 && Self.clean(weekRun.out) && weekRun.out.contains(Self.shown), "\(weekRun.out)")
    }

    @Test("the terminal app's screen shows what it received as visible text")
    func app() throws {
        let transcript = Transcript(answers: [])
        let daemon = BmdExchange { _, _ throws(ControlFailure) in Array(ok(Self.text(Self.status)).utf8) }
        let console = Console(write: { transcript.out += $0 }, writeError: { transcript.err += $0 }, readLine: { nil },
                              stdoutIsTerminal: true, stdinIsTerminal: true)
        let session = Session(globals: Globals(), context: Context(environment: baseEnvironment, console: console, daemon: daemon))
        // The app reads bmd through the session, as every command does.
        var model = AppModel()
        _ = model.show(status: try session.call(Morning.Call.status()))
        let lines = AppScreen(width: 80, height: 24, style: .plain).lines(model)
        #expect(Self.clean(lines.joined()))
        #expect(lines.contains { $0.contains(Self.shown) }, "\(lines)")
    }

    @Test("bmd's refusals and an error bmctl does not know are shown with their control characters visible")
    func errors() {
        let refused = bmctl(["activate", "tim"], reply: refusal("AlreadyActive", #"{"routine":"Tim \u001b[2J\u0007Cook"}"#))
        #expect(refused.status == 1)
        #expect(Self.clean(refused.err) && refused.err.contains(Self.shown), "\(refused.err)")
        let unknown = bmctl(["status"], reply: #"{"error":"org.example.\u001b[2JGone\u0007"}"#)
        #expect(unknown.status == 1)
        #expect(unknown.err == #"bmctl: bmd: org.example.\u{1B}[2JGone\u{7}"# + "\n")
        // A reply bmctl cannot read names the field at fault, which the sender chose.
        let unreadable = bmctl(["status"], reply: #"{"parameters":{"phase\u001b[2J":1}}"#)
        #expect(unreadable.status == 3)
        #expect(Self.clean(unreadable.err), "\(unreadable.err)")
    }

    @Test("the C0 controls but newline and tab, DEL and the C1 controls are made visible; other text is kept")
    func visibleForm() {
        #expect(ReceivedText.visible("a\u{1B}b\u{7}c\u{0}d\r") == #"a\u{1B}b\u{7}c\u{0}d\u{D}"#)
        #expect(ReceivedText.visible("del\u{7F} csi\u{9B}2J nel\u{85}") == #"del\u{7F} csi\u{9B}2J nel\u{85}"#)
        #expect(ReceivedText.visible("two\nlines\tand a tab") == "two\nlines\tand a tab")
        #expect(ReceivedText.visible("Café ☀ 早上 \u{A0}·") == "Café ☀ 早上 \u{A0}·")
    }
}
