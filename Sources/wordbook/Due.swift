import ArgumentParser
import Foundation
import WordBookCommandLine
import WordBookSettings
import WordBookStore
import WordBookVocabulary

struct Due: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "due",
        abstract: "List the confirmed words due for review now, or by the end of a day, the most overdue first.",
        discussion: """
            On a terminal it prints the 50 most overdue and then how many more are due; --limit N prints \
            N, --all every one. Into a pipe or a file it prints every word due (or --limit's number), one \
            per line, without that last line. --json lists every word due unless --limit is given; its "count" \
            is how many it lists, "due" how many are due in all.

            Examples:
              wordbook due
              wordbook due --all
              wordbook due --at 2026-11-30 --limit 10
            """)

    @OptionGroup var options: GlobalOptions

    @Option(help: ArgumentHelp("Words due by the end of this day instead of now.", valueName: "YYYY-MM-DD"))
    var at: String?

    @OptionGroup var length: ListLength

    @Flag(help: "Print one JSON document.")
    var json = false

    func run() throws {
        let (database, configuration) = try options.openExisting()
        let calendar = configuration.calendar
        var moment = Date()
        if let at {
            let day = try parseDay(at, option: "--at", calendar: calendar)
            moment = calendar.startOfNextDay(after: calendar.startOfDay(day)!).addingTimeInterval(-0.001)
        }
        let limit = length.count(json: json)
        let words = try database.due(by: moment, limit: limit)
        if json {
            let due = limit.map { words.count < $0 } ?? true ? words.count : try database.dueCount(by: moment)
            try printJSON(WordsJSON(count: words.count, due: due, words: words.map { WordJSON($0, calendar: calendar) }))
            return
        }
        if words.isEmpty { print("Nothing is due.") }
        for listing in words {
            print("\(summary(listing))  due \(calendar.iso8601(listing.word.nextReviewDate))")
        }
        let hint = at.map { " due by \($0): wordbook due --at \($0) --all" }
            ?? " due: wordbook due --all, or review them with wordbook review"
        try length.printRest(shown: words.count, limit: limit, hint: hint) { try database.dueCount(by: moment) }
    }
}
