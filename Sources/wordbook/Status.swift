import ArgumentParser
import Foundation
import WordBookKit

struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show what waits in the inbox, what failed, and what was filed last.",
        discussion: "Example: wordbook status")

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let configuration = try options.loadConfiguration()
        let paths = try options.paths(configuration)
        let rules = IgnoreRules(extraPatterns: configuration.ignore)
        let waiting = InboxScanner(root: paths.inbox, rules: rules).files().count
        let failed = InboxScanner(root: paths.failed, rules: rules).files().count
        print("inbox      \(waiting) photo\(waiting == 1 ? "" : "s") waiting in \(paths.inbox)")
        print("failed     \(failed) in \(paths.failed)\(failed > 0 ? " (each with NAME.error.txt)" : "")")
        guard FileManager.default.fileExists(atPath: paths.database) else {
            print("database   none yet at \(paths.database)")
            return
        }
        let database = try AppDatabase.open(path: paths.database, create: false)
        let calendar = CaptureCalendar(timeZone: configuration.timeZone)
        if let last = try database.lastFiled() {
            print("last filed #\(last.id ?? 0) \"\(last.word)\" at \(calendar.iso8601(last.createdAt)) from \(last.sourceName)")
        } else {
            print("last filed nothing yet")
        }
        print("words      \(try database.wordCount()) (\(try database.wordCount(status: .proposed)) waiting for you)")
    }
}
