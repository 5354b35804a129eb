import ArgumentParser
import WordBookCommandLine

/// The half of WordBook that links Tesseract, Leptonica and libarchive: what `wordbook run`,
/// `wordbook ingest` and `wordbook export --format apkg` hand over to, and what systemd starts.
struct WorkerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wordbook-worker",
        abstract: "Recognise and file photos, and write Anki packages: the work wordbook hands over.",
        discussion: "Started by wordbook run, wordbook ingest and wordbook export --format apkg, and by the systemd unit.",
        version: wordBookVersion,
        subcommands: [Run.self, Ingest.self, AnkiExportCommand.self]
    )
}

await runAsyncCommandLine(WorkerCommand.self)
