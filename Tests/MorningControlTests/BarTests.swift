import Foundation
import MorningProtocol
import Testing
@testable import MorningControl

/// What each status bar reads (L1, L2): the task to do now, the time to the next one, each
/// bar's own conventions, and nothing at all when no routine is active.
@Suite("Status bars")
struct BarTests {
    static let long = "Prepare lectures and work on your books"

    /// Kant's morning at 05:40: the first task is done, the second still unchecked although
    /// the third has begun.
    static let behind = Morning.StatusReply(
        phase: .running, state: .behind, date: "2026-03-02", routine: Sample.timCook,
        today: .init(date: "2026-03-02", completed: 1, total: 6),
        currentTask: .init(position: 2, time: "05:05", title: "Drink tea", state: .untouched),
        nextTask: .init(position: 4, time: "07:00", title: "Give lectures", state: .untouched),
        now: .init(pace: .behind, task: .init(position: 2, time: "05:05", title: "Drink tea", state: .untouched),
                   nextTaskAt: "2026-03-02T07:00:00+01:00", minutesToNext: nil),
        behind: 1, nextReminder: nil, notifications: Sample.notificationsOn)

    static let upcoming = Morning.StatusReply(
        phase: .running, state: .beforeFirstTask, date: "2026-03-02", routine: Sample.timCook,
        today: .init(date: "2026-03-02", completed: 0, total: 6), currentTask: nil,
        nextTask: .init(position: 1, time: "06:45", title: "Stretch", state: .untouched),
        now: .init(pace: .upcoming, task: nil, nextTaskAt: "2026-03-02T06:45:00+01:00", minutesToNext: 12),
        behind: 0, nextReminder: nil, notifications: Sample.notificationsOn)

    /// The same morning with every task done, or over with some unchecked.
    static func ended(_ state: Morning.MorningState, completed: Int) -> Morning.StatusReply {
        var s = behind
        s.state = state
        s.today?.completed = completed
        s.now = .init(pace: state == .allDone ? .done : .finished, task: nil, nextTaskAt: nil, minutesToNext: nil)
        s.currentTask = nil
        s.nextTask = nil
        s.behind = 0
        return s
    }

    func object(_ line: String) throws -> [String: Any] {
        #expect(line.hasSuffix("\n") && line.dropLast().contains("\n") == false)
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    // Rule L1.
    @Test("the time to the next task in the text line and the tooltip: next 06:45 Stretch in 12 min")
    func timeToNext() throws {
        #expect(BarText.line(Self.upcoming).contains("next 06:45 Stretch in 12 min"))
        let waybar = try object(BarText.render(Self.upcoming, format: .waybar, following: true))
        #expect((waybar["tooltip"] as? String)?.contains("next 06:45 Stretch in 12 min") == true)
        // More than an hour off: the task's time alone.
        #expect(BarText.line(Self.behind).contains("next 07:00 Give lectures ·"))
        #expect(!BarText.line(Self.behind).contains(" in "))
        let status = StatusText.render(Self.upcoming, style: Style(colour: false))
        #expect(status.contains("06:45  Stretch in 12 min"))
    }

    @Test("waybar's tooltip gives each part of the summary a line, and a title with \" · \" in it stays whole")
    func tooltipLines() throws {
        var tea = Self.behind
        tea.now?.task?.title = "Tea · biscuits"
        let waybar = try object(BarText.render(tea, format: .waybar, following: false))
        #expect(waybar["tooltip"] as? String
                == "Tim Cook 1/6\nnow 05:05 Tea · biscuits\nnext 07:00 Give lectures\n1 behind")
        #expect(BarText.line(tea) == "Tim Cook 1/6 · now 05:05 Tea · biscuits · next 07:00 Give lectures · 1 behind")
    }

    // Rule L2.
    @Test("the bar shows the task to do now, else the next one, cut to --max-width with an ellipsis")
    func taskShown() {
        #expect(BarText.short(Self.behind) == "☀ 1/6 Drink tea")
        #expect(BarText.short(Self.upcoming) == "☀ 0/6 next 06:45 Stretch")
        var long = Self.behind
        long.now?.task = .init(position: 3, time: "05:30", title: Self.long, state: .untouched)
        let cut = BarText.short(long)
        #expect(cut.count == BarText.defaultWidth && cut.hasPrefix("☀ 1/6 Prepare lectures") && cut.hasSuffix("…"))
        #expect(BarText.short(long, maxWidth: 12) == "☀ 1/6 Prepa…")
    }

    // Rule L2.
    @Test("no active routine: empty text in every bar, so the bar hides the module")
    func hidden() throws {
        let waybar = try object(BarText.render(Sample.nothingActive, format: .waybar, following: true))
        #expect(waybar["text"] as? String == "")
        #expect(waybar["alt"] as? String == "none")
        let i3 = try object(BarText.render(Sample.nothingActive, format: .i3blocks, following: true))
        #expect(i3["full_text"] as? String == "")
        #expect(BarText.render(Sample.nothingActive, format: .polybar, following: true) == "\n")
    }

