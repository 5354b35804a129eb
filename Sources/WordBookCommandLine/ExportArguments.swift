import ArgumentParser
import Foundation

extension WorkerCommands {
    public static let export = CommandConfiguration(
        commandName: "export",
        abstract: "Back up the word book to one file (JSON with photos, or CSV), or export words to Anki (apkg).",
        discussion: """
            JSON holds books, words, tags, review history and the photos (base64); wordbook import \
            restores it. CSV has one row per word and no photos.

            apkg is an Anki package: one note per word with its photo on the front and the word, \
            context and notes on the back, in a deck per language (WordBook::German, ...). \
            --from, --to, --language, --status and --tag choose the words as for list; rejected \
            words stay out unless --status rejected asks for them. Words already graded keep their \
            next review day and interval; the others arrive as new cards. Tags come along with \
            spaces turned into underscores. Importing a later export into Anki updates the notes it \
            already has instead of adding them again.

            Examples:
              wordbook export ~/wordbook-backup.json
              wordbook export --format csv words.csv
              wordbook export --format apkg ~/german.apkg --language de --status confirmed
            """)
}

/// `export`'s options: the file, its format, and for apkg the words to export.
public struct ExportArguments: ParsableArguments {
    public enum Format: String, ExpressibleByArgument, CaseIterable, Sendable {
        case json, csv, apkg
    }

    public init() {}

    @OptionGroup public var options: GlobalOptions

    @Argument(help: ArgumentHelp("The file to write.", valueName: "file"))
    public var file: Path

    @Option(help: "json (the default), csv, or apkg for Anki.")
    public var format: Format = .json

    /// apkg only.
    @OptionGroup public var filter: WordFilter

    public func validate() throws {
        if format != .apkg && !filter.isEmpty {
            throw ValidationError("--language, --from, --to, --status and --tag choose words for --format apkg; a \(format.rawValue) backup holds every word.")
        }
    }
}
