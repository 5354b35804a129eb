import ArgumentParser
import Foundation
import WordBookCommandLine
import WordBookGloss
import WordBookSettings
import WordBookStore
import WordBookVocabulary

struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show whether the worker runs, what waits in the inbox, what failed, and what was filed last.",
        discussion: "Example: wordbook status")

    @OptionGroup var options: GlobalOptions

    @Flag(help: "Print one JSON document.")
    var json = false

    struct StatusJSON: Encodable {
        struct Last: Encodable {
            var id: Int64
            var word: String
            var filedAt: String
            var source: String
        }

        /// Whether a worker holds the database's lock, and its pid when known.
        var worker: Bool
        var workerPid: Int32?
        /// What the worker says is wrong (its inbox watch lost); absent while all is well.
        var workerNote: String?
        var inbox: String
        var waiting: Int
        var failedFolder: String
        var failed: Int
        var database: String
        var words: Int?
        var pending: Int?
        var confirmedOnFiling: Int?
        var lastFiled: Last?
        /// Debian packages that would give the words' languages a gloss; empty when none is missing.
        var glossMissingPackages: [String]
        /// Why photos are read by Tesseract alone, when the scene-text models are missing.
        var sceneTextMissing: String?
        /// Why photos are read by Tesseract alone, when the scene-text library (or OpenCV) is missing.
        var sceneTextLibraryMissing: String?
        /// The Debian package that would let the scene-text library load, when OpenCV is what is missing.
        var sceneTextMissingPackage: String?
    }

    func run() throws {
        let configuration = try options.loadConfiguration()
        let paths = try options.paths(configuration)
        let report = try StatusReport(configuration: configuration, paths: paths)
        if json {
            var status = StatusJSON(worker: report.worker != nil, workerPid: report.worker?.pid, workerNote: report.worker?.note ?? report.lastNote,
                                    inbox: paths.inbox, waiting: report.waiting, failedFolder: paths.failed, failed: report.failed.count,
                                    database: paths.database, glossMissingPackages: report.glossMissingPackages ?? [],
                                    sceneTextMissing: report.sceneTextMissing)
            status.sceneTextLibraryMissing = report.sceneTextLibraryMissing?.description
            status.sceneTextMissingPackage = report.sceneTextLibraryMissing?.missingPackage
            if let error = report.databaseError { throw error }
            if let database = report.database {
                status.words = try database.wordCount()
                status.pending = try database.wordCount(status: .proposed)
                status.confirmedOnFiling = try database.confirmedOnFilingCount()
                status.lastFiled = try database.lastFiled().map {
                    StatusJSON.Last(id: $0.id ?? 0, word: $0.word, filedAt: report.calendar.iso8601($0.createdAt), source: $0.sourceName)
                }
            }
            try printJSON(status)
            return
        }
        for line in report.lines() {
            print(line.label.padding(toLength: 10, withPad: " ", startingAt: 0) + " " + line.text.escapingControlCharacters)
        }
        // What was said is said; the exit status still tells a script the word book cannot be read.
        if let error = report.databaseError { throw error }
    }
}
