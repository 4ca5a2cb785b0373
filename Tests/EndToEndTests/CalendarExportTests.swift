import Foundation
import Testing

/// The venv's Python when it has the PyPI `icalendar` parser, as `make test` installs it.
let icalendarPython: String? = {
    guard let python = varlinkPython,
          FileManager.default.fileExists(atPath: URL(fileURLWithPath: python).deletingLastPathComponent()
                                             .appendingPathComponent("icalendar-ok").path)
    else { return nil }
    return python
}()

// Rule H6.
@Suite("End to end: bmctl export --format ics, read by a real iCalendar parser")
struct CalendarExportTests {
    /// Reads an .ics file with icalendar and prints what a calendar program would show.
    static let reader = """
        import json, sys, icalendar
        calendar = icalendar.Calendar.from_ical(open(sys.argv[1], "rb").read())
        events = list(calendar.walk("VEVENT"))
        event = events[0]
        print(json.dumps({
            "events": len(events),
            "uid": str(event["UID"]),
            "summary": str(event["SUMMARY"]),
            "description": str(event["DESCRIPTION"]),
            "start": event.decoded("DTSTART").isoformat(),
            "minutes": int(event.decoded("DURATION").total_seconds() // 60),
            "freq": event["RRULE"]["FREQ"],
            "stamped": event.decoded("DTSTAMP").tzinfo is not None,
        }))
        """

    @Test("the active routine and a named one parse as daily events with their tasks", .enabled(if: icalendarPython != nil))
    func parsed() throws {
        let python = try #require(icalendarPython)
        let box = try Sandbox(time: "2026-03-02 08:00:00")
        try box.startDaemon()
        #expect(try box.bmctl("activate", "franklin").status == 0)
        // A routine whose words need escaping and whose description needs folding.
        let long = "Write, slowly; read \\\\ aloud till the page is done, coffee cold"
        let created = try box.bmctl("create", "--title", "Mine, early", "--task", "06:00 Wake; wash, stretch",
                                    "--task", "06:30 " + long)
        #expect(created.status == 0, "\(created.stderr)")
        let script = box.root.appendingPathComponent("read-ics.py")
        try Self.reader.write(to: script, atomically: true, encoding: .utf8)

        func read(_ arguments: String...) throws -> [String: Any] {
            let file = box.root.appendingPathComponent("export-\(arguments.count).ics").path
            let export = try box.run(Binaries.bmctl, ["--no-autostart", "export", "--format", "ics", "--output", file] + arguments,
                                     environment: box.baseEnvironment)
            #expect(export.status == 0, "\(export.stderr)")
            let parsed = try box.run(python, [script.path, file], environment: box.baseEnvironment)
            #expect(parsed.status == 0, "\(parsed.stderr)")
            return try parsed.object
        }

        let mine = try read()
        #expect(mine["events"] as? Int == 1)
        #expect(mine["summary"] as? String == "Morning routine: Mine, early")
        #expect(mine["description"] as? String == "06:00 Wake; wash, stretch\n06:30 " + long)
        #expect(mine["start"] as? String == "2026-03-03T06:00:00")
        #expect(mine["minutes"] as? Int == 35)
        #expect(mine["freq"] as? [String] == ["DAILY"])
        #expect(mine["stamped"] as? Bool == true)

        let franklin = try read("franklin")
        let tasks = try #require(try box.bmctl("explore", "franklin", "--json").array.first as? [String: Any])["tasks"] as? [[String: String]]
        #expect(franklin["description"] as? String == (tasks ?? []).map { "\($0["time"]!) \($0["title"]!)" }.joined(separator: "\n"))
        #expect(franklin["start"] as? String == "2026-03-03T" + ((tasks ?? []).first?["time"] ?? "") + ":00")
        #expect(franklin["uid"] as? String == "franklin-20260303@better-morning")
        // Exported again: the same event.
        #expect(try read("franklin")["uid"] as? String == franklin["uid"] as? String)
        try box.stopDaemon()
    }
}
