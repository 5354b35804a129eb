import ArgumentParser
import WordBookKit

struct Pending: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the proposals waiting for you, with their candidates.",
        discussion: "Example: wordbook pending")

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let (database, _) = try options.openExisting()
        let words = try database.words(onDay: nil).filter { $0.word.status == .proposed }
        if words.isEmpty {
            print("Nothing is waiting: every proposal is settled.")
            return
        }
        for (word, book) in words {
            print(summary(word, book: book))
            if !word.context.isEmpty && word.context != word.word { print("      in: \(word.context)") }
        }
    }
}
