import Foundation
import GRDB
import WordBookVocabulary

/// The words captured on one day.
public struct WordBook: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "wordBook"
    public static let words = hasMany(Word.self)

    public var id: Int64?
    /// The capture day, `YYYY-MM-DD`, in the configured time zone.
    public var recordDate: String
    public var createdAt: Date
    public var updatedAt: Date

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// Where a word stands with the learner.
public enum WordStatus: String, Codable, Sendable, CaseIterable, DatabaseValueConvertible {
    case proposed, confirmed, rejected
}

/// Where a word's gloss came from. The learner's own is never replaced by a dictionary's.
public enum GlossSource: String, Codable, Sendable, CaseIterable, DatabaseValueConvertible {
    case dictionary, learner
}

/// One word the learner photographed.
public struct Word: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "word"
    public static let wordBook = belongsTo(WordBook.self)
    public static let image = hasOne(WordImage.self)
    public static let wordTags = hasMany(WordTag.self)
    public static let tags = hasMany(Tag.self, through: wordTags, using: WordTag.tag)
    public static let reviews = hasMany(Review.self)

    public var id: Int64?
    public var wordBookId: Int64
    public var word: String
    public var targetLanguage: Language
    public var masteryLevel: Int
    public var notes: String
    public var createdAt: Date
    public var updatedAt: Date
    public var nextReviewDate: Date
    /// Days.
    public var reviewInterval: Int
    public var reviewCount: Int
    public var lastReviewDate: Date?
    public var status: WordStatus
    /// What recognition proposed, kept after a correction.
    public var proposedWord: String
    public var confidence: Int
    public var candidates: [String]
    public var box: PixelBox?
    public var context: String
    public var sourceName: String
    public var sourceSHA256: String
    public var capturedAt: Date
    // FSRS's memory state: nil until the word is graded under the FSRS scheduler, and again
    // once the interval rule grades it (the state is then rebuilt from the review history).
    /// Days.
    public var stability: Double? = nil
    /// 1-10.
    public var difficulty: Double? = nil
    public var fsrsState: FSRSState? = nil
    /// The learning or relearning step; nil in review.
    public var fsrsStep: Int? = nil
    /// What the word means, in one short line in the learner's own language: `exit, way out (n, masc)`.
    /// Nil when no dictionary gave one and the learner wrote none.
    public var gloss: String? = nil
    public var glossSource: GlossSource? = nil
    /// The dictionary entry the gloss was taken from, whole, as `show` prints it.
    public var glossEntry: String? = nil
    /// The words read around the aim point, with their boxes in the stored photo's pixels (as `box`),
    /// the proposal first: the learner taps the one meant. Empty for words filed before they were kept.
    public var wordsAround: [ReadWord] = []
    /// The dictionary's headword the gloss was found under (`Vortag` for `Vortags`, `Bahnhof + Straße` for
    /// a compound), which an article goes with; nil for the learner's own gloss and for glosses filed
    /// before it was kept.
    public var glossHeadword: String? = nil

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// The columns, in the record's order: written out, since the record decodes itself (`init(from:)`).
    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, wordBookId, word, targetLanguage, masteryLevel, notes, createdAt, updatedAt, nextReviewDate
        case reviewInterval, reviewCount, lastReviewDate, status, proposedWord, confidence, candidates, box, context
        case sourceName, sourceSHA256, capturedAt, stability, difficulty, fsrsState, fsrsStep, gloss, glossSource
        case glossEntry, wordsAround, glossHeadword
    }

    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let wordBookId = Column(CodingKeys.wordBookId)
        public static let status = Column(CodingKeys.status)
        public static let sourceSHA256 = Column(CodingKeys.sourceSHA256)
        public static let createdAt = Column(CodingKeys.createdAt)
        public static let updatedAt = Column(CodingKeys.updatedAt)
        public static let reviewCount = Column(CodingKeys.reviewCount)
        public static let reviewInterval = Column(CodingKeys.reviewInterval)
        public static let capturedAt = Column(CodingKeys.capturedAt)
        public static let word = Column(CodingKeys.word)
        public static let confidence = Column(CodingKeys.confidence)
        public static let targetLanguage = Column(CodingKeys.targetLanguage)
        public static let masteryLevel = Column(CodingKeys.masteryLevel)
        public static let nextReviewDate = Column(CodingKeys.nextReviewDate)
        public static let lastReviewDate = Column(CodingKeys.lastReviewDate)
        public static let stability = Column(CodingKeys.stability)
        public static let sourceName = Column(CodingKeys.sourceName)
        public static let box = Column(CodingKeys.box)
        public static let gloss = Column(CodingKeys.gloss)
        public static let glossSource = Column(CodingKeys.glossSource)
        public static let glossEntry = Column(CodingKeys.glossEntry)
        public static let wordsAround = Column(CodingKeys.wordsAround)
        public static let glossHeadword = Column(CodingKeys.glossHeadword)
    }
}

