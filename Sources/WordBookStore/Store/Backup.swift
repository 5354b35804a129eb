import Foundation
import GRDB

/// The whole word book as one JSON document: books, words with their images (base64), tags and
/// review history, and the schema it came from. Exporting, importing into an empty database and
/// exporting again gives the same document.
public struct BackupDocument: Codable, Sendable, Equatable {
    public struct Book: Codable, Sendable, Equatable {
        public var id: Int64
        public var recordDate: String
        public var createdAt: Date
        public var updatedAt: Date
    }

    public struct Image: Codable, Sendable, Equatable {
        public var jpeg: Data
        public var width: Int
        public var height: Int
    }

    public struct ReviewEntry: Codable, Sendable, Equatable {
        public var reviewedAt: Date
        public var level: Int
        public var interval: Int
        public var nextReviewDate: Date
    }

    /// A word with its tags, review history and photo. The word's fields stand in the entry under
    /// their column names (the record's `Codable` keys), except its book's ID, which is `bookId`;
    /// `entry.status` reads the word's.
    @dynamicMemberLookup
    public struct Entry: Codable, Sendable, Equatable {
        public var word: Word
        public var tags: [String]
        public var reviews: [ReviewEntry]
        public var image: Image?

        private enum CodingKeys: String, CodingKey {
            case tags, reviews, image
        }

        public init(word: Word, tags: [String], reviews: [ReviewEntry], image: Image?) {
            self.word = word
            self.tags = tags
            self.reviews = reviews
            self.image = image
        }

        public subscript<Value>(dynamicMember field: KeyPath<Word, Value>) -> Value {
            word[keyPath: field]
        }

        public init(from decoder: any Decoder) throws {
            word = try Word(from: decoder)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            tags = try container.decode([String].self, forKey: .tags)
            reviews = try container.decode([ReviewEntry].self, forKey: .reviews)
            image = try container.decodeIfPresent(Image.self, forKey: .image)
        }

        public func encode(to encoder: any Encoder) throws {
            try word.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(tags, forKey: .tags)
            try container.encode(reviews, forKey: .reviews)
            try container.encodeIfPresent(image, forKey: .image)
        }
    }

    /// The last migration applied when the document was made.
    public var schemaVersion: String
    public var books: [Book]
    public var tags: [String]
    public var words: [Entry]

    /// A word's book: `bookId` in the document, `wordBookId` in the database and the record.
    private static let bookKey = (document: "bookId", record: Word.Columns.wordBookId.name)

    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .custom { path in
            path.last!.stringValue == bookKey.record ? DocumentKey(bookKey.document) : path.last!
        }
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(timestampFormat.string(from: date))
        }
        encoder.dataEncodingStrategy = .base64
        return encoder
    }

    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .custom { path in
            path.last!.stringValue == bookKey.document ? DocumentKey(bookKey.record) : path.last!
        }
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = timestampFormat.date(from: text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a time like 2026-10-24T13:05:00.123Z")
            }
            return date
        }
        return decoder
    }

    /// Milliseconds, as SQLite keeps them.
    nonisolated(unsafe) static let timestampFormat: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter
    }()

    public func encoded() throws -> Data {
        try Self.encoder().encode(self)
    }

    public static func decode(_ data: Data) throws -> BackupDocument {
        try decoder().decode(BackupDocument.self, from: data)
    }
}

extension BackupDocument {
    /// The ranges a stored value can take; the schema (migration v7) holds the database to the same.
    public enum Limits {
        public static let masteryLevel = ReviewSchedule.levels
        public static let reviewCount = 0...ReviewSchedule.maximumReviewCount
        public static let reviewInterval = 0...ReviewSchedule.maximumIntervalDays
        public static let confidence = 0...100
        public static let stability = FSRSScheduler.stabilityRange
        public static let difficulty = 1.0...10.0
        public static let fsrsStep = 0...FSRSScheduler.maximumStep
    }

    /// Refuses a document holding a value no schedule could have made (a negative review count,
    /// a stability of 1e308, NaN), naming the first such word and field, before anything is written.
    public func validate() throws {
        try validateBooks()
        for entry in words { try entry.validate() }
    }

    /// Refuses books whose days are in doubt: a day not written YYYY-MM-DD, or two days for one ID.
    public func validateBooks() throws {
        var days: [Int64: String] = [:]
        for book in books {
            // A day is YYYY-MM-DD: the books' order and `list --date` compare them as text.
            let parts = book.recordDate.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.map(\.count) == [4, 2, 2], parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) else {
                throw StoreError.other("the backup's book \(book.id) has the day \"\(book.recordDate)\", which is not written YYYY-MM-DD; nothing was imported")
            }
            if let day = days[book.id], day != book.recordDate {
                throw StoreError.other("the backup has two books with ID \(book.id), for \(day) and \(book.recordDate), so its words' days are in doubt; nothing was imported")
            }
            days[book.id] = book.recordDate
        }
    }
}

