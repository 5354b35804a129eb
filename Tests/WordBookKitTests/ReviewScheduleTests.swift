import Foundation
import Testing
@testable import WordBookStore
import WordBookVocabulary

@Suite struct ReviewScheduleTests {
    /// Days to the next review for grades 0-5 (columns), by how often the word was reviewed before (rows).
    static let expected: [[Int]] = [
        [1, 1, 1, 1, 1, 2],  // reviewed 0 times before
        [2, 2, 2, 2, 3, 4],  // reviewed 1 time before
        [3, 3, 3, 4, 5, 7],  // 2
        [7, 7, 7, 9, 12, 15],  // 3
        [15, 15, 15, 18, 24, 30],  // 4
        [15, 15, 15, 18, 24, 30],  // 5
        [15, 15, 15, 18, 24, 30],  // 6
        [15, 15, 15, 18, 24, 30],  // 7
    ]

    @Test(arguments: 0...7, 0...5)
    func theAppsRuleKeptExactly(reviewedBefore: Int, level: Int) throws {
        let calendar = CaptureCalendar(timeZone: TimeZone(identifier: "Europe/Berlin")!)
        var word = try #require(try {
            let database = try AppDatabase.inMemory()
            if case let .filed(word) = try database.file(sampleFiling()) { return word }
            return nil
        }())
        word.reviewCount = reviewedBefore
        let now = ISO8601DateFormatter().date(from: "2026-11-10T09:30:00Z")!
        let graded = ReviewSchedule.grade(word, level: level, now: now, calendar: calendar)
        let days = Self.expected[reviewedBefore][level]
        #expect(graded.reviewCount == reviewedBefore + 1)
        #expect(graded.masteryLevel == level)
        #expect(graded.lastReviewDate == now)
        #expect(graded.reviewInterval == days)
        #expect(graded.nextReviewDate == calendar.adding(days: days, to: now))
    }

    @Test func gradingIsRecordedAndOnlyConfirmedWordsAreGraded() throws {
        let database = try AppDatabase.inMemory()
        let calendar = CaptureCalendar(timeZone: .gmt)
        guard case let .filed(word) = try database.file(sampleFiling()) else { Issue.record("not filed"); return }
        #expect(throws: StoreError.notConfirmed(id: word.id!, status: .proposed)) {
            try database.grade(id: word.id!, level: 4, calendar: calendar)
        }
        try database.confirm(ids: [word.id!])
        #expect(throws: StoreError.badGrade(7)) { try database.grade(id: word.id!, level: 7, calendar: calendar) }
        #expect(try database.word(id: word.id!).reviewCount == 0, "a refused grade changes nothing")
        let graded = try database.grade(id: word.id!, level: 5, calendar: calendar)
        #expect(graded.reviewInterval == 2)
        let reviews = try database.reviews(of: word.id!)
        #expect(reviews.count == 1 && reviews[0].level == 5 && reviews[0].interval == 2)
    }
}
