import Foundation
import GRDB
import WordBookVocabulary

// MARK: - Words due for review

extension AppDatabase {
    /// Confirmed words due by `date`, the longest overdue first. The index on (status, nextReviewDate)
    /// serves the filter, the order and a LIMIT, so the first page of a backlog of thousands reads only that page.
    static func dueRequest(by date: Date) -> QueryInterfaceRequest<Word> {
        Word.filter(Word.Columns.status == WordStatus.confirmed.rawValue && Word.Columns.nextReviewDate <= date)
            .order(Word.Columns.nextReviewDate, Word.Columns.id)
    }

    /// Confirmed words due by `date`, the longest overdue first; only the first `limit` when given.
    public func due(by date: Date, limit: Int? = nil) throws -> [WordListing] {
        try writer.read { db in
            var request = Self.dueRequest(by: date)
            if let limit { request = request.limit(limit) }
            return try Self.listings(Self.fetchWords(db, request), db)
        }
    }

    /// How many confirmed words are due by `date`, counted on the index alone.
    public func dueCount(by date: Date) throws -> Int {
        try writer.read { db in try Self.dueRequest(by: date).fetchCount(db) }
    }

    /// The IDs of the words due by `date`, the longest overdue first: `review` reads the words a page at a time.
    /// Only those of one language or one capture day (`YYYY-MM-DD`) when given, only the first `limit`.
    public func dueIDs(by date: Date, language: Language? = nil, book: String? = nil, limit: Int? = nil) throws -> [Int64] {
        try writer.read { db in
            var request = Self.dueRequest(by: date)
            if let language { request = request.filter(Word.Columns.targetLanguage == language) }
            if let book {
                request = request.joining(required: Word.wordBook.filter(Column("recordDate") == book))
            }
            if let limit { request = request.limit(limit) }
            return try request.select(Word.Columns.id, as: Int64.self).fetchAll(db)
        }
    }

    /// The words with these IDs, in this order, with their book's day and their tags.
    public func listings(ids: [Int64]) throws -> [WordListing] {
        try writer.read { db in try Self.listings(ids: ids, db) }
    }
}
