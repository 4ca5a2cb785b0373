import Foundation
@_exported import MorningProtocol

// MARK: - Days and instants

extension Day {
    /// The local date that holds `instant` in `calendar`'s time zone.
    public init(containing instant: Date, in calendar: Calendar) {
        let c = calendar.dateComponents([.year, .month, .day], from: instant)
        self.init(year: c.year!, month: c.month!, day: c.day!)!
    }

    /// The first instant of this day that exists in `calendar`'s time zone:
    /// where a DST change skips midnight that is the first moment after the gap,
    /// where it repeats midnight the first of the two.
    public func start(in calendar: Calendar) -> Date {
        let c = components
        // Noon exists on every day in every zone we know of; startOfDay walks back
        // from it to the day's first existing instant.
        let noon = calendar.date(from: DateComponents(year: c.year, month: c.month, day: c.day, hour: 12))!
        return calendar.startOfDay(for: noon)
    }
}
