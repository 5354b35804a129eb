import ArgumentParser
import Foundation
import WordBookCommandLine
import WordBookSettings
import WordBookStore
import WordBookVocabulary

struct Due: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "due",
        abstract: "List the words due for review in this review day, the most overdue first, and count the new words it introduces.",
        discussion: """
            A review day starts at [review] day_starts_at (4 a.m. by default): a word due on a day is due \
            from its start. New words (confirmed, never reviewed) wait in their own queue; a day introduces \
            at most [review] new_per_day of them, and the last lines count them and the words in their learning \
            steps that come back later this day. \
            On a terminal it prints the 50 most overdue and then how many more are due; --limit N prints \
            N, --all every one. Into a pipe or a file it prints every word due (or --limit's number), one \
            per line, without those last lines. --json lists every word due unless --limit is given; its "count" \
            is how many it lists, "due" how many are due in all, "new" how many new words the day introduces, \
            "newWaiting" how many wait in all, and "stepsLater" how many words in their learning steps come \
            back later this day.

            Examples:
              wordbook due
              wordbook due --all
              wordbook due --at 2026-11-30 --limit 10
            """)

    @OptionGroup var options: GlobalOptions

    @Option(help: ArgumentHelp("Words due by the end of this review day instead of now.", valueName: "YYYY-MM-DD"))
    var at: String?

    @OptionGroup var length: ListLength

    @Flag(help: "Print one JSON document.")
    var json = false

    struct DueJSON: Encodable {
        var count: Int
        var due: Int
        var new: Int
        var newWaiting: Int
        /// Words in their learning steps that come due later this day, as `stats` counts them.
        var stepsLater: Int
        var words: [WordJSON]
    }

    func run() throws {
        let (database, configuration) = try options.openExisting(readingOnly: true)
        let calendar = configuration.calendar
        var moment = Date()
        if let at {
            let day = try parseDay(at, option: "--at", calendar: calendar)
            moment = calendar.endOfReviewDay(containing: calendar.startOfReviewDay(day)!).addingTimeInterval(-0.001)
        }
        let day = ReviewDay(now: moment, calendar: calendar, newPerDay: configuration.newPerDay)
        let limit = length.count(json: json)
        let words = try database.due(in: day, limit: limit)
        let queue = try database.reviewQueue(day)
        if json {
            try printJSON(DueJSON(count: words.count, due: queue.learning.count + queue.reviews.count, new: queue.new.count,
                                  newWaiting: queue.newWaiting, stepsLater: queue.learningLater,
                                  words: words.map { WordJSON($0, calendar: calendar) }))
            return
        }
        if words.isEmpty { print("No review is due.") }
        for listing in words {
            print("\(summary(listing))  due \(calendar.iso8601(listing.word.nextReviewDate))")
        }
        let hint = at.map { " due by \($0): wordbook due --at \($0) --all" }
            ?? " due: wordbook due --all, or review them with wordbook review"
        try length.printRest(shown: words.count, limit: limit, hint: hint) { try database.dueCount(in: day) }
        // On a terminal only, as the line for the rest: a pipe gets one word a line.
        if stdoutIsTerminal && queue.newWaiting > 0 { print(newWordsLine(queue, perDay: configuration.newPerDay)) }
        if stdoutIsTerminal && queue.learningLater > 0 { print(stepsLaterLine(queue.learningLater)) }
    }
}

/// "2 words in their learning steps come back later this day.": what `due` cannot list yet, as Anki's
/// learning count says it, so that "No review is due." does not read as a day done.
func stepsLaterLine(_ count: Int) -> String {
    "\(grouped(count)) word\(count == 1 ? " in its learning steps comes" : "s in their learning steps come") back later this day"
        + " (wordbook review shows them up to \(Int(ReviewDay.learnAhead / 60)) minutes early)."
}

/// "3 new words to learn today (20 a day; 12 waiting in all)": the new-word queue as due and review count it.
func newWordsLine(_ queue: ReviewQueue, perDay: Int) -> String {
    let new = queue.new.count
    var line = "\(grouped(new)) new word\(new == 1 ? "" : "s") to learn this day (\(grouped(perDay)) a day"
    if queue.newIntroduced > 0 { line += ", \(grouped(queue.newIntroduced)) begun already" }
    return line + "; \(grouped(queue.newWaiting)) waiting in all)."
}