extension BackupDocument.Entry {
    /// Refuses a word holding a value no schedule could have made, naming the word and the field.
    public func validate() throws {
        func refuse(_ field: String, _ value: String, _ allowed: String) -> StoreError {
            let name = word.word.isEmpty ? "" : " \"\(word.word)\""
            return StoreError.other("the backup's word #\(word.id ?? 0)\(name) has \(field) \(value), which no review makes: it must be \(allowed); nothing was imported")
        }
        func check(_ field: String, _ value: Int, _ range: ClosedRange<Int>) throws {
            if !range.contains(value) { throw refuse(field, "\(value)", "from \(range.lowerBound) to \(range.upperBound)") }
        }
        func check(_ field: String, _ value: Double?, _ range: ClosedRange<Double>) throws {
            if let value, !range.contains(value) { throw refuse(field, "\(value)", "from \(range.lowerBound) to \(range.upperBound)") }
        }
        typealias Limits = BackupDocument.Limits
        try check("masteryLevel", word.masteryLevel, Limits.masteryLevel)
        try check("reviewCount", word.reviewCount, Limits.reviewCount)
        try check("reviewInterval", word.reviewInterval, Limits.reviewInterval)
        try check("confidence", word.confidence, Limits.confidence)
        try check("stability", word.stability, Limits.stability)
        try check("difficulty", word.difficulty, Limits.difficulty)
        if let step = word.fsrsStep { try check("fsrsStep", step, Limits.fsrsStep) }
        for review in reviews {
            try check("reviews' level", review.level, Limits.masteryLevel)
            try check("reviews' interval", review.interval, Limits.reviewInterval)
        }
    }
}

private struct DocumentKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

public struct ImportSummary: Sendable, Equatable {
    public var books = 0
    public var words = 0
    public var duplicates = 0
    public var tags = 0
}

extension AppDatabase {
    /// The whole word book as one document in memory; `exportBackup(to:)` writes the same bytes a
    /// word at a time.
    public func exportDocument() throws -> BackupDocument {
        try writer.read { db in
            var document = try Self.backupHead(db)
            try Self.forEachBackupEntry(db) { document.words.append($0) }
            return document
        }
    }

