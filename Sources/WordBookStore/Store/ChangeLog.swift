import Foundation
import GRDB
import Synchronization

/// One command's change to one or more words: what `history` lists and `undo` reverts.
public struct Change: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "change"
    static let words = hasMany(ChangedWord.self)

    public var id: Int64?
    public var madeAt: Date
    /// The command that made it: `confirm`, `triage`, `review`, ...
    public var command: String
    /// What it did, in the learner's words: `confirmed #12 Straße`.
    public var summary: String
    /// Nil until `undo` reverts it.
    public var undoneAt: Date?

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// A word as it was before a change, with what else the change added.
struct ChangedWord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "changedWord"

    var id: Int64?
    var changeId: Int64
    var wordId: Int64
    /// The whole row before the change: undo writes it back.
    var before: Word
    /// The word's tags before a change of tags; nil when the change left them alone.
    var tagsBefore: [String]?
    /// The review a grade added, which undo removes.
    var reviewId: Int64?

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// A change in the log with the words it touched, as `history` shows it.
public struct LoggedChange: Sendable, Equatable {
    public var change: Change
    public var wordIds: [Int64]
}

/// A change that `undo` reverted, with its words as they are again.
public struct UndoneChange: Sendable, Equatable {
    public var change: Change
    public var words: [Word]
}

/// The ID of the change this process recorded last: triage and review keep them to undo their own.
final class LastChange: Sendable {
    private let id = Mutex<Int64?>(nil)

    var value: Int64? {
        get { id.withLock { $0 } }
        set { id.withLock { $0 = newValue } }
    }
}

extension StoreError {
    static let nothingToUndo = StoreError.other("there is nothing to undo: no change is left in the log")
    static func noSuchChange(_ id: Int64) -> StoreError { .other("there is no change #\(id) in the log") }
    static func alreadyUndone(_ change: Change) -> StoreError { .other("\"\(change.summary)\" was undone already") }
    static func laterChange(_ change: Change, later: Change) -> StoreError {
        .other("\"\(later.summary)\" came after \"\(change.summary)\": undo that first")
    }
}

extension AppDatabase {
    /// The change this connection recorded last.
    public var lastChangeID: Int64? { lastChange.value }

    /// Logs a change in the transaction that makes it; each word as it was before.
    static func record(
        _ db: Database, command: String, summary: String, now: Date,
        words: [(before: Word, tagsBefore: [String]?, reviewId: Int64?)]
    ) throws -> Int64 {
        var change = Change(id: nil, madeAt: now, command: command, summary: summary, undoneAt: nil)
        try change.insert(db)
        for word in words {
            var changed = ChangedWord(id: nil, changeId: change.id!, wordId: word.before.id!, before: word.before,
                                      tagsBefore: word.tagsBefore, reviewId: word.reviewId)
            try changed.insert(db)
        }
        return change.id!
    }

    /// Runs a write that logs one change, and remembers the change's ID.
    func writeChange<T>(_ body: (Database) throws -> (T, changeID: Int64)) throws -> T {
        let (value, id) = try writer.write(body)
        lastChange.value = id
        return value
    }

    /// The most recent changes, the newest first, undone ones included.
    public func changes(limit: Int) throws -> [LoggedChange] {
        try writer.read { db in
            let changes = try Change.order(Column("id").desc).limit(limit).fetchAll(db)
            return try changes.map { change in
                let ids = try Int64.fetchAll(db, sql: "SELECT wordId FROM changedWord WHERE changeId = ? ORDER BY id",
                                             arguments: [change.id])
                return LoggedChange(change: change, wordIds: ids)
            }
        }
    }

    /// The most recent changes to one word, the newest first, undone ones included.
    public func changes(wordId: Int64, limit: Int) throws -> [Change] {
        try writer.read { db in
            try Change.fetchAll(db, sql: """
                SELECT * FROM change WHERE id IN (SELECT changeId FROM changedWord WHERE wordId = ?)
                ORDER BY id DESC LIMIT ?
                """, arguments: [wordId, limit])
        }
    }

    /// Reverts the latest change not undone yet, from any command.
    public func undoLast(now: Date = Date()) throws -> UndoneChange {
        try writer.write { db in
            // A change whose words were all pruned since has nothing left to revert.
            guard let change = try Change.fetchOne(db, sql: """
                SELECT * FROM change WHERE undoneAt IS NULL AND EXISTS (SELECT 1 FROM changedWord WHERE changeId = change.id)
                ORDER BY id DESC LIMIT 1
                """)
            else { throw StoreError.nothingToUndo }
            return try Self.undo(change, db, now: now)
        }
    }

    /// Reverts one change: triage's and review's `u`. Refused when a later change touched one of its
    /// words, which writing its words back would lose.
    public func undo(changeID: Int64, now: Date = Date()) throws -> UndoneChange {
        try writer.write { db in
            guard let change = try Change.fetchOne(db, key: changeID) else { throw StoreError.noSuchChange(changeID) }
            guard change.undoneAt == nil else { throw StoreError.alreadyUndone(change) }
            if let later = try Change.fetchOne(db, sql: """
                SELECT * FROM change WHERE id > ? AND undoneAt IS NULL AND EXISTS (
                    SELECT 1 FROM changedWord later JOIN changedWord this ON later.wordId = this.wordId
                    WHERE later.changeId = change.id AND this.changeId = ?)
                ORDER BY id DESC LIMIT 1
                """, arguments: [changeID, changeID]) {
                throw StoreError.laterChange(change, later: later)
            }
            return try Self.undo(change, db, now: now)
        }
    }

    private static func undo(_ change: Change, _ db: Database, now: Date) throws -> UndoneChange {
        var change = change
        let changed = try ChangedWord.filter(Column("changeId") == change.id!).order(Column("id").desc).fetchAll(db)
        for entry in changed {
            try entry.before.update(db)
            if let reviewId = entry.reviewId { _ = try Review.deleteOne(db, key: reviewId) }
            if let tags = entry.tagsBefore { try setTags(tags, of: entry.wordId, db) }
        }
        change.undoneAt = now
        try change.update(db)
        let words = try changed.reversed().compactMap { try Word.fetchOne(db, key: $0.wordId) }
        return UndoneChange(change: change, words: words)
    }

    /// Gives a word exactly these tags; a tag left on no word is deleted, as `retag` does.
    private static func setTags(_ names: [String], of wordId: Int64, _ db: Database) throws {
        let old = try Int64.fetchAll(db, sql: "SELECT tagId FROM wordTag WHERE wordId = ?", arguments: [wordId])
        try db.execute(sql: "DELETE FROM wordTag WHERE wordId = ?", arguments: [wordId])
        for name in names {
            var tag: Tag
            if let existing = try Tag.filter(Column("key") == tagKey(name)).fetchOne(db) {
                tag = existing
            } else {
                tag = Tag(id: nil, name: name, key: tagKey(name))
                try tag.insert(db)
            }
            try WordTag(wordId: wordId, tagId: tag.id!).insert(db, onConflict: .ignore)
        }
        for tagId in old where try WordTag.filter(Column("tagId") == tagId).fetchCount(db) == 0 {
            _ = try Tag.deleteOne(db, key: tagId)
        }
    }
}

extension Word {
    /// How a word is named in a change's summary and on the pages: `#12 Straße`.
    public var named: String {
        "#\(id ?? 0)" + (word.isEmpty ? "" : " \(word)")
    }
}
