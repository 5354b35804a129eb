import Foundation
import GRDB
import WordBookVocabulary

/// Which words `list` shows, in which order, which page.
public struct WordQuery: Sendable {
    public enum Sort: String, Sendable, CaseIterable {
        /// `confidence`: the least confident proposal first, so the doubtful ones come first.
        case word, created, nextReview = "next-review", confidence
    }

    public var day: String?
    public var from: String?
    public var to: String?
    public var language: Language?
    public var minMastery: Int?
    public var status: WordStatus?
    /// A tag name, matched without regard to case.
    public var tag: String?
    public var sort: Sort = .created
    public var limit: Int?
    public var offset: Int = 0

    public init() {}
}

/// A word with the day of its book and its tags, as the read commands show it.
public struct WordListing: Sendable, Equatable {
    public var word: Word
    public var book: String
    public var tags: [String]

    public init(word: Word, book: String, tags: [String]) {
        self.word = word
        self.book = book
        self.tags = tags
    }
}

public struct BookSummary: Sendable, Equatable {
    public var day: String
    /// Words kept: proposals and confirmed ones, rejected ones left out.
    public var words: Int
    public var mastered: Int
    /// Readings the learner rejected: not words of the book.
    public var rejected: Int = 0
}

public struct TagCount: Sendable, Equatable {
    public var name: String
    public var count: Int
}

extension StoreError {
    static func noSuchTag(_ name: String) -> StoreError { .other("there is no tag named '\(name)'") }
}

