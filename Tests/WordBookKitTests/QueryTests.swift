import Foundation
import GRDB
import Testing
@testable import WordBookStore
import WordBookVocabulary

@Suite struct QueryTests {
    func filled() throws -> (AppDatabase, [Int64]) {
        let database = try AppDatabase.inMemory()
        var ids: [Int64] = []
        for (index, (word, day)) in [("Straße", "2026-10-24"), ("Café", "2026-10-25"), ("Ausgang", "2026-10-25"), ("bakery", "2026-11-02")].enumerated() {
            if case let .filed(filed) = try database.file(sampleFiling(sha: "\(index)", day: day, word: word)) { ids.append(filed.id!) }
        }
        return (database, ids)
    }

    @Test func searchIgnoresCaseAccentsAndFoldsSharpS() throws {
        let (database, ids) = try filled()
        #expect(try database.search("cafe").map(\.word.id) == [ids[1]])
        #expect(try database.search("CAFÉ").map(\.word.id) == [ids[1]])
        #expect(try database.search("STRASSE").map(\.word.id).contains(ids[0]))
        #expect(try database.search("straße").map(\.word.id).contains(ids[0]))
        #expect(try database.search("ausg").map(\.word.id) == [ids[2]], "a term matches the start of a word")
        try database.setNote(id: ids[3], to: "the one near the harbour")
        #expect(try database.search("harbour").map(\.word.id) == [ids[3]], "notes are searched")
        _ = try database.correct(id: ids[3], to: "Bäckerei")
        #expect(try database.search("backerei").map(\.word.id) == [ids[3]], "a corrected word is found by its new text")
        #expect(try database.search("\"*:").isEmpty, "FTS syntax in the query is not an error")
    }

    @Test func listFiltersSortsAndPages() throws {
        let (database, ids) = try filled()
        var query = WordQuery()
        query.from = "2026-10-25"
        query.to = "2026-10-31"
        #expect(try database.words(query).map(\.word.id) == [ids[1], ids[2]])
        query = WordQuery()
        query.sort = .word
        #expect(try database.words(query).map(\.word.word) == ["Ausgang", "bakery", "Café", "Straße"])
        query.limit = 2
        query.offset = 1
        #expect(try database.words(query).map(\.word.word) == ["bakery", "Café"])
        #expect(try database.count(query) == 4)
        try database.confirm(ids: [ids[0]])
        query = WordQuery()
        query.status = .confirmed
        #expect(try database.words(query).map(\.word.id) == [ids[0]])
    }

    @Test func tagsIgnoreCaseAndFilterLists() throws {
        let (database, ids) = try filled()
        #expect(try database.retag(id: ids[0], adding: ["Food", "Paris"], removing: []) == ["Food", "Paris"])
        #expect(try database.retag(id: ids[1], adding: ["FOOD"], removing: []) == ["Food"], "one tag whatever the case")
        var query = WordQuery()
        query.tag = "food"
        #expect(try database.words(query).map(\.word.id) == [ids[0], ids[1]])
        #expect(try database.tagCounts() == [TagCount(name: "Food", count: 2), TagCount(name: "Paris", count: 1)])
        #expect(throws: StoreError.self) { try database.retag(id: ids[2], adding: ["x"], removing: ["nope"]) }
        #expect(try database.tags(of: ids[2]).isEmpty, "a refused change adds nothing")
        query.tag = "nope"
        #expect(throws: StoreError.self) { try database.words(query) }
        #expect(try database.retag(id: ids[0], adding: [], removing: ["paris"]) == ["Food"])
        #expect(try database.tagCounts().map(\.name) == ["Food"], "a tag on no word is gone")
    }

    @Test func booksCountWordsAndMastered() throws {
        let (database, ids) = try filled()
        try database.confirm(ids: [ids[1]])
        _ = try database.grade(id: ids[1], level: 4, calendar: CaptureCalendar(timeZone: .gmt))
        #expect(try database.books() == [
            BookSummary(day: "2026-11-02", words: 1, mastered: 0),
            BookSummary(day: "2026-10-25", words: 2, mastered: 1),
            BookSummary(day: "2026-10-24", words: 1, mastered: 0),
        ])
    }

    @Test func statsCountAndTheStreakEndsTodayOrYesterday() throws {
        let (database, ids) = try filled()
        let calendar = CaptureCalendar(timeZone: TimeZone(identifier: "Europe/Berlin")!)
        try database.confirm(ids: [ids[0], ids[1]])
        let review = calendar.startOfDay("2026-11-03")!.addingTimeInterval(10 * 3600)
        _ = try database.grade(id: ids[0], level: 5, now: review, calendar: calendar)
        // Active days: 10-24, 10-25, 11-02 (captures), 11-03 (review).
        let on1104 = try database.stats(now: calendar.startOfDay("2026-11-04")!.addingTimeInterval(3600), calendar: calendar)
        #expect(on1104.streak == 2, "yesterday and the day before")
        let on1105 = try database.stats(now: calendar.startOfDay("2026-11-05")!, calendar: calendar)
        #expect(on1105.streak == 0)
        #expect(on1104.total == 4 && on1104.confirmed == 2 && on1104.mastered == 1 && on1104.proposed == 2)
        #expect(on1104.averageMastery == 2.5)
        #expect(on1104.languages == [WordBookStats.PerLanguage(language: .german, words: 4, confirmed: 2, mastered: 1)])
    }

    @Test func dueComesMostOverdueFirstAndAPageCostsOnlyThePage() throws {
        let (database, ids) = try filled()
        let calendar = CaptureCalendar(timeZone: TimeZone(identifier: "Europe/Berlin")!, dayStartHour: 4)
        try database.confirm(ids: [ids[2], ids[1], ids[0]])
        // Reviewed on three days for a day each (3 under the app's rule): due from the next, the first most overdue.
        for (offset, id) in ids.prefix(3).enumerated() {
            _ = try database.grade(id: id, level: 3, now: calendar.startOfDay("2026-11-0\(offset + 1)")!.addingTimeInterval(10 * 3600), calendar: calendar)
        }
        let day = ReviewDay(now: calendar.startOfDay("2026-11-20")!.addingTimeInterval(10 * 3600), calendar: calendar, newPerDay: 20)
        #expect(try database.due(in: day).map(\.word.id) == [ids[0], ids[1], ids[2]])
        #expect(try database.due(in: day, limit: 2).map(\.word.id) == [ids[0], ids[1]])
        #expect(try database.dueCount(in: day) == 3)
        #expect(try database.reviewQueue(day).reviews == [ids[0], ids[1], ids[2]])
        let second = ReviewDay(now: calendar.startOfDay("2026-11-02")!.addingTimeInterval(5 * 3600), calendar: calendar, newPerDay: 20)
        #expect(try database.dueCount(in: second) == 1, "graded at 10:00 the day before, due from 04:00")
        #expect(try database.listings(ids: [ids[2], 999, ids[0]]).map(\.word.id) == [ids[2], ids[0]], "in the order asked; gone ones left out")
        _ = try database.grade(id: ids[0], level: 4, now: day.now, calendar: calendar)
        #expect(try database.reviewQueue(day).reviews == [ids[1], ids[2]])
    }
}
