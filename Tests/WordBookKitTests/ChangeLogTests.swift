import Foundation
import GRDB
import Testing
@testable import WordBookStore
import WordBookVocabulary

/// The change log on a real SQLite file: each change is undone to the word exactly as it was.
@Suite struct ChangeLogTests {
    let folder: String
    let database: AppDatabase
    let calendar = CaptureCalendar(timeZone: TimeZone(identifier: "Europe/Berlin")!)
    let first: Int64
    let second: Int64

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("changelog-\(UUID().uuidString)").path
        database = try AppDatabase.open(path: "\(folder)/wordbook.sqlite", create: true)
        guard case let .filed(one) = try database.file(sampleFiling(sha: "1", word: "Strase")),
              case let .filed(two) = try database.file(sampleFiling(sha: "2", day: "2026-10-25", word: "Ausgang"))
        else { throw StoreError.other("not filed") }
        first = one.id!
        second = two.id!
    }

    @Test func everyKindOfChangeIsUndoneToTheWordAsItWas() throws {
        let filed = try database.word(id: first)
        try database.confirm(ids: [first, first])
        let confirmed = try database.word(id: first)
        #expect(try database.changes(limit: 10).first?.wordIds == [first], "an ID given twice is confirmed once")
        _ = try database.correct(id: first, to: "Straße")
        _ = try database.grade(id: first, level: 4, calendar: calendar)
        let graded = try database.word(id: first)
        _ = try database.retag(id: first, adding: ["signs"], removing: [])
        try database.setNote(id: first, to: "on the corner")
        _ = try database.setLearnerGloss(id: first, to: "street")

        let summaries = try database.changes(limit: 10).map(\.change.summary)
        #expect(summaries == [
            "glossed #\(first) Straße = street", "noted on #\(first) Straße: on the corner", "tagged #\(first) Straße +signs",
            "graded #\(first) Straße 4 (Good)", "corrected #\(first) Strase to Straße", "confirmed #\(first) Strase",
        ])
        #expect(try database.undoLast().change.summary == summaries[0])
        #expect(try database.word(id: first).gloss == nil)
        #expect(try database.undoLast().words.first?.notes == "")
        _ = try database.undoLast()
        #expect(try database.tags(of: first).isEmpty && database.tagCounts().isEmpty, "the tag left on no word is gone")
        #expect(try database.word(id: first) == graded)
        _ = try database.undoLast()
        #expect(try database.reviews(of: first).isEmpty, "the grade's review goes with it")
        #expect(try database.undoLast().words == [confirmed])
        #expect(try database.undoLast().words == [filed])
        #expect(throws: StoreError.other("there is nothing to undo: no change is left in the log")) { try database.undoLast() }
        #expect(try database.changes(limit: 10).allSatisfy { $0.change.undoneAt != nil })
    }

    @Test func aChangeIsUndoneByItsIDOnlyWhileNoLaterOneTouchedItsWords() throws {
        try database.confirm(ids: [first])
        let confirmation = try #require(database.lastChangeID)
        try database.reject(ids: [second])
        // Another word's change after it does not stand in the way.
        #expect(try database.undo(changeID: confirmation).words.map(\.status) == [.proposed])
        #expect(throws: StoreError.other("\"confirmed #\(first) Strase\" was undone already")) {
            try database.undo(changeID: confirmation)
        }
        try database.confirm(ids: [first])
        let again = try #require(database.lastChangeID)
        _ = try database.grade(id: first, level: 3, calendar: calendar)
        #expect(throws: StoreError.other("\"graded #\(first) Strase 3 (Hard)\" came after \"confirmed #\(first) Strase\": undo that first")) {
            try database.undo(changeID: again)
        }
        #expect(try database.word(id: first).status == .confirmed)
    }

    @Test func theLogSurvivesReopeningAndLosesWhatPruneDeleted() throws {
        try database.confirm(ids: [first, second])
        _ = try database.grade(id: second, level: 5, calendar: calendar)
        let reopened = try AppDatabase.open(path: "\(folder)/wordbook.sqlite", create: false)
        #expect(try reopened.changes(limit: 10).count == 2)
        _ = try reopened.prune(before: "2026-10-25")
        // The confirmation keeps its other word; the grade goes on being undoable.
        #expect(try reopened.changes(limit: 10).map(\.wordIds) == [[second], [second]])
        #expect(try reopened.undoLast().words.first?.reviewCount == 0)
        #expect(try reopened.undoLast().words.first?.status == .proposed)
    }
}
