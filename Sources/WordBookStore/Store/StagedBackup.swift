import Foundation
import GRDB

/// Where a backup is read from: a document already in memory, or a file read a word at a time
/// (`BackupFile`).
public protocol BackupSource {
    /// Hands each word to `entry`, in the backup's order, then returns the rest of the document: its
    /// schema version, books and tags, with `words` empty.
    func read(entries entry: (BackupDocument.Entry) throws -> Void) throws -> BackupDocument
}

extension BackupDocument: BackupSource {
    public func read(entries entry: (Entry) throws -> Void) throws -> BackupDocument {
        for word in words { try entry(word) }
        return BackupDocument(schemaVersion: schemaVersion, books: books, tags: tags, words: [])
    }
}

/// A backup read to its end and checked, its words held in a private temporary SQLite file rather
/// than in memory, ready for `AppDatabase.importBackup(_:)`.
///
/// Why a file of its own: SQLite lets one connection write at a time, and a write transaction holds
/// that lock from its first write until it commits, WAL or not. Measured on a 2,000-word backup of
/// 268 MB (debug build), a write from another process every 0.25 s went through while the old
/// import decoded the document and then waited 2.9-4.3 s, the whole of its one transaction. One
/// transaction fed from the file word by word would hold the lock for the whole read as well (6-9 s
/// here, minutes for a backup of a few GB), past the 10 s busy timeout, and `wordbook confirm` or
/// the worker's filing would be turned away with "database is locked" while it ran; committing in
/// batches instead would leave half a backup behind a killed import. So the slow part (reading the
/// file, decoding the base64 photos, checking every value) writes only to this file, which no other
/// process sees, and the word book is written in one transaction that copies ready rows: atomic,
/// and as short as copying them can be (1.8-2.3 s of the 6 s import above).
///
/// SQLite makes the file in its temporary folder (`SQLITE_TMPDIR`, else `TMPDIR`, else `/var/tmp`
/// or `/tmp`) and unlinks it as soon as it is open, so it is gone when this is released, and when
/// the process is killed too.
public final class StagedBackup {
    /// The backup's schema version, books and tags; its words are in the temporary file.
    public let document: BackupDocument
    /// How many words the backup holds.
    public let wordCount: Int
    private let staging: DatabaseQueue

    /// Reads `source` to its end, refusing it at its first value no review makes (`validate()`) or
    /// book whose day is in doubt, before the word book is touched.
    public init(_ source: some BackupSource) throws {
        // An empty path is SQLite's private temporary file, deleted when closed.
        staging = try DatabaseQueue(path: "")
        var count = 0
        document = try Self.whileStaging(staging) { db in
            // Each word as the row it will be (dates, JSON columns as the record stores them), so
            // copying it in decodes no JSON; its photo, tags and reviews beside it, by position.
            var words: Statement?
            try db.execute(sql: """
                CREATE TABLE image (position INTEGER PRIMARY KEY, jpeg BLOB NOT NULL, width INTEGER, height INTEGER);
                CREATE TABLE tag (position INTEGER NOT NULL, name TEXT NOT NULL);
                CREATE INDEX tagByPosition ON tag (position);
                CREATE TABLE review (position INTEGER NOT NULL, reviewedAt, level, interval, nextReviewDate);
                CREATE INDEX reviewByPosition ON review (position);
                """)
            return try source.read { entry in
                try entry.validate()
                count += 1
                let row = try entry.word.databaseDictionary
                if words == nil {
                    let columns = row.keys.sorted().map(\.quotedDatabaseIdentifier)
                    try db.execute(sql: "CREATE TABLE word (position INTEGER PRIMARY KEY, \(columns.joined(separator: ", ")))")
                    words = try db.makeStatement(sql: """
                        INSERT INTO word (position, \(columns.joined(separator: ", "))) VALUES (?\(String(repeating: ", ?", count: columns.count)))
                        """)
                }
                try words!.execute(arguments: StatementArguments([count.databaseValue] + row.keys.sorted().map { row[$0]! }))
                if let image = entry.image {
                    try db.execute(sql: "INSERT INTO image VALUES (?, ?, ?, ?)", arguments: [count, image.jpeg, image.width, image.height])
                }
                for name in entry.tags {
                    try db.execute(sql: "INSERT INTO tag VALUES (?, ?)", arguments: [count, name])
                }
                for review in entry.reviews {
                    try db.execute(sql: "INSERT INTO review VALUES (?, ?, ?, ?, ?)",
                                   arguments: [count, review.reviewedAt, review.level, review.interval, review.nextReviewDate])
                }
            }
        }
        wordCount = count
        try document.validateBooks()
    }

    /// Runs `body` in one transaction on the staging file, naming a full disk as the temporary
    /// folder's rather than the word book's.
    private static func whileStaging<T>(_ staging: DatabaseQueue, _ body: (Database) throws -> T) throws -> T {
        do {
            return try staging.write(body)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_FULL {
            throw StoreError.other("the backup could not be read into a temporary file: the disk of SQLite's temporary folder (SQLITE_TMPDIR, TMPDIR, or else /var/tmp) is full; nothing was imported")
        }
    }

    /// Each word, in the backup's order, one at a time.
    func forEachEntry(_ body: (BackupDocument.Entry) throws -> Void) throws {
        guard wordCount > 0 else { return }
        try staging.read { db in
            let image = try db.cachedStatement(sql: "SELECT jpeg, width, height FROM image WHERE position = ?")
            let tags = try db.cachedStatement(sql: "SELECT name FROM tag WHERE position = ? ORDER BY rowid")
            let reviews = try db.cachedStatement(sql: "SELECT * FROM review WHERE position = ? ORDER BY rowid")
            // The staged table is named `word` and has the record's columns, with each word's position last.
            let words = try Row.fetchCursor(db, Word.annotated(with: Column("position")).order(Column("position")))
            while let row = try words.next() {
                let arguments: StatementArguments = [row["position"] as Int64]
                try body(BackupDocument.Entry(
                    word: try Word(row: row),
                    tags: try String.fetchAll(tags, arguments: arguments),
                    reviews: try Row.fetchAll(reviews, arguments: arguments).map {
                        BackupDocument.ReviewEntry(reviewedAt: $0["reviewedAt"], level: $0["level"], interval: $0["interval"],
                                                   nextReviewDate: $0["nextReviewDate"])
                    },
                    image: try Row.fetchOne(image, arguments: arguments).map {
                        BackupDocument.Image(jpeg: $0["jpeg"], width: $0["width"], height: $0["height"])
                    }))
            }
        }
    }
}
