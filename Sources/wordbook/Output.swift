import Foundation
import WordBookCommandLine
import WordBookSettings
import WordBookStore
import WordBookThumbnail

/// The stable JSON shape of a word in every read command's `--json` output.
struct WordJSON: Encodable {
    var id: Int64
    var word: String
    var status: String
    var language: String
    var book: String
    var capturedAt: String
    var nextReview: String
    var lastReview: String?
    var mastery: Int
    var reviewCount: Int
    var reviewInterval: Int
    var confidence: Int
    var proposedWord: String
    var candidates: [String]
    var context: String
    var notes: String
    var tags: [String]
    var source: String
    // FSRS's memory state, present once FSRS has graded the word.
    var stability: Double?
    var difficulty: Double?
    var fsrsState: String?
    var fsrsStep: Int?

    init(_ listing: WordListing, calendar: CaptureCalendar) {
        let word = listing.word
        id = word.id ?? 0
        self.word = word.word
        status = word.status.rawValue
        language = word.targetLanguage
        book = listing.book
        capturedAt = calendar.iso8601(word.capturedAt)
        nextReview = calendar.iso8601(word.nextReviewDate)
        lastReview = word.lastReviewDate.map(calendar.iso8601)
        mastery = word.masteryLevel
        reviewCount = word.reviewCount
        reviewInterval = word.reviewInterval
        confidence = word.confidence
        proposedWord = word.proposedWord
        candidates = word.candidates
        context = word.context
        notes = word.notes
        tags = listing.tags
        source = word.sourceName
        stability = word.stability
        difficulty = word.difficulty
        fsrsState = word.fsrsState?.rawValue
        fsrsStep = word.fsrsStep
    }
}

struct WordsJSON: Encodable {
    var count: Int
    var words: [WordJSON]
}

/// Prints one JSON document, keys sorted so the output is stable.
func printJSON(_ value: some Encodable) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
    print(String(decoding: try encoder.encode(value), as: UTF8.self))
}

/// A line describing a word, for lists: `#12  Straße  [confirmed, de, 96%]  2026-10-24  or: 1 Strasse`.
func summary(_ listing: WordListing) -> String {
    let word = listing.word
    var line = "#\(word.id ?? 0)  \(word.word.isEmpty ? "(no word found)" : word.word)"
    line += "  [\(word.status.rawValue), \(word.targetLanguage), \(word.confidence)%]"
    line += "  \(listing.book)"
    if word.status == .confirmed { line += "  mastery \(word.masteryLevel)" }
    if !listing.tags.isEmpty { line += "  " + listing.tags.map { "+\($0)" }.joined(separator: " ") }
    return line
}

/// An interval as `grade`, `review` and `show` say it: "4 days", or "10 minutes" for FSRS's steps
/// of minutes (an interval of 0 days).
func interval(days: Int, from start: Date?, to next: Date) -> String {
    if days == 0, let start {
        let minutes = Int((next.timeIntervalSince(start) / 60).rounded())
        return "\(minutes) minute\(minutes == 1 ? "" : "s")"
    }
    return "\(days) day\(days == 1 ? "" : "s")"
}

/// The wait until a review: "in 4 days", "in 10 minutes".
func wait(days: Int, from start: Date?, to next: Date) -> String {
    "in " + interval(days: days, from: start, to: next)
}

/// The candidates numbered for `correct ID N` and triage: `1 Strasse  2 Strafe`.
func numberedCandidates(_ word: Word) -> String {
    word.candidates.enumerated().map { "\($0.offset + 1) \($0.element)" }.joined(separator: "  ")
}

/// Whether standard output is a terminal (thumbnails and prompts only then).
var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

/// Reads one line of the learner's answer; nil at the end of input.
func ask(_ prompt: String) -> String? {
    print(prompt, terminator: "")
    fflush(nil)
    return readLine(strippingNewline: true)
}

func printThumbnail(_ database: AppDatabase, wordId: Int64, columns: Int = 48) {
    guard let image = try? database.image(wordId: wordId), let text = try? Thumbnail.render(jpeg: image.jpeg, columns: columns) else { return }
    print(text, terminator: "")
}

/// A count as the learner reads it at a glance: 4950 as "4,950".
func grouped(_ number: Int) -> String {
    let digits = Array(String(number.magnitude))
    var text = ""
    for (index, digit) in digits.enumerated() {
        if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
        text.append(digit)
    }
    return (number < 0 ? "-" : "") + text
}
