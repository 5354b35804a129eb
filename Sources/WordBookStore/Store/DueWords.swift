import Foundation
import GRDB
import WordBookVocabulary

// MARK: - The review day: words due, words in their steps, new words

/// A review day as Anki counts it, seen at one moment: a word whose interval is whole days is due for
/// the whole day it falls due in (the day starting at the configured hour); a word in its learning
/// steps is due at its minute; a new word (confirmed, never reviewed) waits in its own queue, and a
/// day introduces at most `newPerDay` of them.
public struct ReviewDay: Sendable, Equatable {
    /// The moment the day is seen at.
    public let now: Date
    public let start: Date
    public let end: Date
    public let newPerDay: Int

    public init(now: Date, calendar: CaptureCalendar, newPerDay: Int) {
        self.now = now
        start = calendar.startOfReviewDay(containing: now)
        end = calendar.endOfReviewDay(containing: now)
        self.newPerDay = max(0, newPerDay)
    }

    /// This day, with the words due in the `days` after it reviewed now too (Anki's custom study,
    /// "review ahead").
    public func reviewingAhead(days: Int, calendar: CaptureCalendar) -> ReviewDay {
        var ahead = self
        ahead.aheadEnd = calendar.adding(days: days, to: end)
        return ahead
    }

    /// Where "due" ends: the day's end, or later when reviewing ahead.
    public private(set) var aheadEnd: Date?
    var dueEnd: Date { aheadEnd ?? end }
}

/// What a review day holds, by kind, in the order review shows them.
public struct ReviewQueue: Sendable, Equatable {
    /// Words in their learning or relearning steps, due by now.
    public var learning: [Int64]
    /// Words whose interval is whole days, due this day, the most overdue first.
    public var reviews: [Int64]
    /// New words introduced this day, oldest filed first: at most what is left of the day's limit.
    public var new: [Int64]
    /// New words waiting in all, introduced this day or later.
    public var newWaiting: Int
    /// New words the day has introduced already.
    public var newIntroduced: Int
    /// Words in their steps due later this day.
    public var learningLater: Int

    public var count: Int { learning.count + reviews.count + new.count }
}

/// The word a review shows next, asked afresh after every answer, so that a word graded on any
/// phone or on the box is counted where it now is.
public struct ReviewTurn: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// In its learning or relearning steps.
        case learning
        /// An interval of whole days, due this day.
        case review
        /// Never reviewed, introduced by this day.
        case new
    }

    public var id: Int64
    public var kind: Kind
    /// The day's queue as it is now, the word shown included.
    public var queue: ReviewQueue
}

extension ReviewDay {
    /// How early a word in its steps is shown when nothing else is left: Anki's learn-ahead limit.
    public static let learnAhead: TimeInterval = 20 * 60
}

extension AppDatabase {
    /// Confirmed words reviewed before and due in `day`: whole-day intervals by the day's end, steps by
    /// its moment. The index on (status, nextReviewDate) serves the filter and the order: the bound
    /// outside the two cases (the moment is before the day's end) lets it read the words due only.
    static func dueRequest(_ day: ReviewDay) -> QueryInterfaceRequest<Word> {
        let reviewed = Word.Columns.status == WordStatus.confirmed.rawValue && Word.Columns.reviewCount > 0
        let inDays = Word.Columns.reviewInterval >= 1 && Word.Columns.nextReviewDate < day.dueEnd
        let inSteps = Word.Columns.reviewInterval < 1 && Word.Columns.nextReviewDate <= day.now
        let byDueEnd = Word.Columns.nextReviewDate <= max(day.now, day.dueEnd)
        return Word.filter(reviewed && byDueEnd && (inDays || inSteps)).order(Word.Columns.nextReviewDate, Word.Columns.id)
    }

    /// Words in their learning or relearning steps that come due later in `day`, after its moment.
    static func laterStepsRequest(_ day: ReviewDay) -> QueryInterfaceRequest<Word> {
        Word.filter(Word.Columns.status == WordStatus.confirmed.rawValue && Word.Columns.reviewCount > 0
            && Word.Columns.reviewInterval < 1 && Word.Columns.nextReviewDate > day.now && Word.Columns.nextReviewDate < day.end)
    }

    /// Confirmed words never reviewed, oldest filed first; the index on (status, reviewCount) serves
    /// the filter and the order.
    static func newRequest() -> QueryInterfaceRequest<Word> {
        Word.filter(Word.Columns.status == WordStatus.confirmed.rawValue && Word.Columns.reviewCount == 0).order(Word.Columns.id)
    }

    /// Words due in `day` (reviews and steps), the longest overdue first; only the first `limit` when given.
    public func due(in day: ReviewDay, limit: Int? = nil) throws -> [WordListing] {
        try writer.read { db in
            var request = Self.dueRequest(day)
            if let limit { request = request.limit(limit) }
            return try Self.listings(request.fetchAll(db), db)
        }
    }

