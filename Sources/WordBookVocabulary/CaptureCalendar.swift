import Foundation

/// Days as the learner lives them: capture days and review dates in the configured time zone, and
/// review days that start at a configured hour (4 a.m. by default, as in Anki), so that a word due
/// "tomorrow" is due when the learner gets up, and a review after midnight still counts for the evening.
public struct CaptureCalendar: Sendable {
    public let timeZone: TimeZone
    /// The hour (0-23, local time) at which a review day starts.
    public let dayStartHour: Int
    private let calendar: Calendar

    public init(timeZone: TimeZone, dayStartHour: Int = 0) {
        self.timeZone = timeZone
        self.dayStartHour = min(max(dayStartHour, 0), 23)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    /// The review day `date` falls in, `YYYY-MM-DD`: before the day's start hour it is still the day before.
    public func reviewDay(of date: Date) -> String {
        day(of: startOfReviewDay(containing: date))
    }

    /// When the review day `day` (`YYYY-MM-DD`) starts; nil when `day` is not a date.
    public func startOfReviewDay(_ day: String) -> Date? {
        startOfDay(day).map(atStartHour)
    }

    /// When the review day holding `date` started.
    public func startOfReviewDay(containing date: Date) -> Date {
        let start = atStartHour(calendar.startOfDay(for: date))
        return start <= date ? start : atStartHour(calendar.date(byAdding: .day, value: -1, to: calendar.startOfDay(for: date))!)
    }

    /// When the review day holding `date` ends: the next one's start.
    public func endOfReviewDay(containing date: Date) -> Date {
        let start = startOfReviewDay(containing: date)
        return atStartHour(calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: start))!)
    }

    /// `midnight` at the start hour; on a day whose clock skips that hour, the first moment after it.
    private func atStartHour(_ midnight: Date) -> Date {
        calendar.date(bySettingHour: dayStartHour, minute: 0, second: 0, of: midnight, matchingPolicy: .nextTime) ?? midnight
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

    /// `date` as ISO 8601 with this time zone's offset: "2026-10-25T00:00:00+02:00" ("Z" for UTC),
    /// what ISO8601DateFormatter writes with `.withInternetDateTime`, worked out with integers
    /// because `due` and `list` format thousands of dates and the formatter costs tens of
    /// microseconds each.
    public func iso8601(_ date: Date) -> String {
        let offset = timeZone.secondsFromGMT(for: date)
        // Milliseconds rounded to the nearest, as CFDateFormatter hands them to ICU, then whole seconds.
        let millis = Int(((date.timeIntervalSinceReferenceDate + 978_307_200) * 1_000 + 0.5).rounded(.down))
        let local = (millis >= 0 ? millis / 1_000 : (millis - 999) / 1_000) + offset
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let second = local - days * 86_400
        // Civil date from days since 1970-01-01 (Howard Hinnant's days_from_civil, inverted).
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)

        var text = Self.digits(year, 4) + "-" + Self.digits(month, 2) + "-" + Self.digits(day, 2)
        text += "T" + Self.digits(second / 3_600, 2) + ":" + Self.digits(second / 60 % 60, 2) + ":" + Self.digits(second % 60, 2)
        if offset == 0 { return text + "Z" }
        let minutes = abs(offset) / 60
        return text + (offset < 0 ? "-" : "+") + Self.digits(minutes / 60, 2) + ":" + Self.digits(minutes % 60, 2)
    }

    private static func digits(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}

extension CaptureCalendar {
    /// `date` plus whole days on the calendar (a day across a clock change is still one day).
    public func adding(days: Int, to date: Date) -> Date {
        calendar.date(byAdding: .day, value: days, to: date)!
    }
}
