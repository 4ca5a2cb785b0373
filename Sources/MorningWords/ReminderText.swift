import MorningProtocol

/// The words every surface uses for the daily reminder's settings and whether it can
/// show: `status`, `notifications`, the terminal app's settings and the window say them
/// alike, so a person who reads one has read them all.
public enum ReminderText {
    /// "on", "on, silent" or "off": the setting as `status` shows it. A muted reminder
    /// says so, as "on" alone would promise the alarm.
    public static func setting(_ n: Morning.Notifications) -> String {
        n.enabled ? (n.sound == false ? "on, silent" : "on") : "off"
    }

    /// "(unavailable: no notification server is on the session bus)", nil while the
    /// reminder can show.
    public static func unavailable(_ n: Morning.Notifications) -> String? {
        n.available ? nil : n.reason.map { "(unavailable: \($0))" } ?? "(unavailable)"
    }

    /// "Notifications are on, silent.": the settings as a sentence. A bmd older than the
    /// sound setting says nothing of it, and neither does the sentence.
    public static func sentence(_ n: Morning.Notifications) -> String {
        let line = "Notifications are \(n.enabled ? "on" : "off")"
        switch (n.enabled, n.sound) {
        case (true, true?): return line + ", with sound."
        case (true, false?): return line + ", silent."
        default: return line + "."
        }
    }

    /// Why an enabled reminder cannot show: bmd's reason names what is missing (no
    /// session bus, no server on it).
    public static func cannotShow(_ n: Morning.Notifications) -> String {
        n.reason.map { "The reminder cannot show yet: \($0)." }
            ?? "No notification server is reachable right now, so the reminder cannot show yet."
    }

    /// What a person following the morning must know of the reminder, nil while it is on,
    /// with sound, and can show: that it is off, silent, or cannot show, and why.
    public static func warning(_ n: Morning.Notifications) -> String? {
        if !n.enabled { return sentence(n) + " No reminder comes." }
        if !n.available { return sentence(n) + " " + cannotShow(n) }
        if n.sound == false { return sentence(n) + " The reminder comes without a sound." }
        return nil
    }
}
