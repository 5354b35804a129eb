import Foundation
import Testing
@testable import WordBookKit

@Suite struct FSRSTests {
    static let start = ISO8601DateFormatter().date(from: "2022-11-29T12:30:00Z")!

    /// py-fsrs's own test: no fuzz, Good six times, Again twice, Good five times, each at the card's due time.
    @Test func theUpstreamVector() {
        let scheduler = FSRSScheduler(enableFuzzing: false)
        var card = FSRSCard(due: Self.start)
        var now = Self.start
        var intervals: [Int] = []
        for rating in Array(repeating: FSRSRating.good, count: 6) + [.again, .again] + Array(repeating: .good, count: 5) {
            card = scheduler.review(card, rating: rating, at: now).card
            intervals.append(FSRSScheduler.wholeDays(from: now, to: card.due))
            now = card.due
        }
        #expect(intervals == [0, 2, 11, 46, 163, 498, 0, 0, 2, 4, 7, 12, 21])
    }

    @Test func withoutLearningSteps() throws {
        let scheduler = FSRSScheduler(learningSteps: [], relearningSteps: [], enableFuzzing: false)
        var card = FSRSCard(due: Self.start)
        var now = Self.start
        let expected: [(FSRSRating, stability: Double, difficulty: Double?, days: Int)] = [
            (.good, 2.3065, 2.1181, 2), (.good, 10.9643, nil, 11), (.good, 46.2802, nil, 46), (.again, 2.9326, 7.39, 3),
        ]
        for (rating, stability, difficulty, days) in expected {
            card = scheduler.review(card, rating: rating, at: now).card
            #expect(abs(try #require(card.stability) - stability) < 0.0001, "\(rating)")
            if let difficulty { #expect(abs(try #require(card.difficulty) - difficulty) < 0.0001, "\(rating)") }
            #expect(card.state == .review && card.step == nil)
            #expect(FSRSScheduler.wholeDays(from: now, to: card.due) == days, "\(rating)")
            now = card.due
        }
        let easy = scheduler.review(FSRSCard(due: Self.start), rating: .easy, at: Self.start).card
        #expect(easy.stability == 8.2956 && easy.difficulty == 1)
        #expect(FSRSScheduler.wholeDays(from: Self.start, to: easy.due) == 8)
    }

    @Test func gradesMapToAgainHardGoodEasy() {
        #expect((0...5).map { FSRSRating(grade: $0) } == [.again, .again, .again, .hard, .good, .easy])
    }

    @Test func learningStepsAreMinutesAsInPyFSRS() {
        let scheduler = FSRSScheduler(enableFuzzing: false)
        let new = FSRSCard(due: Self.start)
        let waits = FSRSRating.allCases.map { scheduler.review(new, rating: $0, at: Self.start).interval }
        #expect(waits == [60, 330, 600, 8 * 86_400])
        let first = scheduler.review(new, rating: .good, at: Self.start).card
        #expect(first.state == .learning && first.step == 1)
        let lapse = scheduler.review(
            FSRSCard(state: .review, step: nil, stability: 20, difficulty: 5, due: Self.start, lastReview: Self.start.addingTimeInterval(-20 * 86_400)),
            rating: .again, at: Self.start)
        #expect(lapse.card.state == .relearning && lapse.card.step == 0 && lapse.interval == 600)
    }

    @Test func wholeDaysFloorAsTimedeltaDoes() {
        let t = Self.start
        #expect(FSRSScheduler.wholeDays(from: t, to: t.addingTimeInterval(86_399.999)) == 0)
        #expect(FSRSScheduler.wholeDays(from: t, to: t.addingTimeInterval(86_400)) == 1)
        #expect(FSRSScheduler.wholeDays(from: t, to: t.addingTimeInterval(-1)) == -1)
    }

    @Test func fuzzStaysInPyFSRSRangeAndSparesShortIntervals() {
        let scheduler = FSRSScheduler()
        #expect(scheduler.fuzzed(2, random: { 0.99 }) == 2)
        // 10 days: delta = 1 + 0.15 × 4.5 + 0.1 × 3 = 1.975, so 8 to 12; py-fsrs draws from
        // min + random × (max - min + 1) and rounds half to even, so 13 comes up too.
        #expect(scheduler.fuzzed(10, random: { 0 }) == 8)
        #expect(scheduler.fuzzed(10, random: { 0.5 }) == 10)
        #expect(scheduler.fuzzed(10, random: { 0.999 }) == 13)
    }
}
