import Foundation
import GRDB
import Testing
@testable import WordBookStore
import WordBookVocabulary

/// A backup written and read a word at a time is the document `BackupDocument` encodes and decodes
/// whole: the same bytes out, the same words in, and a file that is not such a document refused
/// with nothing imported.
@Suite struct BackupStreamTests {
    static let calendar = CaptureCalendar(timeZone: TimeZone(identifier: "Europe/Berlin")!)

    /// Three books, tags on some words, reviews, photos of different sizes, and a word whose text
    /// holds what a hand-made JSON walk could trip on: quotes, backslashes, brackets, a newline.
    static func wordBook() throws -> AppDatabase {
        let database = try AppDatabase.inMemory()
        let words = ["Straße", #"a "quoted" \ word}]"#, "Ausgang\n{[", "Café", "Brötchen"]
        for (index, text) in words.enumerated() {
            var filing = sampleFiling(sha: "sha-\(index)", day: "2026-10-\(24 + index % 3)", word: text)
            filing.jpeg = Data((0..<(index * 5_000 + 4)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            guard case let .filed(word) = try database.file(filing) else { throw StoreError.other("not filed") }
            if index % 2 == 0 { _ = try database.retag(id: word.id!, adding: ["signs", "Berlin \(index)"], removing: []) }
            if index != 1 {
                try database.confirm(ids: [word.id!])
                _ = try database.grade(id: word.id!, level: 3, calendar: calendar)
                _ = try database.grade(id: word.id!, level: 4, calendar: calendar)
            }
        }
        return database
    }

    static func streamed(_ database: AppDatabase) throws -> Data {
        var data = Data()
        try database.exportBackup { data.append($0) }
        return data
    }

    /// Reads `data` through a file, as `wordbook import` does, in chunks of `chunkSize` bytes, and
    /// puts the document together again.
    static func read(_ data: Data, chunkSize: Int = 1 << 16) throws -> BackupDocument {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("backup-\(UUID().uuidString).json").path
        try data.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        var words: [BackupDocument.Entry] = []
        var document = try BackupFile(descriptor: descriptor, chunkSize: chunkSize).read { words.append($0) }
        #expect(document.words.isEmpty)
        document.words = words
        return document
    }

    /// Imports `data` through a temporary file, as `wordbook import` does, into `database`.
    static func importFile(_ data: Data, into database: AppDatabase, chunkSize: Int = 1 << 16) throws -> ImportSummary {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("backup-\(UUID().uuidString).json").path
        try data.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        return try database.importBackup(try StagedBackup(BackupFile(descriptor: descriptor, chunkSize: chunkSize)))
    }

    @Test func theStreamedExportIsTheEncodedDocumentByteForByte() throws {
        let database = try Self.wordBook()
        let document = try database.exportDocument()
        #expect(document.books.count == 3 && document.tags.count == 4 && document.words.count == 5)
        #expect(document.words.contains { !$0.reviews.isEmpty } && document.words.allSatisfy { $0.image != nil })
        #expect(try Self.streamed(database) == (try document.encoded()))

        // The edges of the layout: no word at all, and one.
        let empty = try AppDatabase.inMemory()
        #expect(try Self.streamed(empty) == (try empty.exportDocument().encoded()))
        let one = try AppDatabase.inMemory()
        _ = try one.file(sampleFiling())
        #expect(try Self.streamed(one) == (try one.exportDocument().encoded()))
    }

    /// Read back, the document encodes to the bytes it was read from (its dates, decoded from text,
    /// may differ from the database's in the last bits, as any backup's do).
    @Test(arguments: [1, 2, 3, 7, 64, 1 << 16])
    func aFileIsReadWordByWordAtAnyChunkSize(chunkSize: Int) throws {
        let encoded = try Self.wordBook().exportDocument().encoded()
        let document = try Self.read(encoded, chunkSize: chunkSize)
        #expect(document.words.count == 5)
        #expect(try document.encoded() == encoded)
    }

    /// A backup written by other JSON tools: members in another order, no blanks, escapes where
    /// JSONEncoder writes none. JSONSerialization reorders freely and escapes slashes.
    @Test func aBackupInAnyLayoutJSONAllowsIsRead() throws {
        let encoded = try Self.wordBook().exportDocument().encoded()
        let compact = try JSONSerialization.data(withJSONObject: try JSONSerialization.jsonObject(with: encoded))
        #expect(compact.count < encoded.count)
        #expect(try Self.read(compact, chunkSize: 5).encoded() == encoded)

        let wordsFirst = Data(#"{ "words" : [ ], "tags" : [ "b\u00e4r" ], "schemaVersion" : "v1", "books" : [ ] }"#.utf8)
        let document = try Self.read(wordsFirst)
        #expect(document.words.isEmpty && document.tags == ["bär"] && document.schemaVersion == "v1")
    }

    @Test func anImportThroughAFileRestoresTheWordBookExactly() throws {
        let database = try Self.wordBook()
        let encoded = try database.exportDocument().encoded()
        let restored = try AppDatabase.inMemory()
        let summary = try Self.importFile(encoded, into: restored, chunkSize: 1_000)
        #expect(summary == ImportSummary(books: 3, words: 5, duplicates: 0, tags: 4))
        #expect(try Self.streamed(restored) == encoded)
        #expect(try Self.importFile(encoded, into: restored).duplicates == 5)
    }

    /// Cut anywhere before its last byte, a backup is refused, and the word book is left as it was.
    @Test func everyTruncatedBackupIsRefusedAndNothingIsImported() throws {
        let database = try AppDatabase.inMemory()
        _ = try database.file(sampleFiling(sha: "a", word: #"x"}]"#))
        _ = try database.file(sampleFiling(sha: "b", day: "2026-10-25", word: "Ausgang"))
        _ = try database.retag(id: 1, adding: ["signs"], removing: [])
        let encoded = try database.exportDocument().encoded()
        for length in 0..<encoded.count {
            #expect(throws: BackupFileError.cutShort, "cut to \(length) bytes") { try Self.read(encoded.prefix(length), chunkSize: 13) }
        }
        let restored = try AppDatabase.inMemory()
        for length in [encoded.count / 2, encoded.count - 1] {
            #expect(throws: BackupFileError.cutShort) { try Self.importFile(encoded.prefix(length), into: restored) }
        }
        #expect(try restored.wordCount() == 0)
        #expect(try restored.books().isEmpty)
        #expect(try Self.importFile(encoded + Data(" \n".utf8), into: restored).words == 2)
    }

    @Test func badJSONAmongTheWordsIsRefusedAndNothingIsImported() throws {
        let database = try Self.wordBook()
        let encoded = String(decoding: try database.exportDocument().encoded(), as: UTF8.self)
        let third = try #require(encoded.range(of: #""sourceSHA256" : "sha-2""#))
        let cases: [(String, BackupFileError)] = [
            // A member with no value: the walk passes it, the decoder refuses the word.
            (encoded.replacingCharacters(in: third, with: #""sourceSHA256" : ,"#), .notAWord(number: 3)),
            // A bracket closing what was never opened.
            (encoded.replacingCharacters(in: third, with: #""sourceSHA256" : "sha-2"]"#), .notJSON(offset: encoded.utf8.distance(from: encoded.startIndex, to: third.upperBound))),
            // Something after the document.
            (encoded + "\n{}", .notJSON(offset: encoded.utf8.count + 1)),
            // Not a backup at all.
            ("[1, 2, 3]", .notJSON(offset: 0)),
            (#"{"books": [], "tags": []}"#, .notABackup),
            (#"{"words": [], "words": []}"#, .notABackup),
        ]
        for (text, expected) in cases {
            let restored = try AppDatabase.inMemory()
            #expect(throws: expected) { try Self.importFile(Data(text.utf8), into: restored, chunkSize: 100) }
            #expect(try restored.wordCount() == 0)
        }
    }

    /// A value no review makes, late in the file, stops the import before the word book is touched.
    @Test func aHostileWordLateInTheFileIsRefusedAndNothingIsImported() throws {
        let database = try Self.wordBook()
        var document = try database.exportDocument()
        document.words[4].word.reviewCount = -3
        let restored = try AppDatabase.inMemory()
        let error = #expect(throws: StoreError.self) { try Self.importFile(try document.encoded(), into: restored) }
        #expect(String(describing: error).contains("Brötchen") && String(describing: error).contains("reviewCount"))
        #expect(try restored.wordCount() == 0 && restored.books().isEmpty)
    }
}
