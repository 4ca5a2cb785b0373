import MorningProtocol
import MorningWindow
import MorningWords
import Testing

/// The Today page's words, which must be every other surface's.
// Rule U4: the window, a view of bmd that follows it live.
@Suite struct TodayTextTests {
    @Test("the state, the task to do now and the countdown")
    func running() {
        let status = Fixture.status()
        #expect(MorningText.headline(status) == "Lark · 1 of 3 done · on track")
        #expect(TodayText.now(status) == "Now: 05:30 Walk")
        #expect(TodayText.next(status) == "Next: 06:00 Read in 12 min")
    }

    @Test("with nothing to do now it says what the status says, in the same words")
    func nothingNow() {
        var status = Fixture.status(done: 2)
        #expect(TodayText.now(status) == "Now: " + MorningText.nothingNow(status))
        #expect(TodayText.now(status) == "Now: nothing, every task whose time has come is done")
        status.state = .allDone
        status.nextTask = nil
        status.now = Morning.Now(pace: .done)
        #expect(MorningText.headline(status) == "Lark · 2 of 3 done · all done")
        #expect(TodayText.now(status) == "Now: nothing, the morning is over")
        #expect(TodayText.next(status) == "Next: none, every task is done")
    }

    @Test("a finished morning with a task undone never says none are left")
    func finishedWithTasksUndone() {
        var status = Fixture.status(done: 2)
        status.state = .finished
        status.nextTask = nil
        status.now = Morning.Now(pace: .finished)
        #expect(MorningText.headline(status) == "Lark · finished 2/3")
        #expect(TodayText.next(status) == "Next: none, the morning is over")
        #expect(TodayText.next(status) == "Next: " + MorningText.noNextTask(status))
    }

    @Test("a routine that starts weeks ahead is said to start on its date; one that starts tomorrow, tomorrow")
    func startsWeeksAhead() {
        var waiting = Fixture.waiting()
        waiting.routine?.startDate = "2026-12-30"
        #expect(MorningText.headline(waiting) == "Your new routine Lark starts on 2026-12-30.")
        waiting.date = "2026-12-29"
        #expect(MorningText.headline(waiting) == "Your new routine Lark starts tomorrow (2026-12-30).")
    }

    @Test("behind names how many tasks")
    func behind() {
        var status = Fixture.status(done: 0)
        status.state = .behind
        status.behind = 2
        #expect(MorningText.headline(status) == "Lark · 0 of 3 done · behind by 2 tasks")
    }

    @Test("the reminder off, silent or unable to show is said, in status's words; on with sound, nothing")
    func reminder() {
        var status = Fixture.status()
        status.notifications = Morning.Notifications(enabled: true, sound: true, available: true)
        #expect(TodayText.reminder(status) == nil)
        status.notifications = Morning.Notifications(enabled: false, sound: true, available: true)
        #expect(TodayText.reminder(status) == "Notifications are off. No reminder comes.")
        status.notifications = Morning.Notifications(enabled: true, sound: false, available: true)
        #expect(TodayText.reminder(status) == "Notifications are on, silent. The reminder comes without a sound.")
        #expect(TodayText.reminder(status)?.hasPrefix(ReminderText.sentence(status.notifications)) == true)
        status.notifications = Morning.Notifications(enabled: true, sound: true, available: false,
                                                     reason: "no notification server is on the session bus")
        #expect(TodayText.reminder(status)
                == "Notifications are on, with sound. The reminder cannot show yet: no notification server is on the session bus.")
        status.notifications = Morning.Notifications(enabled: true, available: false)
        #expect(TodayText.reminder(status)
                == "Notifications are on. No notification server is reachable right now, so the reminder cannot show yet.")
        var none = Fixture.noRoutine
        none.notifications = Morning.Notifications(enabled: false, available: true)
        #expect(TodayText.reminder(none) == nil)
    }

    @Test("behind by hours, Now also names the task the clock is at, as the bars' tooltip does")
    func clockIsAt() {
        var status = Fixture.status(done: 0)
        let rise = Morning.DayTask(position: 1, time: "05:00", title: "Rise", state: .untouched)
        let read = Morning.DayTask(position: 3, time: "06:00", title: "Read", state: .untouched)
        status.state = .behind
        status.behind = 2
        status.currentTask = rise
        status.nextTask = nil
        status.now = Morning.Now(pace: .behind, task: rise, slot: read)
        #expect(TodayText.now(status) == "Now: 05:00 Rise · the clock is at 06:00 Read")
        #expect(TodayText.now(status)?.hasSuffix(MorningText.clockIsAt(status)!) == true)
        // On track, the clock's task is the task to do now: said once.
        #expect(TodayText.now(Fixture.status()) == "Now: 05:30 Walk")
    }

    @Test("the empty state's icon: none while asking, the offline sign once bmd is away or silent, the alarm once it answered")
    func emptyIcon() {
        var model = WindowModel()
        #expect(TodayText.emptyIcon(model) == nil)
        model.silent = true
        #expect(TodayText.emptyIcon(model) == "network-offline-symbolic")
        model.silent = false
        _ = model.handle(.lost("nothing answers at /run/user/1000/better-morning/bmd.sock"))
        #expect(TodayText.emptyIcon(model) == "network-offline-symbolic")
        _ = model.handle(.status(Fixture.noRoutine))
        #expect(TodayText.emptyIcon(model) == "alarm-symbolic")
    }

    @Test("the empty states: asking, away, no routine; a routine not started yet shows its days")
    func empty() {
        var model = WindowModel()
        #expect(TodayText.empty(model)?.title == "Asking bmd…")
        _ = model.handle(.lost("nothing answers at /run/user/1000/better-morning/bmd.sock"))
        #expect(TodayText.empty(model) == .init(title: "bmd is away",
                                                 description: "Nothing answers at /run/user/1000/better-morning/bmd.sock. Trying again…"))
        _ = model.handle(.status(Fixture.noRoutine))
        #expect(TodayText.empty(model)?.title == "No active routine")
        #expect(TodayText.empty(model)?.routinesButton == "Choose a Routine", "the empty page leads to no routine")
        _ = model.handle(.status(Fixture.waiting()))
        #expect(TodayText.empty(model) == nil)
        #expect(MorningText.headline(Fixture.waiting()) == "Your new routine Lark starts tomorrow (2026-11-26).")
        #expect(TodayText.now(Fixture.waiting()) == nil)
    }

    @Test("day headings and rows: today's count, past days read-only, future days upcoming")
    func days() {
        #expect(TodayText.dayHeading(Fixture.day("2026-11-25")) == "Wednesday 2026-11-25 · today · 1 of 3 done")
        #expect(TodayText.dayHeading(Fixture.day("2026-11-22")) == "Sunday 2026-11-22 · past, read-only · 1 of 3 done")
        #expect(TodayText.dayHeading(Fixture.day("2026-11-27")) == "Friday 2026-11-27 · upcoming · 3 tasks")
        let past = Fixture.day("2026-11-22").tasks
        #expect(past.map(TodayText.mark) == ["✓", "✗", "✗"])
        #expect(TodayText.accessibleName(past[1]) == "05:30 Walk, missed")
        let today = TodayText.scrollerDate(Day(iso: "2026-11-25")!, today: Day(iso: "2026-11-25")!)
        #expect(today.label == "Wed 25 Nov" && today.kind == "today")
        #expect(TodayText.scrollerDate(Day(iso: "2026-11-24")!, today: Day(iso: "2026-11-25")!).kind == "past")
    }
}