extension AppDatabase {
    /// Tag names fold case the Unicode way: "Straße" and "STRASSE" are one tag only when they fold alike.
    static func tagKey(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    private func request(_ query: WordQuery) throws -> QueryInterfaceRequest<Word> {
        var book = Word.wordBook
        if let day = query.day { book = book.filter(Column("recordDate") == day) }
        if let from = query.from { book = book.filter(Column("recordDate") >= from) }
        if let to = query.to { book = book.filter(Column("recordDate") <= to) }
        var request = Word.joining(required: book)
        if let language = query.language { request = request.filter(Word.Columns.targetLanguage == language) }
        if let minimum = query.minMastery { request = request.filter(Word.Columns.masteryLevel >= minimum) }
        if let status = query.status { request = request.filter(Word.Columns.status == status.rawValue) }
        if let tag = query.tag {
            request = request.joining(required: Word.tags.filter(Column("key") == Self.tagKey(tag)))
        }
        return request
    }

    /// A query naming a tag that does not exist is a mistake, not an empty list.
    static func requireTag(of query: WordQuery, _ db: Database) throws {
        if let tag = query.tag, try Tag.filter(Column("key") == tagKey(tag)).fetchCount(db) == 0 {
            throw StoreError.noSuchTag(tag)
        }
    }

    /// A word's tag names, ordered without regard to case.
    static func tagNames(of wordId: Int64, _ db: Database) throws -> [String] {
        try String.fetchAll(db, sql: """
            SELECT tag.name FROM wordTag JOIN tag ON tag.id = wordTag.tagId WHERE wordTag.wordId = ? ORDER BY tag.key
            """, arguments: [wordId])
    }

    /// The words the query selects, with their book's day and their tags.
    public func words(_ query: WordQuery) throws -> [WordListing] {
        try writer.read { db in
            try Self.requireTag(of: query, db)
            var request = try self.request(query)
            switch query.sort {
            case .word: request = request.order(Word.Columns.word.collating(.localizedCaseInsensitiveCompare), Word.Columns.id)
            case .created: request = request.order(Word.Columns.capturedAt, Word.Columns.id)
            case .nextReview: request = request.order(Word.Columns.nextReviewDate, Word.Columns.id)
            case .confidence: request = request.order(Word.Columns.confidence, Word.Columns.capturedAt, Word.Columns.id)
            }
            if let limit = query.limit { request = request.limit(limit, offset: query.offset) }
            else if query.offset > 0 { request = request.limit(-1, offset: query.offset) }
            guard query.limit != nil || query.offset > 0 else {
                return try Self.listings(request.fetchAll(db), db)
            }
            // A page: sort and skip on the IDs alone, then read only the page's rows. Sorting every
            // matching row whole to keep 50 of them is what made deep pages slow.
            return try Self.listings(ids: request.select(Word.Columns.id, as: Int64.self).fetchAll(db), db)
        }
    }

    public func count(_ query: WordQuery) throws -> Int {
        try writer.read { db in
            try Self.requireTag(of: query, db)
            return try self.request(query).fetchCount(db)
        }
    }

    /// The words with these IDs, in this order, with book days and tags; an ID no longer there is left out.
    static func listings(ids: [Int64], _ db: Database) throws -> [WordListing] {
        let rows = try Dictionary(uniqueKeysWithValues: Word.filter(keys: ids).fetchAll(db).map { ($0.id!, $0) })
        return try listings(ids.compactMap { rows[$0] }, db)
    }

    /// Adds book days and tags to words, in two queries whatever their number.
    static func listings(_ words: [Word], _ db: Database) throws -> [WordListing] {
        let ids = words.compactMap(\.id)
        let bookIds = Set(words.map(\.wordBookId))
        var days: [Int64: String] = [:]
        let books = try Row.fetchCursor(db, WordBook.select(Column("id"), Column("recordDate")).filter(keys: bookIds))
        while let row = try books.next() { days[row[0]] = row[1] }
        var tags: [Int64: [String]] = [:]
        let rows = try Row.fetchAll(db, sql: """
            SELECT wordTag.wordId, tag.name FROM wordTag JOIN tag ON tag.id = wordTag.tagId
            WHERE wordTag.wordId IN (SELECT value FROM json_each(?)) ORDER BY tag.key
            """, arguments: [String(decoding: try JSONEncoder().encode(ids), as: UTF8.self)])
        for row in rows { tags[row["wordId"], default: []].append(row["name"]) }
        return words.map { WordListing(word: $0, book: days[$0.wordBookId] ?? "", tags: tags[$0.id!] ?? []) }
    }

    /// Full text over word, notes and context, ignoring case and accents; ß matches ss. Best match first.
    public func search(_ text: String) throws -> [WordListing] {
        let terms = text.replacingOccurrences(of: "ß", with: "ss").replacingOccurrences(of: "ẞ", with: "SS")
            .split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            .map { "\"\($0)\"*" }
        guard !terms.isEmpty else { return [] }
        return try writer.read { db in
            let words = try SQLRequest<Word>(literal: """
                SELECT \(columnsOf: Word.self, tableAlias: "word") FROM wordSearch JOIN word ON word.id = wordSearch.rowid
                WHERE wordSearch MATCH \(terms.joined(separator: " ")) ORDER BY wordSearch.rank, word.id
                """).fetchAll(db)
            return try Self.listings(words, db)
        }
    }

    /// One line per word book, newest first.
    public func books() throws -> [BookSummary] {
        try writer.read { db in
            try SQLRequest<Row>(literal: """
                SELECT wordBook.recordDate AS day, COUNT(word.id) - COALESCE(SUM(word.status = \(WordStatus.rejected.rawValue)), 0) AS words,
                    COALESCE(SUM(\(Word.mastered)), 0) AS mastered, COALESCE(SUM(word.status = \(WordStatus.rejected.rawValue)), 0) AS rejected
                FROM wordBook LEFT JOIN word ON word.wordBookId = wordBook.id
                GROUP BY wordBook.id ORDER BY wordBook.recordDate DESC
                """).fetchAll(db).map { BookSummary(day: $0["day"], words: $0["words"], mastered: $0["mastered"], rejected: $0["rejected"]) }
        }
    }

    public func tags(of wordId: Int64) throws -> [String] {
        try writer.read { db in
            try Self.tagNames(of: wordId, db)
        }
    }

    public func reviews(of wordId: Int64) throws -> [Review] {
        try writer.read { db in
            try Review.filter(Column("wordId") == wordId).order(Column("reviewedAt"), Column("id")).fetchAll(db)
        }
    }

    public func tagCounts() throws -> [TagCount] {
        try writer.read { db in
            try Row.fetchAll(db, sql: """
                SELECT tag.name, COUNT(wordTag.wordId) AS count FROM tag LEFT JOIN wordTag ON wordTag.tagId = tag.id
                GROUP BY tag.id ORDER BY tag.key
                """).map { TagCount(name: $0["name"], count: $0["count"]) }
        }
    }
}

// MARK: - Changing words

extension AppDatabase {
    /// Applies the review rule, or FSRS, to a confirmed word and records the review. `random` is FSRS's
    /// fuzz: `previewGrades` with the same numbers shows the intervals this grade gives.
    public func grade(
        id: Int64, level: Int, now: Date = Date(), calendar: CaptureCalendar, scheduler: ReviewScheduler = .interval,
        random: @escaping () -> Double = { Double.random(in: 0..<1) }, by command: String = "grade"
    ) throws -> Word {
        guard ReviewSchedule.levels.contains(level) else { throw StoreError.badGrade(level) }
        return try writeChange { db in
            let (word, graded) = try Self.graded(id: id, level: level, now: now, calendar: calendar, scheduler: scheduler,
                                                 random: random, db)
            try graded.update(db)
            var review = Review(id: nil, wordId: id, reviewedAt: now, level: level,
                                interval: graded.reviewInterval, nextReviewDate: graded.nextReviewDate)
            try review.insert(db)
            let summary = "graded \(word.named) \(level) (\(FSRSRating(grade: level).name))"
            let change = try Self.record(db, command: command, summary: summary, now: now, words: [(word, nil, review.id)])
            return (try Word.fetchOne(db, key: id) ?? graded, change)
        }
    }

