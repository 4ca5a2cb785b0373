import MorningProtocol
import MorningWindow
import MorningWords
import Testing

/// Routines with records, as bmd's Data, Week, Stats and History send them, seen from
/// Wednesday 2026-11-25 with weeks from Monday: Lark (active, since Friday 20th) and
/// Kant (famous, stored, since 1 October).
extension Fixture {
    static func week(_ routine: String = "Lark", id: String = "lark", start: String = "2026-11-23",
                     counts: [Int?] = [3, 1, 1, nil, nil, nil, nil], startDate: String? = "2026-11-20") -> Morning.WeekChart {
        let first = Day(iso: start)!
        return Morning.WeekChart(routine: routine, routineId: id, total: 3, weekStart: start, today: "2026-11-25", startDate: startDate,
                                 days: counts.enumerated().map { Morning.WeekDay(date: first.adding(days: $0.offset).description, completed: $0.element) })
    }

    static let cards = [
        Morning.Card(routine: "Lark", routineId: "lark", type: .custom, active: true, week: week()),
        Morning.Card(routine: "Kant", routineId: "kant", type: .celebrity, active: false,
                     week: week("Kant", id: "kant", counts: [nil, nil, nil, nil, nil, nil, nil], startDate: "2026-10-01")),
    ]

    static func totals(days: Int, first: String?) -> Morning.StatsTotals {
        Morning.StatsTotals(tasksCompleted: days * 2, tasksPlanned: days * 3, daysTracked: days, averagePerDay: days > 0 ? 2 : 0,
                            completionRate: days > 0 ? 2.0 / 3 : 0, perfectDays: days > 0 ? 1 : 0, bestRun: days > 0 ? 1 : 0,
                            bestRunFrom: first, bestRunThrough: first, firstDate: first, lastDate: days > 0 ? "2026-11-24" : nil)
    }

    static let stats = Morning.StatsReply(routines: [
        Morning.RoutineStats(routine: "Lark", routineId: "lark", type: .custom, active: true, tasks: 3, stats: totals(days: 5, first: "2026-11-20")),
        Morning.RoutineStats(routine: "Kant", routineId: "kant", type: .celebrity, active: false, tasks: 3, stats: totals(days: 40, first: "2026-10-01")),
    ], overall: totals(days: 45, first: "2026-10-01"))

    /// Lark's heatmap: from 1 September, weeks from Monday 31 August, records since the 20th.
    static func heatmap(id: String = "lark") -> Morning.HistoryReply {
        let first = Day(iso: "2026-08-31")!
        let days = (0..<first.distance(to: Day(iso: "2026-11-25")!) + 1).map { offset -> Morning.HistoryDay in
            let date = first.adding(days: offset).description
            return date < "2026-09-01" ? Morning.HistoryDay(date: date) : date >= "2026-11-20" ? Morning.HistoryDay(date: date, completed: offset % 4, total: 3) : Morning.HistoryDay(date: date)
        }
        return Morning.HistoryReply(routine: id == "lark" ? "Lark" : "Kant", routineId: id, from: "2026-09-01", today: "2026-11-25", days: days)
    }
}

/// The History page's model, event by event: what it asks of bmd, the weeks it steps
/// through and where it stops, and the questions it asks before a restart or a delete.
// Rule U4: the window's History page, with the terminal app's facts.
@Suite struct HistoryModelTests {
    /// A page on screen that has heard Lark's status, cards and stats.
    func loaded() -> HistoryModel {
        var model = HistoryModel()
        _ = model.show(status: Fixture.status())
        _ = model.handle(.shown(true), status: Fixture.status())
        _ = model.handle(.cards(Fixture.cards), status: Fixture.status())
        _ = model.handle(.stats(Fixture.stats), status: Fixture.status())
        return model
    }

    @Test("nothing is asked while the page is away; on screen it asks for the cards and stats, then the chosen routine's heatmap")
    func loading() {
        var model = HistoryModel()
        #expect(model.show(status: Fixture.status()) == [])
        #expect(model.handle(.shown(true), status: Fixture.status()) == [.loadCards, .loadStats])
        #expect(model.handle(.cards(Fixture.cards), status: Fixture.status()) == [.loadHeatmap(routine: "lark")])
        #expect(model.card?.routine == "Lark")  // the active routine first
        #expect(model.chart == Fixture.cards[0].week)
        // Away, nothing is asked; shown again, all is asked again (a routine may have been
        // deleted from a terminal, which changes no status).
        _ = model.handle(.shown(false), status: Fixture.status())
        #expect(model.show(status: Fixture.status(done: 2)) == [])
        #expect(model.handle(.shown(true), status: Fixture.status()) == [.loadCards, .loadStats])
    }

    @Test("a check while the page is on screen asks again; a change while it is away waits until it shows")
    func followsTheMorning() {
        var model = loaded()
        #expect(model.show(status: Fixture.status()) == [])  // the same morning
        #expect(model.show(status: Fixture.status(done: 2)) == [.loadCards, .loadStats])
        _ = model.handle(.shown(false), status: nil)
        #expect(model.show(status: Fixture.status(date: "2026-11-26")) == [])
        #expect(model.handle(.shown(true), status: nil) == [.loadCards, .loadStats])
    }

