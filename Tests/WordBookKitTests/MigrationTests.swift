import Foundation
import GRDB
import Testing
@testable import WordBookStore
import WordBookVocabulary

/// A word book made by the first released schema opens with today's code, its data intact.
@Suite struct MigrationTests {
    @Test func theFirstSchemasDataSurvivesEveryMigration() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/schema-v1.sqlite")
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("wordbook-v1-\(UUID()).sqlite")
        try FileManager.default.copyItem(at: fixture, to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }

        let database = try AppDatabase.open(path: copy.path, create: false)
        let applied = try database.writer.read { db in try AppDatabase.migrator.appliedIdentifiers(db) }
        #expect(applied == Set(AppDatabase.migrator.migrations))

        let words = try database.words(WordQuery())
        #expect(words.map(\.word.word) == ["Café", "Brötchenstand", "Baño"])
        #expect(words.map(\.word.status) == [.confirmed, .confirmed, .proposed])
        #expect(words.map(\.book) == ["2026-10-09", "2026-11-02", "2026-11-11"])
        #expect(words.first?.tags == ["Food", "Paris"])
        #expect(words.first?.word.notes == "seen at the corner café")
        #expect(try database.word(id: 3).proposedWord == "Brötchen")
        for listing in words {
            let image = try #require(try database.image(wordId: listing.word.id!))
            #expect(image.jpeg.starts(with: [0xFF, 0xD8]) && max(image.width, image.height) <= 1600)
        }
        // Words from before the search index are found by it.
        #expect(try database.search("cafe").map(\.word.word) == ["Café"])
        #expect(try database.search("brotchenstand").map(\.word.word) == ["Brötchenstand"])
    }

    /// A word book a newer WordBook migrated is refused, naming the step this one does not know, and
    /// left as it was: not read as if it were this version's, not written.
    @Test func aWordBookFromANewerWordBookIsRefusedNamingItsStep() throws {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("wordbook-newer-\(UUID()).sqlite")
        defer { try? FileManager.default.removeItem(at: copy) }
        _ = try AppDatabase.open(path: copy.path, create: true)
        let future = "v99: a step from a newer WordBook"
        try DatabaseQueue(path: copy.path).write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [future])
        }
        func schema() throws -> [String] {
            try DatabaseQueue(path: copy.path).read { db in
                try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier")
                    + String.fetchAll(db, sql: "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name")
            }
        }
        let before = try schema()
        #expect(throws: StoreError.newerSchema(migrations: [future])) { try AppDatabase.open(path: copy.path, create: false) }
        #expect("\(StoreError.newerSchema(migrations: [future]))".contains("'\(future)'"))
        #expect(try schema() == before, "nothing migrated, nothing made")
    }

    /// A word book made by version 9, before the words around the aim were kept: its words have none,
    /// and words filed once it is migrated keep theirs.
    @Test func aWordBookOfVersion9MigratesWithNoWordsAround() throws {
        let folder = try WordsAroundStoreTests.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = "\(folder)/v9.sqlite"
        // The schema as version 9 left it, with a word filed then.
        let queue = try DatabaseQueue(path: path)
        try AppDatabase.migrator.migrate(queue, upTo: "v9: web sessions")
        try queue.write { db in
            #expect(try !db.columns(in: "word").contains { $0.name == "wordsAround" })
            try db.execute(sql: """
                INSERT INTO wordBook (id, recordDate, createdAt, updatedAt) VALUES (1, '2026-10-24', '2026-10-24 11:00:00.000', '2026-10-24 11:00:00.000');
                INSERT INTO word (id, wordBookId, word, targetLanguage, createdAt, updatedAt, nextReviewDate, status,
                                  proposedWord, confidence, candidates, box, sourceName, sourceSHA256, capturedAt)
                VALUES (1, 1, 'Straße', 'de', '2026-10-24 11:00:00.000', '2026-10-24 11:00:00.000', '2026-10-24 22:00:00.000',
                        'proposed', 'Straße', 88, '["Strasse"]', '{"height":4,"width":3,"x":1,"y":2}', 'de/Straße.jpg', 'v9', '2026-10-24 11:00:00.000');
                """)
        }
        try queue.close()

        let database = try AppDatabase.open(path: path, create: false)
        let applied = try database.writer.read { db in try AppDatabase.migrator.appliedIdentifiers(db) }
        #expect(applied.contains("v10: words around the aim"))
        let word = try database.word(id: 1)
        #expect(word.word == "Straße" && word.box == PixelBox(x: 1, y: 2, width: 3, height: 4))
        #expect(word.wordsAround == [])
        #expect(try database.wordsAround(id: 1) == [])
        // Words filed after the migration keep theirs.
        var filing = sampleFiling(sha: "after")
        filing.around = WordsAroundStoreTests.around
        guard case let .filed(filed) = try database.file(filing) else { Issue.record("not filed"); return }
        #expect(try database.wordsAround(id: filed.id!) == WordsAroundStoreTests.around)
    }

    /// A word book of version 10 gains the web pages' indexes: the first proposal, the words due and
    /// the new words are read through an index, never by reading and sorting every word of a status.
    @Test func aWordBookOfVersion10ReadsThePagesWordsThroughIndexes() throws {
        let folder = try WordsAroundStoreTests.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = "\(folder)/v10.sqlite"
        let queue = try DatabaseQueue(path: path)
        try AppDatabase.migrator.migrate(queue, upTo: "v10: words around the aim")
        try queue.close()

        let database = try AppDatabase.open(path: path, create: false)
        let applied = try database.writer.read { db in try AppDatabase.migrator.appliedIdentifiers(db) }
        #expect(applied.contains("v11: indexes for the web app's pages"))
        #expect(applied.contains("v12: a gloss's headword"))
        for (sha, confidence) in [("sure", 90), ("unsure", 20)] {
            var filing = sampleFiling(sha: sha, word: sha)
            filing.confidence = confidence
            _ = try database.file(filing)
        }
        #expect(try database.firstPending()?.word == "unsure")

        let day = ReviewDay(now: Date(), calendar: CaptureCalendar(timeZone: .gmt), newPerDay: 20)
        let plans = try database.writer.read { db in
            try [AppDatabase.pendingRequest().limit(1), AppDatabase.dueRequest(day).select(Word.Columns.id, Word.Columns.reviewInterval),
                 AppDatabase.newRequest().select(Word.Columns.id).limit(20)].map { request in
                let statement = try request.makePreparedRequest(db).statement
                return try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN \(statement.sql)", arguments: statement.arguments)
                    .map { $0["detail"] as String }.joined(separator: "; ")
            }
        }
        #expect(plans[0] == "SEARCH word USING INDEX wordOnStatusConfidenceCapturedAt (status=?)")
        #expect(plans[1].hasPrefix("SEARCH word USING COVERING INDEX wordOnStatusNextReviewDate (status=? AND nextReviewDate<?)"))
        #expect(plans[2] == "SEARCH word USING COVERING INDEX wordOnStatusReviewCount (status=? AND reviewCount=?)")
    }
}
