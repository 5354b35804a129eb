import Foundation
import GRDB
import WordBookSettings
import WordBookStore
import WordBookVocabulary

/// A word as the read commands' `--json` and the CSV export show it: the record's fields, in its
/// order, under the names the learner reads, then its book's day and its tags. A field added to
/// `Word` shows up here under its column's name.
enum WordFields {
    /// Fields shown under a name other than their column's.
    static let renamed = [
        (Word.Columns.targetLanguage.name, "language"), (Word.Columns.masteryLevel.name, "mastery"),
        (Word.Columns.nextReviewDate.name, "nextReview"), (Word.Columns.lastReviewDate.name, "lastReview"),
        (Word.Columns.sourceName.name, "source"),
    ]
    /// The store's bookkeeping, not shown; and the dictionary entry behind a gloss, which only `show`
    /// prints, its headword, which only places the article, and the words around the aim, which only
    /// the phone page draws (a few hundred bytes or a few kilobytes a word would weigh on `due --json`
    /// over thousands).
    static let hidden = [
        Word.Columns.wordBookId.name, Word.Columns.createdAt.name, Word.Columns.updatedAt.name,
        Word.Columns.box.name, Word.Columns.sourceSHA256.name, Word.Columns.glossEntry.name,
        Word.Columns.wordsAround.name, Word.Columns.glossHeadword.name,
    ]

    /// The name a field is shown under, nil for a hidden one. (A handful of short names compared
    /// one by one costs less than hashing them for each field of thousands of words.)
    static func shownName(_ column: String) -> String? {
        hidden.contains(column) ? nil : renamed.first { $0.0 == column }?.1 ?? column
    }
}

/// A word in the read commands' `--json` output: its shown fields, times in the configured time
/// zone, fields without a value left out.
struct WordJSON: Encodable {
    var listing: WordListing
    var calendar: CaptureCalendar

    init(_ listing: WordListing, calendar: CaptureCalendar) {
        self.listing = listing
        self.calendar = calendar
    }

    func encode(to encoder: any Encoder) throws {
        try WordFields.write(listing, to: JSONObjectSink(encoder.container(keyedBy: FieldName.self)), calendar: calendar)
    }
}

struct FieldName: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

struct WordsJSON: Encodable {
    /// How many words `words` holds.
    var count: Int
    /// `due` only: how many words are due in all, also past `--limit`.
    var due: Int? = nil
    var words: [WordJSON]
}

/// Prints one JSON document, keys sorted so the output is stable.
func printJSON(_ value: some Encodable) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
    print(String(decoding: try encoder.encode(value), as: UTF8.self))
}

/// A line describing a word, for lists: `#12  Straße  = street (n, fem)  [confirmed, de, 96%]  2026-10-24  mastery 2`.
func summary(_ listing: WordListing) -> String {
    let word = listing.word
    var line = "#\(word.id ?? 0)  \(word.word.isEmpty ? "(no word found)" : word.word.escapingControlCharacters)"
    if let gloss = word.gloss { line += "  = \(gloss.escapingControlCharacters)" }
    line += "  [\(word.status.rawValue), \(word.targetLanguage), \(word.confidence)%]"
    line += "  \(listing.book)"
    if word.status == .confirmed { line += "  mastery \(word.masteryLevel)" }
    if !listing.tags.isEmpty { line += "  " + listing.tags.map { "+\($0.escapingControlCharacters)" }.joined(separator: " ") }
    return line
}

/// When a word is reviewed next, as `show` says it (and the web's word page): a date once it has been
/// reviewed; a new word (confirmed, never reviewed) waits among the new words each review day
/// introduces, whatever its stored date (its capture's next day); a proposal has none until confirmed.
func nextReview(_ word: Word, calendar: CaptureCalendar) -> String {
    switch word.status {
    case .confirmed where word.reviewCount > 0: calendar.iso8601(word.nextReviewDate)
    case .confirmed: "new: not reviewed yet"
    case .proposed: "none until confirmed"
    case .rejected: ""
    }
}

/// An interval as `grade`, `review` and `show` say it: "4 days", or "10 minutes" for FSRS's steps
/// of minutes (an interval of 0 days).
func interval(days: Int, from start: Date?, to next: Date) -> String {
    ReviewWait.interval(days: days, from: start, to: next)
}

/// The wait until a review: "in 4 days", "in 10 minutes".
func wait(days: Int, from start: Date?, to next: Date) -> String {
    "in " + interval(days: days, from: start, to: next)
}

/// What a word means, as triage and review print it under the word: `  = exit, way out (n, masc)`.
func glossLine(_ word: Word) -> String? {
    word.gloss.map { "  = \($0.escapingControlCharacters)" + (word.glossSource == .learner ? "  (yours)" : "") }
}

/// The gloss as the cue of `review --hide-word`: the word and its forms written over, so it does not
/// give the answer away.
func cueLine(_ word: Word) -> String? {
    word.gloss.map { "  = \(Cloze.masking(word.word, in: $0).escapingControlCharacters)" + (word.glossSource == .learner ? "  (yours)" : "") }
}

/// The line the word was read in, each candidate numbered where it stands in it
/// (`[2]Le Café de la [1]Gare`), so that a learner in doubt sees which is which; a candidate
/// the line does not hold is not marked.
func numberedLine(_ word: Word) -> String {
    var marked = Set<Int>()
    return word.context.split(separator: " ", omittingEmptySubsequences: false).map { token in
        let core = token.trimmingCharacters(in: .punctuationCharacters)
        guard let index = word.candidates.indices.first(where: { !marked.contains($0) && word.candidates[$0] == core }) else {
            return String(token)
        }
        marked.insert(index)
        return "[\(index + 1)]" + token
    }.joined(separator: " ")
}

/// The candidates numbered for `correct ID N` and triage: `1 Strasse  2 Strafe`.
func numberedCandidates(_ word: Word) -> String {
    word.candidates.enumerated().map { "\($0.offset + 1) \($0.element.escapingControlCharacters)" }.joined(separator: "  ")
}

/// Whether standard output is a terminal (thumbnails and prompts only then).
var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

/// Reads one line of the learner's answer; nil at the end of input.
func ask(_ prompt: String) -> String? {
    print(prompt, terminator: "")
    fflush(nil)
    return readLine(strippingNewline: true)
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
