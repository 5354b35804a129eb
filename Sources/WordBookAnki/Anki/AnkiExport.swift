import Foundation
import GRDB
import WordBookSettings
import WordBookStore
import WordBookVocabulary

/// What an Anki export wrote.
public struct AnkiExportSummary: Sendable, Equatable {
    public var notes = 0
    public var reviewCards = 0
    public var newCards = 0
    public var photos = 0
    /// Deck names, sorted.
    public var decks: [String] = []
    /// Proposals without a word yet (a photo in which none was found, not typed at triage): no card to make.
    public var withoutWord = 0
}

/// The word book as Anki notes: one note per word, in a deck per language, photo on the front.
///
/// - Rejected words are left out unless the query asks for them by status.
/// - A note's guid comes from the photo's SHA-256, so importing a later export updates the notes
///   Anki already has (when the word changed since) instead of adding them twice.
/// - A word graded at least once becomes a review card due on its next review day, with its
///   interval and review count, and under FSRS its memory state (stability, difficulty), which
///   Anki's own FSRS goes on from; the others become new cards in capture order.
/// - Anki tags cannot hold spaces: "street signs" becomes `street_signs`.
public struct AnkiExport {
    public static let parentDeck = "WordBook"

    let database: AppDatabase
    let calendar: CaptureCalendar
    let now: Date
    /// What FSRS schedules for, carried with a memory state.
    let desiredRetention: Double

    public init(database: AppDatabase, calendar: CaptureCalendar, desiredRetention: Double = 0.9, now: Date = Date()) {
        self.database = database
        self.calendar = calendar
        self.desiredRetention = desiredRetention
        self.now = now
    }

    /// Writes the words `query` selects as an Anki package at `path`.
    @discardableResult
    public func write(_ query: WordQuery, to path: String) throws -> AnkiExportSummary {
        var query = query
        query.sort = .created
        var summary = AnkiExportSummary()
        let listings = try database.words(query).filter { listing in
            guard query.status != nil || listing.word.status != .rejected else { return false }
            guard !listing.word.word.isEmpty else {
                summary.withoutWord += 1
                return false
            }
            return true
        }
        guard !listings.isEmpty else { throw AnkiExportError.noWords(path: path) }
        let (reviews, withPhoto) = try database.ankiExportDetails(of: listings.map { $0.word.id! })

        let firstDay = calendar.day(of: min(now, listings.map(\.word.capturedAt).min()!))
        let days = DayCounter(calendar: calendar, firstDay: firstDay)
        var decks: [String: AnkiDeck] = [:]
        var notes: [AnkiNote] = []
        var ankiReviews: [AnkiReview] = []
        var media: [AnkiPackage.Medium] = []
        var noteIds = UniqueMilliseconds()
        var reviewIds = UniqueMilliseconds()
        for listing in listings {
            let word = listing.word
            let id = word.id!
            let language = word.targetLanguage.name
            let deckName = "\(Self.parentDeck)::\(language)"
            let deck = decks[deckName] ?? AnkiDeck(name: deckName)
            decks[deckName] = deck

            var photo = ""
            if withPhoto.contains(id) {
                let name = Self.photoName(word)
                photo = "<img src=\"\(name)\">"
                let database = self.database
                media.append(AnkiPackage.Medium(name: name) {
                    guard let image = try database.image(wordId: id) else { throw StoreError.noSuchWord(id: id) }
                    return image.jpeg
                })
            }

            let noteId = noteIds.next(word.capturedAt)
            let card: AnkiCard
            if word.reviewCount > 0 {
                let history = reviews[id] ?? []
                card = .review(dueDay: max(0, days.count(to: word.nextReviewDate)), interval: word.reviewInterval,
                               reps: word.reviewCount, lapses: history.dropFirst().filter { $0.level <= 2 }.count,
                               lastReview: word.lastReviewDate,
                               memory: word.stability.flatMap { stability in
                                   word.difficulty.map {
                                       AnkiMemory(stability: stability, difficulty: $0, desiredRetention: desiredRetention)
                                   }
                               })
                var lastInterval = 0
                for (index, review) in history.enumerated() {
                    ankiReviews.append(AnkiReview(
                        id: reviewIds.next(review.reviewedAt), noteId: noteId, ease: Self.ease(level: review.level),
                        interval: review.interval, lastInterval: lastInterval, type: index == 0 ? 0 : 1))
                    lastInterval = review.interval
                }
                summary.reviewCards += 1
            } else {
                summary.newCards += 1
                card = .new(position: summary.newCards)
            }
            notes.append(AnkiNote(
                id: noteId, guid: Self.guid(word),
                fields: [Self.html(word.word), photo, Self.html(word.context), Self.html(word.notes), language, listing.book,
                         Self.html(word.gloss ?? "")],
                sortField: word.word, tags: listing.tags.map(Self.tag), modified: word.updatedAt, deckId: deck.id, card: card))
        }

        let collection = AnkiCollection(
            createdAt: days.collectionCreation, decks: decks.values.sorted { $0.name < $1.name }, notes: notes,
            reviews: ankiReviews)
        try AnkiPackage(collection: collection, media: media).write(to: path, now: now)
        summary.notes = notes.count
        summary.photos = media.count
        summary.decks = decks.keys.sorted()
        return summary
    }

    /// Stable across exports and restores from backup: the photo's fingerprint.
    static func guid(_ word: Word) -> String {
        "wordbook-" + word.sourceSHA256.prefix(32)
    }

    static func photoName(_ word: Word) -> String {
        "wordbook-\(word.sourceSHA256.prefix(16)).jpg"
    }

    /// Anki's answer buttons, 1 Again to 4 Easy, are FSRS's ratings.
    static func ease(level: Int) -> Int {
        FSRSRating(grade: level).rawValue
    }

    /// Anki separates tags with spaces.
    static func tag(_ name: String) -> String {
        name.split(whereSeparator: \.isWhitespace).joined(separator: "_")
    }

    /// Fields are HTML: the learner's text is shown as typed.
    static func html(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "\n", "\r\n": escaped += "<br>"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}

/// Review days counted from the collection's first day, on the learner's calendar.
struct DayCounter {
    private let calendar: Calendar
    private let first: Date
    private let capture: CaptureCalendar

    init(calendar capture: CaptureCalendar, firstDay: String) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = capture.timeZone
        self.calendar = calendar
        self.capture = capture
        first = capture.startOfDay(firstDay)!
    }

    /// Noon of the first day: Anki counts days from the calendar date of the collection's creation
    /// in its own time zone, and noon keeps that date the same for any zone within half a day.
    var collectionCreation: Date {
        calendar.date(byAdding: .hour, value: 12, to: first)!
    }

    func count(to date: Date) -> Int {
        let day = capture.startOfDay(capture.day(of: date))!
        return calendar.dateComponents([.day], from: first, to: day).day!
    }
}

/// Millisecond ids, bumped by one where two would be equal (photos taken in the same second).
struct UniqueMilliseconds {
    private var used: Set<Int64> = []

    mutating func next(_ date: Date) -> Int64 {
        var value = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        while !used.insert(value).inserted { value += 1 }
        return value
    }
}
