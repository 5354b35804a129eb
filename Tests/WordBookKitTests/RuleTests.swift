import Foundation
import Testing
@testable import WordBookAnki
@testable import WordBookStore
import WordBookVocabulary

/// Rules stated once and used wherever they apply.
@Suite struct RuleTests {
    /// `books` and `stats` count a word as mastered alike: confirmed, level 4 or more.
    @Test func aRejectedWordIsNotMasteredWhateverItsLevel() throws {
        let database = try AppDatabase.inMemory()
        for sha in ["a", "b"] { _ = try database.file(sampleFiling(sha: sha)) }
        try database.confirm(ids: [1, 2])
        for id: Int64 in [1, 2] { _ = try database.grade(id: id, level: 5, calendar: CaptureCalendar(timeZone: .gmt)) }
        try database.reject(ids: [2])
        #expect(try database.books() == [BookSummary(day: "2026-10-24", words: 1, mastered: 1, rejected: 1)], "a rejected reading is not a word of the book")
        let stats = try database.stats(calendar: CaptureCalendar(timeZone: .gmt))
        #expect(stats.mastered == 1 && stats.languages.map(\.mastered) == [1])
    }

    /// FSRS, the Anki export and the help read grades 0-5 as the same four answers.
    @Test func gradesZeroToTwoAreAgain() {
        #expect(FSRSRating.gradeMeanings == "0-2 Again, 3 Hard, 4 Good, 5 Easy")
        #expect(ReviewSchedule.levels.map(AnkiExport.ease(level:)) == [1, 1, 1, 2, 3, 4])
    }
}
