import MorningProtocol
import MorningWindow
import Testing

/// The window's model, event by event, without GTK or a socket.
// Rule U4: the window, a view of bmd that follows it live.
@Suite struct WindowModelTests {
    /// A model that has heard `status` and the day bmd answered for it.
    func live(_ status: Morning.StatusReply = Fixture.status()) -> WindowModel {
        var model = WindowModel()
        _ = model.handle(.started)
        _ = model.handle(.status(status))
        _ = model.handle(.day(Fixture.day(status.date)))
        return model
    }

    @Test("opening connects; the first status makes it live, on today, and asks for today")
    func opening() {
        var model = WindowModel()
        #expect(model.handle(.started) == [.connect])
        #expect(model.link == .connecting)
        #expect(model.handle(.status(Fixture.status())) == [.loadDay("2026-11-25")])
        #expect(model.link == .live)
        #expect(model.scroller.selected?.description == "2026-11-25")
        #expect(model.page == .today)
    }

    @Test("\"Open today\" shows Today on today's date, whatever page and date were on show")
    func openToday() {
        var model = live()
        _ = model.handle(.select(Day(iso: "2026-11-22")!))
        _ = model.handle(.showPage(.history))
        #expect(model.handle(.openToday) == [.loadDay("2026-11-25")])
        #expect(model.page == .today)
        #expect(model.scroller.selected?.description == "2026-11-25")
        // Already on today: the page shows, nothing is asked again.
        #expect(model.handle(.openToday) == [])
        // A routine not started yet: its first day, as the scroller starts there.
        var waiting = live(Fixture.waiting())
        _ = waiting.handle(.select(Day(iso: "2026-11-30")!))
        #expect(waiting.handle(.openToday) == [.loadDay("2026-11-26")])
    }

    @Test("the scroller runs from the routine's start to 14 days after today")
    func scrollerRange() {
        let model = live()
        #expect(model.scroller.dates.first?.description == "2026-11-20")
        #expect(model.scroller.dates.last?.description == "2026-12-09")
        #expect(model.scroller.dates.count == 20)
    }

    @Test("choosing a date asks for it; dates outside the range are held to its ends")
    func choosing() {
        var model = live()
        #expect(model.handle(.select(Day(iso: "2026-11-22")!)) == [.loadDay("2026-11-22")])
        #expect(model.shownDay == nil)  // the day of the 25th is no longer the one chosen
        _ = model.handle(.day(Fixture.day("2026-11-22")))
        #expect(model.shownDay?.mode == .past)
        #expect(model.handle(.select(Day(iso: "2026-11-01")!)) == [.loadDay("2026-11-20")])
        #expect(model.handle(.select(Day(iso: "2027-01-01")!)) == [.loadDay("2026-12-09")])
        #expect(model.handle(.select(Day(iso: "2026-12-09")!)) == [])
    }

    @Test("an answer for a date no longer chosen is dropped")
    func overtaken() {
        var model = live()
        _ = model.handle(.select(Day(iso: "2026-11-22")!))
        _ = model.handle(.day(Fixture.day("2026-11-25", done: 2)))
        #expect(model.shownDay == nil)
    }

    @Test("clicking an unchecked task of today checks it, a checked one unchecks it")
    func toggling() {
        var model = live()
        #expect(model.handle(.toggle(position: 2)) == [.check(position: 2, date: "2026-11-25")])
        #expect(model.handle(.toggle(position: 1)) == [.uncheck(position: 1, date: "2026-11-25")])
        let walk = Morning.DayTask(position: 2, time: "05:30", title: "Walk", state: .done)
        _ = model.handle(.changed(Morning.TaskChange(task: walk, changed: true, completed: 2, total: 3)))
        #expect(model.shownDay?.tasks[1].state == .done)
        #expect(model.shownDay?.completed == 2)
        #expect(model.handle(.toggle(position: 2)) == [.uncheck(position: 2, date: "2026-11-25")])
    }

    @Test("past and future days cannot be checked; neither can anything while bmd is away")
    func readOnly() {
        var model = live()
        _ = model.handle(.select(Day(iso: "2026-11-22")!))
        _ = model.handle(.day(Fixture.day("2026-11-22")))
        #expect(model.handle(.toggle(position: 2)) == [])
        _ = model.handle(.select(Day(iso: "2026-11-27")!))
        _ = model.handle(.day(Fixture.day("2026-11-27")))
        #expect(model.handle(.toggle(position: 2)) == [])
        var away = live()
        _ = away.handle(.lost("bmd closed the connection"))
        #expect(away.handle(.toggle(position: 2)) == [])
    }

