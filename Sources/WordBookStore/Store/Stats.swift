import Foundation
import GRDB
import WordBookVocabulary

/// Progress at a glance: what `stats` prints.
public struct WordBookStats: Sendable, Equatable, Encodable {
    public struct PerLanguage: Sendable, Equatable, Encodable {
        public var language: Language
        public var words: Int
        public var confirmed: Int
        public var mastered: Int
    }

    public var total: Int
    public var proposed: Int
    public var confirmed: Int
    /// Of those, filed as confirmed by `auto_confirm` and not touched since.
    public var confirmedOnFiling: Int
    public var mastered: Int
    /// Over confirmed words; 0 when there are none.
    public var averageMastery: Double
    public var dueToday: Int
    /// Words in their learning steps that come due later this review day, not counted in `dueToday`.
    public var stepsLaterToday: Int
    /// Consecutive days, ending today or yesterday, on which a word was captured or reviewed.
    public var streak: Int
    public var languages: [PerLanguage]
    /// Confirmed words with an FSRS memory state.
    public var fsrsWords: Int
    /// FSRS's average chance of recalling those words today; nil when there are none.
    public var averageRetrievability: Double?
}

extension AppDatabase {
    public func stats(now: Date = Date(), calendar: CaptureCalendar, fsrs: FSRSScheduler = FSRSScheduler()) throws -> WordBookStats {
        try writer.read { db in
            // One pass over the index on (targetLanguage, status, masteryLevel): a count per
            // combination, at most 4 × 3 × 6 rows, and the totals and averages summed from those.
            var total = 0, proposed = 0, confirmed = 0, mastered = 0, confirmedMastery = 0
            var languages: [WordBookStats.PerLanguage] = []
            for row in try SQLRequest<Row>(literal: """
                SELECT targetLanguage, status, masteryLevel, \(Word.mastered) AS mastered, COUNT(*) AS count FROM word
                GROUP BY targetLanguage, status, masteryLevel ORDER BY targetLanguage
                """).fetchAll(db) {
                let language: Language = row["targetLanguage"], status: String = row["status"]
                let level: Int = row["masteryLevel"], count: Int = row["count"]
                if languages.last?.language != language {
                    languages.append(WordBookStats.PerLanguage(language: language, words: 0, confirmed: 0, mastered: 0))
                }
                total += count
                languages[languages.count - 1].words += count
                if status == WordStatus.proposed.rawValue { proposed += count }
                if status == WordStatus.confirmed.rawValue {
                    confirmed += count
                    confirmedMastery += level * count
                    languages[languages.count - 1].confirmed += count
                }
                if row["mastered"] {
                    mastered += count
                    languages[languages.count - 1].mastered += count
                }
            }
            // What SQL's AVG gives for integers: their sum over their count, as a Double.
            let averageMastery = confirmed > 0 ? Double(confirmedMastery) / Double(confirmed) : 0
            // As `due` counts them: this review day's reviews and the steps come due, new words apart.
            let today = ReviewDay(now: now, calendar: calendar, newPerDay: 0)
            let dueToday = try Self.dueRequest(today).fetchCount(db)
            let stepsLaterToday = try Self.laterStepsRequest(today).fetchCount(db)
            // A day is active when it has a word book or a review. The books are one row a day;
            // the reviews are many, so only the days without a book ask the index on reviewedAt
            // whether anything was reviewed between that day's start and the next day's.
            let bookDays = Set(try String.fetchAll(db, sql: "SELECT recordDate FROM wordBook"))
            let reviewed = try db.makeStatement(sql: """
                SELECT EXISTS (SELECT 1 FROM review WHERE reviewedAt >= ? AND reviewedAt < ?)
                """)
            func isActive(_ date: Date) throws -> Bool {
                let day = calendar.day(of: date)
                if bookDays.contains(day) { return true }
                guard let start = calendar.startOfDay(day) else { return false }
                return try Bool.fetchOne(reviewed, arguments: [start, calendar.startOfNextDay(after: start)]) ?? false
            }
            var streak = 0
            var day = calendar.startOfDay(calendar.day(of: now))!
            if try !isActive(day) { day = calendar.adding(days: -1, to: day) }
            while try isActive(day) {
                streak += 1
                day = calendar.adding(days: -1, to: day)
            }
            var fsrsWords = 0, retrievability = 0.0
            let memories = try Row.fetchCursor(db, Word
                .select(Word.Columns.stability, Word.Columns.lastReviewDate)
                .filter(Word.Columns.status == WordStatus.confirmed.rawValue && Word.Columns.stability != nil
                        && Word.Columns.lastReviewDate != nil))
            while let row = try memories.next() {
                fsrsWords += 1
                retrievability += fsrs.retrievability(stability: row[0], lastReview: row[1], at: now)
            }
            return WordBookStats(
                total: total, proposed: proposed, confirmed: confirmed,
                confirmedOnFiling: try Word.confirmedOnFiling().fetchCount(db), mastered: mastered,
                averageMastery: averageMastery, dueToday: dueToday, stepsLaterToday: stepsLaterToday, streak: streak, languages: languages,
                fsrsWords: fsrsWords, averageRetrievability: fsrsWords > 0 ? retrievability / Double(fsrsWords) : nil)
        }
    }
}
