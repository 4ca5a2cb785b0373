import Testing
import MorningProtocol
@testable import MorningControl

/// The terminal app's model and screen, key by key, as a person at an 80×24 terminal sees it.
@Suite struct AppTests {
    /// Tim Cook's day at `date` in `mode`, two tasks, the first done.
    static func day(_ date: String, _ mode: Morning.DayMode, first: Morning.TaskState = .done) -> Morning.DayReply {
        let second: Morning.TaskState = mode == .past ? .missed : mode == .future ? .upcoming : .untouched
        return Morning.DayReply(
            date: date, routine: "Tim Cook", routineId: "tim-cook", mode: mode, completed: first == .done ? 1 : 0, total: 2,
            tasks: [.init(position: 1, time: "03:45", title: "Wake up", state: mode == .future ? .upcoming : first),
                    .init(position: 2, time: "05:00", title: "Read email", state: second)])
    }

    /// A model on Monday 2026-11-23, Tim Cook running since Saturday 21, today's day shown.
    static func running() -> AppModel {
        var model = AppModel()
        #expect(model.show(status: Sample.running) == [.loadDay("2026-11-23")])
        model.show(day: day("2026-11-23", .today))
        return model
    }

    static func screen(_ model: AppModel, width: Int = 80, height: Int = 24) -> [String] {
        AppScreen(width: width, height: height, style: .plain).lines(model)
    }

    // Rule U1.
    @Test("keys read raw: arrows in both cursor modes, Shift-Tab, a lone Esc, Ctrl-C, space and enter")
    func keys() {
        #expect(TerminalKey.parse(Array("\u{1B}[D\u{1B}OC\u{1B}[A\u{1B}[B".utf8)) == [.left, .right, .up, .down])
        #expect(TerminalKey.parse([0x1B, UInt8(ascii: "["), UInt8(ascii: "Z")]) == [.backTab])
        #expect(TerminalKey.parse([0x1B]) == [.escape])
        #expect(TerminalKey.parse([0x03, 0x20, 0x0D, 0x09, UInt8(ascii: "q")]) == [.interrupt, .space, .enter, .tab, .character("q")])
        // A function key (F5: ESC [ 1 5 ~) is skipped whole, not read as "1", "5", "~".
        #expect(TerminalKey.parse(Array("\u{1B}[15~x".utf8)) == [.character("x")])
    }

    // Rule U1.
    @Test("the Routine tab opens on today with today's tasks, and space checks the task under the cursor")
    func checkToday() {
        var model = Self.running()
        let lines = Self.screen(model)
        #expect(lines.count == 24)
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(lines[0].contains("[2 Routine]"))
        #expect(lines.contains("Monday 2026-11-23 · today · 1 of 2 done"))
        #expect(lines.contains(" › ✓ 03:45  Wake up"))
        #expect(lines.contains("   · 05:00  Read email"))

        // The task to do now is task 2 of this day, as the status says.
        var status = Sample.running
        status.now?.task = .init(position: 2, time: "05:00", title: "Read email", state: .untouched)
        #expect(model.show(status: status) == [.loadDay("2026-11-23")])
        #expect(Self.screen(model).contains("   · 05:00  Read email  ← now"))
        #expect(!Self.screen(model).contains { $0.contains("Wake up  ← now") })

        #expect(model.handle(.down) == [])
        #expect(model.handle(.space) == [.check(position: 2, date: "2026-11-23")])
        model.show(change: .init(position: 2, time: "05:00", title: "Read email", state: .done), completed: 2, changed: true)
        #expect(Self.screen(model).contains(" › ✓ 05:00  Read email  ← now"))
        #expect(Self.screen(model).contains("Monday 2026-11-23 · today · 2 of 2 done"))
        // Enter on a checked task unchecks it.
        #expect(model.handle(.enter) == [.uncheck(position: 2, date: "2026-11-23")])
    }

