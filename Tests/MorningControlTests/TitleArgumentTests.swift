import Foundation
import Testing
@testable import MorningControl

/// A title far beyond any limit: bmd's frame limit would turn it into a
/// protocol error, so bmctl says "too long" itself and sends nothing.
@Suite("bmctl refuses titles far too long to send")
struct TitleArgumentTests {
    static let huge = String(repeating: "x", count: 64 * 1024)

    @Test("draft title, draft add and create --title/--task: 'too long', exit 1, no call", arguments: [
        ["draft", "title", huge],
        ["draft", "add", "06:00", huge],
        ["create", "--title", huge, "--task", "06:00 Run"],
        ["create", "--title", "Mine", "--task", "06:00 " + huge],
    ])
    func refused(_ arguments: [String]) {
        let run = bmctl(arguments, replies: [:], stdinIsTerminal: false)
        #expect(run.status == 1, "\(run.err)")
        #expect(run.err.contains("too long") && run.err.contains("65536"), "\(run.err.prefix(300))")
        #expect(run.err.count < 300)
        #expect(run.calls.isEmpty, "a 64 KiB title was sent to bmd")
    }

    @Test("create on a terminal: a 64 KiB title or task answer is 'too long' and asked again, never sent")
    func prompts() {
        let run = bmctl(["create"], replies: ["DraftShow": [ok(#"{"title":null,"tasks":[]}"#)]],
                        answers: [Self.huge, "Mine", "06:00 " + Self.huge])
        #expect(run.out.contains("too long") || run.err.contains("too long"), "\(run.out.prefix(300))")
        #expect(!run.calls.contains { $0.contains(Self.huge) }, "a 64 KiB answer was sent to bmd")
        #expect(run.calls.contains { $0.contains("DraftTitle") && $0.contains("Mine") })
    }
}
