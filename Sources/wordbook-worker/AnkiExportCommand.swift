import ArgumentParser
import Foundation
import WordBookAnki
import WordBookCommandLine
import WordBookSettings
import WordBookStore
import WordBookVocabulary

/// `export --format apkg`: the Anki package, written with libarchive.
struct AnkiExportCommand: ParsableCommand {
    static let configuration = WorkerCommands.export

    @OptionGroup var arguments: ExportArguments

    func validate() throws {
        guard arguments.format == .apkg else {
            throw ValidationError("wordbook-worker writes Anki packages only; wordbook export writes \(arguments.format.rawValue) itself.")
        }
    }

    func run() throws {
        let (database, configuration) = try arguments.options.openExisting()
        let calendar = configuration.calendar
        try exportToAnki(database, calendar: calendar, desiredRetention: configuration.desiredRetention)
    }

    private func exportToAnki(_ database: AppDatabase, calendar: CaptureCalendar, desiredRetention: Double) throws {
        let query = try arguments.filter.applied(to: WordQuery(), calendar: calendar)
        let summary = try AnkiExport(database: database, calendar: calendar, desiredRetention: desiredRetention).write(query, to: arguments.file.path)
        let notes = "\(summary.notes) word\(summary.notes == 1 ? "" : "s")"
        let cards = "\(summary.reviewCards) with review history, \(summary.newCards) new"
        print("Exported \(notes) (\(cards)) and \(summary.photos) photo\(summary.photos == 1 ? "" : "s") to \(arguments.file), in \(summary.decks.joined(separator: ", ")).")
        if summary.withoutWord > 0 {
            print("Left out \(summary.withoutWord) proposal\(summary.withoutWord == 1 ? "" : "s") with no word yet: wordbook triage or correct gives them one.")
        }
    }
}
