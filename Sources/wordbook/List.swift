import ArgumentParser
import Foundation
import WordBookCommandLine
import WordBookSettings
import WordBookStore

extension WordQuery.Sort: ExpressibleByArgument {}

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List words: by day or range, language, mastery, status or tag, sorted and paged.",
        discussion: """
            On a terminal it prints the first 50 and then how many more match; --limit N prints N, \
            --all every one. Into a pipe or a file it prints every match (or --limit's number), one per \
            line, without that last line. --json lists every match unless --limit is given.

            Examples:
              wordbook list --date 2026-10-24
              wordbook list --from 2026-10-01 --to 2026-10-31 --language de --sort word
              wordbook list --tag food --status confirmed --limit 20 --offset 40
              wordbook list --min-mastery 4 --count
            """)

    @OptionGroup var options: GlobalOptions

    @Option(help: ArgumentHelp("Only the word book of this capture day.", valueName: "YYYY-MM-DD"))
    var date: String?
    @OptionGroup var filter: WordFilter
    // Unconditional, like --limit: a negative number reaches validate() and its one-sentence error.
    @Option(parsing: .unconditional, help: ArgumentHelp("Only words at this mastery level (0-5) or above.", valueName: "level"))
    var minMastery: Int?
    @Option(help: "Order: word, created (capture time, the default) or next-review.")
    var sort: WordQuery.Sort = .created
    @OptionGroup var length: ListLength
    @Option(parsing: .unconditional, help: "Skip this many words first (for paging).")
    var offset: Int = 0
    @Flag(help: "Print only how many words match.")
    var count = false
    @Flag(help: "Print one JSON document.")
    var json = false

    func validate() throws {
        if let minMastery, !(0...5).contains(minMastery) { throw ValidationError("--min-mastery must be from 0 to 5, not \(minMastery).") }
        if offset < 0 { throw ValidationError("--offset must be 0 or more, not \(offset).") }
    }

    func run() throws {
        let (database, configuration) = try options.openExisting(readingOnly: true)
        let calendar = configuration.calendar
        var query = try filter.applied(to: WordQuery(), calendar: calendar)
        query.day = try date.map { try parseDay($0, option: "--date", calendar: calendar) }
        query.minMastery = minMastery
        query.sort = sort
        query.limit = count ? nil : length.count(json: json)
        query.offset = offset
        if count {
            let total = try database.count(query)
            if json { try printJSON(["count": total]) } else { print(total) }
            return
        }
        let words = try database.words(query)
        if json {
            try printJSON(WordsJSON(count: words.count, words: words.map { WordJSON($0, calendar: calendar) }))
        } else if words.isEmpty {
            print(date.map { "The word book of \($0) has no such words." } ?? "No words match.")
        } else {
            words.forEach { print(summary($0)) }
            try length.printRest(shown: words.count, limit: query.limit, hint: ": add --all for every one, or --offset \(offset + words.count) for the next \(words.count)") {
                try database.count(query) - offset
            }
        }
    }
}
