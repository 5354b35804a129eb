import Foundation
import WordBookVocabulary

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
    /// The longest interval a scheduler gives, in days: FSRS's maximum, a century.
    public static let maximumIntervalDays = 36_500

    /// Total over every stored value: a count below 0 is taken as 0, a level outside 0-5
    /// the nearest level's, so a crafted backup or an edited row cannot trap it.
    public static func interval(reviewCount: Int, level: Int) -> Int {
        let base = reviewCount < 6 ? intervals[max(reviewCount, 0)] : 30
        let level = min(max(level, levels.lowerBound), levels.upperBound)
        return Int(Double(base) * max(0.5, Double(level) / 5.0))
    }

    /// The word after a grade of `level` at `now`.
    public static func grade(_ word: Word, level: Int, now: Date, calendar: CaptureCalendar) -> Word {
        var word = word
        word.reviewCount = counted(word.reviewCount)
        word.lastReviewDate = now
        word.masteryLevel = level
        word.reviewInterval = interval(reviewCount: word.reviewCount, level: level)
        word.nextReviewDate = calendar.adding(days: word.reviewInterval, to: now)
        word.updatedAt = now
        // An FSRS state would now be out of date; FSRS rebuilds it from the review history.
        word.fsrsCard = nil
        return word
    }

    /// The review count after one more review; a count no schedule could have made (negative, or at
    /// the end of Int) is taken as it was last stored in range.
    static func counted(_ reviewCount: Int) -> Int {
        min(max(reviewCount, 0), maximumReviewCount - 1) + 1
    }

    /// The most reviews a word can count: a review a minute for a century is fewer.
    public static let maximumReviewCount = 100_000_000
}

/// What reschedules a word after a grade: the configuration's `[review] scheduler`.
public enum ReviewScheduler: Sendable, Equatable {
    case interval
    case fsrs(FSRSScheduler)
}
