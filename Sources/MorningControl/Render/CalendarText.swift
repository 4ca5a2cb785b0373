import Glibc
import MorningProtocol

/// A routine as an iCalendar (RFC 5545) document: one event that repeats every day
/// from the routine's start, at its first task's time, with its tasks in the
/// description, so GNOME Calendar, Thunderbird or khal show the morning.
///
/// Times are floating (no time zone): a morning routine is at 06:00 wherever you are,
/// as bmd itself keeps it in the local time of the day.
enum CalendarText {
    /// The calendar of `routine`; `stamp` is when it was made (DTSTAMP, in UTC).
    static func render(_ routine: Morning.ExportRoutine, stamp: time_t) -> String {
        let times = routine.tasks.map(\.time)
        let first = times.min() ?? "00:00", last = times.max() ?? first
        // The event lasts from the first task's time to five minutes after the last
        // task's, so every task lies inside it.
        let minutes = max(5, minutesOfDay(last) - minutesOfDay(first) + 5)
        let description = routine.tasks.map { "\($0.time) \($0.title)" }.joined(separator: "\n")
        let lines = [
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            "PRODID:-//Better Morning//bmctl \(BuildInfo.version)//EN",
            "CALSCALE:GREGORIAN",
            "BEGIN:VEVENT",
            // The same routine started on the same day is the same event, however
            // often it is exported: calendars update it rather than add another.
            "UID:\(routine.id)-\(compact(routine.startDate))@better-morning",
            "DTSTAMP:\(utc(stamp))",
            "DTSTART:\(compact(routine.startDate))T\(compact(first))00",
            "DURATION:PT\(minutes)M",
            "RRULE:FREQ=DAILY",
            "SUMMARY:" + escaped("Morning routine: \(routine.name)"),
            "DESCRIPTION:" + escaped(description),
            "END:VEVENT",
            "END:VCALENDAR",
        ]
        return lines.map(folded).joined()
    }

    /// TEXT as RFC 5545 writes it: backslash, semicolon and comma escaped, line breaks as \n.
    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n", "\r\n": out += "\\n"
            default: out.append(character)
            }
        }
        return out
    }

    /// One content line ended by CRLF, folded so no line exceeds 75 octets: each
    /// continuation starts with a space, and a character's UTF-8 bytes are never split.
    static func folded(_ line: String) -> String {
        var out = "", width = 0
        for character in line {
            let size = character.utf8.count
            if width + size > 75 {
                out += "\r\n "
                width = 1
            }
            out.append(character)
            width += size
        }
        return out + "\r\n"
    }

    /// "2026-11-25" as "20261125", "05:30" as "0530".
    private static func compact(_ text: String) -> String { text.filter { $0 != "-" && $0 != ":" } }

    private static func minutesOfDay(_ time: String) -> Int {
        let parts = time.split(separator: ":").compactMap { Int($0) }
        return parts.count == 2 ? parts[0] * 60 + parts[1] : 0
    }

    /// `stamp` as an iCalendar UTC date-time, such as 20261125T093000Z.
    static func utc(_ stamp: time_t) -> String {
        var seconds = stamp
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))Z"
    }
}
