import ArgumentParser
import WordBookCommandLine
import WordBookSettings
import WordBookStore
import WordBookVocabulary

struct Undo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Revert the last change a command made to your words, and say what it was.",
        discussion: """
            Confirm, correct, reject, grade (from review too), note, tag and gloss each log what they \
            change; undo writes the words back as they were (a grade's review goes with it). Run it again \
            to revert the change before. wordbook history lists them.

            Example: wordbook undo
            """)

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let (database, configuration) = try options.openExisting()
        let calendar = configuration.calendar
        let undone = try database.undoLast()
        let words = undone.words.map { word in
            "#\(word.id ?? 0) \(word.word.isEmpty ? "(no word found)" : word.word.escapingControlCharacters), \(word.status.rawValue)"
                + (word.status != .confirmed ? "" : word.reviewCount == 0 ? ", new" : ", next review \(nextReview(word, calendar: calendar))")
        }
        print("Undid \"\(undone.change.summary.escapingControlCharacters)\" (\(undone.change.command.escapingControlCharacters)). Now: \(words.joined(separator: "; ")).")
    }
}
