import Foundation
import Testing

/// The one model of now, through the real bmd and bmctl: the reminder, `status` and the
/// bars name the same task, the countdown moves by itself, and titles reach each bar's
/// markup escaped.
@Suite("End to end: every surface says the same morning")
struct SurfacesAgreeEndToEndTests {
    @Test("bmd started at 06:20 sends a late reminder naming the task status names")
    func lateReminderAgreesWithStatus() throws {
        let stack = try NotificationStack()
        defer { stack.stop() }
        let box = try Sandbox(zone: "Europe/Berlin", time: "2026-03-02 08:00:00")
        try box.startDaemon(environment: stack.environment)
        #expect(try box.bmctl("activate", "franklin").status == 0)
        try box.stopDaemon()

        // Behind at 06:20 with nothing checked: the task to do now is the first, 05:00.
        box.setClock("2026-03-03 06:20:00")
        try box.startDaemon(environment: stack.environment)
        let reminder = try #require(try stack.waitForNotifications(count: 1, timeout: .seconds(20)).first)
        let status = try box.bmctl("status", "--json").object
        let now = try #require((status["now"] as? [String: Any])?["task"] as? [String: Any])
        #expect(status["state"] as? String == "behind")
        #expect(now["time"] as? String == "05:00" && now["title"] as? String == "Rise and wash")
        #expect(reminder.body.contains("now 05:00 Rise and wash"), "\(reminder.body)")
        let bar = try box.bmctl("status", "--format", "waybar").object
        #expect(bar["text"] as? String == "☀ 0/8 Rise and wash")
        #expect((bar["tooltip"] as? String)?.contains("now 05:00 Rise and wash") == true)
        #expect(try box.bmctl("status").stdout.contains("now:           05:00  Rise and wash"))
        // A click on the bar checks that same task.
        #expect(try box.bmctl("check").stdout.contains("Rise and wash"))
        try box.stopDaemon()
    }

    // Rule L1a.
    @Test("a follower's countdown moves on the minute with no check and no other call")
    func countdownMoves() throws {
        let box = try Sandbox(zone: "Europe/Berlin", time: "2026-03-02 08:00:00")
        try box.startDaemon()
        #expect(try box.bmctl("activate", "franklin").status == 0)
        // Two seconds before 06:14; the fifth task is at 06:15.
        box.setClock("2026-03-03 06:13:58")
        for task in 1...4 { #expect(try box.bmctl("check", "\(task)").status == 0) }
        let follower = try FollowTests.WaybarFollower(box)
        defer { follower.stop() }
        let lines = follower.lines
        let first = try #require(lines.next(timeout: 10))
        #expect(first.contains("next 06:15 Carry on with your current study in 2 min"), "\(first)")
        let tick = try #require(lines.next(timeout: 10), "no new line when the minute turned")
        #expect(tick.contains("next 06:15 Carry on with your current study in 1 min"), "\(tick)")
        try box.stopDaemon()
    }

    // Rule L1b.
    @Test("titles with &, < and %{ reach waybar escaped for Pango, polybar inert and i3blocks as written")
    func titlesEscaped() throws {
        let box = try Sandbox(zone: "Europe/Berlin", time: "2026-03-02 08:00:00")
        try box.startDaemon()
        let created = try box.bmctl("create", "--title", "Café", "--task", "06:00 Coffee & news", "--task", "07:00 <b>%{F#f00}")
        #expect(created.status == 0, "\(created.stderr)")
        box.setClock("2026-03-03 06:10:00")
        let waybar = try box.bmctl("status", "--format", "waybar").object
        #expect(waybar["text"] as? String == "☀ 0/2 Coffee &amp; news")
        #expect((waybar["tooltip"] as? String)?.contains("next 07:00 &lt;b&gt;%{F#f00} in 50 min") == true)
        #expect(try box.bmctl("status", "--format", "i3blocks").stdout == "☀ 0/2 Coffee & news\n☀ 0/2\n")
        #expect(try box.bmctl("check").status == 0)
        // Now the task to do next is the one whose title looks like polybar's tags.
        let polybar = try box.bmctl("status", "--format", "polybar", "--max-width", "60").stdout
        #expect(polybar == "☀ 1/2 next 07:00 <b>%\u{2060}{F#f00}\n")
        try box.stopDaemon()
    }
}
