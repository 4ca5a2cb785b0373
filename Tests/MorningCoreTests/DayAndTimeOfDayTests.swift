import Foundation
import Testing
@testable import MorningCore

// Rules D2, D6.
@Suite("Days and times")
struct DayAndTimeOfDayTests {
    @Test("Day numbers round-trip through the civil calendar for every day of 1900–2100")
    func roundTrip() {
        let calendar = Calendar(identifier: .gregorian)
        var utcCalendar = calendar
        utcCalendar.timeZone = TimeZone(identifier: "UTC")!
        var d = Day(year: 1900, month: 1, day: 1)!
        let end = Day(year: 2100, month: 12, day: 31)!
        while d <= end {
            let c = d.components
            #expect(Day(year: c.year, month: c.month, day: c.day) == d)
            #expect(Day(iso: d.description) == d)
            d = d.next
        }
        // Written with leading zeros, as YYYY-MM-DD.
        #expect(Day(year: 2026, month: 3, day: 5)?.description == "2026-03-05")
        #expect(Day(year: 999, month: 12, day: 31)?.description == "0999-12-31")
        // And agrees with Foundation on one well-known date and its weekday.
        let date = utcCalendar.date(from: DateComponents(year: 2026, month: 11, day: 22))!
        #expect(Day(ordinal: Int(date.timeIntervalSince1970 / 86_400)) == Day(iso: "2026-11-22"))
        #expect(Day(iso: "2026-11-22")!.weekday == utcCalendar.component(.weekday, from: date))
    }

    @Test("Only real YYYY-MM-DD dates parse", arguments: ["2026-02-29", "2026-13-01", "2026-1-01", "tomorrow", "", "2026-11-31"])
    func badDates(text: String) {
        #expect(Day(iso: text) == nil)
    }

    // Rule D2.
    @Test("times are on the 5-minute grid from 00:00 to 23:55")
    func grid() {
        #expect(TimeOfDay("00:00")?.minutes == 0)
        #expect(TimeOfDay("23:55")?.description == "23:55")
        #expect(TimeOfDay("6:05")?.description == "06:05")
        for bad in ["24:00", "06:07", "6:5", "ab:cd", "06:60", "-1:00"] {
            #expect(TimeOfDay(bad) == nil, "\(bad)")
        }
    }

    @Test("Weeks start on the given first weekday")
    func weekStart() {
        let sunday = day("2026-11-22")
        #expect(sunday.startOfWeek(firstWeekday: 1) == sunday)
        #expect(sunday.startOfWeek(firstWeekday: 2) == day("2026-11-16"))
        #expect(day("2026-11-23").startOfWeek(firstWeekday: 2) == day("2026-11-23"))
    }

    // Rule D2.
    @Test("tasks sort by time and equal times keep the order they were added in")
    func stableSort() {
        let tasks = [("07:00", "b"), ("06:00", "a"), ("07:00", "c"), ("05:00", "z")]
            .map { RoutineTask(time: TimeOfDay($0.0)!, title: $0.1) }
        #expect(Routine.sorted(tasks).map(\.title) == ["z", "a", "b", "c"])
    }
}

// Rules T4, N5, D6.
@Suite("Midnights and reminder instants on DST days")
struct LocalTimeTests {
    // Rule T4.
    @Test("a day starts at its first existing instant", arguments: [
        // (zone, day, expected start in UTC): transitions of 2026 from the tz database.
        ("America/Santiago", "2026-09-06", "2026-09-06T04:00:00Z"), // midnight skipped: 01:00 -03
        ("America/Santiago", "2026-04-05", "2026-04-05T04:00:00Z"), // after a repeated 23:00 hour
        ("America/Santiago", "2026-04-04", "2026-04-04T03:00:00Z"),
        ("America/Havana", "2026-03-08", "2026-03-08T05:00:00Z"),   // midnight skipped
        ("America/Havana", "2026-11-01", "2026-11-01T04:00:00Z"),   // midnight twice: the first
        ("Asia/Beirut", "2026-03-29", "2026-03-28T22:00:00Z"),      // midnight skipped
        ("Asia/Beirut", "2026-10-25", "2026-10-24T22:00:00Z"),      // after a repeated 23:00 hour
        ("Europe/London", "2026-03-29", "2026-03-29T00:00:00Z"),
    ])
    func startOfDay(zoneID: String, dayText: String, expected: String) {
        let local = zone(zoneID)
        let start = local.start(of: day(dayText))
        #expect(start == utc(expected))
        #expect(local.day(containing: start) == day(dayText))
        #expect(local.day(containing: start.addingTimeInterval(-1)) == day(dayText).previous)
        // Foundation's calendar agrees.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = local.zone
        #expect(calendar.startOfDay(for: start.addingTimeInterval(3 * 3600)) == start)
    }

    // Rule T4.
    @Test("the next midnight is never start + 24 h on a 23- or 25-hour day")
    func dayLength() {
        let local = zone("America/Santiago")
        let d = day("2026-04-04")
        #expect(local.start(of: d.next).timeIntervalSince(local.start(of: d)) == 25 * 3600)
        // The 6th begins at 01:00 (midnight is skipped), so it is the short one.
        let s = day("2026-09-06")
        #expect(local.start(of: s.next).timeIntervalSince(local.start(of: s)) == 23 * 3600)
        #expect(local.start(of: s).timeIntervalSince(local.start(of: s.previous)) == 24 * 3600)
    }

    // Rule N5.
    @Test("a reminder time in the spring gap fires at the first instant after it", arguments: [
        ("America/New_York", "2026-03-08", "02:30", "2026-03-08T07:00:00Z"),
        ("Australia/Lord_Howe", "2026-10-04", "02:15", "2026-10-03T15:30:00Z"), // a 30-minute shift
    ])
    func gap(zoneID: String, dayText: String, time: String, expected: String) {
        #expect(Reminder.instant(on: day(dayText), at: TimeOfDay(time)!, local: zone(zoneID)) == utc(expected))
    }

    // Rule N5.
    @Test("a reminder time that occurs twice fires at the first occurrence", arguments: [
        ("America/New_York", "2026-11-01", "01:30", "2026-11-01T05:30:00Z"),
        ("Australia/Lord_Howe", "2026-04-05", "01:45", "2026-04-04T14:45:00Z"),
    ])
    func repeated(zoneID: String, dayText: String, time: String, expected: String) {
        #expect(Reminder.instant(on: day(dayText), at: TimeOfDay(time)!, local: zone(zoneID)) == utc(expected))
    }

    // Rule N1.
    @Test("a first task at 00:00 fires at the start of the day")
    func midnightReminder() {
        let local = zone("America/Havana")
        #expect(Reminder.instant(on: day("2026-03-08"), at: TimeOfDay("00:00")!, local: local) == local.start(of: day("2026-03-08")))
    }

    // Rule D6.
    @Test("the local date, not the UTC date, names the day")
    func localDate() {
        let local = zone("Asia/Beirut")
        #expect(local.day(containing: utc("2026-06-01T22:30:00Z")) == day("2026-06-02"))
        #expect(local.minuteOfDay(at: utc("2026-06-01T22:30:00Z")) == 90)
    }
}
