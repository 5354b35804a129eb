import ArgumentParser
import Foundation
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

// Debian's libtesseract uses OpenMP, which reads OMP_THREAD_LIMIT once, as the process loads it:
// started without it (by hand, or by a unit that does not set it), the worker starts again with it
// set to 1, as wordbook and the units start it. Unlimited, each Tesseract call starts a team of
// threads that spin against the filer threads: 80 photos with 1 worker took 32.7 s instead of
// 15.7, and 34.6 s of CPU instead of 15.7, 10.4 of it in the kernel.
if ProcessInfo.processInfo.environment["OMP_THREAD_LIMIT"] == nil {
    try? WorkerHandOff.restart(arguments: Array(CommandLine.arguments.dropFirst()))
}
await runAsyncCommandLine(WorkerCommand.self)
