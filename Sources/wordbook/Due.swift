import ArgumentParser
import Foundation
import WordBookKit

struct Due: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "due",
        abstract: "List the confirmed words due for review now, or by the end of a day.",
        discussion: """
            Examples:
              wordbook due
              wordbook due --at 2026-11-30
            """)

    @OptionGroup var options: GlobalOptions

    @Option(help: ArgumentHelp("Words due by the end of this day instead of now.", valueName: "YYYY-MM-DD"))
    var at: String?

    @Flag(help: "Print one JSON document.")
    var json = false

    func run() throws {
        let (database, configuration) = try options.openExisting()
        let calendar = CaptureCalendar(timeZone: configuration.timeZone)
        var moment = Date()
        if let at {
            let day = try parseDay(at, option: "--at", calendar: calendar)
            moment = calendar.startOfNextDay(after: calendar.startOfDay(day)!).addingTimeInterval(-0.001)
        }
        let words = try database.due(by: moment)
        if json {
            try printJSON(WordsJSON(count: words.count, words: words.map { WordJSON($0, calendar: calendar) }))
            return
        }
        if words.isEmpty { print("Nothing is due.") }
        for listing in words {
            print("\(summary(listing))  due \(calendar.iso8601(listing.word.nextReviewDate))")
        }
    }
}
