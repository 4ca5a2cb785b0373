import Foundation
import Testing

/// History with the real bmd and bmctl: a lived week exported, reset, imported back
/// and read exactly as before; and imports that are refused change nothing (H1–H5).
@Suite("End to end: history, export and import")
struct HistoryStoryTests {
    /// What a user reads from every history view, each as (status, stdout, stderr).
    static let views: [[String]] = [
        ["data"], ["data", "--json"], ["week"], ["week", "--json"], ["week", "franklin"], ["week", "franklin", "--prev", "1"],
        ["week", "franklin", "--json"], ["day"], ["day", "--json"], ["day", "yesterday"], ["stats"], ["stats", "--json"],
        ["history", "--months", "6"], ["history", "franklin", "--json"], ["export"], ["export", "--format", "csv"],
    ]

    func read(_ box: Sandbox) throws -> [String] {
        try Self.views.map { arguments in
            let out = try box.run(Binaries.bmctl, ["--no-autostart"] + arguments, environment: box.baseEnvironment)
            return "\(arguments): \(out.status)\n\(out.stdout)\(out.stderr)"
        }
    }

    // Rule H5.
    @Test("export, reset, import gives back exactly the same data, week, day, stats and history")
    func roundTrip() throws {
        // Monday 16 November 2026 in Berlin; weeks start on Monday (en_GB).
        let box = try Sandbox(zone: "Europe/Berlin", time: "2026-11-16 08:00:00")
        try box.startDaemon()
        #expect(try box.bmctl("activate", "franklin").status == 0)        // from Tuesday
        box.setClock("2026-11-17 06:00:00")
        #expect(try box.bmctl("check", "1").status == 0)
        #expect(try box.bmctl("check", "2").status == 0)
        box.setClock("2026-11-18 06:00:00")
        #expect(try box.bmctl("check", "1").status == 0)
        box.setClock("2026-11-19 07:00:00")                               // restart mid-week
        #expect(try box.bmctl("check", "3").status == 0)
        #expect(try box.bmctl("restart", "franklin").status == 0)        // again from Friday
        box.setClock("2026-11-21 08:00:00")
        #expect(try box.bmctl("activate", "murakami").status == 0)       // Friday untouched, Saturday ends now
        box.setClock("2026-11-22 08:00:00")
        #expect(try box.bmctl("check", "1").status == 0)                 // today, in progress

        let week = try box.bmctl("week", "franklin", "--json").object
        #expect(((week["days"] as? [[String: Any]]) ?? []).map { $0["completed"] as? Int } == [nil, 2, 1, 1, 0, 0, nil])
        let before = try read(box)

        let file = box.root.appendingPathComponent("backup.json").path
        let exported = try box.bmctl("export", "--output", file)
        #expect(exported.status == 0 && exported.stdout.contains("Exported 2 routines and 5 day records"))
        #expect(try box.bmctl("reset", "--yes").status == 0)
        #expect(try box.bmctl("data", "--json").array.isEmpty)
        let imported = try box.bmctl("import", file)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout == "Imported 2 routines and 5 day records from \(file).\n")
        let after = try read(box)
        for (a, b) in zip(before, after) { #expect(a == b) }

        // Checking on after the import works as before it.
        #expect(try box.bmctl("check", "2").status == 0)
        #expect((try box.bmctl("day", "--json").object)["completed"] as? Int == 2)
        try box.stopDaemon()
    }