    // Rule U1.
    @Test("a day of 20 tasks shows 13 at 80×24, and the list follows the cursor")
    func longDay() {
        var model = Self.running()
        let tasks = (1...20).map { Morning.DayTask(position: $0, time: $0 <= 10 ? "06:0\($0 - 1)" : "06:\($0 - 1)",
                                                    title: "Task \($0)", state: .untouched) }
        model.show(day: Morning.DayReply(date: "2026-11-23", routine: "Tim Cook", routineId: "tim-cook", mode: .today,
                                         completed: 0, total: 20, tasks: tasks))
        var lines = Self.screen(model)
        #expect(lines.contains("   · 06:12  Task 13"))
        #expect(!lines.contains { $0.contains("Task 14") })
        for _ in 1...13 { _ = model.handle(.down) }
        lines = Self.screen(model)
        #expect(lines.contains(" › · 06:13  Task 14"))
        #expect(!lines.contains { $0.hasSuffix("Task 1") })
        #expect(model.handle(.space) == [.check(position: 14, date: "2026-11-23")])
    }

    @Test("A routine that starts more than 14 days ahead shows its start, the one such day bmd serves, and › says why there is no more")
    func scrollerStartFarAhead() {
        // As after importing a backup, or with a clock three weeks behind: asking for
        // today + 14 was refused by bmd.
        var status = Sample.waiting
        status.routine?.startDate = "2027-01-02"
        var model = AppModel()
        #expect(model.show(status: status) == [.loadDay("2027-01-02")])
        #expect(model.handle(.right) == [])
        #expect(model.message == "The routine starts on Sat 2027-01-02; the days after it show once it is two weeks away.")
        #expect(model.handle(.left) == [])
        #expect(model.handle(.character("t")) == [])
        #expect(model.scroller.selected?.description == "2027-01-02")
    }

    @Test("The scroller runs from the start date to today + 14, five whole days and › for more")
    func scroller() {
        // U1
        var model = Self.running()
        let dates = Self.screen(model)[4]
        // Saturday 21 (the start) and Sunday 22 before today, today, two more, and › for the days after.
        #expect(dates == "   Sat 21 Nov     Sun 22 Nov    [Mon 23 Nov]    Tue 24 Nov     Wed 25 Nov   ›")
        #expect(Self.screen(model)[5].contains("past") && Self.screen(model)[5].contains("today")
                && Self.screen(model)[5].contains("upcoming"))

        #expect(model.handle(.left) == [.loadDay("2026-11-22")])
        #expect(model.handle(.left) == [.loadDay("2026-11-21")])
        // Nothing before the start date: no call, and a word why.
        #expect(model.handle(.left) == [])
        #expect(model.message == "The routine started on Sat 2026-11-21; there is nothing earlier.")
        #expect(model.scroller.selected?.description == "2026-11-21")

        for step in 1...16 { #expect(model.handle(.right) == [.loadDay(Day(iso: "2026-11-21")!.adding(days: step).description)]) }
        #expect(model.scroller.selected?.description == "2026-12-07")
        #expect(model.handle(.right) == [])
        #expect(model.message == "The scroller reaches two weeks ahead, to 2026-12-07.")
        // The chosen day stays in view: it is the fifth, whole one.
        #expect(Self.screen(model)[4].contains("[Mon 7 Dec]"))
        #expect(model.handle(.character("t")) == [.loadDay("2026-11-23")])
    }

    // Rule U1.
    @Test("past days are read-only ✓/✗, future days upcoming; space on them changes nothing")
    func readOnlyDays() {
        var model = Self.running()
        _ = model.handle(.left)
        model.show(day: Self.day("2026-11-22", .past))
        #expect(Self.screen(model).contains("Sunday 2026-11-22 · past, read-only · 1 of 2 done"))
        #expect(Self.screen(model).contains("   ✗ 05:00  Read email"))
        #expect(model.handle(.space) == [])
        #expect(model.message == "Past days are read-only: they show what was done (✓) and missed (✗).")

        _ = model.handle(.right)
        _ = model.handle(.right)
        model.show(day: Self.day("2026-11-24", .future))
        #expect(Self.screen(model).contains("Tuesday 2026-11-24 · upcoming · 2 tasks"))
        #expect(model.handle(.enter) == [])
        #expect(model.message == "This day has not come yet; its tasks can be checked on the day.")
    }

    // Rule U1.
    @Test("a reply for a day no longer chosen is not shown as the chosen one")
    func staleDay() {
        var model = Self.running()
        _ = model.handle(.left)
        model.show(day: Self.day("2026-11-23", .today))  // the answer to the earlier request, late
        #expect(Self.screen(model).contains("Asking bmd for 2026-11-22…"))
        #expect(model.handle(.space) == [])
    }

