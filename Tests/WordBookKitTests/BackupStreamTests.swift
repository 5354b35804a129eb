import Foundation
import GRDB
import Testing
@testable import WordBookStore
import WordBookVocabulary

/// A backup written a word at a time is the document `BackupDocument` encodes whole, byte for byte.
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
}