    /// How many words are due in `day`, new words left out.
    public func dueCount(in day: ReviewDay) throws -> Int {
        try writer.read { db in try Self.dueRequest(day).fetchCount(db) }
    }

    /// The new words `day` introduces, oldest filed first: its limit less those it has introduced already.
    public func newWords(in day: ReviewDay, limit: Int? = nil) throws -> [WordListing] {
        try writer.read { db in
            let left = max(0, day.newPerDay - (try Self.introducedCount(since: day.start, db)))
            return try Self.listings(Self.newRequest().limit(min(left, limit ?? left)).fetchAll(db), db)
        }
    }

    /// The day's queue, of one language or one capture day (`YYYY-MM-DD`) when given; `limit` caps
    /// the reviews and the new words together, reviews first.
    public func reviewQueue(_ day: ReviewDay, language: Language? = nil, book: String? = nil, limit: Int? = nil) throws -> ReviewQueue {
        try writer.read { db in
            func narrowed(_ request: QueryInterfaceRequest<Word>) -> QueryInterfaceRequest<Word> {
                var request = request
                if let language { request = request.filter(Word.Columns.targetLanguage == language) }
                if let book { request = request.joining(required: Word.wordBook.filter(Column("recordDate") == book)) }
                return request
            }
            // A cursor, not fetchAll: a backlog holds tens of thousands of IDs, and a row object for each costs more than the query.
            var learning: [Int64] = []
            var reviews: [Int64] = []
            let due = try narrowed(Self.dueRequest(day)).select(Word.Columns.id, Word.Columns.reviewInterval).asRequest(of: Row.self).fetchCursor(db)
            while let row = try due.next() {
                let id: Int64 = row[0]
                if (row[1] as Int) < 1 { learning.append(id) } else { reviews.append(id) }
            }
            let introduced = try Self.introducedCount(since: day.start, db)
            let waiting = try narrowed(Self.newRequest()).fetchCount(db)
            var left = max(0, day.newPerDay - introduced)
            if let limit {
                learning = Array(learning.prefix(limit))
                reviews = Array(reviews.prefix(max(0, limit - learning.count)))
                left = min(left, max(0, limit - learning.count - reviews.count))
            }
            let new = try narrowed(Self.newRequest()).limit(left).select(Word.Columns.id, as: Int64.self).fetchAll(db)
            let later = try narrowed(Self.laterStepsRequest(day)).fetchCount(db)
            return ReviewQueue(learning: learning, reviews: reviews, new: new, newWaiting: waiting, newIntroduced: introduced,
                               learningLater: later)
        }
    }

    /// What to review next in `day`, as Anki orders it: a step come due, a review, a new word, and,
    /// when none is left, a step due within the learn-ahead limit; nil when nothing is. `skipping`
    /// holds words put aside for now.
    public func nextTurn(_ day: ReviewDay, skipping: Set<Int64> = []) throws -> ReviewTurn? {
        let queue = try reviewQueue(day)
        let kinds: [(ReviewTurn.Kind, [Int64])] = [(.learning, queue.learning), (.review, queue.reviews), (.new, queue.new)]
        for (kind, ids) in kinds {
            if let id = ids.first(where: { !skipping.contains($0) }) { return ReviewTurn(id: id, kind: kind, queue: queue) }
        }
        let ahead = min(day.now.addingTimeInterval(ReviewDay.learnAhead), day.end)
        let soon = try writer.read { db in
            try Word.filter(Word.Columns.status == WordStatus.confirmed.rawValue && Word.Columns.reviewCount > 0
                && Word.Columns.reviewInterval < 1 && Word.Columns.nextReviewDate > day.now && Word.Columns.nextReviewDate <= ahead)
                .order(Word.Columns.nextReviewDate, Word.Columns.id).select(Word.Columns.id, as: Int64.self).fetchAll(db)
        }
        return soon.first { !skipping.contains($0) }.map { ReviewTurn(id: $0, kind: .learning, queue: queue) }
    }

    /// How many words had their first review at or after `start`: the new words a day has introduced.
    static func introducedCount(since start: Date, _ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: """
            SELECT COUNT(*) FROM review AS first WHERE first.reviewedAt >= ? AND NOT EXISTS (
                SELECT 1 FROM review AS earlier WHERE earlier.wordId = first.wordId
                AND (earlier.reviewedAt < first.reviewedAt OR (earlier.reviewedAt = first.reviewedAt AND earlier.id < first.id)))
            """, arguments: [start]) ?? 0
    }

    /// The words with these IDs, in this order, with their book's day and their tags.
    public func listings(ids: [Int64]) throws -> [WordListing] {
        try writer.read { db in try Self.listings(ids: ids, db) }
    }
}