    // Rule U1.
    @Test("a new status reloads the day shown; at midnight a scroller on today moves to the new today")
    func live() {
        var model = Self.running()
        #expect(model.show(status: Sample.running) == [.loadDay("2026-11-23")])
        var tuesday = Sample.running
        tuesday.date = "2026-11-24"
        tuesday.today = .init(date: "2026-11-24", completed: 0, total: 6)
        #expect(model.show(status: tuesday) == [.loadDay("2026-11-24")])
        #expect(Self.screen(model).contains { $0.contains("[Tue 24 Nov]") })
        // Someone looking at a past day stays there when a status comes.
        _ = model.handle(.left)
        _ = model.handle(.left)
        #expect(model.show(status: tuesday) == [.loadDay("2026-11-22")])
    }

    // Rule U1.
    @Test("no active routine: an empty state with its two ways on, explore and create")
    func noRoutine() {
        var model = AppModel()
        #expect(model.show(status: Sample.nothingActive) == [])
        let lines = Self.screen(model)
        #expect(lines.contains("No active routine."))
        #expect(lines.contains("  e  Explore the celebrity routines"))
        #expect(lines.contains("  c  Create your own routine"))
        #expect(lines[23] == "e explore · c create · 1 2 3 tabs · s settings · q quit")
        #expect(model.handle(.character("c")) == [.create])
        #expect(model.handle(.character("e")) == [.loadCatalog])
        #expect(model.tab == .explore)
        model.show(catalog: AppTabTests.catalog)
        #expect(model.handle(.character("c")) == [.create])
    }

    // Rule U1.
    @Test("a routine that starts tomorrow says so, and the scroller begins at its start")
    func startsTomorrow() {
        var model = AppModel()
        let waiting = Sample.waiting
        #expect(model.show(status: waiting) == [.loadDay("2026-11-24")])
        let lines = Self.screen(model)
        #expect(lines[2] == "Your new routine Tim Cook starts tomorrow (2026-11-24).")
        #expect(lines[4].hasPrefix("  [Tue 24 Nov]"))
        #expect(model.handle(.left) == [])
    }

    // Rule U1.
    @Test("q and Ctrl-C quit from any tab, and from the welcome Ctrl-C too")
    func quit() {
        var model = Self.running()
        #expect(model.handle(.character("q")) == [.quit])
        #expect(model.handle(.character("3")) == [.loadCards])
        #expect(model.handle(.interrupt) == [.quit])
        model.welcome = "Welcome to Better Morning\n"
        #expect(Self.screen(model).contains("Welcome to Better Morning"))
        #expect(model.handle(.interrupt) == [.quit])
        model.welcome = "Welcome to Better Morning\n"
        #expect(model.handle(.character("x")) == [])
        #expect(model.welcome == nil)
    }

    // Rule U1.
    @Test("a window too small for the app asks for a larger one instead of drawing over itself")
    func tooSmall() {
        let lines = Self.screen(Self.running(), width: 30, height: 10)
        #expect(lines.count == 10)
        #expect(lines[0] == "The window is too small:")
        #expect(lines[1] == "the app needs 40×12.")
    }

    // Rule U1.
    @Test("without a terminal, or with --json, bmctl with no command prints the status as `bmctl status` does")
    func noTerminal() {
        let reply = #"{"parameters":{"phase":"none","state":"none","date":"2026-11-23","behind":0,"notifications":{"enabled":true,"sound":true,"available":true}}}"#
        let plain = bmctl([], reply: reply), status = bmctl(["status"], reply: reply)
        #expect(plain.status == 0)
        #expect(plain.out == status.out)
        #expect(plain.out.hasPrefix("No active routine."))
        let json = bmctl(["--json"], reply: reply), statusJSON = bmctl(["status", "--json"], reply: reply)
        #expect(json.out == statusJSON.out)
        #expect(bmctl(["--no-autostart"], reply: reply).out == status.out)
    }
}

/// Explore, Data and Settings in the terminal app.
@Suite struct AppTabTests {
    static let catalog = [
        Morning.CatalogRoutine(id: "tim-cook", name: "Tim Cook", bio: "Apple's chief executive.", source: "Interviews",
                               tasks: [.init(time: "03:45", title: "Wake up")]),
        Morning.CatalogRoutine(id: "benjamin-franklin", name: "Benjamin Franklin",
                               bio: "Printer, writer, scientist and statesman, who planned every hour of his day in a table he kept in his notebook.",
                               source: "The Autobiography of Benjamin Franklin",
                               tasks: [.init(time: "05:00", title: "Rise, wash"), .init(time: "08:00", title: "Work")]),
    ]

