import Foundation
import MorningCore
import MorningProtocol

/// org.bettermorning.Morning, answered by the engine: each method takes the lock, reads
/// or changes the book through the core, and returns the reply as a value. The core
/// refuses with the interface's own errors, so they go to the client as thrown.
///
/// Here are the routines, the day and the settings; the other methods are with their
/// job: the test notification in `Reminder/`, week, data, stats, history, export and
/// import in `History/`, the draft and create in `Drafts/`.
extension Engine: Morning.Service {
    /// Runs `body` holding the lock; the core's refusals are the interface's errors already.
    func serve<T>(_ body: () throws -> T) rethrows -> T {
        try locked(body)
    }

    public func status() throws -> Morning.StatusReply { serve { currentStatus() } }

    public func explore(_ p: Morning.ExploreParameters) throws -> Morning.ExploreReply {
        try serve { Morning.ExploreReply(routines: try Catalog.search(p.name, in: catalog).map(Replies.catalog)) }
    }

    public func activate(_ p: Morning.ActivateParameters) throws -> Morning.Activation {
        try serve {
            activationReply(try mutate { book, now in
                let a = try book.activate(p.routine, today: now.today, catalog: catalog, later: now.later)
                return (a, a.changes)
            })
        }
    }

    public func restart(_ p: Morning.RestartParameters) throws -> Morning.Activation {
        try serve {
            activationReply(try mutate { book, now in
                let a = try book.restart(p.routine, today: now.today, catalog: catalog, later: now.later)
                return (a, a.changes)
            })
        }
    }

    public func delete(_ p: Morning.DeleteParameters) throws -> Morning.DeleteReply {
        try serve {
            let target = try current().book.resolveStored(p.routine, catalog: catalog)
            let records = try store.recordCount(of: target.id)
            let routine = try mutate { book, now in
                try book.delete(p.routine, today: now.today, catalog: catalog)
            }
            return Morning.DeleteReply(routine: Replies.routine(routine), records: records)
        }
    }

    public func reset() throws -> Morning.ResetReply {
        try serve {
            try mutate { book, _ in ((), book.reset()) }
            logger.notice("reset: every routine, record and setting removed")
            return VarlinkEmpty()
        }
    }

    public func day(_ p: Morning.DayParameters) throws -> Morning.DayReply {
        try serve { Replies.day(try day(p.date, routine: p.routine)) }
    }

    public func check(_ p: Morning.CheckParameters) throws -> Morning.TaskChange {
        try serve { try check(p.task, date: p.date, done: true) }
    }

    public func uncheck(_ p: Morning.UncheckParameters) throws -> Morning.TaskChange {
        try serve { try check(p.task, date: p.date, done: false) }
    }

    public func setNotifications(_ p: Morning.SetNotificationsParameters) throws -> Morning.SetNotificationsReply {
        try serve {
            try mutate { book, _ in ((), book.setNotifications(p.enabled)) }
            return Morning.SetNotificationsReply(notifications: notifications)
        }
    }

    public func setNotificationSound(_ p: Morning.SetNotificationSoundParameters) throws -> Morning.SetNotificationSoundReply {
        try serve {
            try mutate { book, _ in ((), book.setReminderSound(p.sound)) }
            return Morning.SetNotificationSoundReply(notifications: notifications)
        }
    }

    public func setKeepOnScreen(_ p: Morning.SetKeepOnScreenParameters) throws -> Morning.SetKeepOnScreenReply {
        try serve {
            try mutate { book, _ in ((), book.setKeepReminderOnScreen(p.keep)) }
            return Morning.SetKeepOnScreenReply(notifications: notifications)
        }
    }

    public func welcome(_ p: Morning.WelcomeParameters) throws -> Morning.WelcomeReply {
        try serve {
            let pending = !book.settings.welcomeShown
            if p.take, pending { try mutate { book, _ in ((), book.markWelcomeShown()) } }
            return Morning.WelcomeReply(pending: pending)
        }
    }

    public func welcomePending() throws -> Morning.WelcomePendingReply {
        serve { Morning.WelcomePendingReply(pending: !current().book.settings.welcomeShown) }
    }

    public func reload() throws -> Morning.ReloadReply {
        serve {
            // The zone may have changed: Foundation caches it until told.
            ZoneFile.reread()
            changed()
            let now = current()
            let plan = now.book.plan(now: now.instant, local: now.local)
            logger.info("reloaded", metadata: ["zone": "\(now.local.zone.identifier)"])
            return Morning.ReloadReply(nextReminder: plan.nextReminder.map { now.local.iso8601($0) },
                                       nextMidnight: now.local.iso8601(plan.nextMidnight))
        }
    }

    func activationReply(_ a: Book.Activation) -> Morning.Activation {
        Morning.Activation(routine: Replies.routine(a.routine), previous: a.previous.map(Replies.routine),
                                finalized: a.finalized.map(Replies.progress))
    }

    /// The day `text` names (a date word or `YYYY-MM-DD`; today when nil).
    static func parseDate(_ text: String?, today: Day) throws -> Day {
        guard let day = Day(named: text, today: today) else { throw Morning.Error.invalidDate(text: text ?? "") }
        return day
    }

    /// A day of the active routine, or of the stored routine `query` names.
    func day(_ text: String?, routine query: String? = nil) throws -> DayView {
        let now = current()
        let date = try Engine.parseDate(text, today: now.today)
        var routine = now.book.active
        if let query, !query.isEmpty { routine = try now.book.resolveStored(query, catalog: catalog) }
        var record: DayRecord?
        if let routine, let last = routine.lastRecordDate, date <= last {
            record = try store.record(of: routine.id, on: date)
        }
        guard let routine, !routine.isActive else { return try now.book.dayView(of: date, today: now.today, record: record) }
        return try now.book.endedDayView(of: routine, date: date, record: record)
    }

    func check(_ task: String, date: String?, done: Bool) throws -> Morning.TaskChange {
        // One reading of the clock for the date check, the rule and the reply.
        let (position, changed, today) = try mutate { book, now in
            let today = now.today.date
            if let text = date {
                let date = try Engine.parseDate(text, today: today)
                if date != today { throw Morning.Error.notToday(date: date, today: today) }
            }
            let r = try book.check(task, done: done, today: now.today)
            return ((r.position, r.changed, today), r.changes)
        }
        let view = try book.dayView(of: today, today: today, record: nil)
        return Morning.TaskChange(task: Replies.task(view, position: position), changed: changed,
                                  completed: view.completed, total: view.total)
    }
}
