import Foundation
import GRDB
import Testing
@testable import WordBookStore
import WordBookVocabulary

/// The words read around the aim point, as filing stores them for the phone page's tap to pick: in
/// the SQLite file, through the read commands' listing, through a backup, and in a word book made
/// before they were kept.
@Suite struct WordsAroundStoreTests {
    static let around = [
        ReadWord(text: "Straße", box: PixelBox(x: 1, y: 2, width: 3, height: 4)),
        ReadWord(text: "Einbahnstraße", box: PixelBox(x: 10, y: 2, width: 30, height: 4)),
        // A quote and a backslash in the text, which JSON escapes.
        ReadWord(text: "a \"quoted\" \\ one", box: PixelBox(x: 0, y: 40, width: 12, height: 5)),
    ]

    static func scratchFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wordbook-around-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func theWordsAroundRoundTripThroughTheFileAndABackup() throws {
        let folder = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var filing = sampleFiling(sha: "around")
        filing.around = Self.around
        let database = try AppDatabase.open(path: "\(folder)/words.sqlite", create: true)
        guard case let .filed(word) = try database.file(filing) else { Issue.record("not filed"); return }
        #expect(word.wordsAround == Self.around)
        _ = try database.file(sampleFiling(sha: "none", word: "Ausgang"))

        // Opened again from the file: the record, the column alone, and the read commands' listing.
        let reopened = try AppDatabase.open(path: "\(folder)/words.sqlite", create: false)
        #expect(try reopened.word(id: word.id!).wordsAround == Self.around)
        #expect(try reopened.wordsAround(id: word.id!) == Self.around)
        #expect(try reopened.wordsAround(id: 2) == [])
        #expect(throws: StoreError.noSuchWord(id: 99)) { try reopened.wordsAround(id: 99) }
        let listed = try reopened.words(WordQuery()).map(\.word)
        #expect(listed.map(\.wordsAround) == [Self.around, []])
        #expect(listed == (try reopened.writer.read { db in try Word.order(Column("id")).fetchAll(db) }))

        // A backup restored into a new file gives the words back, and exports the same document.
        let document = try reopened.exportDocument()
        let restored = try AppDatabase.open(path: "\(folder)/restored.sqlite", create: true)
        #expect(try restored.importDocument(try BackupDocument.decode(try document.encoded())).words == 2)
        #expect(try restored.wordsAround(id: word.id!) == Self.around)
        #expect(try restored.exportDocument() == document)
    }

    /// A backup made before the words around were kept has no such field: its words import with none.
    @Test func aBackupWithoutTheWordsAroundImportsWithNone() throws {
        let database = try AppDatabase.inMemory()
        var filing = sampleFiling(sha: "old")
        filing.around = Self.around
        _ = try database.file(filing)
        let encoded = try database.exportDocument().encoded()
        var json = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        var words = try #require(json["words"] as? [[String: Any]])
        #expect(words[0]["wordsAround"] != nil)
        words[0]["wordsAround"] = nil
        json["words"] = words
        let old = try BackupDocument.decode(try JSONSerialization.data(withJSONObject: json))

        let restored = try AppDatabase.inMemory()
        #expect(try restored.importDocument(old).words == 1)
        #expect(try restored.word(id: 1).wordsAround == [])
    }

    /// The frame follows the word chosen: a correction to a word read around the aim takes its box,
    /// a box given wins, and a typed word not read there leaves the box where it was; undo puts it back.
    @Test func aCorrectionToAWordReadAroundTheAimTakesItsBox() throws {
        let database = try AppDatabase.inMemory()
        var filing = sampleFiling(sha: "frame", word: "Straße")
        filing.box = Self.around[0].box
        filing.around = Self.around
        guard case let .filed(word) = try database.file(filing) else { Issue.record("not filed"); return }
        let id = try #require(word.id)
        #expect(try database.correct(id: id, to: "Einbahnstraße").box == Self.around[1].box)
        #expect(try database.correct(id: id, to: "Einbahn").box == Self.around[1].box)
        let given = PixelBox(x: 5, y: 5, width: 5, height: 5)
        #expect(try database.correct(id: id, to: "Straße", box: given).box == given)
        _ = try database.undoLast()
        #expect(try database.word(id: id).box == Self.around[1].box)
    }
}