    @Test("weeks step back to the one of the routine's first record and forward to this one, with words at each end")
    func navigation() {
        var model = loaded()
        #expect(model.earliestOffset == -1)  // Lark started Friday 20th, in the week of the 16th
        #expect(!model.canGoForward)
        #expect(model.handle(.nextWeek, status: nil) == [])
        #expect(model.notice == "This is the current week; weeks ahead have no records yet.")
        #expect(model.handle(.previousWeek, status: nil) == [.loadWeek(routine: "lark", offset: -1)])
        #expect(model.notice == nil)
        #expect(model.chart == nil)  // until bmd answers
        let last = Fixture.week(start: "2026-11-16", counts: [nil, nil, nil, nil, 2, 3, 0])
        _ = model.handle(.week(last, offset: -1), status: nil)
        #expect(model.chart == last)
        #expect(!model.canGoBack)
        #expect(model.handle(.previousWeek, status: nil) == [])
        #expect(model.notice == "Lark has no records before this week.")
        // Forward again to this week: its chart is the card's, nothing asked.
        #expect(model.handle(.nextWeek, status: nil) == [])
        #expect(model.offset == 0)
        #expect(model.chart == Fixture.cards[0].week)
    }

    @Test("an answer for a week no longer on show is dropped; This Week comes back at once")
    func lateWeek() {
        var model = loaded()
        _ = model.handle(.choose("kant"), status: nil)
        #expect(model.earliestOffset == -8)  // 1 October is in the week of 28 September
        _ = model.handle(.previousWeek, status: nil)
        _ = model.handle(.previousWeek, status: nil)
        _ = model.handle(.week(Fixture.week("Kant", id: "kant", start: "2026-11-16"), offset: -1), status: nil)
        #expect(model.chart == nil)
        #expect(model.handle(.thisWeek, status: nil) == [])
        #expect(model.chart?.routineId == "kant")
        #expect(model.offset == 0)
    }

    @Test("choosing another routine shows its this week and asks for its heatmap")
    func choosing() {
        var model = loaded()
        _ = model.handle(.previousWeek, status: nil)
        #expect(model.handle(.choose("kant"), status: nil) == [.loadHeatmap(routine: "kant")])
        #expect(model.offset == 0)
        #expect(model.card?.routine == "Kant")
        #expect(model.routineStats?.stats.daysTracked == 40)
        #expect(model.shownHeatmap == nil)
        _ = model.handle(.heatmap(Fixture.heatmap(id: "kant")), status: nil)
        #expect(model.shownHeatmap?.routineId == "kant")
        #expect(model.handle(.choose("kant"), status: nil) == [])
        #expect(model.handle(.choose("gone"), status: nil) == [])
    }

    @Test("week labels say the dates and how far back the week is")
    func weekLabels() {
        #expect(HistoryModel.weekLabel(Fixture.week(), offset: 0) == "23 – 29 Nov · this week")
        #expect(HistoryModel.weekLabel(Fixture.week(start: "2026-11-16"), offset: -1) == "16 – 22 Nov · last week")
        #expect(HistoryModel.weekLabel(Fixture.week(start: "2026-10-26"), offset: -4) == "26 Oct – 1 Nov · 4 weeks ago")
        #expect(HistoryModel.weekLabel(Fixture.week(start: "2025-12-29"), offset: -47) == "29 Dec 2025 – 4 Jan 2026 · 47 weeks ago")
    }

