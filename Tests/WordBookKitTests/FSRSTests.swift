import Foundation
import Testing
@testable import WordBookStore
import WordBookVocabulary

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

    // MARK: - Against the reference package

    struct Reference: Decodable {
        struct History: Decodable {
            var desiredRetention: Double
            var steps: [Step]
        }

        struct Step: Decodable {
            var at: Int
            var grade: Int
            var stability: Double
            var difficulty: Double
            var state: FSRSState
            var step: Int?
            var due: Double
        }

        var fsrs: String
        var histories: [History]
    }

    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Runs Tests/Python/fsrs_reference.py with the test environment's Python.
    static func reference(histories: Int, seed: Int) throws -> Reference {
        let python = repositoryRoot.appendingPathComponent(".build/pyenv/bin/python")
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw ReferenceError("\(python.path) is missing: run `bash scripts/python-env.sh` (make test does) to install py-fsrs")
        }
        let process = Process()
        process.executableURL = python
        process.arguments = ["Tests/Python/fsrs_reference.py", "--histories", "\(histories)", "--seed", "\(seed)"]
        process.currentDirectoryURL = repositoryRoot
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        nonisolated(unsafe) var errors = Data()
        let reader = Thread { errors = err.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ReferenceError("fsrs_reference.py failed: \(String(decoding: errors, as: UTF8.self))")
        }
        return try JSONDecoder().decode(Reference.self, from: output)
    }

    struct ReferenceError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// The largest differences from py-fsrs over every step of every history.
    struct Comparison: CustomStringConvertible {
        var histories = 0, steps = 0, dueMismatches = 0, stateMismatches = 0
        var maxStability = 0.0, maxDifficulty = 0.0, maxDue = 0.0

        var description: String {
            "\(histories) histories, \(steps) steps, max |Δstability| \(maxStability), max |Δdifficulty| \(maxDifficulty), "
                + "max |Δdue| \(maxDue) s, \(dueMismatches) due mismatches, \(stateMismatches) state mismatches"
        }
    }

    /// Replays each history through `grade` (which gets a history's scheduler, its index, and one
    /// review's time and grade, and returns the card after it) and compares every step.
    static func compare(
        _ reference: Reference, grade: (FSRSScheduler, Int, Date, Int) throws -> FSRSCard
    ) rethrows -> Comparison {
        var comparison = Comparison()
        for (index, history) in reference.histories.enumerated() {
            let scheduler = FSRSScheduler(desiredRetention: history.desiredRetention, enableFuzzing: false)
            comparison.histories += 1
            for (number, expected) in history.steps.enumerated() {
                let card = try grade(scheduler, index, Date(timeIntervalSince1970: TimeInterval(expected.at)), expected.grade)
                comparison.steps += 1
                let stability = abs((card.stability ?? .nan) - expected.stability)
                let difficulty = abs((card.difficulty ?? .nan) - expected.difficulty)
                let due = abs(card.due.timeIntervalSince1970 - expected.due)
                comparison.maxStability = max(comparison.maxStability, stability)
                comparison.maxDifficulty = max(comparison.maxDifficulty, difficulty)
                comparison.maxDue = max(comparison.maxDue, due)
                if !(due < 1) { comparison.dueMismatches += 1 }
                if card.state != expected.state || card.step != expected.step { comparison.stateMismatches += 1 }
                #expect(stability < 1e-6 && difficulty < 1e-6 && due < 1 && card.state == expected.state && card.step == expected.step,
                        "history \(index) step \(number): \(card) against \(expected)")
            }
        }
        return comparison
    }

    @Test func matchesPyFSRSOnRandomHistories() throws {
        let reference = try Self.reference(histories: 200, seed: 2026)
        #expect(reference.fsrs == "6.3.1")
        var cards: [Int: FSRSCard] = [:]
        let comparison = Self.compare(reference) { scheduler, history, now, grade in
            let card = scheduler.review(cards[history] ?? FSRSCard(due: now), rating: FSRSRating(grade: grade), at: now).card
            cards[history] = card
            return card
        }
        print("FSRS against py-fsrs \(reference.fsrs): \(comparison)")
        #expect(comparison.histories == 200 && comparison.steps > 1000)
    }

    /// The same histories graded through the store: each word as `grade` saves it, dates at the
    /// database's millisecond precision.
    @Test func storedWordsFollowPyFSRS() throws {
        let reference = try Self.reference(histories: 200, seed: 2026)
        let database = try AppDatabase.inMemory()
        let calendar = CaptureCalendar(timeZone: .gmt)
        var ids: [Int: Int64] = [:]
        let comparison = try Self.compare(reference) { scheduler, history, now, grade in
            if ids[history] == nil {
                guard case let .filed(word) = try database.file(sampleFiling(sha: "history \(history)")) else {
                    throw ReferenceError("history \(history) was not filed")
                }
                try database.confirm(ids: [word.id!])
                ids[history] = word.id!
            }
            let word = try database.grade(id: ids[history]!, level: grade, now: now, calendar: calendar, scheduler: .fsrs(scheduler))
            return try #require(word.fsrsCard)
        }
        print("Stored words against py-fsrs \(reference.fsrs): \(comparison)")
        #expect(comparison.histories == 200 && comparison.steps > 1000)
    }

    // MARK: - Words in the store

    func confirmedWord(_ database: AppDatabase) throws -> Word {
        guard case let .filed(word) = try database.file(sampleFiling()) else { throw ReferenceError("not filed") }
        try database.confirm(ids: [word.id!])
        return try database.word(id: word.id!)
    }

    @Test func gradingUnderFSRSKeepsTheMemoryStateAndTheCounts() throws {
        let database = try AppDatabase.inMemory()
        let calendar = CaptureCalendar(timeZone: TimeZone(identifier: "Europe/Berlin")!)
        let fsrs = ReviewScheduler.fsrs(FSRSScheduler(enableFuzzing: false))
        let word = try confirmedWord(database)
        let now = ISO8601DateFormatter().date(from: "2026-11-10T09:30:00Z")!

        let first = try database.grade(id: word.id!, level: 4, now: now, calendar: calendar, scheduler: fsrs)
        #expect(first.fsrsState == .learning && first.fsrsStep == 1 && first.stability == 2.3065)
        #expect(first.nextReviewDate == now.addingTimeInterval(600) && first.reviewInterval == 0)
        #expect(first.reviewCount == 1 && first.masteryLevel == 0 && first.lastReviewDate == now, "mastery is earned over days")
        #expect(try database.word(id: word.id!) == first, "the state is stored")

        let later = now.addingTimeInterval(3 * 86_400)
        let second = try database.grade(id: word.id!, level: 5, now: later, calendar: calendar, scheduler: fsrs)
        #expect(second.fsrsState == .review && second.fsrsStep == nil && second.reviewCount == 2)
        #expect(try database.reviews(of: word.id!).map(\.level) == [4, 5])

        // The interval rule drops the state; FSRS then rebuilds it from all three grades.
        let third = try database.grade(id: word.id!, level: 3, now: later.addingTimeInterval(86_400), calendar: calendar)
        #expect(third.fsrsState == nil && third.stability == nil && third.reviewInterval == ReviewSchedule.interval(reviewCount: 3, level: 3))
        let fourthAt = later.addingTimeInterval(10 * 86_400)
        let fourth = try database.grade(id: word.id!, level: 4, now: fourthAt, calendar: calendar, scheduler: fsrs)
        let scheduler = FSRSScheduler(enableFuzzing: false)
        var card = FSRSCard(due: word.nextReviewDate)
        for (level, at) in [(4, now), (5, later), (3, later.addingTimeInterval(86_400)), (4, fourthAt)] {
            card = scheduler.review(card, rating: FSRSRating(grade: level), at: at).card
        }
        #expect(fourth.fsrsCard == card)
        #expect(fourth.reviewCount == 4)
    }

    @Test func statsAverageTheRecallOfWordsWithAMemoryState() throws {
        let database = try AppDatabase.inMemory()
        let calendar = CaptureCalendar(timeZone: .gmt)
        let word = try confirmedWord(database)
        #expect(try database.stats(calendar: calendar).averageRetrievability == nil)
        let now = ISO8601DateFormatter().date(from: "2026-11-10T09:30:00Z")!
        let scheduler = FSRSScheduler(enableFuzzing: false)
        let graded = try database.grade(id: word.id!, level: 4, now: now, calendar: calendar, scheduler: .fsrs(scheduler))
        let inTenDays = now.addingTimeInterval(10 * 86_400)
        let stats = try database.stats(now: inTenDays, calendar: calendar, fsrs: scheduler)
        #expect(stats.fsrsWords == 1)
        #expect(stats.averageRetrievability == scheduler.retrievability(of: graded.fsrsCard!, at: inTenDays))
        #expect(stats.averageRetrievability! < 0.9 && stats.averageRetrievability! > 0.5)
    }
}
