import ArgumentParser
import Foundation
import WordBookCommandLine
import WordBookSettings
import WordBookStore

struct Stats: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Show progress: words, confirmed, mastered, average mastery, due today, streak, FSRS recall, per language.",
        discussion: "Example: wordbook stats")

    @OptionGroup var options: GlobalOptions

    @Flag(help: "Print one JSON document.")
    var json = false

    func run() throws {
        let (database, configuration) = try options.openExisting(readingOnly: true)
        let stats = try database.stats(calendar: configuration.calendar, fsrs: configuration.fsrs)
        if json {
            try printJSON(stats)
            return
        }
        print("words      \(stats.total) (\(stats.proposed) waiting for you)")
        print("confirmed  \(stats.confirmed)\(stats.confirmedOnFiling > 0 ? " (\(stats.confirmedOnFiling) on filing, by auto_confirm, not yet reviewed)" : "")")
        print("mastered   \(stats.mastered)")
        print("mastery    \(String(format: "%.1f", stats.averageMastery)) on average")
        print("due today  \(stats.dueToday)" + (stats.stepsLaterToday > 0
            ? ", and \(stats.stepsLaterToday) in \(stats.stepsLaterToday == 1 ? "its" : "their") learning steps later this day" : ""))
        print("streak     \(stats.streak) day\(stats.streak == 1 ? "" : "s")")
        if let retrievability = stats.averageRetrievability {
            print("FSRS       \(stats.fsrsWords) word\(stats.fsrsWords == 1 ? "" : "s") with a memory state, \(String(format: "%.1f", retrievability * 100))% recall on average today")
        } else if configuration.scheduler == .fsrs {
            print("FSRS       no word graded under FSRS yet")
        }
        for language in stats.languages {
            print("  \(language.language)  \(language.words) word\(language.words == 1 ? "" : "s"), \(language.confirmed) confirmed, \(language.mastered) mastered")
        }
    }
}
