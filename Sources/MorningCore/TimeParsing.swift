extension TimeOfDay {
    /// Reads a time as people type it: `06:45`, `6:45`, or 12-hour `6:45am`, `6:45 pm`, `6am`.
    ///
    /// Throws `Morning.Error.invalidTime` for anything else; a real time off the
    /// five-minute grid carries the nearest grid times before and after it, so that
    /// the refusal can suggest them.
    public static func parse(_ text: String) throws -> TimeOfDay {
        let text = text.trimmingWhitespace
        guard let minutes = clockMinutes(text) else {
            throw Morning.Error.invalidTime(text: text, earlier: nil, later: nil)
        }
        if let time = TimeOfDay(minutes: minutes) { return time }
        let below = minutes - minutes % gridStep
        throw Morning.Error.invalidTime(text: text, earlier: TimeOfDay(minutes: below)?.description,
                                       later: TimeOfDay(minutes: below + gridStep)?.description)
    }

    /// Minutes after midnight of a 24-hour or 12-hour clock time, on the grid or not.
    static func clockMinutes(_ text: String) -> Int? {
        var clock = Substring(text.lowercased())
        var meridiem: String?
        for suffix in ["am", "pm", "a.m.", "p.m."] where clock.hasSuffix(suffix) {
            meridiem = String(suffix.prefix(1))
            clock = clock.dropLast(suffix.count)
            while clock.last == " " { clock.removeLast() }
            break
        }
        guard clock.allSatisfy({ $0 == ":" || ("0"..."9").contains($0) }) else { return nil }
        guard let meridiem else {
            // 24-hour: the colon is required, so that "6" or "645" is never a guess.
            return TimeOfDay.clock(clock).map { $0.hour * 60 + $0.minute }
        }
        // 12-hour: "6", "06" or "6:45", hours 1 to 12; 12am is midnight, 12pm noon.
        let (hourText, minuteText) = clock.contains(":")
            ? (clock.prefix { $0 != ":" }, clock.drop { $0 != ":" }.dropFirst())
            : (clock, Substring("00"))
        guard (1...2).contains(hourText.count), minuteText.count == 2, !minuteText.contains(":"),
              let hour = Int(hourText), let minute = Int(minuteText),
              (1...12).contains(hour), (0..<60).contains(minute)
        else { return nil }
        return (hour % 12 + (meridiem == "p" ? 12 : 0)) * 60 + minute
    }
}

extension Morning.Error {
    /// Why a time was refused, in words: shared by every way a time comes in.
    static func invalidTimeReason(_ text: String, earlier: String?, later: String?) -> String {
        let nearest = [earlier, later].compactMap { $0 }
        guard !nearest.isEmpty else {
            return "\"\(text)\" is not a time; use HH:MM (such as 06:45) or 12-hour time (such as 6:45am)"
        }
        return "\(text) is not on the five-minute grid; use " + nearest.joined(separator: " or ")
    }
}