    // Rule L2.
    @Test("waybar's alt and class name the state in status's own words")
    func waybar() throws {
        let w = try object(BarText.render(Self.behind, format: .waybar, following: true))
        #expect(w["alt"] as? String == "behind")
        #expect(w["class"] as? [String] == ["running", "behind"])
        #expect(w["text"] as? String == "☀ 1/6 Drink tea")
        let u = try object(BarText.render(Self.upcoming, format: .waybar, following: true))
        #expect(u["alt"] as? String == "beforeFirstTask")
        #expect(u["class"] as? [String] == ["running", "beforeFirstTask"])
        // Every state's word is the one status --json gives, and no other.
        for state in Morning.MorningState.allCases {
            var s = Self.behind
            s.state = state
            s.phase = state == .none ? .none : state == .notStarted ? .waiting : .running
            let bar = try object(BarText.render(s, format: .waybar, following: true))
            #expect(bar["alt"] as? String == state.rawValue)
            #expect((bar["class"] as? [String])?.last == state.rawValue)
        }
    }

    // Rule L2.
    @Test("i3blocks in persist mode reads JSON lines with full_text, short_text and color")
    func i3blocks() throws {
        let i3 = try object(BarText.render(Self.behind, format: .i3blocks, following: true))
        #expect(i3["full_text"] as? String == "☀ 1/6 Drink tea")
        #expect(i3["short_text"] as? String == "☀ 1/6")
        #expect(i3["color"] as? String == "#E5A50A")
        let calm = try object(BarText.render(Self.upcoming, format: .i3blocks, following: true))
        #expect(calm["color"] == nil)
    }

    // Rule L2.
    @Test("polybar gets its own colour tags")
    func polybar() {
        #expect(BarText.render(Self.behind, format: .polybar, following: true) == "%{F#E5A50A}☀ 1/6 Drink tea%{F-}\n")
        #expect(BarText.render(Self.upcoming, format: .polybar, following: true) == "☀ 0/6 next 06:45 Stretch\n")
    }

    @Test("a morning all done or finished names no task: the bar says how it ended")
    func ended() throws {
        #expect(BarText.short(Self.ended(.allDone, completed: 6)) == "☀ 6/6 all done")
        #expect(BarText.short(Self.ended(.finished, completed: 4)) == "☀ 4/6 finished")
        // The count is said once.
        #expect(BarText.line(Self.ended(.finished, completed: 4)) == "Tim Cook 4/6 · finished")
        let waybar = try object(BarText.render(Self.ended(.allDone, completed: 6), format: .waybar, following: true))
        // One vocabulary: status's `state` word, in alt and class alike.
        #expect(waybar["class"] as? [String] == ["running", "allDone"])
        #expect(waybar["alt"] as? String == "allDone")
    }

    // Rule L1b.
    @Test("i3blocks at an interval reads the bar text, the short text and the colour, a line each; nothing when no routine")
    func i3blocksInterval() {
        #expect(BarText.render(Self.behind, format: .i3blocks, following: false) == "☀ 1/6 Drink tea\n☀ 1/6\n#E5A50A\n")
        #expect(BarText.render(Self.upcoming, format: .i3blocks, following: false) == "☀ 0/6 next 06:45 Stretch\n☀ 0/6\n")
        #expect(BarText.render(Sample.nothingActive, format: .i3blocks, following: false) == "\n")
    }

    // Rule L1b.
    @Test("a title \"Coffee & news\" reaches waybar escaped for Pango, and polybar cannot read a title as a tag")
    func markupEscaped() throws {
        var s = Self.behind
        s.now?.task?.title = "Coffee & news <b>%{F#f00}"
        let waybar = try object(BarText.render(s, format: .waybar, following: true))
        // Cut to the bar's width as the user reads it, then escaped.
        #expect(waybar["text"] as? String == "☀ 1/6 Coffee &amp; news &lt;b&gt;%{F#f0…")
        #expect((waybar["tooltip"] as? String)?.contains("now 05:05 Coffee &amp; news &lt;b&gt;%{F#f00}") == true)
        let polybar = BarText.render(s, format: .polybar, following: true, maxWidth: 60)
        #expect(polybar == "%{F#E5A50A}☀ 1/6 Coffee & news <b>%\u{2060}{F#f00}%{F-}\n")
        // i3blocks reads plain text unless told otherwise: the title as it is.
        #expect(BarText.render(s, format: .i3blocks, following: false, maxWidth: 60).hasPrefix("☀ 1/6 Coffee & news <b>%{F#f00}\n"))
    }
}
