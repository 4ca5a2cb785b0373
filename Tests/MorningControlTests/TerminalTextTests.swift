import MorningProtocol
import Testing
@testable import MorningControl

/// Text that fits the terminal: errors and questions wrapped, continuations kept under
/// their text, the app's date row and Explore list at any size.
@Suite struct TerminalTextTests {
    @Test("a task line broken at 40 columns goes on under its title, not at the line's start")
    func taskLineKeepsIndent() {
        let wrapped = Text.wrap("  ✓ 1  05:00  Get up when your servant calls and wash", width: 40)
        #expect(wrapped == "  ✓ 1  05:00  Get up when your servant\n              calls and wash")
        // Prose has no columns: it goes on at its own indent.
        #expect(Text.wrap("  one two three four five six seven eight nine ten", width: 20)
                == "  one two three four\n  five six seven\n  eight nine ten")
    }

    @Test("an error on a 40-column terminal is wrapped between words, its lines under the message")
    func errorWrapped() {
        let run = bmctl(["activate", "nosuch"], reply: refusal("RoutineNotFound", #"{"query":"nosuch"}"#), columns: 40)
        #expect(run.status == 1)
        let lines = run.err.split(separator: "\n")
        #expect(lines.count > 1, "\(run.err)")
        for line in lines { #expect(line.count <= 40, "\(line)") }
        #expect(lines[0].hasPrefix("bmctl: "))
        for line in lines.dropFirst() { #expect(line.hasPrefix("       ") && !line.hasPrefix("        "), "\(line)") }
        // Without a terminal, one line as before.
        #expect(bmctl(["activate", "nosuch"], reply: refusal("RoutineNotFound", #"{"query":"nosuch"}"#)).err
                    .split(separator: "\n").count == 1)
    }

    static let stats = DayEndingTests.stats("Benjamin Franklin", id: "benjamin-franklin", active: true, days: 12)

    @Test("a [y/N] question on a 40-column terminal is wrapped between words")
    func questionWrapped() {
        let run = bmctl(["delete", "franklin"], reply: Self.stats, stdinIsTerminal: true, answers: ["n"], columns: 40)
        #expect(run.status == 1)
        // The answer typed would end the question's line; here nothing echoes it.
        let question = (run.err.components(separatedBy: "[y/N] ").first ?? "") + "[y/N]"
        let lines = question.split(separator: "\n")
        #expect(lines.count > 1, "\(run.err)")
        for line in lines { #expect(line.count <= 40, "\(line)") }
        #expect(lines.first == "Delete Benjamin Franklin, your active", "\(run.err)")
    }

    @Test("delete with a wrong name and no terminal says the name is wrong, not that --yes is missing")
    func deleteWrongNameFirst() {
        let run = bmctl(["delete", "nosuch"], reply: ok(#"{"routines":[]}"#))
        #expect(run.status == 1)
        #expect(run.err.contains("nosuch"), "\(run.err)")
        #expect(!run.err.contains("--yes"), "\(run.err)")
        #expect(run.calls.allSatisfy { !$0.contains("Morning.Delete") })
        // A name that is found: then --yes is what is missing.
        let found = bmctl(["delete", "franklin"], reply: Self.stats)
        #expect(found.status == 1 && found.err.contains("--yes"), "\(found.err)")
    }

    @Test("the date row shows whole dates, none run together or cut, at every width from 60 to 200")
    func dateRowFits() {
        let model = AppTests.running()
        for width in 60...200 {
            let row = AppTests.screen(model, width: width)[4]
            #expect(AppScreen.columns(row) <= width, "\(width): \(row)")
            // Every date is a whole "Sat 21 Nov", set apart from the next by a space at least.
            let labels = row.split(separator: " ", omittingEmptySubsequences: true)
                .filter { $0 != "‹" && $0 != "›" }
            #expect(labels.count % 3 == 0, "\(width): \(row)")
            #expect(row.contains("[Mon 23 Nov]"), "\(width): \(row)")
            #expect(!row.contains("][") && !row.contains("Nov[") && !row.contains("]Tue"), "\(width): \(row)")
            let shown = labels.count / 3
            #expect(shown >= 4, "\(width): only \(shown) dates: \(row)")
        }
        // At 120 the sixth date is not cut in half: five whole ones, then ›.
        let row = AppTests.screen(model, width: 120)[4]
        #expect(row.hasSuffix("Wed 25 Nov    ›") || row.hasSuffix("›"), "\(row)")
        #expect(!row.contains("Thu 26 "))
    }

    @Test("Explore says how many routines lie below the fold, and not when all fit")
    func exploreMoreBelow() {
        var model = AppTests.running()
        _ = model.handle(.character("1"))
        let many = (1...30).map { n in
            Morning.CatalogRoutine(id: "r\(n)", name: "Routine \(n)", bio: "", source: "", tasks: [.init(time: "06:00", title: "Up")])
        }
        model.show(catalog: many)
        let lines = AppTests.screen(model)
        #expect(lines.count == 24)
        let sign = lines.first { $0.contains("more below") }
        let shown = lines.filter { $0.hasPrefix("   r") || $0.hasPrefix(" › r") }.count
        #expect(sign == "   ↓ \(30 - shown) more below", "\(lines)")
        model.show(catalog: Array(many.prefix(3)))
        #expect(!AppTests.screen(model).contains { $0.contains("more below") })
    }
}
