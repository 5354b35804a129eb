import Foundation

/// Days as the learner lives them: capture days and review dates in the configured time zone.
public struct CaptureCalendar: Sendable {
    public let timeZone: TimeZone
    private let calendar: Calendar
    /// Made once: a formatter is costly to create, and `due` formats thousands of dates.
    /// Only ever used to format, which does not change it.
    nonisolated(unsafe) private let formatter: ISO8601DateFormatter

    public init(timeZone: TimeZone) {
        self.timeZone = timeZone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
        formatter = ISO8601DateFormatter()
        formatter.timeZone = timeZone
        formatter.formatOptions = [.withInternetDateTime]
    }

    /// The local date of `date`, `YYYY-MM-DD`.
    public func day(of date: Date) -> String {
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
    }

    /// Midnight at the start of `day`, or nil when `day` is not a `YYYY-MM-DD` date.
    public func startOfDay(_ day: String) -> Date? {
        let parts = day.split(separator: "-")
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let dayOfMonth = Int(parts[2])
        else { return nil }
        let components = DateComponents(year: year, month: month, day: dayOfMonth)
        guard components.isValidDate(in: calendar) else { return nil }
        return calendar.date(from: components).map { calendar.startOfDay(for: $0) }
    }

    /// Midnight at the start of the day after `day`: a new word's first review.
    public func startOfNextDay(after date: Date) -> Date {
        let start = calendar.startOfDay(for: date)
        return calendar.date(byAdding: .day, value: 1, to: start)!
    }

    /// `date` as ISO 8601 with this time zone's offset: "2026-10-25T00:00:00+02:00".
    public func iso8601(_ date: Date) -> String {
        formatter.string(from: date)
    }
}

extension CaptureCalendar {
    /// `date` plus whole days on the calendar (a day across a clock change is still one day).
    public func adding(days: Int, to date: Date) -> Date {
        calendar.date(byAdding: .day, value: days, to: date)!
    }
}
