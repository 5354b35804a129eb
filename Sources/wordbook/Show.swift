import ArgumentParser
import Foundation
import WordBookKit

struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show everything about one word; --image writes its stored photo.",
        discussion: "Example: wordbook show 12 --image /tmp/12.jpg")

    @OptionGroup var options: GlobalOptions

    @Argument(help: ArgumentHelp("The word's ID.", valueName: "id"))
    var id: WordID

    @Option(help: ArgumentHelp("Write the stored JPEG to this file.", valueName: "file"))
    var image: String?

    func run() throws {
        let (database, configuration) = try options.openExisting()
        let calendar = CaptureCalendar(timeZone: configuration.timeZone)
        let word = try database.word(id: id.value)
        let book = try database.book(id: word.wordBookId)?.recordDate ?? ""
        let stored = try database.image(wordId: id.value)
        let rows: [(String, String)] = [
            ("word", word.word.isEmpty ? "(no word found)" : word.word),
            ("status", word.status.rawValue),
            ("proposed", word.proposedWord),
            ("confidence", "\(word.confidence)"),
            ("candidates", word.candidates.joined(separator: ", ")),
            ("context", word.context),
            ("language", word.targetLanguage),
            ("book", book),
            ("captured", calendar.iso8601(word.capturedAt)),
            ("next review", calendar.iso8601(word.nextReviewDate)),
            ("mastery", "\(word.masteryLevel)"),
            ("reviews", "\(word.reviewCount), interval \(word.reviewInterval) day\(word.reviewInterval == 1 ? "" : "s")"),
            ("notes", word.notes),
            ("source", word.sourceName),
            ("sha256", word.sourceSHA256),
            ("image", stored.map { "\($0.width) × \($0.height) JPEG, \($0.jpeg.count) bytes" } ?? "none"),
        ]
        print("#\(id.value)")
        for (label, value) in rows where !value.isEmpty {
            print("  \(label.padding(toLength: 12, withPad: " ", startingAt: 0))\(value)")
        }
        if let image {
            guard let stored else { throw ValidationError("#\(id.value) has no stored image.") }
            do {
                try stored.jpeg.write(to: URL(fileURLWithPath: image))
            } catch {
                throw ValidationError("the image could not be written to \(image).")
            }
            print("Wrote the photo to \(image).")
        }
    }
}