extension Word {
    /// Every column, in the order of `CodingKeys`, so that `init(row:)` reads each by its place.
    public static var databaseSelection: [any SQLSelectable] { CodingKeys.allCases.map { Column($0) } }

    /// A word from a row of `databaseSelection`: read by place, as GRDB recommends for records
    /// fetched by the thousand, with the same values as the Codable decoding (`init(from:)`).
    public init(row: Row) throws {
        id = try row.decode(atIndex: 0)
        wordBookId = try row.decode(atIndex: 1)
        word = try row.decode(atIndex: 2)
        targetLanguage = try row.decode(atIndex: 3)
        masteryLevel = try row.decode(atIndex: 4)
        notes = try row.decode(atIndex: 5)
        createdAt = try row.decode(atIndex: 6)
        updatedAt = try row.decode(atIndex: 7)
        nextReviewDate = try row.decode(atIndex: 8)
        reviewInterval = try row.decode(atIndex: 9)
        reviewCount = try row.decode(atIndex: 10)
        lastReviewDate = try row.decode(atIndex: 11)
        status = try row.decode(atIndex: 12)
        proposedWord = try row.decode(atIndex: 13)
        confidence = try row.decode(atIndex: 14)
        candidates = try Self.json([String].self, row, atIndex: 15, .candidates)
        box = row.hasNull(atIndex: 16) ? nil : try Self.json(PixelBox.self, row, atIndex: 16, .box)
        context = try row.decode(atIndex: 17)
        sourceName = try row.decode(atIndex: 18)
        sourceSHA256 = try row.decode(atIndex: 19)
        capturedAt = try row.decode(atIndex: 20)
        stability = try row.decode(atIndex: 21)
        difficulty = try row.decode(atIndex: 22)
        fsrsState = try row.decode(atIndex: 23)
        fsrsStep = try row.decode(atIndex: 24)
        gloss = try row.decode(atIndex: 25)
        glossSource = try row.decode(atIndex: 26)
        glossEntry = try row.decode(atIndex: 27)
        wordsAround = row.hasNull(atIndex: 28) ? [] : try Self.json([ReadWord].self, row, atIndex: 28, .wordsAround)
        glossHeadword = try row.decode(atIndex: 29)
    }

    /// A JSON column, read as GRDB's Codable decoding reads it: with the record's decoder (the same for
    /// every column), made once, since a list of thousands of words would otherwise make one for each
    /// column of each word; an empty list, as most words' candidates and words around are, without one.
    private static func json<T: Decodable>(_ type: T.Type, _ row: Row, atIndex index: Int, _ column: CodingKeys) throws -> T {
        try row.withUnsafeData(atIndex: index) { data in
            guard let data else {
                throw DecodingError.valueNotFound(T.self, .init(codingPath: [column], debugDescription: "the column is NULL"))
            }
            if data.count == 2, data.first == UInt8(ascii: "["), data.last == UInt8(ascii: "]"),
               let list = T.self as? any RangeReplaceableCollection.Type, let empty = list.init() as? T { return empty }
            return try jsonDecoder.decode(T.self, from: data)
        }
    }

    private static let jsonDecoder = databaseJSONDecoder(for: "")