    @Test("each day of the chart says its count in words, and why a day has none")
    func chartWords() {
        let chart = Fixture.week(start: "2026-11-16", counts: [nil, nil, nil, nil, 2, 3, 0])
        #expect(chart.days.map { HistoryModel.dayWords($0, chart: chart) } == [
            "Mon 16 Nov: before Lark started", "Tue 17 Nov: before Lark started", "Wed 18 Nov: before Lark started",
            "Thu 19 Nov: before Lark started", "Fri 20 Nov: 2 of 3", "Sat 21 Nov: 3 of 3", "Sun 22 Nov: 0 of 3",
        ])
        let now = Fixture.week()
        #expect(HistoryModel.dayWords(now.days[2], chart: now) == "Wed 25 Nov: today, 1 of 3 so far")
        #expect(HistoryModel.dayWords(now.days[3], chart: now) == "Thu 26 Nov: to come")
        #expect(HistoryModel.chartWords(now, offset: 0).hasPrefix("Lark, 23 – 29 Nov · this week. Mon 23 Nov: 3 of 3; Tue 24 Nov: 1 of 3;"))
    }

    @Test("the heatmap says whose it is, what it covers, and each day's count")
    func heatmapWords() {
        let reply = Fixture.heatmap()
        #expect(HistoryModel.heatmapWords(reply) == "Heatmap of Lark: 2026-09-01 – 2026-11-25, 6 days tracked, 1 perfect")
        #expect(HistoryModel.heatmapDayWords(Morning.HistoryDay(date: "2026-11-23", completed: 2, total: 3), from: reply.from) == "Mon 23 Nov: 2 of 3")
        #expect(HistoryModel.heatmapDayWords(Morning.HistoryDay(date: "2026-09-02"), from: reply.from) == "Wed 2 Sep: no record")
        #expect(HistoryModel.heatmapDayWords(Morning.HistoryDay(date: "2026-08-31"), from: reply.from) == nil)
    }

    @Test("restarting asks first, with the terminal app's words: from tomorrow, history kept, today's day ended")
    func restart() {
        var model = loaded()
        #expect(model.handle(.askRestart, status: Fixture.status()) == [])
        #expect(model.question == Confirmation(
            heading: "Start Lark over?",
            body: "Start Lark over from tomorrow (2026-11-26)? Its history stays.\nToday's day ends now with 1 of 3 done.",
            action: "Start Over", destructive: false))
        #expect(model.handle(.cancel, status: nil) == [])
        #expect(model.question == nil)
        _ = model.handle(.choose("kant"), status: nil)
        _ = model.handle(.askRestart, status: Fixture.status())
        #expect(model.question?.body == "Start Kant over from tomorrow (2026-11-26)? Its history stays.\nIt takes the place of Lark, whose day ends now.")
        #expect(model.handle(.confirm, status: nil) == [.restart(routine: "kant")])
        #expect(model.question == nil)
        #expect(model.handle(.confirm, status: nil) == [])  // answered once only
        let reply = Morning.Activation(routine: Fixture.routine(start: "2026-11-26"), previous: Fixture.routine(),
                                       finalized: Morning.Progress(date: "2026-11-25", completed: 1, total: 3))
        #expect(model.handle(.restarted(reply), status: nil) == [.loadCards, .loadStats])
        #expect(model.notice == "Restarted Lark: it starts over tomorrow (2026-11-26); its history stays. Today's Lark ended with 1 of 3 done.")
    }

    @Test("deleting asks first, saying the days of records lost, that nothing will be active, that a famous one stays")
    func delete() {
        var model = loaded()
        _ = model.handle(.askDelete, status: nil)
        #expect(model.question == Confirmation(
            heading: "Delete Lark?",
            body: "Delete Lark and its history: 5 days of records? This cannot be undone.\nIt is your active routine; no routine will be active after.",
            action: "Delete", destructive: true))
        _ = model.handle(.cancel, status: nil)
        _ = model.handle(.choose("kant"), status: nil)
        _ = model.handle(.askDelete, status: nil)
        #expect(model.question?.body == "Delete Kant and its history: 40 days of records? This cannot be undone.\nIt stays on the Routines page, to be chosen again.")
        #expect(model.handle(.confirm, status: nil) == [.delete(routine: "kant")])
        let reply = Morning.DeleteReply(routine: Morning.RoutineInfo(id: "kant", name: "Kant", type: .celebrity, active: false,
                                                                     createdDate: "2026-09-30", startDate: "2026-10-01", tasks: []), records: 40)
        #expect(model.handle(.deleted(reply), status: nil) == [.loadCards, .loadStats])
        #expect(model.notice == "Deleted Kant and its 40 day records.")
        _ = model.handle(.cards([Fixture.cards[0]]), status: nil)
        #expect(model.card?.routine == "Lark")
    }

    @Test("a delete asked before the stats came waits for them, then asks")
    func deleteWaitsForStats() {
        var model = HistoryModel()
        _ = model.handle(.shown(true), status: nil)
        _ = model.handle(.cards(Fixture.cards), status: nil)
        #expect(model.handle(.askDelete, status: nil) == [.loadStats])
        #expect(model.question == nil)
        _ = model.handle(.stats(Fixture.stats), status: nil)
        #expect(model.question?.heading == "Delete Lark?")
    }

    @Test("deleting the active routine says none is active and where to pick one")
    func deleteActive() {
        var model = loaded()
        let reply = Morning.DeleteReply(routine: Fixture.routine(), records: 5)
        _ = model.handle(.deleted(reply), status: nil)
        #expect(model.notice == "Deleted Lark and its 5 day records. No routine is active now; pick one on the Routines page.")
    }

    @Test("the window's model hands History's events to it and its effects to the link")
    func inWindowModel() {
        var window = WindowModel()
        _ = window.handle(.started)
        _ = window.handle(.status(Fixture.status()))
        #expect(window.handle(.history(.shown(true))) == [.history(.loadCards), .history(.loadStats)])
        _ = window.handle(.history(.cards(Fixture.cards)))
        _ = window.handle(.history(.stats(Fixture.stats)))
        // A check made elsewhere: the Today page's day and the History page are asked again.
        #expect(window.handle(.status(Fixture.status(done: 2))) == [.loadDay("2026-11-25"), .history(.loadCards), .history(.loadStats)])
        _ = window.handle(.history(.askRestart))
        #expect(window.history.question?.body.contains("Today's day ends now with 2 of 3 done.") == true)  // the latest status
    }
}
