import MorningProtocol

/// Hand-made reply values, shared by the rendering and output tests.
enum Sample {
    static let timCook = Morning.RoutineInfo(
        id: "tim-cook", name: "Tim Cook", type: .celebrity, active: true, createdDate: "2026-11-20",
        startDate: "2026-11-21", tasks: [.init(time: "03:45", title: "Wake up"), .init(time: "05:00", title: "Read email")])

    static let franklin = Morning.RoutineInfo(
        id: "benjamin-franklin", name: "Benjamin Franklin", type: .celebrity, active: false, createdDate: "2026-10-01",
        startDate: "2026-10-02", tasks: [.init(time: "05:00", title: "Rise, wash")])

    static let notificationsOn = Morning.Notifications(enabled: true, sound: true, available: true)

    static let running = Morning.StatusReply(
        phase: .running, state: .behind, date: "2026-11-23", routine: timCook,
        today: .init(date: "2026-11-23", completed: 2, total: 6),
        currentTask: .init(position: 3, time: "05:00", title: "Read email", state: .untouched),
        nextTask: .init(position: 4, time: "06:00", title: "Gym", state: .untouched),
        now: .init(pace: .behind, task: .init(position: 3, time: "05:00", title: "Read email", state: .untouched),
                   nextTaskAt: "2026-11-23T06:00:00+01:00", minutesToNext: nil),
        behind: 1, nextReminder: "2026-11-24T03:45:00+01:00", notifications: notificationsOn)

    /// Tim Cook chosen on Monday 2026-11-23, starting on Tuesday.
    static var waiting: Morning.StatusReply {
        var status = running
        status.phase = .waiting
        status.routine?.startDate = "2026-11-24"
        status.today = nil
        return status
    }

    static let nothingActive = Morning.StatusReply(
        phase: .none, state: Morning.MorningState.none, date: "2026-11-23", routine: nil, today: nil, currentTask: nil, nextTask: nil,
        behind: 0, nextReminder: nil, notifications: .init(enabled: true, sound: true, available: false))

    /// Monday 2026-11-16 to Sunday 2026-11-22, three tasks a day, today Thursday.
    static let week = Morning.WeekChart(
        routine: "Tim Cook", routineId: "tim-cook", total: 3, weekStart: "2026-11-16", today: "2026-11-19",
        days: zip(16...22, [3, 1, nil, 0, nil, nil, nil]).map { .init(date: "2026-11-\($0)", completed: $1) })
}
