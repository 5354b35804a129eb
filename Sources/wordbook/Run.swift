import ArgumentParser
import WordBookCommandLine

/// Handed to wordbook-worker, which links the recognition libraries this command line does not.
struct Run: ParsableCommand {
    static let configuration = WorkerCommands.run

    @OptionGroup var arguments: RunArguments

    func run() throws {
        try WorkerHandOff.replaceProcess(arguments: Array(CommandLine.arguments.dropFirst()))
    }
}

struct Ingest: ParsableCommand {
    static let configuration = WorkerCommands.ingest

    @OptionGroup var arguments: IngestArguments

    func run() throws {
        try WorkerHandOff.replaceProcess(arguments: Array(CommandLine.arguments.dropFirst()))
    }
}
