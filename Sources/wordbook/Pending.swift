import ArgumentParser
import WordBookCommandLine
import WordBookSettings
import WordBookStore

struct Pending: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pending",
        abstract: "List the proposals waiting for you, least confident first, with numbered candidates.",
        discussion: """
            Settle them with confirm, reject, or correct ID WORD; correct ID N picks candidate N.

            Example: wordbook pending
            """)

    @OptionGroup var options: GlobalOptions

    @Flag(help: "Print one JSON document.")
    var json = false

    func run() throws {
        let (database, configuration) = try options.openExisting(readingOnly: true)
        var query = WordQuery()
        query.status = .proposed
        query.sort = .confidence
        let words = try database.words(query)
        if json {
            let calendar = configuration.calendar
            try printJSON(WordsJSON(count: words.count, words: words.map { WordJSON($0, calendar: calendar) }))
            return
        }
        if words.isEmpty {
            print("Nothing is waiting: every proposal is settled.")
            return
        }
        for listing in words {
            print(summary(listing))
            if !listing.word.candidates.isEmpty { print("      or: \(numberedCandidates(listing.word))") }
            if !listing.word.context.isEmpty && listing.word.context != listing.word.word {
                print("      in: \(listing.word.context.escapingControlCharacters)")
            }
        }
    }
}