    @Test("a check made elsewhere comes as a new status: the day on show is asked for again")
    func elsewhere() {
        var model = live()
        #expect(model.handle(.status(Fixture.status(done: 2))) == [.loadDay("2026-11-25")])
        _ = model.handle(.select(Day(iso: "2026-11-22")!))
        // A scroller moved off today stays where it was.
        #expect(model.handle(.status(Fixture.status(done: 2))) == [.loadDay("2026-11-22")])
    }

    @Test("a scroller on today follows today over midnight")
    func midnight() {
        var model = live()
        #expect(model.handle(.status(Fixture.status(date: "2026-11-26", done: 0))) == [.loadDay("2026-11-26")])
        #expect(model.scroller.dates.last?.description == "2026-12-10")
    }

    @Test("bmd away: tries again after a quarter second, doubling up to four seconds, and live again on a status")
    func away() {
        var model = live()
        #expect(model.handle(.lost("bmd closed the connection")) == [.retry(afterMilliseconds: 250)])
        #expect(model.link == .away(reason: "bmd closed the connection", tries: 1))
        #expect(model.handle(.retry) == [.connect])
        #expect(model.handle(.lost("nothing answers")) == [.retry(afterMilliseconds: 500)])
        #expect(model.handle(.lost("nothing answers")) == [.retry(afterMilliseconds: 1000)])
        #expect(model.handle(.lost("nothing answers")) == [.retry(afterMilliseconds: 2000)])
        #expect(model.handle(.lost("nothing answers")) == [.retry(afterMilliseconds: 4000)])
        #expect(model.handle(.lost("nothing answers")) == [.retry(afterMilliseconds: 4000)])
        // What was on show stays on show while bmd is away.
        #expect(model.shownDay?.date == "2026-11-25")
        _ = model.handle(.status(Fixture.status()))
        #expect(model.link == .live)
        #expect(model.handle(.lost("bmd closed the connection")) == [.retry(afterMilliseconds: 250)])
    }

    @Test("with no active routine there is no scroller and no day to ask for")
    func noRoutine() {
        var model = WindowModel()
        _ = model.handle(.started)
        #expect(model.handle(.status(Fixture.noRoutine)) == [])
        #expect(model.scroller.dates.isEmpty)
        #expect(model.handle(.select(Day(iso: "2026-11-25")!)) == [])
    }

    @Test("a refusal is said in words and the day asked for again")
    func refusal() {
        var model = live()
        #expect(model.handle(.refused(.notToday(date: "2026-11-25", today: "2026-11-26"))) == [.loadDay("2026-11-25")])
        #expect(model.message == "Only today's tasks can be checked; today is 2026-11-26.")
        _ = model.handle(.showPage(.history))
        #expect(model.message == nil)
        #expect(model.page == .history)
    }

    @Test("the line about a refusal stays while bmd answers the other pages, until the person acts")
    func refusalStaysUntilAnAction() {
        var model = live()
        _ = model.handle(.refused(.notToday(date: "2026-11-25", today: "2026-11-26")))
        _ = model.handle(.history(.cards([])))
        _ = model.handle(.preferences(.welcomeTaken))
        #expect(model.message == "Only today's tasks can be checked; today is 2026-11-26.")
        _ = model.handle(.history(.nextWeek))
        #expect(model.message == nil)
        _ = model.handle(.refused(.notToday(date: "2026-11-25", today: "2026-11-26")))
        _ = model.handle(.preferences(.askReset))
        #expect(model.message == nil)
    }

    /// A routine that starts 38 days after bmd's today, as after importing a backup or
    /// with a clock three weeks behind.
    static let startsFarAhead = Morning.StatusReply(
        phase: .waiting, state: .notStarted, date: "2026-11-25", routine: Fixture.routine(start: "2027-01-02"),
        behind: 0, notifications: Fixture.notifications)

    @Test("a routine that starts more than 14 days ahead shows its start date, which bmd serves, and no date before it")
    func startFarAhead() {
        var model = WindowModel()
        _ = model.handle(.started)
        #expect(model.handle(.status(Self.startsFarAhead)) == [.loadDay("2027-01-02")])
        #expect(model.scroller.dates.map(\.description) == ["2027-01-02"])
        #expect(model.handle(.select(Day(iso: "2026-12-09")!)) == [])
    }

