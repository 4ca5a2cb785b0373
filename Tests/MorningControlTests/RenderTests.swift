import Testing
import MorningProtocol
@testable import MorningControl

/// The human output of each command, exactly as a user sees it with colour off.
@Suite struct RenderTests {
    // Rule L1.
    @Test("status while running shows routine, progress, pace, tasks, reminder and notifications")
    func statusRunning() {
        #expect(StatusText.render(Sample.running, style: .plain) == """
            routine:       Tim Cook (running)
            today:         Mon 2026-11-23, 2 of 6 done, behind by 1 task
            now:           05:00  Read email
            next task:     06:00  Gym
            next reminder: 2026-11-24 03:45
            notifications: on

            """)
    }

    // Rule L1.
    @Test("on track, before the first task, after the last, notifications off")
    func statusEdges() {
        var status = Sample.running
        status.state = .inProgress
        status.behind = 0
        status.currentTask = nil
        status.now?.task = nil
        status.nextTask = nil
        status.nextReminder = nil
        status.notifications = .init(enabled: false, sound: true, available: true)
        #expect(StatusText.render(status, style: .plain) == """
            routine:       Tim Cook (running)
            today:         Mon 2026-11-23, 2 of 6 done, on track
            now:           nothing, every task whose time has come is done
            next task:     none, every task's time has come
            next reminder: none
            notifications: off

            """)
    }

    // Rule L1: behind, the tooltip and status also name the slot the clock is in.
    @Test("behind by hours, status and the tooltip say where the clock is as well as the task to do now")
    func clockSlotWhenBehind() {
        var status = Sample.running
        status.now?.slot = .init(position: 5, time: "08:00", title: "Work until noon", state: .untouched)
        let text = StatusText.render(status, style: .plain)
        #expect(text.contains("now:           05:00  Read email\nclock is at:   08:00  Work until noon\n"), "\(text)")
        #expect(BarText.parts(status).contains("the clock is at 08:00 Work until noon"), "\(BarText.parts(status))")
        // On track, or with the clock in the slot of the task to do now, it is not said.
        let taskNow = status.now?.task
        status.now?.slot = taskNow
        #expect(!StatusText.render(status, style: .plain).contains("clock is at"))
        status.now?.slot = .init(position: 5, time: "08:00", title: "Work until noon", state: .untouched)
        status.state = .inProgress
        #expect(!StatusText.render(status, style: .plain).contains("clock is at") && !BarText.parts(status).joined().contains("clock"))
    }

    // Rule L1: no sentence says a thing twice or says "none left" while tasks are undone.
    @Test("a finished morning says its count once; a muted reminder says it is silent")
    func statusSaysEachThingOnce() {
        var status = Sample.running
        status.state = .finished
        status.behind = 4
        status.now?.task = nil
        status.nextTask = nil
        status.notifications = .init(enabled: true, sound: false, available: true)
        let text = StatusText.render(status, style: .plain)
        #expect(text.contains("today:         Mon 2026-11-23, finished 2/6\n"), "\(text)")
        #expect(text.contains("next task:     none, the morning is over\n"), "\(text)")
        #expect(text.contains("notifications: on, silent\n"), "\(text)")
        var headline = AppModel()
        _ = headline.show(status: status)
        #expect(AppScreen(width: 80, height: 24, style: .plain).lines(headline)[2] == "Tim Cook · finished 2/6")
    }

    // Rule A1.
    @Test("status while the new routine waits for tomorrow")
    func statusWaiting() {
        var status = Sample.running
        status.phase = .waiting
        status.routine?.startDate = "2026-11-24"
        status.today = nil
        status.currentTask = nil
        status.nextTask = nil
        #expect(StatusText.render(status, style: .plain) == """
            Your new routine Tim Cook starts tomorrow (2026-11-24).
            next reminder: 2026-11-24 03:45
            notifications: on

            """)
    }

    // A routine can wait weeks: the clock was set back after it was activated, or a
    // backup was restored whose routine starts later.
    @Test("a routine that starts weeks ahead is said to start on its date, not tomorrow: status, the app and the refusal")
    func waitingWeeksAhead() {
        var status = Sample.running
        status.phase = .waiting
        status.state = .notStarted
        status.date = "2026-11-22"
        status.routine?.startDate = "2026-12-30"
        status.today = nil
        status.currentTask = nil
        status.nextTask = nil
        status.now = nil
        let text = StatusText.render(status, style: .plain)
        #expect(text.hasPrefix("Your new routine Tim Cook starts on 2026-12-30.\n"), "\(text)")
        var app = AppModel()
        _ = app.show(status: status)
        let screen = AppScreen(width: 80, height: 24, style: .plain).lines(app)
        #expect(screen.contains { $0.contains("Your new routine Tim Cook starts on 2026-12-30.") }, "\(screen)")
        #expect(!screen.joined().contains("tomorrow"), "\(screen)")
        // bmd's refusal carries the start alone: the date, never "tomorrow" that may be wrong.
        let refusal = Refusal.failure(.notStarted(routine: "Tim Cook", startDate: "2026-12-30")).message
        #expect(refusal == "Your new routine Tim Cook starts on 2026-12-30.", "\(refusal)")
        // The day before its start it is tomorrow, and said so.
        status.date = "2026-12-29"
        #expect(StatusText.render(status, style: .plain).hasPrefix("Your new routine Tim Cook starts tomorrow (2026-12-30).\n"))
    }

    @Test("status without a routine says what to type, and that notifications are unavailable")
    func statusNone() {
        #expect(StatusText.render(Sample.nothingActive, style: .plain) == """
            No active routine. Try `bmctl explore`, then `bmctl activate NAME`.
            notifications: on (unavailable)

            """)
    }

    @Test("status says why notifications are unavailable when bmd knows")
    func statusUnavailableReason() {
        var status = Sample.nothingActive
        status.notifications.reason = "no notification server is running in this session"
        #expect(StatusText.render(status, style: .plain) == """
            No active routine. Try `bmctl explore`, then `bmctl activate NAME`.
            notifications: on (unavailable: no notification server is running in this session)

            """)
    }

    // Rule T1.
    @Test("today lists every task with its mark, position, time and title")
    func dayToday() {
        let day = Morning.DayReply(
            date: "2026-11-23", routine: "Tim Cook", routineId: "tim-cook", mode: .today, completed: 1, total: 10,
            tasks: (1...10).map { n in
                .init(position: n, time: "05:\(n + 10)", title: "Task \(n)", state: n == 1 ? .done : .untouched)
            })
        #expect(DayText.render(day, style: .plain) == """
            Monday 2026-11-23 · Tim Cook · 1 of 10 done · today
              ✓  1  05:11  Task 1
              ·  2  05:12  Task 2
              ·  3  05:13  Task 3
              ·  4  05:14  Task 4
              ·  5  05:15  Task 5
              ·  6  05:16  Task 6
              ·  7  05:17  Task 7
              ·  8  05:18  Task 8
              ·  9  05:19  Task 9
              · 10  05:20  Task 10

            """)
    }

    // Rule T2.
    @Test("a past day shows ✓ and ✗; a future day shows upcoming tasks without marks")
    func dayPastAndFuture() {
        let past = Morning.DayReply(
            date: "2026-11-22", routine: "Tim Cook", routineId: "tim-cook", mode: .past, completed: 1, total: 2,
            tasks: [.init(position: 1, time: "03:45", title: "Wake up", state: .done),
                    .init(position: 2, time: "05:00", title: "Read email", state: .missed)])
        #expect(DayText.render(past, style: .plain) == """
            Sunday 2026-11-22 · Tim Cook · 1 of 2 done · past, read-only
              ✓ 1  03:45  Wake up
              ✗ 2  05:00  Read email

            """)
        let future = Morning.DayReply(
            date: "2026-11-24", routine: "Tim Cook", routineId: "tim-cook", mode: .future, completed: 0, total: 2,
            tasks: [.init(position: 1, time: "03:45", title: "Wake up", state: .upcoming),
                    .init(position: 2, time: "05:00", title: "Read email", state: .upcoming)])
        #expect(DayText.render(future, style: .plain) == """
            Tuesday 2026-11-24 · Tim Cook · 2 tasks · upcoming
                1  03:45  Wake up
                2  05:00  Read email

            """)
    }

    @Test("colour marks done green and missed red, and dims upcoming tasks")
    func dayColour() {
        let day = Morning.DayReply(
            date: "2026-11-22", routine: "R", routineId: "r", mode: .past, completed: 1, total: 2,
            tasks: [.init(position: 1, time: "03:45", title: "A", state: .done),
                    .init(position: 2, time: "05:00", title: "B", state: .missed)])
        let text = DayText.render(day, style: Style(colour: true))
        #expect(text.contains("\u{1B}[32m✓\u{1B}[0m 1  03:45  A"))
        #expect(text.contains("\u{1B}[31m✗\u{1B}[0m 2  05:00  B"))
    }

    // Rule D3.
    @Test("explore lists id, name, task count and first time, aligned")
    func exploreList() {
        let routines = [
            Morning.CatalogRoutine(id: "benjamin-franklin", name: "Benjamin Franklin", bio: "", source: "",
                                   tasks: [.init(time: "05:00", title: "Rise"), .init(time: "08:00", title: "Work")]),
            Morning.CatalogRoutine(id: "tim-cook", name: "Tim Cook", bio: "", source: "",
                                   tasks: [.init(time: "03:45", title: "Wake up")]),
        ]
        #expect(ExploreText.list(routines, style: .plain) == """
            benjamin-franklin  Benjamin Franklin  (2 tasks, first at 05:00)
            tim-cook           Tim Cook           (1 task, first at 03:45)

            `bmctl explore NAME` shows one; `bmctl activate NAME` starts it tomorrow.

            """)
    }

    // Rule D3.
    @Test("explore NAME shows the profile: bio, source, tasks")
    func exploreProfile() {
        let routine = Morning.CatalogRoutine(
            id: "tim-cook", name: "Tim Cook", bio: "Apple's CEO, up before four.", source: "Time, 2014",
            tasks: [.init(time: "03:45", title: "Wake up"), .init(time: "05:00", title: "Gym")])
        #expect(ExploreText.profile(routine, style: .plain) == """
            Tim Cook (tim-cook)
            Apple's CEO, up before four.
            Source: Time, 2014

              03:45  Wake up
              05:00  Gym

            Start it tomorrow with `bmctl activate tim-cook`.

            """)
    }

    // Rules A1, A2.
    @Test("activation says when it starts and how today's old routine ended")
    func activation() {
        var routine = Sample.timCook
        routine.startDate = "2026-11-23"
        let first = Morning.Activation(routine: routine, previous: nil, finalized: nil)
        #expect(ChangeText.activated(first, style: .plain) == "Activated Tim Cook: it starts tomorrow (2026-11-23).\n")
        let switched = Morning.Activation(routine: routine, previous: Sample.franklin,
                                               finalized: .init(date: "2026-11-22", completed: 2, total: 6))
        #expect(ChangeText.activated(switched, style: .plain) == """
            Activated Tim Cook: it starts tomorrow (2026-11-23).
            Today's Benjamin Franklin ended with 2 of 6 done.

            """)
        #expect(ChangeText.restarted(first, style: .plain)
                == "Restarted Tim Cook: it starts over tomorrow (2026-11-23); its history stays.\n")
    }

    // Rule A5.
    @Test("delete says what went, and that nothing is active if it was")
    func deletion() {
        #expect(ChangeText.deleted(.init(routine: Sample.franklin, records: 1), style: .plain)
                == "Deleted Benjamin Franklin and its 1 day record.\n")
        #expect(ChangeText.deleted(.init(routine: Sample.timCook, records: 12), style: .plain) == """
            Deleted Tim Cook and its 12 day records.
            No routine is active now; pick one with `bmctl activate NAME`.

            """)
    }

    // Rule T1.
    @Test("check and uncheck show the task and the progress, and say when nothing changed")
    func checks() {
        let done = Morning.DayTask(position: 2, time: "05:00", title: "Read email", state: .done)
        let untouched = Morning.DayTask(position: 2, time: "05:00", title: "Read email", state: .untouched)
        #expect(ChangeText.checked(.init(task: done, changed: true, completed: 3, total: 5), style: .plain)
                == "✓ 2 Read email (3 of 5 done)\n")
        #expect(ChangeText.checked(.init(task: done, changed: false, completed: 3, total: 5), style: .plain)
                == "2 Read email was already done (3 of 5 done)\n")
        #expect(ChangeText.unchecked(.init(task: untouched, changed: true, completed: 2, total: 5), style: .plain)
                == "· 2 Read email is untouched again (2 of 5 done)\n")
        #expect(ChangeText.unchecked(.init(task: untouched, changed: false, completed: 2, total: 5), style: .plain)
                == "2 Read email was already untouched (2 of 5 done)\n")
    }

    // Rule N2.
    @Test("notifications on without a server says the reminder cannot show yet")
    func notifications() {
        #expect(ChangeText.notifications(.init(enabled: true, sound: true, available: true), style: .plain)
                == "Notifications are on, with sound.\n")
        #expect(ChangeText.notifications(.init(enabled: true, sound: true, available: false), style: .plain)
                == "Notifications are on, with sound. No notification server is reachable right now, so the reminder cannot show yet.\n")
        // With bmd's reason, the same reason status gives.
        let reason = "there is no session bus (DBUS_SESSION_BUS_ADDRESS is not set)"
        #expect(ChangeText.notifications(.init(enabled: true, sound: false, available: false, reason: reason), style: .plain)
                == "Notifications are on, silent. The reminder cannot show yet: \(reason).\n")
    }

    @Test("The reminder's sound is said with the switch, and a silent reminder is called so")
    func notificationSound() {
        #expect(ChangeText.notifications(.init(enabled: true, sound: false, available: true), style: .plain)
                == "Notifications are on, silent.\n")
        #expect(ChangeText.notifications(.init(enabled: false, sound: false, available: true), style: .plain)
                == "Notifications are off.\n")
        #expect(ChangeText.notificationSound(.init(enabled: true, sound: false, available: true), style: .plain)
                == "The reminder's sound is off.\n")
        #expect(ChangeText.notificationSound(.init(enabled: false, sound: true, available: true), style: .plain)
                == "The reminder's sound is on.\nThe daily reminder itself is off; `bmctl notifications on` turns it on.\n")
    }

    // Rules §10.
    @Test("colour only on a terminal and never with NO_COLOR set")
    func colourRule() {
        let reply = ok(#"{"phase":"running","state":"inProgress","date":"2026-11-23","behind":0,"notifications":{"enabled":true,"sound":true,"available":true},"routine":{"id":"r","name":"R","type":"custom","active":true,"createdDate":"2026-11-01","startDate":"2026-11-02","tasks":[]}}"#)
        #expect(bmctl(["status"], reply: reply, stdoutIsTerminal: true).out.contains("\u{1B}["))
        #expect(!bmctl(["status"], reply: reply, stdoutIsTerminal: false).out.contains("\u{1B}["))
        let noColour = baseEnvironment.merging(["NO_COLOR": "1"]) { $1 }
        #expect(!bmctl(["status"], reply: reply, environment: noColour, stdoutIsTerminal: true).out.contains("\u{1B}["))
        let emptyNoColour = baseEnvironment.merging(["NO_COLOR": ""]) { $1 }
        #expect(bmctl(["status"], reply: reply, environment: emptyNoColour, stdoutIsTerminal: true).out.contains("\u{1B}["))
    }

    @Test("suggested commands quote names that a shell would split")
    func shellWords() {
        #expect(Text.shellWord("tim-cook") == "tim-cook")
        #expect(Text.shellWord("Tim Cook") == "\"Tim Cook\"")
        #expect(Text.shellWord("Say \"hi\" $HOME") == #""Say \"hi\" \$HOME""#)
    }

    @Test("the reminder shows the user's date and clock time from bmd's instant")
    func reminderTime() {
        #expect(StatusText.reminderTime("2026-11-23T06:00:00+01:00") == "2026-11-23 06:00")
        #expect(StatusText.reminderTime("2026-03-29T02:00:00-04:00") == "2026-03-29 02:00")
        #expect(StatusText.reminderTime("garbage") == "garbage")
    }
}
