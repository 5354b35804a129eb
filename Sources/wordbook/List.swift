import ArgumentParser
import Foundation
import WordBookKit

extension WordStatus: ExpressibleByArgument {}
extension WordQuery.Sort: ExpressibleByArgument {}

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List words: by day or range, language, mastery, status or tag, sorted and paged.",
        discussion: """
            Examples:
              wordbook list --date 2026-10-24
              wordbook list --from 2026-10-01 --to 2026-10-31 --language de --sort word
              wordbook list --tag food --status confirmed --limit 20 --offset 40
              wordbook list --min-mastery 4 --count
            """)

    @OptionGroup var options: GlobalOptions

    @Option(help: ArgumentHelp("Only the word book of this capture day.", valueName: "YYYY-MM-DD"))
    var date: String?
    @Option(help: ArgumentHelp("Capture days from this one on.", valueName: "YYYY-MM-DD"))
    var from: String?
    @Option(help: ArgumentHelp("Capture days up to this one.", valueName: "YYYY-MM-DD"))
    var to: String?
    @Option(help: ArgumentHelp("Only words of this language: en, de, fr or es.", valueName: "L"))
    var language: String?
    @Option(help: ArgumentHelp("Only words at this mastery level (0-5) or above.", valueName: "level"))
    var minMastery: Int?
    @Option(help: "Only words in this state: proposed, confirmed or rejected.")
    var status: WordStatus?
    @Option(help: ArgumentHelp("Only words with this tag.", valueName: "name"))
    var tag: String?
    @Option(help: "Order: word, created (capture time, the default) or next-review.")
    var sort: WordQuery.Sort = .created
    @Option(help: "At most this many words.")
    var limit: Int?
    @Option(help: "Skip this many words first (for paging).")
    var offset: Int = 0
    @Flag(help: "Print only how many words match.")
    var count = false
    @Flag(help: "Print one JSON document.")
    var json = false

    func validate() throws {
        if let minMastery, !(0...5).contains(minMastery) { throw ValidationError("--min-mastery must be from 0 to 5, not \(minMastery).") }
        if let limit, limit < 1 { throw ValidationError("--limit must be 1 or more.") }
        if offset < 0 { throw ValidationError("--offset must be 0 or more.") }
        if let language, Language(name: language) == nil {
            throw ValidationError("--language must be one of \(Language.allowedNames), not '\(language)'.")
        }
    }

    func run() throws {
        let (database, configuration) = try options.openExisting()
        let calendar = CaptureCalendar(timeZone: configuration.timeZone)
        var query = WordQuery()
        query.day = try date.map { try parseDay($0, option: "--date", calendar: calendar) }
        query.from = try from.map { try parseDay($0, option: "--from", calendar: calendar) }
        query.to = try to.map { try parseDay($0, option: "--to", calendar: calendar) }
        query.language = language.flatMap(Language.init(name:))?.code
        query.minMastery = minMastery
        query.status = status
        query.tag = tag
        query.sort = sort
        query.limit = limit
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
        }
    }
}