    // Rule H2.
    @Test("on a terminal, ← and → move between weeks and q quits, leaving the last week shown")
    func browseWeeks() throws {
        let box = try Sandbox(zone: "Europe/Berlin", time: "2026-11-18 08:00:00")
        try box.startDaemon()
        #expect(try box.bmctl("activate", "franklin").status == 0)
        box.setClock("2026-11-19 08:00:00")
        #expect(try box.bmctl("check", "1").status == 0)
        let terminal = try box.bmctlOnTerminal("week")
        try terminal.waitFor("week of 2026-11-16")
        try terminal.waitFor("q quit")
        // Each key is sent with a newline, which browsing ignores.
        terminal.type("\u{1B}[D")
        try terminal.waitFor("week of 2026-11-09")
        terminal.type("\u{1B}[C")
        let back = try terminal.waitFor("week of 2026-11-16")
        #expect(!back.contains("week of 2026-11-23"))
        terminal.type("q")
        #expect(terminal.wait() == 0)
        try box.stopDaemon()
    }

    // Rule H5.
    @Test("an import over routines without --replace, or of a broken file, changes nothing; --replace replaces")
    func refusals() throws {
        let box = try Sandbox(zone: "Europe/Berlin", time: "2026-11-18 08:00:00")
        try box.startDaemon()
        #expect(try box.bmctl("activate", "kant").status == 0)
        box.setClock("2026-11-19 08:00:00")
        #expect(try box.bmctl("check", "1").status == 0)
        let before = try read(box)

        // A 20-task routine, as another machine would have exported it.
        let tasks = (0..<20).map { #"{"time":"\#(String(format: "%02d:%02d", 5 + $0 / 12, $0 % 12 * 5))","title":"Task \#($0 + 1)"}"# }
        let document = #"{"format":"better-morning-export","version":1,"exportedOn":"2026-11-18","routines":[{"# +
            #""id":"twenty","name":"Twenty","type":"custom","active":true,"createdDate":"2026-11-15","startDate":"2026-11-16","# +
            #""tasks":[\#(tasks.joined(separator: ","))],"days":[{"date":"2026-11-16","done":[\#((1...20).map(String.init).joined(separator: ","))]},"# +
            #"{"date":"2026-11-17","done":[1,2,3,4,5,6,7,8,9,10]},{"date":"2026-11-18","done":[]}],"open":[]}]}"#
        let file = box.root.appendingPathComponent("twenty.json").path
        try document.write(toFile: file, atomically: true, encoding: .utf8)
        let broken = box.root.appendingPathComponent("broken.json").path
        try document.replacingOccurrences(of: "2026-11-17", with: "2026-11-31").write(toFile: broken, atomically: true, encoding: .utf8)
        let notJSON = box.root.appendingPathComponent("notes.txt").path
        try "06:00 Wake up\n".write(toFile: notJSON, atomically: true, encoding: .utf8)

        let refused = try box.bmctl("import", file)
        #expect(refused.status == 1 && refused.stderr.contains("already holds 1 routine") && refused.stderr.contains("--replace"))
        let invalid = try box.bmctl("import", broken, "--replace")
        #expect(invalid.status == 1 && invalid.stderr.contains("\"2026-11-31\" is not a date"))
        let garbage = try box.bmctl("import", notJSON, "--replace")
        #expect(garbage.status == 1 && garbage.stderr.contains("is not a Better Morning JSON export"))
        #expect(try read(box) == before)

        // --replace: the 20-task routine, its chart, and today caught up from the export's day.
        let replaced = try box.bmctl("import", file, "--replace")
        #expect(replaced.status == 0, "\(replaced.stderr)")
        let data = try box.bmctl("data", "--json").array.compactMap { $0 as? [String: Any] }
        #expect(data.map { $0["routine"] as? String } == ["Twenty"])
        let week = try box.bmctl("week")
        #expect(week.stdout == """
            Twenty · week of 2026-11-16 · 20 tasks a day
              20 ┤ ███
                 │ ███
                 │ ███
                 │ ███
                 │ ███ ███
                 │ ███ ███
                 │ ███ ███
                 │ ███ ███
                 └─────────────────────────────
                   Mon Tue Wed Thu Fri Sat Sun
                               ▔▔▔
                    16  17  18  19  20  21  22
                    20  10  0   0

            """)
        try box.stopDaemon()
    }
}