    static func cards() -> [Morning.Card] {
        [Morning.Card(routine: "Tim Cook", routineId: "tim-cook", type: .celebrity, active: true, week: Sample.week),
         Morning.Card(routine: "Benjamin Franklin", routineId: "benjamin-franklin", type: .celebrity, active: false,
                      week: Morning.WeekChart(routine: "Benjamin Franklin", routineId: "benjamin-franklin", total: 1,
                                              weekStart: "2026-11-16", today: "2026-11-19",
                                              days: Sample.week.days.map { .init(date: $0.date, completed: nil) }))]
    }

    /// Tim Cook's records go back to Monday 2026-11-09, the week before the sample's.
    static func stats() -> [Morning.RoutineStats] {
        [Morning.RoutineStats(routine: "Tim Cook", routineId: "tim-cook", type: .celebrity, active: true, tasks: 6,
                              stats: .init(tasksCompleted: 20, tasksPlanned: 40, daysTracked: 10, averagePerDay: 2, completionRate: 0.5,
                                           perfectDays: 0, bestRun: 0, bestRunFrom: nil, bestRunThrough: nil,
                                           firstDate: "2026-11-09", lastDate: "2026-11-18"))]
    }

    // Rule U1.
    @Test("Explore lists the routines, opens a profile with bio, source and tasks, and asks before choosing, saying what today loses")
    func explore() {
        var model = AppTests.running()
        #expect(model.handle(.character("1")) == [.loadCatalog])
        model.show(catalog: Self.catalog)
        var lines = AppTests.screen(model)
        #expect(lines.contains(" › tim-cook           Tim Cook           1 task, first at 03:45  (yours)"))
        #expect(lines.contains("   benjamin-franklin  Benjamin Franklin  2 tasks, first at 05:00"))
        #expect(model.handle(.down) == [])
        #expect(model.handle(.enter) == [])
        lines = AppTests.screen(model)
        #expect(lines[2] == "Benjamin Franklin (benjamin-franklin)")
        // The bio is wrapped between words at the screen's width.
        #expect(lines[3] == "Printer, writer, scientist and statesman, who planned every hour of his day in a")
        #expect(lines[4] == "table he kept in his notebook.")
        #expect(lines[5] == "Source: The Autobiography of Benjamin Franklin")
        #expect(lines.contains("  05:00  Rise, wash"))

        #expect(model.handle(.enter) == [])
        lines = AppTests.screen(model)
        #expect(lines.contains("Make Benjamin Franklin your routine? It starts tomorrow (2026-11-24)."))
        #expect(lines.contains("Today's Tim Cook ends now with 2 of 6 done; the 4 unchecked count as missed."))
        // Anything but y keeps things as they are.
        #expect(model.handle(.character("n")) == [])
        #expect(model.message == "Nothing changed.")
        #expect(model.handle(.character("a")) == [])
        #expect(model.handle(.character("y")) == [.activate(routine: "benjamin-franklin")])

        // Choosing the routine already active asks nothing.
        #expect(model.handle(.left) == [])
        #expect(model.handle(.up) == [])
        #expect(model.handle(.enter) == [])
        #expect(model.handle(.enter) == [])
        #expect(model.question == nil)
        #expect(model.message == "Tim Cook is already your routine; to start it over, use r in Data.")
    }

    // Rule U1.
    @Test("Data shows a card per routine and the chosen card's week; ← → move by weeks")
    func data() {
        var model = AppTests.running()
        #expect(model.handle(.character("3")) == [.loadCards])
        model.show(cards: Self.cards(), stats: Self.stats())
        var lines = AppTests.screen(model)
        #expect(lines[2] == " › Tim Cook · celebrity · active")
        #expect(lines[3] == "   Benjamin Franklin · celebrity")
        #expect(lines.contains("this week"))
        #expect(lines.contains("Tim Cook · week of 2026-11-16 · 3 tasks a day"))
        #expect(model.handle(.right) == [])
        #expect(model.message == "This is the current week; weeks ahead have no records yet.")
        #expect(model.handle(.left) == [.loadWeek(routine: "tim-cook", offset: -1)])
        #expect(AppTests.screen(model).contains("Asking bmd for that week…"))
        var earlier = Sample.week
        earlier.weekStart = "2026-11-09"
        model.show(week: earlier, offset: -1)
        lines = AppTests.screen(model)
        #expect(lines.contains("last week"))
        #expect(lines.contains("Tim Cook · week of 2026-11-09 · 3 tasks a day"))
        // Nothing before the week of the first record: no call, and a word why, as on the
        // window's History page.
        #expect(model.handle(.left) == [])
        #expect(model.message == "Tim Cook has no records before this week.")
        #expect(model.handle(.right) == [])
        #expect(AppTests.screen(model).contains("Tim Cook · week of 2026-11-16 · 3 tasks a day"))
        // A new status (a check from the bar) brings this week's cards again; an earlier week stays put.
        #expect(model.show(status: Sample.running) == [.loadDay("2026-11-23"), .loadCards])
        _ = model.handle(.left)
        #expect(model.show(status: Sample.running) == [.loadDay("2026-11-23")])
    }

