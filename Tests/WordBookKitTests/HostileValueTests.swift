import Foundation
import GRDB
import Testing
@testable import WordBookStore
import WordBookVocabulary

/// Values a crafted backup or an edited database could hold: none of them may trap a scheduler,
/// and a backup holding one is refused with the word and the field named.
@Suite struct HostileValueTests {
    static let calendar = CaptureCalendar(timeZone: TimeZone(identifier: "Europe/Berlin")!)
    static let now = ISO8601DateFormatter().date(from: "2026-11-10T09:30:00Z")!

    static func filedWord() throws -> Word {
        let database = try AppDatabase.inMemory()
        guard case let .filed(word) = try database.file(sampleFiling()) else { throw StoreError.other("not filed") }
        return word
    }

    static let hostileWords: [(String, @Sendable (inout Word) -> Void)] = [
        ("reviewCount -3", { $0.reviewCount = -3 }),
        ("reviewCount Int.max", { $0.reviewCount = .max }),
        ("reviewCount Int.min", { $0.reviewCount = .min }),
        ("stability 1e308", { $0.fsrsCard = FSRSCard(state: .review, step: nil, stability: 1e308, difficulty: 5, due: now, lastReview: now.addingTimeInterval(-86_400 * 3)) }),
        ("stability infinity", { $0.fsrsCard = FSRSCard(state: .review, step: nil, stability: .infinity, difficulty: 5, due: now, lastReview: now.addingTimeInterval(-86_400)) }),
        ("stability NaN", { $0.fsrsCard = FSRSCard(state: .review, step: nil, stability: .nan, difficulty: 5, due: now, lastReview: now.addingTimeInterval(-86_400)) }),
        ("stability -1", { $0.fsrsCard = FSRSCard(state: .review, step: nil, stability: -1, difficulty: 5, due: now, lastReview: now.addingTimeInterval(-86_400)) }),
        ("difficulty NaN", { $0.fsrsCard = FSRSCard(state: .review, step: nil, stability: 3, difficulty: .nan, due: now, lastReview: now.addingTimeInterval(-86_400)) }),
        ("difficulty -1e308", { $0.fsrsCard = FSRSCard(state: .review, step: nil, stability: 3, difficulty: -1e308, due: now, lastReview: now.addingTimeInterval(-86_400)) }),
        ("fsrsStep -5", { $0.fsrsCard = FSRSCard(state: .learning, step: -5, stability: 3, difficulty: 5, due: now, lastReview: now.addingTimeInterval(-86_400)) }),
        ("fsrsStep Int.max", { $0.fsrsCard = FSRSCard(state: .relearning, step: .max, stability: 3, difficulty: 5, due: now, lastReview: now.addingTimeInterval(-86_400)) }),
        ("lastReview in the far future", { $0.fsrsCard = FSRSCard(state: .review, step: nil, stability: 3, difficulty: 5, due: now, lastReview: Date(timeIntervalSince1970: 2.5e11)) }),
    ]

    @Test(arguments: 0..<hostileWords.count, 0...5)
    func bothSchedulersAreTotal(index: Int, level: Int) throws {
        var word = try Self.filedWord()
        Self.hostileWords[index].1(&word)
        let byRule = ReviewSchedule.grade(word, level: level, now: Self.now, calendar: Self.calendar)
        #expect((1...30).contains(byRule.reviewInterval), "\(Self.hostileWords[index].0)")
        #expect(byRule.reviewCount >= 1)
        let fsrs = FSRSScheduler(enableFuzzing: true)
        let byFSRS = fsrs.grade(word, level: level, now: Self.now, history: [])
        #expect((0...fsrs.maximumInterval).contains(byFSRS.reviewInterval), "\(Self.hostileWords[index].0)")
        #expect(byFSRS.stability.map { $0.isFinite && $0 > 0 } == true, "\(Self.hostileWords[index].0)")
        #expect(byFSRS.difficulty.map { (1...10).contains($0) } == true, "\(Self.hostileWords[index].0)")
        #expect(byFSRS.nextReviewDate > Self.now)
        // And what a scheduler gives, the database takes.
        let database = try AppDatabase.inMemory()
        guard case let .filed(stored) = try database.file(sampleFiling()) else { throw StoreError.other("not filed") }
        var updated = byFSRS
        updated.id = stored.id
        updated.wordBookId = stored.wordBookId
        try database.writer.write { db in try updated.update(db) }
    }

    static func backup(with change: (inout BackupDocument.Entry) -> Void) throws -> BackupDocument {
        let database = try AppDatabase.inMemory()
        _ = try database.file(sampleFiling(sha: "a", word: "Straße"))
        _ = try database.file(sampleFiling(sha: "b", word: "Ausgang"))
        var document = try database.exportDocument()
        change(&document.words[1])
        return document
    }

