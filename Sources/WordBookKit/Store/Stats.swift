import Foundation
import GRDB

/// Progress at a glance: what `stats` prints.
public struct WordBookStats: Sendable, Equatable, Encodable {
    public struct PerLanguage: Sendable, Equatable, Encodable {
        public var language: String
        public var words: Int
        public var confirmed: Int
        public var mastered: Int
    }

    public var total: Int
    public var proposed: Int
    public var confirmed: Int
    public var mastered: Int
    /// Over confirmed words; 0 when there are none.
    public var averageMastery: Double
    public var dueToday: Int
    /// Consecutive days, ending today or yesterday, on which a word was captured or reviewed.
    public var streak: Int
    public var languages: [PerLanguage]
}

extension AppDatabase {
    public func stats(now: Date = Date(), calendar: CaptureCalendar) throws -> WordBookStats {
        try writer.read { db in
            let counts = try Row.fetchOne(db, sql: """
                SELECT COUNT(*) AS total,
                       COALESCE(SUM(status = 'proposed'), 0) AS proposed,
                       COALESCE(SUM(status = 'confirmed'), 0) AS confirmed,
                       COALESCE(SUM(status = 'confirmed' AND masteryLevel >= 4), 0) AS mastered,
                       COALESCE(AVG(CASE WHEN status = 'confirmed' THEN masteryLevel END), 0) AS average
                FROM word
                """)!
            let endOfToday = calendar.startOfNextDay(after: now)
            let dueToday = try Word
                .filter(Word.Columns.status == WordStatus.confirmed.rawValue && Word.Columns.nextReviewDate < endOfToday)
                .fetchCount(db)
            let languages = try Row.fetchAll(db, sql: """
                SELECT targetLanguage, COUNT(*) AS words, COALESCE(SUM(status = 'confirmed'), 0) AS confirmed,
                       COALESCE(SUM(status = 'confirmed' AND masteryLevel >= 4), 0) AS mastered
                FROM word GROUP BY targetLanguage ORDER BY targetLanguage
                """).map {
                WordBookStats.PerLanguage(language: $0["targetLanguage"], words: $0["words"],
                                          confirmed: $0["confirmed"], mastered: $0["mastered"])
            }
            var activeDays = Set(try String.fetchAll(db, sql: "SELECT recordDate FROM wordBook"))
            for reviewed in try Date.fetchAll(db, sql: "SELECT reviewedAt FROM review") {
                activeDays.insert(calendar.day(of: reviewed))
            }
            var streak = 0
            var day = calendar.startOfDay(calendar.day(of: now))!
            if !activeDays.contains(calendar.day(of: day)) { day = calendar.adding(days: -1, to: day) }
            while activeDays.contains(calendar.day(of: day)) {
                streak += 1
                day = calendar.adding(days: -1, to: day)
            }
            return WordBookStats(
                total: counts["total"], proposed: counts["proposed"], confirmed: counts["confirmed"],
                mastered: counts["mastered"], averageMastery: (counts["average"] as Double? ?? 0),
                dueToday: dueToday, streak: streak, languages: languages)
        }
    }
}