    // Rule U1.
    @Test("restart and delete ask first, naming the routine and what goes")
    func restartAndDelete() {
        var model = AppTests.running()
        _ = model.handle(.character("3"))
        model.show(cards: Self.cards(), stats: Self.stats())
        #expect(model.handle(.character("r")) == [])
        var lines = AppTests.screen(model)
        #expect(lines.contains("Start Tim Cook over from tomorrow (2026-11-24)? Its history stays."))
        #expect(lines.contains("Today's day ends now with 2 of 6 done."))
        #expect(model.handle(.character("y")) == [.restart(routine: "tim-cook")])

        #expect(model.handle(.down) == [])
        #expect(model.handle(.character("d")) == [.countDays(routine: "benjamin-franklin")])
        model.askDelete(routine: "benjamin-franklin", days: 12)
        lines = AppTests.screen(model)
        #expect(lines.contains("Delete Benjamin Franklin and its history: 12 days of records? This cannot be"))
        #expect(lines.contains("undone."))
        #expect(lines.contains("It stays in Explore, to be chosen again."))
        #expect(model.handle(.escape) == [])
        #expect(model.message == "Nothing changed.")
        model.askDelete(routine: "benjamin-franklin", days: 12)
        #expect(model.handle(.character("y")) == [.delete(routine: "benjamin-franklin")])
    }

    // Rule U1.
    @Test("Settings: notifications on and off with their availability, the welcome, reset with a question")
    func settings() {
        var model = AppTests.running()
        #expect(model.handle(.character("s")) == [])
        var lines = AppTests.screen(model)
        #expect(lines[0].hasSuffix("[s Settings]"))
        #expect(lines.contains("  n  Notifications: on"))
        #expect(model.handle(.character("n")) == [.setNotifications(false)])
        #expect(lines.contains("  a  Alarm sound: on"))
        #expect(model.handle(.character("a")) == [.setNotificationSound(false)])
        model.show(notifications: .init(enabled: true, sound: false, available: true))
        #expect(AppTests.screen(model).contains("  a  Alarm sound: off"))
        #expect(model.handle(.character("a")) == [.setNotificationSound(true)])
        model.show(notifications: .init(enabled: true, sound: true, available: false))
        lines = AppTests.screen(model)
        #expect(lines.contains("  n  Notifications: on — no notification server answers now, so the reminder"))
        #expect(lines.contains("     cannot show yet"))
        model.show(notifications: .init(enabled: true, sound: true, available: false, reason: "no notification server is on the session bus"))
        #expect(AppTests.screen(model, width: 120).contains("  n  Notifications: on — the reminder cannot show yet: no notification server is on the session bus"))
        #expect(model.handle(.character("r")) == [])
        lines = AppTests.screen(model)
        #expect(lines.contains("Reset Better Morning? Every routine, record and setting is removed; the"))
        #expect(lines.contains("celebrity routines stay."))
        #expect(model.handle(.character("y")) == [.reset])
        #expect(model.handle(.character("w")) == [])
        #expect(AppTests.screen(model).contains { $0.contains("Welcome to Better Morning") })
        _ = model.handle(.space)
        #expect(model.handle(.escape) == [])
        #expect(!model.settings)
        #expect(AppTests.screen(model)[0].hasPrefix(" 1 Explore  [2 Routine]"))
    }

