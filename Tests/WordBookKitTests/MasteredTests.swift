import Foundation
import Testing
@testable import WordBookKit

/// `books` and `stats` count a word as mastered by one rule: confirmed, level 4 or more.
@Suite struct MasteredTests {
    @Test func aRejectedWordIsNotMasteredWhateverItsLevel() throws {
        let database = try AppDatabase.inMemory()
        for sha in ["a", "b"] { _ = try database.file(sampleFiling(sha: sha)) }
        try database.confirm(ids: [1, 2])
        for id: Int64 in [1, 2] { _ = try database.grade(id: id, level: 5, calendar: CaptureCalendar(timeZone: .gmt)) }
        try database.reject(ids: [2])
        #expect(try database.books() == [BookSummary(day: "2026-10-24", words: 2, mastered: 1)])
        let stats = try database.stats(calendar: CaptureCalendar(timeZone: .gmt))
        #expect(stats.mastered == 1 && stats.languages.map(\.mastered) == [1])
    }
}
