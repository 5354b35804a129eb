import Foundation
import GRDB
import Testing
@testable import WordBookStore

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
}
