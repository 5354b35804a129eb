import ArgumentParser
import WordBookKit

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the words, all or those of one day's word book.",
        discussion: "Example: wordbook list --date 2026-10-24")

    @OptionGroup var options: GlobalOptions

    @Option(help: ArgumentHelp("Only the word book of this capture day.", valueName: "YYYY-MM-DD"))
    var date: String?

    func run() throws {
        let (database, configuration) = try options.openExisting()
        if let date, CaptureCalendar(timeZone: configuration.timeZone).startOfDay(date) == nil {
            throw ValidationError("--date must be a date written YYYY-MM-DD, such as 2026-10-24, not '\(date)'.")
        }
        let words = try database.words(onDay: date)
        if words.isEmpty {
            print(date.map { "The word book of \($0) is empty." } ?? "The word book is empty.")
            return
        }
        for (word, book) in words {
            print(summary(word, book: book))
        }
    }
}
