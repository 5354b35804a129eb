import ArgumentParser
import WordBookCommandLine
import WordBookStore

struct Books: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "books",
        abstract: "One line per word book, newest first: day, words, mastered (confirmed, level 4 or more).",
        discussion: "Example: wordbook books")

    @OptionGroup var options: GlobalOptions

    @Flag(help: "Print one JSON document.")
    var json = false

    struct BookJSON: Encodable {
        var day: String
        var words: Int
        var mastered: Int
        var rejected: Int
    }

    func run() throws {
        let (database, _) = try options.openExisting(readingOnly: true)
        let books = try database.books()
        if json {
            try printJSON(["books": books.map { BookJSON(day: $0.day, words: $0.words, mastered: $0.mastered, rejected: $0.rejected) }])
            return
        }
        if books.isEmpty { print("There are no word books yet.") }
        for book in books {
            print("\(book.day)  \(book.words) word\(book.words == 1 ? "" : "s"), \(book.mastered) mastered"
                + (book.rejected > 0 ? " (\(book.rejected) rejected, not counted)" : ""))
        }
    }
}