    static let hostileEntries: [(field: String, change: @Sendable (inout BackupDocument.Entry) -> Void)] = [
        ("reviewCount", { $0.word.reviewCount = -3 }),
        ("reviewCount", { $0.word.reviewCount = .max }),
        ("reviewInterval", { $0.word.reviewInterval = -1 }),
        ("confidence", { $0.word.confidence = 1000 }),
        ("masteryLevel", { $0.word.masteryLevel = 9 }),
        ("stability", { $0.word.fsrsCard = FSRSCard(state: .review, step: nil, stability: 1e308, difficulty: 5, due: now, lastReview: now) }),
        ("stability", { $0.word.fsrsCard = FSRSCard(state: .review, step: nil, stability: .nan, difficulty: 5, due: now, lastReview: now) }),
        ("difficulty", { $0.word.fsrsCard = FSRSCard(state: .review, step: nil, stability: 3, difficulty: 11, due: now, lastReview: now) }),
        ("fsrsStep", { $0.word.fsrsCard = FSRSCard(state: .learning, step: -1, stability: 3, difficulty: 5, due: now, lastReview: now) }),
        ("reviews", { $0.reviews = [.init(reviewedAt: now, level: 7, interval: 1, nextReviewDate: now)] }),
        ("reviews", { $0.reviews = [.init(reviewedAt: now, level: 3, interval: -4, nextReviewDate: now)] }),
    ]

    @Test(arguments: 0..<hostileEntries.count)
    func importRefusesAValueNoScheduleCouldHaveMadeAndNamesTheWordAndField(index: Int) throws {
        let document = try Self.backup(with: Self.hostileEntries[index].change)
        let database = try AppDatabase.inMemory()
        let error = #expect(throws: StoreError.self) { try database.importDocument(document) }
        let message = error.map(String.init(describing:)) ?? ""
        #expect(message.contains("Ausgang") && message.contains(Self.hostileEntries[index].field), "\(message)")
        #expect(!message.contains("\n"))
        // All or nothing: the good word is not imported either.
        #expect(try database.wordCount() == 0)
    }

    @Test func theSchemaRefusesOutOfRangeValuesWrittenPastTheApp() throws {
        let database = try AppDatabase.inMemory()
        guard case let .filed(word) = try database.file(sampleFiling()) else { throw StoreError.other("not filed") }
        for assignment in ["reviewCount = -3", "reviewInterval = -1", "confidence = 101", "stability = 1e308",
                           "difficulty = 0", "fsrsStep = -1"] {
            #expect(throws: DatabaseError.self, "\(assignment)") {
                try database.writer.write { db in try db.execute(sql: "UPDATE word SET \(assignment) WHERE id = ?", arguments: [word.id]) }
            }
        }
        #expect(throws: DatabaseError.self) {
            try database.writer.write { db in
                try db.execute(sql: "INSERT INTO review (wordId, reviewedAt, level, interval, nextReviewDate) VALUES (?, ?, 3, -2, ?)",
                               arguments: [word.id, Self.now, Self.now])
            }
        }
        // In range is still fine.
        try database.writer.write { db in try db.execute(sql: "UPDATE word SET reviewCount = 7, stability = 12.5, difficulty = 4 WHERE id = ?", arguments: [word.id]) }
    }
}

@Suite struct BackupBookTests {
    @Test func twoBooksWithOneIDAndDifferentDaysAreRefused() throws {
        let database = try AppDatabase.inMemory()
        _ = try database.file(sampleFiling(sha: "a", day: "2026-10-24", word: "Straße"))
        var document = try database.exportDocument()
        var twin = document.books[0]
        twin.recordDate = "2026-10-25"
        document.books.append(twin)
        let restored = try AppDatabase.inMemory()
        let error = #expect(throws: StoreError.self) { try restored.importDocument(document) }
        let message = error.map(String.init(describing:)) ?? ""
        #expect(message.contains("two books with ID \(twin.id)") && message.contains("2026-10-24") && message.contains("2026-10-25"), "\(message)")
        #expect(try restored.wordCount() == 0)
    }

    @Test func aBookWhoseDayIsNotADateIsRefused() throws {
        let database = try AppDatabase.inMemory()
        _ = try database.file(sampleFiling(sha: "a", day: "2026-10-24", word: "Straße"))
        var document = try database.exportDocument()
        document.books[0].recordDate = "24.10.2026"
        let restored = try AppDatabase.inMemory()
        let error = #expect(throws: StoreError.self) { try restored.importDocument(document) }
        #expect(String(describing: error).contains("24.10.2026"))
        #expect(try restored.wordCount() == 0)
    }
}
