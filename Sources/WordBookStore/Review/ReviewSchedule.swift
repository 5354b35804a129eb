import Foundation

/// The app's review rule, kept exactly:
///
///     intervals = [1, 2, 4, 7, 15, 30]
///     base      = reviewCount < 6 ? intervals[reviewCount] : 30
///     interval  = Int(Double(base) * max(0.5, Double(L) / 5.0))   // truncates
///     nextReviewDate = now + interval days
///
/// where reviewCount is already counted up for this review.
public enum ReviewSchedule {
    public static let intervals = [1, 2, 4, 7, 15, 30]
    public static let levels = 0...5

    public static func interval(reviewCount: Int, level: Int) -> Int {
        let base = reviewCount < 6 ? intervals[reviewCount] : 30
        return Int(Double(base) * max(0.5, Double(level) / 5.0))
    }

    /// The word after a grade of `level` at `now`.
    public static func grade(_ word: Word, level: Int, now: Date, calendar: CaptureCalendar) -> Word {
        var word = word
        word.reviewCount += 1
        word.lastReviewDate = now
        word.masteryLevel = level
        word.reviewInterval = interval(reviewCount: word.reviewCount, level: level)
        word.nextReviewDate = calendar.adding(days: word.reviewInterval, to: now)
        word.updatedAt = now
        // An FSRS state would now be out of date; FSRS rebuilds it from the review history.
        word.fsrsCard = nil
        return word
    }
}

/// What reschedules a word after a grade: the configuration's `[review] scheduler`.
public enum ReviewScheduler: Sendable, Equatable {
    case interval
    case fsrs(FSRSScheduler)
}
