import Testing
@testable import MorningControl
import MorningProtocol

/// `bmctl export --format ics`: a routine as an RFC 5545 daily event.
// Rule H6.
@Suite("The iCalendar export") struct CalendarTests {
    static let tricky = Morning.ExportRoutine(
        id: "mine", name: "Mine, early; \\ yes", type: .custom, active: true, createdDate: "2026-11-24", startDate: "2026-11-25",
        tasks: [.init(time: "05:30", title: "Wake, wash; and stretch \\ breathe"),
                .init(time: "06:00", title: String(repeating: "Read ünïcödé ", count: 5) + "slowly"),
                .init(time: "07:15", title: "Walk")],
        days: [], open: [])

    /// The content lines of `text`, unfolded (a CRLF followed by a space joins lines).
    static func unfolded(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n").dropLast().map { $0 }
    }

    @Test("a daily event from the start date at the first task's time, lasting to the last task, with a stable UID")
    func event() {
        let text = CalendarText.render(Self.tricky, stamp: 1_795_944_600)   // 2026-11-29 09:30:00 UTC
        let lines = Self.unfolded(text)
        #expect(lines.first == "BEGIN:VCALENDAR" && lines.last == "END:VCALENDAR")
        #expect(lines.contains("VERSION:2.0"))
        #expect(lines.contains("UID:mine-20261125@better-morning"))
        #expect(lines.contains("DTSTAMP:20261129T093000Z"))
        #expect(lines.contains("DTSTART:20261125T053000"))
        #expect(lines.contains("DURATION:PT110M"))
        #expect(lines.contains("RRULE:FREQ=DAILY"))
        #expect(lines.contains(#"SUMMARY:Morning routine: Mine\, early\; \\ yes"#))
        #expect(lines.contains(#"DESCRIPTION:05:30 Wake\, wash\; and stretch \\ breathe\n06:00 "#
                               + String(repeating: "Read ünïcödé ", count: 5) + #"slowly\n07:15 Walk"#))
        // The same routine and start: the same UID, whenever it is exported.
        #expect(Self.unfolded(CalendarText.render(Self.tricky, stamp: 0)).contains("UID:mine-20261125@better-morning"))
    }

    @Test("lines end in CRLF and fold at 75 octets without splitting a character")
    func folding() {
        let text = CalendarText.render(Self.tricky, stamp: 0)
        #expect(text.hasSuffix("END:VCALENDAR\r\n"))
        let physical = text.components(separatedBy: "\r\n").dropLast()
        #expect(physical.count > Self.unfolded(text).count)   // the description was folded
        for line in physical {
            #expect(line.utf8.count <= 75, "\(line)")
            #expect(!line.contains("\n") && !line.contains("\r"))
        }
    }

    static let export = ok(#"{"document":{"format":"better-morning-export","version":1,"exportedOn":"2026-11-24","routines":["#
        + #"{"id":"mine","name":"Mine","type":"custom","active":true,"createdDate":"2026-11-24","startDate":"2026-11-25","#
        + #""tasks":[{"time":"06:00","title":"Run"}],"days":[],"open":[]},"#
        + #"{"id":"franklin","name":"Benjamin Franklin","type":"celebrity","active":false,"createdDate":"2026-11-01","#
        + #""startDate":"2026-11-02","tasks":[{"time":"05:00","title":"Rise and wash"}],"days":[],"open":[]}]}}"#)

    @Test("export --format ics writes the active routine; a named one is resolved by bmd first")
    func command() {
        let active = bmctl(["export", "--format", "ics"], replies: ["Export": [Self.export]], stdinIsTerminal: false)
        #expect(active.status == 0)
        #expect(active.out.contains("UID:mine-20261125@better-morning\r\n"))
        let stats = ok(#"{"routines":[{"routine":"Benjamin Franklin","routineId":"franklin","type":"celebrity","active":false,"#
                       + #""tasks":1,"stats":{"tasksCompleted":0,"tasksPlanned":0,"daysTracked":0,"averagePerDay":0,"#
                       + #""completionRate":0,"perfectDays":0,"bestRun":0}}]}"#)
        let named = bmctl(["export", "--format", "ics", "benj"], replies: ["Stats": [stats], "Export": [Self.export]],
                          stdinIsTerminal: false)
        #expect(named.status == 0)
        #expect(named.calls.first == #"{"method":"org.bettermorning.Morning.Stats","parameters":{"routine":"benj"}}"#)
        #expect(named.out.contains("UID:franklin-20261102@better-morning\r\n"))
        #expect(named.out.contains("DTSTART:20261102T050000\r\n"))
    }

    @Test("a routine named with json or csv is a usage error; without an active routine ics says what to do")
    func refusals() {
        let csv = bmctl(["export", "--format", "csv", "benj"])
        #expect(csv.status == 2)
        #expect(csv.err.contains("a routine is named only with --format ics"))
        #expect(csv.calls.isEmpty)
        let none = ok(#"{"document":{"format":"better-morning-export","version":1,"exportedOn":"2026-11-24","routines":[]}}"#)
        let noActive = bmctl(["export", "--format", "ics"], reply: none)
        #expect(noActive.status == 1)
        #expect(noActive.err == "bmctl: no routine is active; name one, such as `bmctl export --format ics ROUTINE` (`bmctl data` lists yours)\n")
    }
}
