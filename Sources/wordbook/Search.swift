import ArgumentParser
import WordBookCommandLine
import WordBookSettings
import WordBookStore

struct Search: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find words by their text, notes or context, ignoring case and accents.",
        discussion: """
            cafe finds Café, STRASSE finds Straße; each term also matches the start of longer words.

            Example: wordbook search strasse
            """)

    @OptionGroup var options: GlobalOptions

    @Argument(help: "What to look for.")
    var text: [String]

    @Flag(help: "Print one JSON document.")
    var json = false

    func run() throws {
        let (database, configuration) = try options.openExisting(readingOnly: true)
        let words = try database.search(text.joined(separator: " "))
        if json {
            let calendar = configuration.calendar
            try printJSON(WordsJSON(count: words.count, words: words.map { WordJSON($0, calendar: calendar) }))
            return
        }
        if words.isEmpty { print("Nothing matches '\(text.joined(separator: " "))'.") }
        words.forEach { print(summary($0)) }
    }
}
