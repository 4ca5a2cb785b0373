import Foundation
import Testing

// Rules L1, L2, L3, T1.
@Suite("End to end: the truth a status bar tells, and checking from it")
struct StatusBarTests {
    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    // Rule L1.
    @Test("status --json says the pace, the task to do now and the minutes to the next task; `status` says them too")
    func timeToNext() throws {
        let box = try Sandbox(zone: "Europe/Berlin", time: "2026-03-02 08:00:00")
        try box.startDaemon()
        #expect(try box.bmctl("activate", "kant").status == 0)
        // 05:02 on the first day: the first task (05:00) has come, the next at 05:05.
        box.setClock("2026-03-03 05:02:00")
        let early = try json(box.bmctl("status", "--json").stdout)
        let now = try #require(early["now"] as? [String: Any])
        #expect(now["pace"] as? String == "inProgress")
        #expect(early["behind"] as? Int == 0)
        #expect((now["task"] as? [String: Any])?["position"] as? Int == 1)
        #expect(now["nextTaskAt"] as? String == "2026-03-03T05:05:00+01:00")
        #expect(now["minutesToNext"] as? Int == 3)
        #expect(try box.bmctl("status").stdout.contains("05:05  Drink weak tea and smoke one pipe while thinking in 3 min"))
        // 05:10: the second task has begun with the first unchecked: behind by one.
        box.setClock("2026-03-03 05:10:00")
        let later = try json(box.bmctl("status", "--json").stdout)
        #expect((later["now"] as? [String: Any])?["pace"] as? String == "behind")
        #expect(later["behind"] as? Int == 1)
        try box.stopDaemon()
    }

    // Rules L3, T1.
    @Test("`check` with no task checks the task to do now, and exits 1 saying so when there is none")
    func checkNow() throws {
        let box = try Sandbox(zone: "Europe/Berlin", time: "2026-03-02 08:00:00")
        try box.startDaemon()
        #expect(try box.bmctl("activate", "kant").status == 0)
        box.setClock("2026-03-03 04:30:00")
        let before = try box.bmctl("check")
        #expect(before.status == 1)
        #expect(before.stderr.contains("nothing to check now") && before.stderr.contains("05:00 Get up"))
        box.setClock("2026-03-03 05:10:00")
        #expect(try box.bmctl("check").status == 0)
        #expect(try box.bmctl("check").status == 0)
        let today = try json(box.bmctl("status", "--json").stdout)
        #expect((today["today"] as? [String: Any])?["completed"] as? Int == 2)
        let none = try box.bmctl("check")
        #expect(none.status == 1)
        #expect(none.stderr.contains("nothing to check now"))
        #expect(try box.bmctl("uncheck").status == 2)
        try box.stopDaemon()
    }

    // Rule L2.
    @Test("the bar's text is empty without a routine; polybar colours it and cuts it to --max-width")
    func barText() throws {
        let box = try Sandbox(zone: "Europe/Berlin", time: "2026-03-02 08:00:00")
        try box.startDaemon()
        let empty = try json(box.bmctl("status", "--format", "waybar").stdout)
        #expect(empty["text"] as? String == "")
        #expect(try box.bmctl("activate", "kant").status == 0)
        box.setClock("2026-03-03 12:00:00")
        let output = try box.bmctl("status", "--format", "polybar", "--max-width", "12")
        #expect(output.stdout == "%{F#E5A50A}☀ 0/6 Get u…%{F-}\n")
        try box.stopDaemon()
    }
}
