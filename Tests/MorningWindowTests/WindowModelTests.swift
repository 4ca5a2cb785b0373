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
        #expect(model.selected?.description == "2026-11-25")
        #expect(model.page == .today)
    }

    @Test("the scroller runs from the routine's start to 14 days after today")
    func scrollerRange() {
        let model = live()
        #expect(model.dates.first?.description == "2026-11-20")
        #expect(model.dates.last?.description == "2026-12-09")
        #expect(model.dates.count == 20)
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
        #expect(model.dates.last?.description == "2026-12-10")
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
        #expect(model.dates.isEmpty)
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
}