    /// The word as each of `levels` would leave it, nothing saved: review shows the interval of each answer.
    public func previewGrades(
        id: Int64, levels: [Int], now: Date = Date(), calendar: CaptureCalendar, scheduler: ReviewScheduler,
        random: @escaping () -> Double
    ) throws -> [Word] {
        try writer.read { db in
            try levels.map { level in
                try Self.graded(id: id, level: level, now: now, calendar: calendar, scheduler: scheduler, random: random, db).after
            }
        }
    }

    private static func graded(
        id: Int64, level: Int, now: Date, calendar: CaptureCalendar, scheduler: ReviewScheduler,
        random: () -> Double, _ db: Database
    ) throws -> (before: Word, after: Word) {
        guard let word = try Word.fetchOne(db, key: id) else { throw StoreError.noSuchWord(id: id) }
        guard word.status == .confirmed else { throw StoreError.notConfirmed(id: id, status: word.status) }
        switch scheduler {
        case .interval:
            return (word, ReviewSchedule.grade(word, level: level, now: now, calendar: calendar))
        case let .fsrs(fsrs):
            // Only a word without an FSRS state needs its history: the state is rebuilt from it.
            let history = word.fsrsState == nil
                ? try Review.filter(Column("wordId") == id).order(Column("reviewedAt"), Column("id")).fetchAll(db) : []
            return (word, fsrs.grade(word, level: level, now: now, history: history, random: random))
        }
    }

    /// Sets or clears a word's note.
    public func setNote(id: Int64, to text: String, now: Date = Date(), by command: String = "note") throws {
        try Self.refuseForbidden(text, as: "note", allowingLineBreaks: true)
        return try writeChange { db in
            guard var word = try Word.fetchOne(db, key: id) else { throw StoreError.noSuchWord(id: id) }
            let before = word
            word.notes = text
            word.updatedAt = now
            try word.update(db)
            let summary = text.isEmpty ? "cleared the note of \(word.named)" : "noted on \(word.named): \(text)"
            return ((), try Self.record(db, command: command, summary: summary, now: now, words: [(before, nil, nil)]))
        }
    }

    /// Adds and removes tags on a word, all or nothing. A tag left on no word is deleted. The word
    /// counts as changed, so an Anki export made afterwards carries the new tags over.
    public func retag(id: Int64, adding: [String], removing: [String], now: Date = Date(), by command: String = "tag") throws -> [String] {
        for name in adding { try Self.refuseForbidden(name, as: "tag") }
        return try writeChange { db in
            guard let before = try Word.fetchOne(db, key: id) else { throw StoreError.noSuchWord(id: id) }
            let tagsBefore = try Self.tagNames(of: id, db)
            for name in removing {
                let key = Self.tagKey(name)
                guard let tag = try Tag.filter(Column("key") == key).fetchOne(db),
                      try WordTag.deleteOne(db, key: ["wordId": id, "tagId": tag.id!])
                else { throw StoreError.other("#\(id) has no tag named '\(name)'") }
                if try WordTag.filter(Column("tagId") == tag.id!).fetchCount(db) == 0 { try tag.delete(db) }
            }
            for name in adding {
                let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
                guard !trimmed.isEmpty else { throw StoreError.other("a tag name cannot be empty") }
                // `tag 12 ++x` is a slip of the keys: +name adds a tag, and a tag shows as +name.
                if let mark = trimmed.first, "+-".contains(mark) {
                    throw StoreError.other("a tag name cannot begin with \(mark): '\(name)' would show as +\(trimmed)")
                }
                var tag: Tag
                if let existing = try Tag.filter(Column("key") == Self.tagKey(trimmed)).fetchOne(db) {
                    tag = existing
                } else {
                    tag = Tag(id: nil, name: trimmed, key: Self.tagKey(trimmed))
                    try tag.insert(db)
                }
                try WordTag(wordId: id, tagId: tag.id!).insert(db, onConflict: .ignore)
            }
            try Word.filter(key: id).updateAll(db, Column("updatedAt").set(to: now))
            let summary = "tagged \(before.named) " + (adding.map { "+\($0)" } + removing.map { "-\($0)" }).joined(separator: " ")
            let change = try Self.record(db, command: command, summary: summary, now: now, words: [(before, tagsBefore, nil)])
            return (try Self.tagNames(of: id, db), change)
        }
    }
}