    // Rule U1.
    @Test("wide characters count two columns, so a line of them never wraps and pushes the screen up")
    func wideCharacters() {
        var model = AppTests.running()
        let title = String(repeating: "朝", count: 40)
        model.show(day: Morning.DayReply(date: "2026-11-23", routine: "Tim Cook", routineId: "tim-cook", mode: .today,
                                         completed: 0, total: 1,
                                         tasks: [.init(position: 1, time: "06:00", title: title, state: .untouched)]))
        let line = try! #require(AppTests.screen(model).first { $0.contains("朝") })
        #expect(AppScreen.columns(line) <= 80)
        // Cut a column early, where a whole character still fits, and marked as cut.
        #expect(line == " › · 06:00  " + String(repeating: "朝", count: 33) + "…")
        #expect(AppScreen.columns("🏃‍♀️ run") == 6)
        #expect(AppScreen.columns("e\u{301}") == 1)
        #expect(AppScreen.wrap("散歩 散歩 散歩", width: 10) == ["散歩 散歩", "散歩"])
    }

    // Rule U1.
    @Test("words wrap at the width, never mid-word")
    func wrap() {
        #expect(AppScreen.wrap("one two three four", width: 9) == ["one two", "three", "four"])
        #expect(AppScreen.wrap("Source: a long title", width: 12, indent: 2) == ["Source: a", "  long title"])
        #expect(AppScreen.wrap("", width: 10) == [""])
    }
}

/// The terminal app at small sizes and in odd states: the way out always shows, a cut is
/// marked, nothing is hidden without a sign, and a hint never outlives what it was about.
@Suite struct AppSmallScreenTests {
    /// Monday 2026-11-23, eight tasks, the third to do now.
    static func eightTasks() -> AppModel {
        var model = AppTests.running()
        let titles = ["Wake up", "Say a morning prayer", "Ask yourself what good you will do today",
                      "Plan the day's business and set its resolution", "Carry on with your current study",
                      "Eat breakfast", "Work until noon", "Read or go over your accounts, then have lunch"]
        model.show(day: Morning.DayReply(
            date: "2026-11-23", routine: "Tim Cook", routineId: "tim-cook", mode: .today, completed: 2, total: 8,
            tasks: titles.enumerated().map { .init(position: $0 + 1, time: "0\($0 + 1):00", title: $1, state: $0 < 2 ? .done : .untouched) }))
        return model
    }

    /// Every screen a person can reach from the running model, by name.
    static func everyScreen() -> [(String, AppModel)] {
        var screens: [(String, AppModel)] = [("routine", eightTasks())]
        var settings = eightTasks()
        _ = settings.handle(.character("s"))
        screens.append(("settings", settings))
        var explore = eightTasks()
        _ = explore.handle(.character("1"))
        explore.show(catalog: AppTabTests.catalog)
        screens.append(("explore", explore))
        var profile = explore
        _ = profile.handle(.enter)
        screens.append(("profile", profile))
        var data = eightTasks()
        _ = data.handle(.character("3"))
        data.show(cards: AppTabTests.cards(), stats: AppTabTests.stats())
        screens.append(("data", data))
        var welcome = eightTasks()
        welcome.welcome = "Welcome to Better Morning\n"
        screens.append(("welcome", welcome))
        var empty = AppModel()
        _ = empty.show(status: Sample.nothingActive)
        screens.append(("no routine", empty))
        return screens
    }

    // Rule U3.
    @Test("at every width from 60 columns and every height from 16 rows, each screen ends with the way out and no line is wider than the screen")
    func wayOutAtEverySize() {
        for (name, model) in Self.everyScreen() {
            for width in 60...120 {
                for height in [16, 20, 24, 40] {
                    let lines = AppTests.screen(model, width: width, height: height)
                    #expect(lines.count == height)
                    let last = lines.last ?? ""
                    #expect(last.hasSuffix("q quit") || last.hasSuffix("q quits"), "\(name) at \(width)×\(height): \(last)")
                    #expect(lines.allSatisfy { AppScreen.columns($0) <= width }, "\(name) at \(width)×\(height)")
                    // A key is shown whole or not at all.
                    for key in last.components(separatedBy: " · ") {
                        #expect(["…", "q quit", "q quits"].contains(key) || !key.hasSuffix(" ") && !key.isEmpty, "\(name): \(last)")
                    }
                }
            }
        }
    }

