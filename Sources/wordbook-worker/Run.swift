import Foundation
import ArgumentParser
import Logging
import WordBookCapture
import WordBookCommandLine
import WordBookSettings
import WordBookStore

struct Run: AsyncParsableCommand {
    static let configuration = WorkerCommands.run

    @OptionGroup var arguments: RunArguments

    func run() async throws {
        try OpenFilesLimit.check()
        let options = arguments.options
        var configuration = try options.loadConfiguration()
        if let workers = arguments.worker.workers { configuration.workers = workers }
        let paths = try options.paths(configuration)
        try paths.checkOverlaps()
        // Before the database opens: a second worker must not even migrate it.
        let lock = try WorkerLock.acquire(paths: paths)
        let logger = makeLogger("wordbook.run")
        if let reason = lock.inboxNotLocked {
            logger.warning("\(paths.inbox) could not be locked (\(reason)): a second worker on it with another database would not be noticed")
        }
        // A new word book: its inbox must be one a learner's photos arrive in.
        if !FileManager.default.fileExists(atPath: paths.database) {
            try UnlikelyInbox.check(paths: paths, rules: IgnoreRules(extraPatterns: configuration.ignore))
        }
        let database = try AppDatabase.open(path: paths.database, create: true)
        let service = InboxService(
            configuration: configuration, paths: paths, database: database, logger: logger,
            timingsLog: try arguments.timings.map { try TimingsLog(path: $0.path) }, workerLock: lock)
        // The lock is held for as long as the worker runs: the kernel lets it go when the process ends.
        defer { withExtendedLifetime(lock) {} }
        try await service.run()
        // Its filer threads are still in Tesseract: ending the process runs no C++ destructors under them.
        if service.leftPhotosInFlight { fflush(nil); _exit(0) }
    }
}
