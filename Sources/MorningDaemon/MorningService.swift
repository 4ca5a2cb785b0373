import Foundation
import MorningCore
import MorningProtocol

/// org.bettermorning.Morning, answered by the engine: each method takes the lock, reads
/// or changes the book through the core, and returns the reply as a value. The core
/// refuses with the interface's own errors, so they go to the client as thrown.
extension Engine: Morning.Service {
    /// Runs `body` holding the lock; the core's refusals are the interface's errors already.
    private func serve<T>(_ body: () throws -> T) rethrows -> T {
        try locked(body)
    }

    public func status() throws -> Morning.StatusReply { serve { currentStatus() } }

    public func explore(_ p: Morning.ExploreParameters) throws -> Morning.ExploreReply {
        try serve { Morning.ExploreReply(routines: try Catalog.search(p.name, in: catalog).map(Replies.catalog)) }
    }

    public func activate(_ p: Morning.ActivateParameters) throws -> Morning.Activation {
        try serve {
            activationReply(try mutate { book, now in
                let a = try book.activate(p.routine, today: now.date, exists: now.exists, catalog: catalog) {
                    try store.laterRecords(from: now.date)
                }
                return (a, a.changes)
            })
        }
    }

    public func restart(_ p: Morning.RestartParameters) throws -> Morning.Activation {
        try serve {
            activationReply(try mutate { book, now in
                let a = try book.restart(p.routine, today: now.date, exists: now.exists, catalog: catalog) {
                    try store.laterRecords(from: now.date)
                }
                return (a, a.changes)
            })
        }
    }

    public func delete(_ p: Morning.DeleteParameters) throws -> Morning.DeleteReply {
        try serve {
            let target = try current().book.resolveStored(p.routine, catalog: catalog)
            let records = try store.recordCount(of: target.id)
            let routine = try mutate { book, now in
                try book.delete(p.routine, today: now.date, exists: now.exists, catalog: catalog)
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

    /// Shows a test notification, waiting for the notification server without the lock,
    /// so that other calls go on meanwhile. It blocks its thread: bmd runs it off the
    /// event loop.
    public func testNotification() throws -> Morning.TestNotificationReply {
        guard let notifier else {
            throw Morning.Error.notificationsUnavailable(reason: "this bmd runs without a notifier")
        }
        // It sounds as the reminder will.
        var message = ReminderMessage.test
        if !locked({ book.settings.reminderSound }) { message.sound = nil }
        guard notifier.postWaiting(message) else {
            throw Morning.Error.notificationsUnavailable(
                reason: notifier.unavailableReason ?? "no notification server accepted it on the session bus")
        }
        return Morning.TestNotificationReply(notifications: locked { notifications })
    }

    public func welcome(_ p: Morning.WelcomeParameters) throws -> Morning.WelcomeReply {
        try serve {
            let pending = !book.settings.welcomeShown
            if p.take, pending { try mutate { book, _ in ((), book.markWelcomeShown()) } }
            return Morning.WelcomeReply(pending: pending)
        }
    }

    public func reload() throws -> Morning.ReloadReply {
        serve {
            // The zone may have changed: Foundation caches it until told.
            ZoneFile.reread()
            changed()
            let now = current()
            let plan = now.book.plan(now: now.instant, local: now.local, lastSentOn: now.lastSentOn)
            logger.info("reloaded", metadata: ["zone": "\(now.local.zone.identifier)"])
            return Morning.ReloadReply(nextReminder: plan.nextReminder.map { now.local.iso8601($0) },
                                       nextMidnight: now.local.iso8601(plan.nextMidnight))
        }
    }

    public func week(_ p: Morning.WeekParameters) throws -> Morning.WeekChart {
        if let offset = p.offset, !(-Morning.weekOffsetLimit...Morning.weekOffsetLimit).contains(offset) {
            throw VarlinkService.Error.invalidParameter(parameter: "offset")
        }
        return try serve { try weekChart(p) }
    }

    public func data(_ p: Morning.DataParameters) throws -> Morning.DataReply { try serve { try dataCards(p) } }
    public func stats(_ p: Morning.StatsParameters) throws -> Morning.StatsReply { try serve { try statsReply(p) } }
    public func history(_ p: Morning.HistoryParameters) throws -> Morning.HistoryReply { try serve { try historyReply(p) } }
    public func export() throws -> Morning.ExportReply { try exportReply() }
    public func `import`(_ p: Morning.ImportParameters) throws -> Morning.ImportReply { try serve { try importReply(p) } }
    public func draftShow() throws -> Morning.Draft { serve { draftShowReply() } }
    public func draftTitle(_ p: Morning.DraftTitleParameters) throws -> Morning.Draft { try serve { try draftTitleReply(p) } }
    public func draftAdd(_ p: Morning.DraftAddParameters) throws -> Morning.DraftChange { try serve { try draftAddReply(p) } }
    public func draftRemove(_ p: Morning.DraftRemoveParameters) throws -> Morning.DraftChange { try serve { try draftRemoveReply(p) } }
    public func draftSave() throws -> Morning.Activation { try serve { try draftSaveReply() } }
    public func draftDiscard() throws -> Morning.Draft { try serve { try draftDiscardReply() } }
    public func create(_ p: Morning.CreateParameters) throws -> Morning.Activation { try serve { try createReply(p) } }
    public func createFromFile(_ p: Morning.CreateFromFileParameters) throws -> Morning.Activation {
        try serve { try createFromFileReply(p) }
    }
}