    // Rule U4: the window never spins on a call bmd refuses.
    @Test("a day bmd refuses is said and not asked for again until the next status, which asks once")
    func refusedDayIsNotAskedAgain() {
        var model = live()
        #expect(model.handle(.select(Day(iso: "2026-11-22")!)) == [.loadDay("2026-11-22")])
        let refusal = Morning.Error.dateOutOfRange(date: "2026-11-22", earliest: "2026-11-23", latest: "2026-12-09", ended: nil)
        #expect(model.handle(.dayRefused(date: "2026-11-22", refusal)) == [])
        #expect(model.message == "2026-11-22 is not between 2026-11-23 and 2026-12-09.")
        #expect(model.unservedDay == "2026-11-22")
        // Another refusal on the same page (a check, say) does not ask for it either.
        #expect(model.handle(.refused(.notToday(date: "2026-11-22", today: "2026-11-25"))) == [])
        #expect(model.handle(.status(Fixture.status())) == [.loadDay("2026-11-22")])
        #expect(model.handle(.dayRefused(date: "2026-11-22", refusal)) == [])
        // The person may ask for it again.
        #expect(model.handle(.select(Day(iso: "2026-11-22")!)) == [.loadDay("2026-11-22")])
    }

    @Test("a day whose answer cannot be read is said and not asked for again until the next status")
    func unreadableDayIsNotAskedAgain() {
        var model = live()
        let words = "bmd sent an answer the window cannot read; are bmd and the window the same version?"
        #expect(model.handle(.dayFailed(date: "2026-11-25", words)) == [])
        #expect(model.message == words)
        #expect(model.handle(.failed("bmd refused that for a reason the window does not know")) == [])
        #expect(model.handle(.status(Fixture.status())) == [.loadDay("2026-11-25")])
    }

    // Rule U4: a tick stays visible while bmd has not answered it.
    @Test("a tick waits, shown as made, until bmd takes it; a second click on it meanwhile asks nothing")
    func pendingTick() {
        var model = live()
        #expect(model.handle(.toggle(position: 3)) == [.check(position: 3, date: "2026-11-25")])
        #expect(model.pendingTicks == [WindowModel.PendingTick(position: 3, date: "2026-11-25", done: true)])
        #expect(model.handle(.toggle(position: 3)) == [])
        #expect(model.handle(.toggle(position: 1)) == [.uncheck(position: 1, date: "2026-11-25")])
        let read = Morning.DayTask(position: 3, time: "06:00", title: "Read", state: .done)
        _ = model.handle(.changed(Morning.TaskChange(task: read, changed: true, completed: 2, total: 3)))
        #expect(model.pendingTicks == [WindowModel.PendingTick(position: 1, date: "2026-11-25", done: false)])
        #expect(model.shownDay?.tasks[2].state == .done)
        #expect(model.handle(.toggle(position: 3)) == [.uncheck(position: 3, date: "2026-11-25")])
        #expect(model.pendingTicks.last?.done == false)
    }

    @Test("a tick bmd refuses, or that a lost bmd never answered, stops waiting and says why")
    func pendingTickEnds() {
        var model = live()
        _ = model.handle(.toggle(position: 3))
        _ = model.handle(.refused(.taskNotFound(query: "3", total: 2)))
        #expect(model.pendingTicks == [])
        #expect(model.message == "That task is no longer in today's list.")
        _ = model.handle(.toggle(position: 2))
        _ = model.handle(.lost("bmd closed the connection"))
        #expect(model.pendingTicks == [])
        #expect(model.message == "bmd went away before it said whether it took your tick of 05:30 Walk; the day shows what bmd holds once it is back.")
    }

    @Test("a bmd that leaves a call unanswered is said not to answer, until it answers again")
    func silentBmd() {
        var model = WindowModel()
        _ = model.handle(.started)
        #expect(model.handle(.unanswered) == [])
        #expect(TodayText.empty(model)?.title == "bmd does not answer")
        #expect(TodayText.empty(model)?.description
                == "It took the window's call but has said nothing for 5 seconds; it may be stopped or stuck. The window keeps waiting for it.")
        _ = model.handle(.answering)
        #expect(TodayText.empty(model)?.title == "Asking bmd…")
        model = live()
        _ = model.handle(.unanswered)
        #expect(TodayText.away(model) == "bmd does not answer. It took the window's call but has said nothing for 5 seconds; "
                + "it may be stopped or stuck. What shows may be out of date.")
        _ = model.handle(.lost("bmd closed the connection"))
        #expect(!model.silent)
        #expect(TodayText.away(model) == "bmd is away: bmd closed the connection. Trying again…")
    }

    @Test("a refusal for a date no longer chosen changes nothing")
    func staleDayRefusal() {
        var model = live()
        _ = model.handle(.select(Day(iso: "2026-11-22")!))
        #expect(model.handle(.dayFailed(date: "2026-11-25", "unreadable")) == [])
        #expect(model.message == nil)
        #expect(model.unservedDay == nil)
    }
}
