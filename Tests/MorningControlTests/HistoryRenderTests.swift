import Foundation
import Testing
import MorningProtocol
@testable import MorningControl

/// The history views exactly as a user sees them with colour off (H1–H5), and the
/// commands that show them.
@Suite struct HistoryRenderTests {
    static func week(total: Int, start: Int = 16, today: String = "2026-11-19", _ counts: [Int?]) -> Morning.WeekChart {
        Morning.WeekChart(routine: "Tim Cook", routineId: "tim-cook", total: total, weekStart: "2026-11-\(start)", today: today,
                          days: zip(start..., counts).map { .init(date: "2026-11-\($0)", completed: $1) })
    }

    /// Monday 16 to Sunday 22 November, three tasks a day, today Thursday.
    static let threeTasks = week(total: 3, [3, 1, nil, 0, nil, nil, nil])

    // Rule H2.
    @Test("a column per weekday, bars as tall as the tasks done, today underlined, blank without a record")
    func weekChart() {
        #expect(WeekText.render(Self.threeTasks, style: .plain) == """
            Tim Cook · week of 2026-11-16 · 3 tasks a day
              3 ┤ ███
                │ ███
                │ ███ ███
                └─────────────────────────────
                  Mon Tue Wed Thu Fri Sat Sun
                              ▔▔▔
                   16  17  18  19  20  21  22
                   3   1       0

            """)
    }

    // Rule H2.
    @Test("twenty tasks take eight rows of eighth blocks; only a perfect day reaches the top")
    func weekOfTwentyTasks() {
        var chart = Self.week(total: 20, today: "2026-11-22", [20, 19, 1, 0, 10, 2, nil])
        chart.routine = "Twenty"
        #expect(WeekText.render(chart, style: .plain) == """
            Twenty · week of 2026-11-16 · 20 tasks a day
              20 ┤ ███ ▅▅▅
                 │ ███ ███
                 │ ███ ███
                 │ ███ ███
                 │ ███ ███         ███
                 │ ███ ███         ███
                 │ ███ ███         ███
                 │ ███ ███ ▄▄▄     ███ ▇▇▇
                 └─────────────────────────────
                   Mon Tue Wed Thu Fri Sat Sun
                                           ▔▔▔
                    16  17  18  19  20  21  22
                    20  19  1   0   10  2

            """)
    }

    // Rule H2.
    @Test("a week with no record has the chart and the dates, no counts; a week across months")
    func emptyWeek() {
        let chart = Morning.WeekChart(routine: "Kant", routineId: "kant", total: 1, weekStart: "2026-11-29", today: "2026-11-19",
                                      days: ["29", "30"].map { .init(date: "2026-11-\($0)", completed: nil) }
                                          + (1...5).map { .init(date: "2026-12-0\($0)", completed: nil) })
        #expect(WeekText.render(chart, style: .plain) == """
            Kant · week of 2026-11-29 · 1 task a day
              1 ┤
                └─────────────────────────────
                  Sun Mon Tue Wed Thu Fri Sat
                   29  30  1   2   3   4   5

            """)
    }

    // Rule H1.
    @Test("a card per routine, active first: name, type, mark, two rows of bars, today underlined")
    func dataCards() {
        let sundayWeek = Self.week(total: 8, start: 15, [8, 4, nil, 1, 0, nil, 7])
        let cards = [
            Morning.Card(routine: "Tim Cook", routineId: "tim-cook", type: .celebrity, active: true, week: Self.threeTasks),
            Morning.Card(routine: "My mornings", routineId: "my-mornings", type: .custom, active: false, week: sundayWeek),
            Morning.Card(routine: "Kant", routineId: "kant", type: .celebrity, active: false,
                         week: Self.week(total: 5, [nil, 0, nil, nil, nil, nil, nil])),
        ]
        #expect(DataText.render(cards, style: .plain) == """
            Tim Cook · celebrity · active
              ███
              ███ ▆▆▆
              Mon Tue Wed Thu Fri Sat Sun
                          ▔▔▔

            My mornings · custom
              ███                     ▆▆▆
              ███ ███     ▂▂▂         ███
              Sun Mon Tue Wed Thu Fri Sat
                              ▔▔▔

            Kant · celebrity
              Mon Tue Wed Thu Fri Sat Sun
                          ▔▔▔
              nothing completed this week

            """)
        #expect(DataText.render([], style: .plain)
                == "No routines yet. Find one with `bmctl explore` and start it with `bmctl activate NAME`.\n")
    }

    // Rules H1, H2.
    @Test("bar heights round up, and stop below the top short of every task")
    func heights() {
        #expect(WeekColumns.eighths(completed: nil, total: 5, rows: 2) == 0)
        #expect(WeekColumns.eighths(completed: 0, total: 5, rows: 2) == 0)
        #expect(WeekColumns.eighths(completed: 1, total: 20, rows: 2) == 1)
        #expect(WeekColumns.eighths(completed: 19, total: 20, rows: 2) == 15)
        #expect(WeekColumns.eighths(completed: 20, total: 20, rows: 2) == 16)
        #expect(WeekColumns.eighths(completed: 3, total: 3, rows: 3) == 24)
        #expect(WeekColumns.eighths(completed: 3, total: 0, rows: 3) == 0)
    }

    @Test("colour paints bars green and today's label bold, never the blanks")
    func weekColour() {
        let text = WeekText.render(Self.threeTasks, style: Style(colour: true))
        #expect(text.contains("\u{1B}[32m███\u{1B}[0m"))
        #expect(text.contains(" \u{1B}[1mThu\u{1B}[0m Fri"))
        #expect(!text.contains("\u{1B}[32m   "))
    }

    static let stats = Morning.StatsTotals(
        tasksCompleted: 26, tasksPlanned: 32, daysTracked: 8, averagePerDay: 3.25, completionRate: 0.8125, perfectDays: 6,
        bestRun: 3, bestRunFrom: "2026-11-05", bestRunThrough: "2026-11-07", firstDate: "2026-11-02", lastDate: "2026-11-10")

    // Rule H3.
    @Test("stats per routine, a routine without finished days, then all routines together")
    func statsText() {
        let empty = Morning.StatsTotals(tasksCompleted: 0, tasksPlanned: 0, daysTracked: 0, averagePerDay: 0, completionRate: 0,
                                        perfectDays: 0, bestRun: 0, bestRunFrom: nil, bestRunThrough: nil, firstDate: nil, lastDate: nil)
        let reply = Morning.StatsReply(routines: [
            .init(routine: "Tim Cook", routineId: "tim-cook", type: .celebrity, active: true, tasks: 4, stats: Self.stats),
            .init(routine: "Kant", routineId: "kant", type: .celebrity, active: false, tasks: 5, stats: empty),
        ], overall: Self.stats)
        #expect(StatsText.render(reply, style: .plain) == """
            Tim Cook · celebrity · active
              tasks completed  26
              days tracked     8 (2026-11-02 – 2026-11-10)
              average per day  3.3 tasks
              completion rate  81% (26 of 32 tasks)
              perfect days     6
              best run         3 perfect days in a row (2026-11-05 – 2026-11-07)

            Kant · celebrity
              no finished days yet

            All routines
              tasks completed  26
              days tracked     8 (2026-11-02 – 2026-11-10)
              average per day  3.3 tasks
              completion rate  81% (26 of 32 tasks)
              perfect days     6
              best run         3 perfect days in a row (2026-11-05 – 2026-11-07)

            """)
        // One routine: no overall block repeating it.
        let one = Morning.StatsReply(routines: [reply.routines[1]], overall: empty)
        #expect(StatsText.render(one, style: .plain) == "Kant · celebrity\n  no finished days yet\n")
    }

    // Rule H3.
    @Test("percentages never say 100% short of everything, nor 0% above nothing")
    func percentages() {
        #expect(DataWords.percent(199, of: 200) == "99%")
        #expect(DataWords.percent(1, of: 300) == "1%")
        #expect(DataWords.percent(0, of: 0) == "0%")
        #expect(DataWords.tenths(10.0 / 6.0) == "1.7")
    }

    // Rule H4.
    @Test("a heatmap cell per day, weeks as columns from the locale's first weekday, month names, legend")
    func heatmap() {
        let marks: [String: (Int, Int)] = ["2026-10-31": (3, 3), "2026-11-02": (3, 3), "2026-11-03": (1, 3),
                                           "2026-11-04": (2, 3), "2026-11-05": (0, 3), "2026-11-06": (5, 6)]
        let dates = ["2026-10-26", "2026-10-27", "2026-10-28", "2026-10-29", "2026-10-30", "2026-10-31"]
            + (1...19).map { $0 < 10 ? "2026-11-0\($0)" : "2026-11-\($0)" }
        let reply = Morning.HistoryReply(routine: nil, routineId: nil, from: "2026-11-01", today: "2026-11-19",
                                         days: dates.map { .init(date: $0, completed: marks[$0]?.0, total: marks[$0]?.1) })
        #expect(HistoryText.render(reply, style: .plain) == """
            All routines · 2026-11-01 – 2026-11-19 · 5 days tracked, 1 perfect
                  Nov
              Mon  █
              Tue  ░
              Wed  ▒
              Thu  ·
              Fri  ▓
              Sat
              Sun
                  · none  ░ up to 1/3  ▒ up to 2/3  ▓ more  █ every task   blank: no record

            """)
    }

    // Rule H4.
    @Test("month names sit over the column of the week that holds each 1st")
    func monthLabels() {
        // Sunday-first weeks from 31 May 2026: the 1sts of June, July and August fall in
        // the columns 0, 4 and 8.
        var days: [Morning.HistoryDay] = []
        for (month, length) in [(5, 31), (6, 30), (7, 31), (8, 8)] {
            for day in (month == 5 ? 31 : 1)...length {
                days.append(.init(date: "2026-0\(month)-" + (day < 10 ? "0\(day)" : "\(day)"), completed: nil, total: nil))
            }
        }
        let reply = Morning.HistoryReply(routine: "R", routineId: "r", from: "2026-06-01", today: "2026-08-08", days: days)
        #expect(days.count == 70)
        #expect(HistoryText.monthLabels(reply, columns: 10) == "Jun Jul Aug  ")
    }

    static let document = Morning.ExportDocument(exportedOn: "2026-11-19", routines: [
        .init(id: "mine", name: "Mine, \"early\"", type: .custom, active: true, createdDate: "2026-11-16", startDate: "2026-11-17",
              tasks: [.init(time: "05:00", title: "Up"), .init(time: "05:10", title: "Run, then \"stretch\"")],
              days: [.init(date: "2026-11-17", done: [2]), .init(date: "2026-11-18", done: [])],
              open: [.init(date: "2026-11-19", done: [1])]),
        .init(id: "kant", name: "Immanuel Kant", type: .celebrity, active: false, createdDate: "2026-11-01",
              startDate: "2026-11-02", tasks: [.init(time: "05:00", title: "Rise")], days: [], open: []),
    ])

    // Rule H5.
    @Test("CSV has a row per task per day, RFC 4180 quoting, untouched only on the day in progress")
    func csv() {
        #expect(ExportFormats.csv(Self.document) == #"""
            routine_id,routine,type,date,position,time,task,state
            mine,"Mine, ""early""",custom,2026-11-17,1,05:00,Up,missed
            mine,"Mine, ""early""",custom,2026-11-17,2,05:10,"Run, then ""stretch""",done
            mine,"Mine, ""early""",custom,2026-11-18,1,05:00,Up,missed
            mine,"Mine, ""early""",custom,2026-11-18,2,05:10,"Run, then ""stretch""",missed
            mine,"Mine, ""early""",custom,2026-11-19,1,05:00,Up,done
            mine,"Mine, ""early""",custom,2026-11-19,2,05:10,"Run, then ""stretch""",untouched

            """#)
        #expect(ExportFormats.csvField("a\r\nb") == "\"a\r\nb\"")
        // Cells a spreadsheet would run as a formula are written inert.
        #expect(ExportFormats.csvField("=HYPERLINK(\"http://x\")") == "\"'=HYPERLINK(\"\"http://x\"\")\"")
        for start in ["+", "-", "@", "\t", "\r"] {
            #expect(ExportFormats.csvField(start + "1") .hasPrefix(start == "\r" ? "\"'" : "'"), "\(start.debugDescription)")
        }
        #expect(ExportFormats.csvField("Run 5 km") == "Run 5 km")
    }

    // Rule H5.
    @Test("the JSON export is one line with sorted keys, and reads back as the same document")
    func json() throws {
        let text = ExportFormats.json(Self.document)
        #expect(text.hasPrefix(#"{"exportedOn":"2026-11-19","format":"better-morning-export","routines":[{"active":true,"#))
        #expect(text.filter { $0 == "\n" }.count == 1)
        #expect(try ExportFile.document(from: Array(text.utf8)) == Self.document)
    }

    // MARK: - Commands

    // Rule H3.
    @Test("stats --json is the whole reply; a routine is sent by name")
    func statsCommand() {
        let run = bmctl(["stats", "kant", "--json"], reply: ok(#"{"routines":[],"overall":null}"#))
        #expect(run.status == 0 && run.out == #"{"overall":null,"routines":[]}"# + "\n")
        #expect(run.calls == [#"{"method":"org.bettermorning.Morning.Stats","parameters":{"routine":"kant"}}"#])
    }

    // Rule H4.
    @Test("history sends months and the locale; months outside 1 to 12 are a usage error")
    func historyCommand() {
        let environment = baseEnvironment.merging(["LANG": "de_DE.UTF-8"]) { $1 }
        let run = bmctl(["history", "--months", "6"], reply: ok(#"{"from":"2026-06-01","today":"2026-06-01","days":[]}"#),
                        environment: environment)
        #expect(run.status == 0)
        #expect(run.calls == [#"{"method":"org.bettermorning.Morning.History","parameters":{"locale":"de_DE.UTF-8","months":6}}"#])
        let wrong = bmctl(["history", "--months", "13"])
        #expect(wrong.status == 2 && wrong.calls.isEmpty && wrong.err.contains("1 to 12"))
    }

    // Rule H5.
    @Test("export writes the chosen format to stdout, or to a private file with a summary")
    func exportCommand() throws {
        let reply = ok(#"{"document":"# + ExportFormats.json(Self.document).dropLast() + "}")
        #expect(bmctl(["export", "--format", "csv"], reply: reply).out == ExportFormats.csv(Self.document))
        #expect(bmctl(["export"], reply: reply).out == ExportFormats.json(Self.document))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bm-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("backup.json").path
        let run = bmctl(["export", "--output", path], reply: reply)
        #expect(run.status == 0 && run.out == "Exported 2 routines and 2 day records to \(path).\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == ExportFormats.json(Self.document))
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    // Rule H5.
    @Test("import sends the file's document; a file that is not an export is refused before bmd is asked")
    func importCommand() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bm-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = folder.appendingPathComponent("good.json").path
        try ExportFormats.json(Self.document).write(toFile: good, atomically: true, encoding: .utf8)
        let run = bmctl(["import", good, "--replace"], reply: ok(#"{"routines":2,"records":2}"#))
        #expect(run.status == 0 && run.out == "Imported 2 routines and 2 day records from \(good).\n")
        #expect(run.calls.first?.contains(#""replace":true"#) == true)

        let csv = folder.appendingPathComponent("export.csv").path
        try ExportFormats.csv(Self.document).write(toFile: csv, atomically: true, encoding: .utf8)
        let refusedCSV = bmctl(["import", csv])
        #expect(refusedCSV.status == 1 && refusedCSV.calls.isEmpty)
        #expect(refusedCSV.err.contains("a CSV export cannot be imported") && refusedCSV.err.contains("nothing was changed"))

        let broken = folder.appendingPathComponent("broken.json").path
        try #"{"format":"better-morning-export","version":1,"exportedOn":"2026-11-19","routines":[{"id":"x"}]}"#
            .write(toFile: broken, atomically: true, encoding: .utf8)
        let refusedBroken = bmctl(["import", broken])
        #expect(refusedBroken.status == 1 && refusedBroken.calls.isEmpty)
        #expect(refusedBroken.err.contains("missing routines.0.name") || refusedBroken.err.contains("routines"))

        let missing = bmctl(["import", folder.appendingPathComponent("nothing.json").path])
        #expect(missing.status == 1 && missing.err.contains("No such file"))
    }

    // Rule H5.
    @Test("bmd's refusals say what to do and that nothing changed")
    func importRefusals() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bm-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = folder.appendingPathComponent("good.json").path
        try ExportFormats.json(Self.document).write(toFile: good, atomically: true, encoding: .utf8)
        let refused = bmctl(["import", good], reply: refusal("ImportRefused", #"{"routines":3}"#))
        #expect(refused.status == 1)
        #expect(refused.err.contains("already holds 3 routines; nothing was changed") && refused.err.contains("--replace"))
        let invalid = bmctl(["import", good], reply: refusal("InvalidImport", #"{"reason":"routine 1 (mine): oops"}"#))
        #expect(invalid.status == 1)
        #expect(invalid.err == "bmctl: the export cannot be imported: routine 1 (mine): oops; nothing was changed\n")
    }

    // MARK: - Browsing weeks

    // Rule H2.
    @Test("arrows, h and l move a week; q, Esc, Ctrl-C and Ctrl-D quit; anything else is dropped")
    func keys() {
        #expect(BrowseKey.parse(Array("\u{1B}[D\u{1B}[C\u{1B}OD".utf8)) == [.back, .forward, .back])
        #expect(BrowseKey.parse(Array("hlxq".utf8)) == [.back, .forward, .quit])
        #expect(BrowseKey.parse([0x1B]) == [.quit])
        #expect(BrowseKey.parse([0x03]) == [.quit] && BrowseKey.parse([0x04]) == [.quit])
        #expect(BrowseKey.parse(Array("\u{1B}[A".utf8)).isEmpty)
    }

    // Rule H2.
    @Test("browsing draws each week over the last, asks bmd for the week at each offset, and leaves the last one")
    func browsing() throws {
        var script: [[BrowseKey]] = [[.back], [.forward, .forward], [], [.quit]]
        var asked: [Int] = []
        var written: [String] = []
        try WeekOnTerminal.run(first: Self.threeTasks, offset: -2,
                            fetch: { (offset) throws(ControlFailure) in
                                asked.append(offset)
                                return Self.threeTasks
                            },
                            readKeys: { script.isEmpty ? nil : script.removeFirst() },
                            write: { written.append($0) }, style: .plain)
        #expect(asked == [-3, -1])
        let chart = WeekText.render(Self.threeTasks, style: .plain)
        #expect(written.first == "\u{1B}[?25l" + chart + WeekOnTerminal.hint)
        // Up over the chart's lines and the hint's, then the next week over them.
        #expect(written[1] == "\r\u{1B}[9A\u{1B}[J" + chart + WeekOnTerminal.hint)
        #expect(written.count == 4 && written.last == "\r\u{1B}[K\u{1B}[?25h")
    }

    // Rule H2.
    @Test("week prints once, without the browser, when stdin is not a terminal or with --json")
    func weekNotInteractive() {
        let reply = ok(String(decoding: Self.threeTasks.json.text(), as: UTF8.self))
        // A run on a terminal may also ask for the welcome (W1): count the Week calls.
        func weekCalls(_ run: Run) -> Int { run.calls.filter { $0.contains("Morning.Week") }.count }
        let run = bmctl(["week"], reply: reply, stdoutIsTerminal: true, stdinIsTerminal: false)
        #expect(weekCalls(run) == 1 && run.out.contains("week of 2026-11-16") && !run.out.contains(WeekOnTerminal.hint))
        let json = bmctl(["week", "--json"], reply: reply, stdoutIsTerminal: true, stdinIsTerminal: true)
        #expect(weekCalls(json) == 1 && !json.out.contains(WeekOnTerminal.hint))
    }
}

/// A valid export file for commands that must read one before bmd refuses them.
enum ExportFixture {
    /// Stands for the file in an argument list; `withFile` puts the file's path in its place.
    static let path = "<a valid export file>"

    /// Runs `body` with `arguments` in which `path` names a valid export file written for
    /// this run alone, and removes the file after.
    static func withFile<T>(in arguments: [String], _ body: ([String]) throws -> T) rethrows -> T {
        guard arguments.contains(path) else { return try body(arguments) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bm-export-fixture-\(UUID().uuidString).json").path
        try! ExportFormats.json(HistoryRenderTests.document).write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        return try body(arguments.map { $0 == path ? file : $0 })
    }
}

/// A week that holds days before the routine's run began says why those days are blank.
@Suite struct WeekStartNoteTests {
    /// Kant's week of 16–22 November: a record on each day from the 18th up to today, or,
    /// with `earlierRun` false, only on those from its start on (a new routine has none before).
    static func chart(start: String?, today: String = "2026-11-19", earlierRun: Bool = true) -> Morning.WeekChart {
        Morning.WeekChart(routine: "Kant", routineId: "kant", total: 2, weekStart: "2026-11-16", today: today, startDate: start,
                          days: (16...22).map { day in
                              let date = "2026-11-\(day)"
                              let recorded = day >= 18 && date <= today && (earlierRun || start.map { date >= $0 } ?? true)
                              return .init(date: date, completed: recorded ? 1 : nil)
                          })
    }

    @Test("days before the routine started are said to be before it, in the right tense; a week after the start says nothing more")
    func daysBeforeTheStart() {
        #expect(WeekText.render(Self.chart(start: "2026-11-18"), style: .plain).hasSuffix(
            "Kant started on Wed 2026-11-18: the days before it have no record.\n"))
        #expect(WeekText.render(Self.chart(start: "2026-11-20", earlierRun: false), style: .plain).hasSuffix(
            "Kant starts on Fri 2026-11-20: the days before it have no record.\n"))
        #expect(WeekText.render(Self.chart(start: "2026-11-25", today: "2026-11-26", earlierRun: false), style: .plain).hasSuffix(
            "Kant started on Wed 2026-11-25: this week is before it, with no record.\n"))
        for start in ["2026-11-16", "2026-11-01", nil] {
            #expect(!WeekText.render(Self.chart(start: start, earlierRun: false), style: .plain).contains("record."), "\(start ?? "none")")
            #expect(!WeekText.render(Self.chart(start: start), style: .plain).contains("record."), "\(start ?? "none")")
        }
    }

    // Start Over keeps the earlier run's records, and the chart shows them above the note.
    @Test("after Start Over the note under the bars never says that days with a record have none")
    func startedOver() {
        for (start, today, tense) in [("2026-11-20", "2026-11-19", "starts"), ("2026-11-19", "2026-11-20", "started")] {
            let chart = Self.chart(start: start, today: today)
            let text = WeekText.render(chart, style: .plain)
            #expect(chart.days.contains { $0.date < start && $0.completed != nil })
            #expect(!text.contains("no record"), "\(text)")
            #expect(text.hasSuffix("Kant \(tense) over on \(Weekday.shortName(of: start)) \(start); the days before it are of its earlier run.\n"), "\(text)")
        }
        // The window says the same words under its chart.
        #expect(DataWords.startNote(Self.chart(start: "2026-11-20")) == "Kant starts over on Fri 2026-11-20; the days before it are of its earlier run.")
    }
}
