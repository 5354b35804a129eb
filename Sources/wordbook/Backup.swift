import ArgumentParser
import Foundation
import WordBookCommandLine
import WordBookSettings
import WordBookStore
import WordBookVocabulary

struct Export: ParsableCommand {
    static let configuration = WorkerCommands.export

    @OptionGroup var arguments: ExportArguments

    func run() throws {
        // An Anki package needs libarchive, which wordbook-worker links.
        if arguments.format == .apkg {
            try WorkerHandOff.replaceProcess(arguments: Array(CommandLine.arguments.dropFirst()))
        }
        let (database, configuration) = try arguments.options.openExisting()
        try backUp(database, calendar: configuration.calendar)
    }

    private func backUp(_ database: AppDatabase, calendar: CaptureCalendar) throws {
        let written: (books: Int, words: Int)
        do {
            let file = try ReplacementFile(replacing: arguments.file.path)
            if arguments.format == .csv {
                let document = try database.exportDocument()
                try file.write(Data(try CSV.words(document, calendar: calendar).utf8))
                written = (document.books.count, document.words.count)
            } else {
                // A word at a time: the file never passes through memory whole.
                written = try database.exportBackup { data throws(WriteError) in try file.write(data) }
            }
            try file.commit()
        } catch let error as WriteError {
            throw CommandFailure("\(arguments.file) could not be written: \(error).")
        }
        print("Exported \(written.words) word\(written.words == 1 ? "" : "s") in \(written.books) book\(written.books == 1 ? "" : "s") to \(arguments.file).")
    }
}

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Restore a JSON backup; words already in the word book are left as they are.",
        discussion: "Example: wordbook import ~/wordbook-backup.json")

    @OptionGroup var options: GlobalOptions

    @Argument(help: ArgumentHelp("A file written by wordbook export.", valueName: "file"))
    var file: Path

    func run() throws {
        let configuration = try options.loadConfiguration()
        let descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw CommandFailure("\(file) does not exist or cannot be read.")
        }
        defer { close(descriptor) }
        // Read and checked to its end before the word book is opened, so a file that is no backup
        // changes nothing, and makes no word book where there was none.
        let backup: StagedBackup
        do {
            backup = try StagedBackup(BackupFile(descriptor: descriptor))
        } catch let error as BackupFileError {
            if case .unreadable = error { throw CommandFailure("\(file) does not exist or cannot be read: \(error).") }
            throw CommandFailure("\(file) is not a WordBook backup (wordbook export writes one): \(error); nothing was imported.")
        }
        let database = try AppDatabase.open(path: try options.paths(configuration).database, create: true)
        let summary = try database.importBackup(backup)
        print("Imported \(summary.words) word\(summary.words == 1 ? "" : "s"), \(summary.books) book\(summary.books == 1 ? "" : "s"), \(summary.tags) tag\(summary.tags == 1 ? "" : "s"); \(summary.duplicates) already there.")
    }
}

struct Prune: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prune",
        abstract: "Delete word books older than a number of days, with their words and photos.",
        discussion: """
            Says how many books and words would go and asks first, unless --yes.

            Example: wordbook prune --older-than 365
            """)

    @OptionGroup var options: GlobalOptions

    // Unconditional: `--older-than -3` is a value the learner gets told about, not a missing one.
    @Option(parsing: .unconditional, help: ArgumentHelp("Books whose day is more than this many days ago.", valueName: "days"))
    var olderThan: Int

    @Flag(help: "Do not ask.")
    var yes = false

    func validate() throws {
        if olderThan < 0 { throw ValidationError("--older-than must be 0 or more days.") }
    }

    func run() throws {
        let (database, configuration) = try options.openExisting()
        let calendar = configuration.calendar
        let cutoff = calendar.day(of: calendar.adding(days: -olderThan, to: Date()))
        let doomed = try database.booksBefore(cutoff)
        guard doomed.books > 0 else {
            print("No word book is older than \(olderThan) days.")
            return
        }
        let what = "\(doomed.books) word book\(doomed.books == 1 ? "" : "s") from before \(cutoff) with \(doomed.words) word\(doomed.words == 1 ? "" : "s")"
        if !yes {
            let answer = ask("Delete \(what)? [y/N] ")?.trimmingCharacters(in: .whitespaces).lowercased()
            guard answer == "y" || answer == "yes" else {
                print("Nothing deleted.")
                return
            }
        }
        let deleted = try database.prune(before: cutoff)
        print("Deleted \(deleted.books) word book\(deleted.books == 1 ? "" : "s") and \(deleted.words) word\(deleted.words == 1 ? "" : "s").")
    }
}

/// Words as comma-separated values (RFC 4180), for spreadsheets: the fields `--json` shows.
enum CSV {
    /// The first columns, in the order spreadsheets made from earlier exports expect; the word's
    /// other fields follow in the record's order.
    static let leadingColumns = ["id", "word", "status", "language", "book", "capturedAt", "nextReview", "mastery",
                                 "reviewCount", "reviewInterval", "confidence", "proposedWord", "candidates", "context",
                                 "notes", "tags", "source"]

    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    static func words(_ document: BackupDocument, calendar: CaptureCalendar) throws -> String {
        let days = Dictionary(uniqueKeysWithValues: document.books.map { ($0.id, $0.recordDate) })
        let rows = try document.words.map { entry in
            let row = CSVRowSink()
            try WordFields.write(WordListing(word: entry.word, book: days[entry.word.wordBookId] ?? "", tags: entry.tags),
                                 to: row, calendar: calendar)
            if let refusal = row.refusal { throw refusal }
            return row.cells
        }
        let columns = leadingColumns + (rows.first ?? []).map(\.name).filter { !leadingColumns.contains($0) }
        var lines = [columns.joined(separator: ",")]
        for row in rows {
            let values = Dictionary(row, uniquingKeysWith: { first, _ in first })
            lines.append(columns.map { field(values[$0] ?? "") }.joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }
}