    /// As the synthesised decoder reads a word, except that a word written before a field was added
    /// (a backup, or a change log entry, from an older version) takes the field's default.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(Int64.self, forKey: .id)
        wordBookId = try container.decode(Int64.self, forKey: .wordBookId)
        word = try container.decode(String.self, forKey: .word)
        targetLanguage = try container.decode(Language.self, forKey: .targetLanguage)
        masteryLevel = try container.decode(Int.self, forKey: .masteryLevel)
        notes = try container.decode(String.self, forKey: .notes)
        createdAt = try container.decode(Date.self, forKey: .createdAt)
        updatedAt = try container.decode(Date.self, forKey: .updatedAt)
        nextReviewDate = try container.decode(Date.self, forKey: .nextReviewDate)
        reviewInterval = try container.decode(Int.self, forKey: .reviewInterval)
        reviewCount = try container.decode(Int.self, forKey: .reviewCount)
        lastReviewDate = try container.decodeIfPresent(Date.self, forKey: .lastReviewDate)
        status = try container.decode(WordStatus.self, forKey: .status)
        proposedWord = try container.decode(String.self, forKey: .proposedWord)
        confidence = try container.decode(Int.self, forKey: .confidence)
        candidates = try container.decode([String].self, forKey: .candidates)
        box = try container.decodeIfPresent(PixelBox.self, forKey: .box)
        context = try container.decode(String.self, forKey: .context)
        sourceName = try container.decode(String.self, forKey: .sourceName)
        sourceSHA256 = try container.decode(String.self, forKey: .sourceSHA256)
        capturedAt = try container.decode(Date.self, forKey: .capturedAt)
        stability = try container.decodeIfPresent(Double.self, forKey: .stability)
        difficulty = try container.decodeIfPresent(Double.self, forKey: .difficulty)
        fsrsState = try container.decodeIfPresent(FSRSState.self, forKey: .fsrsState)
        fsrsStep = try container.decodeIfPresent(Int.self, forKey: .fsrsStep)
        gloss = try container.decodeIfPresent(String.self, forKey: .gloss)
        glossSource = try container.decodeIfPresent(GlossSource.self, forKey: .glossSource)
        glossEntry = try container.decodeIfPresent(String.self, forKey: .glossEntry)
        wordsAround = try container.decodeIfPresent([ReadWord].self, forKey: .wordsAround) ?? []
        glossHeadword = try container.decodeIfPresent(String.self, forKey: .glossHeadword)
    }
}

/// The stored JPEG of a word's photo, kept apart from the row.
public struct WordImage: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "wordImage"

    public var wordId: Int64
    public var jpeg: Data
    public var width: Int
    public var height: Int
}

public struct Tag: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "tag"

    public var id: Int64?
    public var name: String
    /// The name folded for case-insensitive uniqueness.
    public var key: String

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

public struct WordTag: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "wordTag"
    public static let tag = belongsTo(Tag.self)
    public static let word = belongsTo(Word.self)

    public var wordId: Int64
    public var tagId: Int64
}

/// One grading of a word: the review history `show` lists.
public struct Review: Codable, Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "review"

    public var id: Int64?
    public var wordId: Int64
    public var reviewedAt: Date
    public var level: Int
    /// Days until the next review, as the rule gave them.
    public var interval: Int
    public var nextReviewDate: Date

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

extension Word {
    /// Below this confidence a proposal is a guess (`Certainty.sureFrom`), so triage asks the learner
    /// to pick rather than accept.
    public static let sureFrom = Certainty.sureFrom

    /// A proposal the reader doubts: a word read, at a confidence under `sureFrom`.
    public var isDoubtful: Bool { status == .proposed && !word.isEmpty && confidence < Self.sureFrom }
}

extension Word {
    /// A word is mastered at mastery level 4 or more, and only a confirmed word counts: a proposal
    /// or a rejected word is not being learnt, whatever level it carries from before.
    public static let mastered: SQLExpression = Columns.status == WordStatus.confirmed.rawValue && Columns.masteryLevel >= 4

    /// Words filed as confirmed and not touched since: no confirmation, correction, note or grade
    /// has moved `updatedAt` off `createdAt`.
    static func confirmedOnFiling() -> QueryInterfaceRequest<Word> {
        Word.filter(Columns.status == WordStatus.confirmed.rawValue && Columns.reviewCount == 0
            && Columns.updatedAt == Columns.createdAt)
    }
}

extension Word {
    /// A gloss with its source, or none at all when `text` is nil.
    mutating func setGloss(_ text: String?, source: GlossSource, entry: String?, headword: String? = nil) {
        gloss = text
        glossSource = text == nil ? nil : source
        glossEntry = text == nil ? nil : entry
        glossHeadword = text == nil ? nil : headword
    }
}
