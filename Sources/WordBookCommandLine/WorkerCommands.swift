import ArgumentParser
import Foundation
import WordBookVocabulary

/// The commands that recognise photos or write Anki packages, as both executables describe them:
/// `wordbook` hands them to `wordbook-worker`, which does the work.
public enum WorkerCommands {
    public static let run = CommandConfiguration(
        commandName: "run",
        abstract: "Watch the inbox and file every photo that arrives (what systemd starts).",
        discussion: """
            Photos in inbox/de/, inbox/fr/ or inbox/es/ are read as German, French or Spanish. \
            Filed originals move to archive/DAY/, unreadable ones to failed/ with NAME.error.txt. \
            SIGTERM finishes the photos in flight and exits. One worker per database and per inbox: \
            a second run on either exits at once with status 1, naming the worker that holds it.

            Example: wordbook run --config ~/.config/wordbook/config.toml
            """)

    public static let ingest = CommandConfiguration(
        commandName: "ingest",
        abstract: "File photos once, without the watcher; the files stay where they are.",
        discussion: """
            Folders are read with everything under them. With --json, one JSON object per input on \
            its own line: file, status (filed, duplicate or failed), id, word, confidence, candidates, \
            book, nextReview, or error. Photos in an inbox that a running worker watches are left to \
            it, with a note on stderr (and status 1 when nothing else is left to file).

            Example: wordbook ingest ~/Pictures/trip --language de --json
            """)
}

/// `run`'s options.
public struct RunArguments: ParsableArguments {
    public init() {}

    @OptionGroup public var options: GlobalOptions

    @OptionGroup public var worker: WorkerOption

    // For bench/throughput.py: one JSON line per photo with the milliseconds of each stage.
    @Option(help: .hidden)
    public var timings: Path?
}

/// `ingest`'s options and paths.
public struct IngestArguments: ParsableArguments {
    public init() {}

    @OptionGroup public var options: GlobalOptions

    @Argument(help: ArgumentHelp("Photos or folders of photos.", valueName: "path"))
    public var paths: [Path]

    @Flag(help: "Print one JSON object per input.")
    public var json = false

    @Option(help: ArgumentHelp("The language of the words: \(Language.allowedNames) (default: recognition.default_language).", valueName: "L"),
            completion: .list(Language.allValueStrings), transform: Language.option)
    public var language: Language?

    @OptionGroup public var worker: WorkerOption

    // For bench/throughput.py: one JSON line per photo with the milliseconds of each stage.
    @Option(help: .hidden)
    public var timings: Path?

    @Flag(help: .hidden)
    public var timingsFullDecode = false

    public func validate() throws {
        if timingsFullDecode && timings == nil {
            throw ValidationError("--timings-full-decode needs --timings.")
        }
    }
}
