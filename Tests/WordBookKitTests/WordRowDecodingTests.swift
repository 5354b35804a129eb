import Foundation
import GRDB
import Testing
@testable import WordBookStore
import WordBookVocabulary

/// `Word(row:)` reads each column by its place; it gives the same words as GRDB's Codable decoding
/// of the same rows, whatever the columns hold.
@Suite struct WordRowDecodingTests {
    /// A word as GRDB decodes it from a row through `Word(from:)`, looking each column up by name.
    struct CodableWord: Decodable, FetchableRecord {
        let word: Word

        init(from decoder: any Decoder) throws {
            word = try Word(from: decoder)
        }
    }

    /// Three words: one graded under FSRS with a gloss, one with odd text in its JSON columns and
    /// no box, one whose JSON columns were written by hand with spaces, escapes and keys out of order.
    static func database() throws -> AppDatabase {
        let database = try AppDatabase.inMemory()
        var filings = [sampleFiling(sha: "plain"), sampleFiling(sha: "odd", word: "Ausgang"), sampleFiling(sha: "hand", word: "Eingang")]
        filings[1].candidates = ["a \"quoted\" one", "tab\there", "", "ß", "back\\slash"]
        filings[1].box = nil
        filings[1].around = [ReadWord(text: "a \"quoted\" \\ one", box: PixelBox(x: 0, y: 40, width: 12, height: 5)),
                             ReadWord(text: "Ausgang", box: PixelBox(x: -1, y: 0, width: 1, height: 1))]
        for filing in filings { _ = try database.file(filing) }
        try database.confirm(ids: [1])
        _ = try database.grade(id: 1, level: 3, calendar: CaptureCalendar(timeZone: .gmt), scheduler: .fsrs(FSRSScheduler()))
        try database.writer.write { db in
            try db.execute(sql: "UPDATE word SET gloss = 'street', glossSource = 'learner', glossEntry = 'Straße f. street' WHERE id = 1")
            try db.execute(sql: #"""
                UPDATE word SET box = '{ "y": 2, "x": 1, "width": 3, "height": 4 }',
                    candidates = '[ "Stra\u00dfe", "a\/b" ]',
                    wordsAround = '[{ "text": "Eingang", "box": {"y":0,"x":0,"height":2,"width":2} }]'
                WHERE id = 3
                """#)
        }
        return database
    }

    @Test func eachColumnReadByPlaceEqualsGRDBsCodableDecoding() throws {
        let database = try Self.database()
        let byPlace = try database.writer.read { db in try Word.order(Column("id")).fetchAll(db) }
        let codable = try database.writer.read { db in try CodableWord.fetchAll(db, Word.order(Column("id"))).map(\.word) }
        #expect(byPlace == codable)
        #expect(byPlace.count == 3)

        // What each case is there for, so that a word left at its defaults cannot pass for a match.
        #expect(byPlace[0].fsrsState != nil && byPlace[0].stability != nil && byPlace[0].lastReviewDate != nil)
        #expect(byPlace[0].gloss == "street" && byPlace[0].glossSource == .learner)
        #expect(byPlace[1].candidates == ["a \"quoted\" one", "tab\there", "", "ß", "back\\slash"])
        #expect(byPlace[1].box == nil && byPlace[1].gloss == nil && byPlace[1].lastReviewDate == nil && byPlace[1].fsrsState == nil)
        #expect(byPlace[1].wordsAround.first?.text == "a \"quoted\" \\ one")
        #expect(byPlace[2].box == PixelBox(x: 1, y: 2, width: 3, height: 4))
        #expect(byPlace[2].candidates == ["Straße", "a/b"])
        #expect(byPlace[2].wordsAround == [ReadWord(text: "Eingang", box: PixelBox(x: 0, y: 0, width: 2, height: 2))])
    }

    /// The store's own reads select the columns in the order `Word(row:)` reads them: a search
    /// (its own SQL), a listing with its book joined, and a backup exported and restored.
    @Test func theStoresReadsGiveTheSameWords() throws {
        let database = try Self.database()
        let codable = try database.writer.read { db in try CodableWord.fetchAll(db, Word.order(Column("id"))).map(\.word) }
        #expect(try database.search("Ausgang").map(\.word) == [codable[1]])
        #expect(try database.words(WordQuery()).map(\.word) == codable)
        #expect(try database.words(onDay: nil).map(\.word) == codable)
        let restored = try AppDatabase.inMemory()
        _ = try restored.importDocument(try BackupDocument.decode(try database.exportDocument().encoded()))
        #expect(try restored.words(WordQuery()).map(\.word) == codable)
    }

    /// A value the column's type cannot hold is an error to catch, as with GRDB's Codable decoding, not a crash.
    @Test func aValueOfTheWrongKindIsAnError() throws {
        let database = try Self.database()
        try database.writer.write { db in
            try db.execute(sql: "UPDATE word SET candidates = 'not JSON' WHERE id = 2")
        }
        #expect(throws: (any Error).self) { try database.writer.read { db in try Word.fetchOne(db, key: 2) } }
        #expect(throws: (any Error).self) { try database.writer.read { db in try CodableWord.fetchOne(db, Word.filter(key: 2)) } }
    }
}