    /// The document less its words: the schema's last migration, the books by ID, the tags by key.
    static func backupHead(_ db: Database) throws -> BackupDocument {
        let schema = try String.fetchOne(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid DESC LIMIT 1") ?? ""
        let books = try WordBook.order(Column("id")).fetchAll(db).map {
            BackupDocument.Book(id: $0.id!, recordDate: $0.recordDate, createdAt: $0.createdAt, updatedAt: $0.updatedAt)
        }
        let tags = try String.fetchAll(db, sql: "SELECT name FROM tag ORDER BY key")
        return BackupDocument(schemaVersion: schema, books: books, tags: tags, words: [])
    }

    /// Each word as a backup entry, by ID, with its tags by key, its reviews oldest first and its
    /// photo: one word at a time, so a word book of any size is read in the memory of one.
    static func forEachBackupEntry(_ db: Database, _ body: (BackupDocument.Entry) throws -> Void) throws {
        let tags = try db.cachedStatement(sql: """
            SELECT tag.name FROM wordTag JOIN tag ON tag.id = wordTag.tagId WHERE wordTag.wordId = ? ORDER BY tag.key
            """)
        let reviews = try db.cachedStatement(sql: "SELECT * FROM review WHERE wordId = ? ORDER BY reviewedAt, id")
        let image = try db.cachedStatement(sql: "SELECT * FROM wordImage WHERE wordId = ?")
        let words = try Word.order(Word.Columns.id).fetchCursor(db)
        while let word = try words.next() {
            let arguments: StatementArguments = [word.id!]
            try body(BackupDocument.Entry(
                word: word,
                tags: try String.fetchAll(tags, arguments: arguments),
                reviews: try Review.fetchAll(reviews, arguments: arguments).map {
                    BackupDocument.ReviewEntry(reviewedAt: $0.reviewedAt, level: $0.level, interval: $0.interval, nextReviewDate: $0.nextReviewDate)
                },
                image: try WordImage.fetchOne(image, arguments: arguments).map {
                    BackupDocument.Image(jpeg: $0.jpeg, width: $0.width, height: $0.height)
                }))
        }
    }

    /// Adds what the document has and the database lacks, all of it or nothing: `importBackup(_:)`
    /// for a document already in memory.
    public func importDocument(_ document: BackupDocument) throws -> ImportSummary {
        try importBackup(try StagedBackup(document))
    }

    /// Adds what the backup has and the database lacks, in one transaction. Words are matched
    /// by their photo's SHA-256, books by day, tags by name without regard to case; ids are kept
    /// where they are free, so a restore into an empty database is exact.
    ///
    /// The backup was read, decoded and checked into its own temporary file before this: the word
    /// book's write lock is held only while the words are copied in (`StagedBackup` says why).
    public func importBackup(_ backup: StagedBackup) throws -> ImportSummary {
        let document = backup.document
        return try writer.write { db in
            var summary = ImportSummary()
            var bookIds: [Int64: Int64] = [:]
            for book in document.books {
                if let existing = try WordBook.filter(Column("recordDate") == book.recordDate).fetchOne(db) {
                    bookIds[book.id] = existing.id!
                    continue
                }
                let free = try !WordBook.exists(db, key: book.id)
                var record = WordBook(id: free ? book.id : nil, recordDate: book.recordDate, createdAt: book.createdAt, updatedAt: book.updatedAt)
                try record.insert(db)
                bookIds[book.id] = record.id!
                summary.books += 1
            }
            var tagIds: [String: Int64] = [:]
            func tagId(_ name: String) throws -> Int64 {
                let key = Self.tagKey(name)
                if let id = tagIds[key] { return id }
                if let existing = try Tag.filter(Column("key") == key).fetchOne(db) {
                    tagIds[key] = existing.id!
                    return existing.id!
                }
                var tag = Tag(id: nil, name: name, key: key)
                try tag.insert(db)
                summary.tags += 1
                tagIds[key] = tag.id!
                return tag.id!
            }
            for name in document.tags { _ = try tagId(name) }
            // Prepared once: the word book's write lock is held while these run for every word.
            let filed = try db.cachedStatement(sql: "SELECT 1 FROM word WHERE sourceSHA256 = ?")
            let taken = try db.cachedStatement(sql: "SELECT 1 FROM word WHERE id = ?")
            try backup.forEachEntry { entry in
                var word = entry.word
                if try Bool.fetchOne(filed, arguments: [word.sourceSHA256]) != nil {
                    summary.duplicates += 1
                    return
                }
                guard let bookId = bookIds[word.wordBookId] else {
                    throw StoreError.other("the backup is damaged: word \(word.id ?? 0) names book \(word.wordBookId), which it does not contain")
                }
                if let id = word.id, try Bool.fetchOne(taken, arguments: [id]) != nil { word.id = nil }
                word.wordBookId = bookId
                try word.insert(db)
                if let image = entry.image {
                    try WordImage(wordId: word.id!, jpeg: image.jpeg, width: image.width, height: image.height).insert(db)
                }
                for name in entry.tags { try WordTag(wordId: word.id!, tagId: try tagId(name)).insert(db, onConflict: .ignore) }
                for review in entry.reviews {
                    var record = Review(id: nil, wordId: word.id!, reviewedAt: review.reviewedAt, level: review.level,
                                        interval: review.interval, nextReviewDate: review.nextReviewDate)
                    try record.insert(db)
                }
                summary.words += 1
            }
            return summary
        }
    }

    /// Word books whose day is before `day`, with how many words they hold.
    public func booksBefore(_ day: String) throws -> (books: Int, words: Int) {
        try writer.read { db in
            let row = try Row.fetchOne(db, sql: """
                SELECT COUNT(DISTINCT wordBook.id) AS books, COUNT(word.id) AS words
                FROM wordBook LEFT JOIN word ON word.wordBookId = wordBook.id WHERE wordBook.recordDate < ?
                """, arguments: [day])!
            return (row["books"], row["words"])
        }
    }

    /// Deletes the word books before `day` with their words, images, reviews and tag links;
    /// tags left on no word go too.
    @discardableResult
    public func prune(before day: String) throws -> (books: Int, words: Int) {
        try writer.write { db in
            let words = try Word.joining(required: Word.wordBook.filter(Column("recordDate") < day)).fetchCount(db)
            let books = try WordBook.filter(Column("recordDate") < day).deleteAll(db)
            try db.execute(sql: "DELETE FROM tag WHERE id NOT IN (SELECT tagId FROM wordTag)")
            return (books, words)
        }
    }
}
