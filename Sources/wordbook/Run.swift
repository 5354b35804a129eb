import ArgumentParser
import WordBookKit

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Watch the inbox and file every photo that arrives (what systemd starts).",
        discussion: """
            Photos in inbox/de/, inbox/fr/ or inbox/es/ are read as German, French or Spanish. \
            Filed originals move to archive/DAY/, unreadable ones to failed/ with NAME.error.txt. \
            SIGTERM finishes the photos in flight and exits. One worker per database and per inbox: \
            a second run on either exits at once with status 1, naming the worker that holds it.

            Example: wordbook run --config ~/.config/wordbook/config.toml
            """)

    @OptionGroup var options: GlobalOptions

    @OptionGroup var worker: WorkerOption

    // For bench/throughput.py: one JSON line per photo with the milliseconds of each stage.
    @Option(help: .hidden)
    var timings: Path?

    func run() throws {
        var configuration = try options.loadConfiguration()
        if let workers = worker.workers { configuration.workers = workers }
        let paths = try options.paths(configuration)
        // Before the database opens: a second worker must not even migrate it.
        let lock = try WorkerLock.acquire(paths: paths)
        let logger = makeLogger("wordbook.run")
        if let reason = lock.inboxNotLocked {
            logger.warning("\(paths.inbox) could not be locked (\(reason)): a second worker on it with another database would not be noticed")
        }
        let database = try AppDatabase.open(path: paths.database, create: true)
        let service = InboxService(
            configuration: configuration, paths: paths, database: database, logger: logger,
            timingsLog: try timings.map { try TimingsLog(path: $0.path) })
        try withExtendedLifetime(lock) { try service.run() }
    }
}