    // Rule U3.
    @Test("the key line keeps the keys in order and says with … that some were left out; settings name a for the sound")
    func keyLine() {
        #expect(AppScreen.hint(["a one", "b two", "c three"], way: "q quit", width: 80) == "a one · b two · c three · q quit")
        #expect(AppScreen.hint(["a one", "b two", "c three"], way: "q quit", width: 26) == "a one · b two · … · q quit")
        #expect(AppScreen.hint(["a one", "b two", "c three"], way: "q quit", width: 25) == "a one · … · q quit")
        #expect(AppScreen.hint(["a one", "b two", "c three"], way: "q quit", width: 6) == "… · q quit")
        var settings = Self.eightTasks()
        _ = settings.handle(.character("s"))
        #expect(AppTests.screen(settings, width: 100).last == "n notifications · a sound · w welcome · r reset · s or Esc closes · q quit")
        // At 60 columns the routine's keys for days, tasks and checking are still there.
        #expect(AppTests.screen(Self.eightTasks(), width: 60, height: 20).last == "← → day · ↑ ↓ task · space check · t today · … · q quit")
    }

    // Rule U3.
    @Test("a line too long for the screen ends in an ellipsis")
    func cutLinesEndInEllipsis() {
        let lines = AppTests.screen(Self.eightTasks(), width: 50, height: 24)
        let cut = lines.first { $0.contains("Plan the day") } ?? ""
        #expect(cut.hasSuffix("…") && AppScreen.columns(cut) == 50, "\(cut)")
        #expect(lines.first { $0.contains("Wake up") }?.hasSuffix("Wake up") == true)
    }

    // Rule U1.
    @Test("tasks that do not fit are counted below the list, above it too once the cursor scrolls, and every task is shown or counted")
    func hiddenTasksCounted() {
        func tasks(_ lines: [String]) -> Int { lines.filter { !$0.hasPrefix("next") && $0.contains(":00  ") }.count }
        var model = Self.eightTasks()
        var lines = AppTests.screen(model, width: 60, height: 16)
        var shown = tasks(lines)
        var counted = lines.first { $0.contains("below") } ?? ""
        #expect(shown < 8 && counted == "   ↓ \(8 - shown) below", "\(lines)")
        for _ in 0..<7 { _ = model.handle(.down) }
        lines = AppTests.screen(model, width: 60, height: 16)
        shown = tasks(lines)
        counted = lines.first { $0.contains("above") } ?? ""
        #expect(counted == "   ↑ \(8 - shown) above", "\(lines)")
        #expect(lines.contains { $0.contains("Read or go over") })
        // With room for all, nothing is counted.
        #expect(!AppTests.screen(Self.eightTasks(), width: 80, height: 30).contains { $0.contains("below") || $0.contains("above") })
    }

    // Rule U1.
    @Test("Explore fills the room it has: the count of routines below sits right above the foot, not over empty rows")
    func exploreFillsItsRoom() {
        var model = Self.eightTasks()
        _ = model.handle(.character("1"))
        let many = (1...60).map { n in
            Morning.CatalogRoutine(id: "r\(n)", name: "Routine \(n)", bio: "", source: "", tasks: [.init(time: "05:00", title: "Rise")])
        }
        model.show(catalog: many)
        for height in [16, 24, 40] {
            let lines = AppTests.screen(model, width: 80, height: height)
            let more = lines.firstIndex { $0.contains("more below") }
            // The list's last line, then the foot's empty line, then the keys.
            #expect(more == height - 3, "at height \(height): \(lines)")
            let shown = lines.filter { $0.contains("task, first at") }.count
            #expect(lines.contains("   ↓ \(60 - shown) more below"))
        }
    }

    // Rule U1.
    @Test("before a routine's first day the scroller says it starts then, not that it started; a new day or a restart of bmd takes the hint away")
    func hintsInTheRightTense() {
        var model = AppModel()
        let waiting = Sample.waiting
        _ = model.show(status: waiting)
        _ = model.handle(.left)
        #expect(model.message == "The routine starts on Tue 2026-11-24; there is nothing earlier.")
        // The next day the routine has started, and the hint of the day before is gone.
        var started = Sample.running
        started.date = "2026-11-24"
        started.routine?.startDate = "2026-11-24"
        _ = model.show(status: started)
        #expect(model.message == nil)
        _ = model.handle(.left)
        #expect(model.message == "The routine started on Tue 2026-11-24; there is nothing earlier.")
        model.bmdAway()
        #expect(model.message == nil && model.away == AppModel.awayText)
    }
}
