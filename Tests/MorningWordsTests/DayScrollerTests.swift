import MorningProtocol
import MorningWords
import Testing

/// The date scroller both clients hold: the dates it offers and where a status moves it.
@Suite struct DayScrollerTests {
    static func status(date: String, start: String?, routine: String = "kant", phase: Morning.Phase = .running) -> Morning.StatusReply {
        Morning.StatusReply(
            phase: start == nil ? Morning.Phase.none : phase, date: date,
            routine: start.map { Morning.RoutineInfo(id: routine, name: routine, type: .celebrity, active: true, createdDate: "2026-11-01",
                                                     startDate: $0, tasks: []) },
            behind: 0, notifications: Morning.Notifications(enabled: true, sound: true, available: true))
    }

    @Test("it offers the routine's start to 14 days after today, and a new status chooses today")
    func range() {
        var scroller = DayScroller()
        #expect(scroller.follow(Self.status(date: "2026-11-25", start: "2026-11-20"))?.description == "2026-11-25")
        #expect(scroller.dates.first?.description == "2026-11-20")
        #expect(scroller.dates.last?.description == "2026-12-09")
        #expect(scroller.dates.count == 20)
        #expect(scroller.nothingEarlier == "The routine started on Fri 2026-11-20; there is nothing earlier.")
        #expect(scroller.nothingLater == "The scroller reaches two weeks ahead, to 2026-12-09.")
    }

    @Test("a routine that starts more than 14 days ahead offers only its start: the one such date bmd serves")
    func startFarAhead() {
        var scroller = DayScroller()
        #expect(scroller.follow(Self.status(date: "2026-11-25", start: "2027-01-02", phase: .waiting))?.description == "2027-01-02")
        #expect(scroller.dates.map(\.description) == ["2027-01-02"])
        #expect(scroller.select(Day(iso: "2026-12-09")!)?.description == "2027-01-02")
        #expect(scroller.todayOrNearest?.description == "2027-01-02")
        #expect(scroller.nothingEarlier == "The routine starts on Sat 2027-01-02; there is nothing earlier.")
        #expect(scroller.nothingLater == "The routine starts on Sat 2027-01-02; the days after it show once it is two weeks away.")
    }

    @Test("a choice on today follows today over midnight; another date stays; another routine starts on its today")
    func following() {
        var scroller = DayScroller()
        _ = scroller.follow(Self.status(date: "2026-11-25", start: "2026-11-20"))
        #expect(scroller.follow(Self.status(date: "2026-11-26", start: "2026-11-20"))?.description == "2026-11-26")
        scroller.select(Day(iso: "2026-11-22")!)
        #expect(scroller.follow(Self.status(date: "2026-11-27", start: "2026-11-20"))?.description == "2026-11-22")
        // Another routine, chosen today, starts tomorrow: its start is chosen.
        #expect(scroller.follow(Self.status(date: "2026-11-27", start: "2026-11-28", routine: "lark", phase: .waiting))?.description == "2026-11-28")
        // No routine: nothing is offered or chosen.
        #expect(scroller.follow(Self.status(date: "2026-11-27", start: nil)) == nil)
        #expect(scroller.dates.isEmpty && scroller.selected == nil)
    }

    @Test("an answer is for the date chosen only")
    func staleAnswers() {
        var scroller = DayScroller()
        _ = scroller.follow(Self.status(date: "2026-11-25", start: "2026-11-20"))
        scroller.select(Day(iso: "2026-11-24")!)
        #expect(scroller.isSelected("2026-11-24"))
        #expect(!scroller.isSelected("2026-11-25"))
    }

    @Test("a client waits a quarter second after the first failed try, twice as long after each further one, four seconds at most")
    func backoff() {
        var backoff = Backoff()
        #expect((1...7).map { _ in backoff.failed() } == [250, 500, 1000, 2000, 4000, 4000, 4000])
        backoff.answered()
        #expect(backoff.failed() == 250)
        #expect(Backoff.delay(tries: 100) == 4000)
    }
}
