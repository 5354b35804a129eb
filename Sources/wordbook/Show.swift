import ArgumentParser
import Foundation
import WordBookCommandLine
import WordBookGloss
import WordBookSettings
import WordBookStore
import WordBookVocabulary

struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show everything about one word: candidates, tags, review history; --image writes its photo.",
        discussion: """
            Examples:
              wordbook show 12
              wordbook show 12 --image /tmp/12.jpg
              wordbook show 12 --image - | display
              wordbook show 12 --images kitty
            """)

    @OptionGroup var options: GlobalOptions

    @Argument(help: ArgumentHelp("The word's ID.", valueName: "id"))
    var id: WordID

    @Option(help: ArgumentHelp("Write the stored JPEG to this file (- for standard output), and nothing else.", valueName: "file"))
    var image: Path?

    @Flag(help: "Print one JSON document.")
    var json = false

    @Flag(help: "Print the whole dictionary entry, not only its first lines (through $PAGER, or less, on a terminal).")
    var full = false

    /// The dictionary entry's lines shown without --full: the word's own senses, before the long tail
    /// of examples a pivot dictionary adds (126 lines of German sentences for a Spanish word).
    static let entryLines = 8

    @OptionGroup var photo: PhotoOptions

    struct ReviewJSON: Encodable {
        var reviewedAt: String
        var level: Int
        var interval: Int
        var nextReview: String
    }

    struct ShowJSON: Encodable {
        var word: WordJSON
        /// The dictionary entry the gloss was taken from.
        var glossEntry: String?
        var reviews: [ReviewJSON]
        var image: ImageJSON?
        /// The photo as it came in, where the worker archived it; nil when the archive does not hold it.
        var original: String?
    }

    struct ImageJSON: Encodable {
        var width: Int
        var height: Int
        var bytes: Int
    }

    func run() throws {
        let (database, configuration) = try options.openExisting(readingOnly: true)
        let calendar = configuration.calendar
        let word = try database.word(id: id.value)
        let listing = WordListing(
            word: word, book: try database.book(id: word.wordBookId)?.recordDate ?? "", tags: try database.tags(of: id.value))
        let stored = try database.image(wordId: id.value)
        let reviews = try database.reviews(of: id.value)
        let original = archivedOriginal(of: word, book: listing.book, paths: try options.paths(configuration))
        if let image {
            guard let stored else { throw CommandFailure("#\(id.value) has no stored image.") }
            if image.path == "-" {
                FileHandle.standardOutput.write(stored.jpeg)
                return
            }
            do {
                try replaceFile(at: image.path, with: stored.jpeg)
            } catch {
                throw CommandFailure("the image could not be written to \(image): \(error).")
            }
            print("Wrote the photo of #\(id.value) (\(stored.width) × \(stored.height)) to \(image).")
            return
        }
        if json {
            try printJSON(ShowJSON(
                word: WordJSON(listing, calendar: calendar),
                glossEntry: word.glossEntry,
                reviews: reviews.map {
                    ReviewJSON(reviewedAt: calendar.iso8601($0.reviewedAt), level: $0.level, interval: $0.interval,
                               nextReview: calendar.iso8601($0.nextReviewDate))
                },
                image: stored.map { ImageJSON(width: $0.width, height: $0.height, bytes: $0.jpeg.count) },
                original: original))
            return
        }
        let rows: [(String, String)] = [
            ("word", word.word.isEmpty ? "(no word found)" : word.targetLanguage.withArticle(word.word, gloss: word.gloss, headword: word.glossHeadword)),
            ("status", word.status.rawValue),
            ("gloss", word.gloss.map { $0 + (word.glossSource == .learner ? "  (yours)" : "  (dictionary)") } ?? ""),
            ("proposed", word.proposedWord),
            ("confidence", "\(word.confidence)"),
            ("candidates", numberedCandidates(word)),
            ("context", word.context),
            ("language", word.targetLanguage.code),
            ("book", listing.book),
            ("captured", calendar.iso8601(word.capturedAt)),
            ("next review", nextReview(word, calendar: calendar)),
            ("mastery", "\(word.masteryLevel)"),
            ("reviews", word.reviewCount == 0 ? "0"
                : "\(word.reviewCount), interval \(interval(days: word.reviewInterval, from: word.lastReviewDate, to: word.nextReviewDate))"),
            ("memory", memory(word, fsrs: configuration.fsrs)),
            ("tags", listing.tags.joined(separator: ", ")),
            ("notes", word.notes),
            ("source", word.sourceName),
            ("sha256", word.sourceSHA256),
            ("image", stored.map { "\($0.width) × \($0.height) JPEG, \($0.jpeg.count) bytes" } ?? "none"),
            ("original", original ?? "not in the archive"),
        ]
        print("#\(id.value)")
        photo.drawer(configuration)?.draw(database, word: word)
        // The photo goes to the terminal; the text after it through the pager when it is long.
        var lines = rows.filter { !$0.1.isEmpty }.map { label, value in
            "  \(label.padding(toLength: 12, withPad: " ", startingAt: 0))\(value.escapingControlCharacters)"
        }
        if let entry = word.glossEntry, !entry.isEmpty {
            lines.append("  dictionary")
            let entryLines = readableEntry(entry).split(separator: "\n", omittingEmptySubsequences: true)
            for line in full ? entryLines[...] : entryLines.prefix(Self.entryLines) {
                lines.append("   \(String(line).escapingControlCharacters)")
            }
            if !full && entryLines.count > Self.entryLines {
                lines.append("   … \(entryLines.count - Self.entryLines) more line\(entryLines.count - Self.entryLines == 1 ? "" : "s"): wordbook show \(id.value) --full")
            }
        }
        for review in reviews {
            lines.append("  reviewed    \(calendar.iso8601(review.reviewedAt)): grade \(review.level), next \(wait(days: review.interval, from: review.reviewedAt, to: review.nextReviewDate))")
        }
        Pager.page(lines)
    }

    /// FSRS's view of the word: "FSRS review, stability 11.0 days, difficulty 2.12, recall 97% now".
    func memory(_ word: Word, fsrs: FSRSScheduler) -> String {
        guard let card = word.fsrsCard, let stability = card.stability, let difficulty = card.difficulty else { return "" }
        let step = card.step.map { " step \($0 + 1)" } ?? ""
        let recall = fsrs.retrievability(of: card, at: Date())
        return "FSRS \(card.state.rawValue)\(step), stability \(String(format: "%.1f", stability)) days, "
            + "difficulty \(String(format: "%.2f", difficulty)), recall \(String(format: "%.0f", recall * 100))% now"
    }
}
