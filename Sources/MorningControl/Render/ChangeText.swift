import MorningProtocol

/// What bmctl says after a change: activation, restart, delete, reset, check, notifications.
enum ChangeText {
    static func activated(_ reply: Morning.Activation, style: Style) -> String {
        Text.lines(["Activated \(style.bold(reply.routine.name)): it starts tomorrow (\(reply.routine.startDate))."]
                   + finalized(reply))
    }

    static func restarted(_ reply: Morning.Activation, style: Style) -> String {
        Text.lines(DataWords.restarted(reply, name: style.bold))
    }

    /// The line about the day that was closed early for the routine that was running.
    static func finalized(_ reply: Morning.Activation) -> [String] {
        MorningText.switchEnded(reply).map { [$0] } ?? []
    }

    static func deleted(_ reply: Morning.DeleteReply, style: Style) -> String {
        var lines = [DataWords.deleted(reply, name: style.bold)]
        if reply.routine.active {
            lines.append("No routine is active now; pick one with `bmctl activate NAME`.")
        }
        return Text.lines(lines)
    }

    static func reset() -> String {
        Text.lines([DataWords.reset])
    }

    static func checked(_ reply: Morning.TaskChange, style: Style) -> String {
        let task = "\(reply.task.position) \(reply.task.title)"
        let progress = "(\(reply.completed) of \(reply.total) done)"
        return Text.lines([reply.changed
            ? "\(style.green("✓")) \(task) \(progress)"
            : "\(task) was already done \(progress)"])
    }

    static func unchecked(_ reply: Morning.TaskChange, style: Style) -> String {
        let task = "\(reply.task.position) \(reply.task.title)"
        let progress = "(\(reply.completed) of \(reply.total) done)"
        return Text.lines([reply.changed
            ? "· \(task) is untouched again \(progress)"
            : "\(task) was already untouched \(progress)"])
    }

    static func notifications(_ n: Morning.Notifications, style: Style) -> String {
        var line = ReminderText.sentence(n)
        if n.enabled && !n.available { line += " " + style.yellow(ReminderText.cannotShow(n)) }
        return Text.lines([line])
    }

    /// After `notifications sound on|off`.
    static func notificationSound(_ n: Morning.Notifications, style: Style) -> String {
        var lines = ["The reminder's sound is \(n.sound == true ? "on" : "off")."]
        if !n.enabled {
            lines.append("The daily reminder itself is off; `bmctl notifications on` turns it on.")
        }
        return Text.lines(lines)
    }

    /// After `notifications keep on|off`: what the reminder now does on a desktop that takes
    /// notifications away after a few seconds.
    static func keepOnScreen(_ n: Morning.Notifications, style: Style) -> String {
        var lines = [n.keepOnScreen == false
            ? "The reminder leaves the screen as the desktop's other notifications do."
            : "The reminder stays on screen until you act on it, also on GNOME."]
        if !n.enabled {
            lines.append("The daily reminder itself is off; `bmctl notifications on` turns it on.")
        }
        return Text.lines(lines)
    }

    /// After `notifications test`: it was shown; and if the daily reminder is off, how to turn it on.
    static func testNotification(_ n: Morning.Notifications, style: Style) -> String {
        var lines = ["Sent a test notification."]
        if !n.enabled {
            lines.append("The daily reminder itself is off; `bmctl notifications on` turns it on.")
        }
        return Text.lines(lines)
    }
}
