import Foundation
import Glibc
import Logging
import ServiceLifecycle
import Synchronization
import UnixSignals
import WordBookPipeline
import WordBookSettings
import WordBookStore
import WordBookVocabulary

/// `wordbook run`: watches the inbox, files every photo that arrives, and disposes of the original.
/// Its parts run as services of one `ServiceGroup`: the inotify reader, the housekeeping, the
/// watchdog and the filing. SIGTERM, SIGINT and SIGHUP stop them gracefully; a part that fails
/// stops the others, and the worker ends with the reason and a non-zero status.
public final class InboxService: Service {
    private struct State {
        /// What is decided for each photo: retries, settling, counts, the halt.
        var ledger = InboxLedger()
        var unknownFolders = Set<String>()
        var inFlight = Set<String>()
        var lastProgress = Date()
        var stopping = false
        /// The photos still being filed when the stop's time ran out.
        var abandoned: [String] = []
    }

    private let configuration: Configuration
    private let paths: DataPaths
    private let database: AppDatabase
    let logger: Logger
    let notifier: SystemdNotifier
    private let queue = WorkQueue()
    private let disposal: Disposal
    private let scanner: InboxScanner
    private let state = Mutex(State())
    private let timingsLog: TimingsLog?
    /// Where `status` reads the worker's health; the inbox's lock is taken again on an inbox made again.
    let workerLock: WorkerLock?
    /// Opens once the filers are ready and the inbox is watched.
    let started = StartGate()

    /// A worker stuck this long on photos is unhealthy: the watchdog stops being fed and systemd restarts us.
    static let stallLimit: TimeInterval = 600

    /// How long a file found by a scan must stay unmodified before it is taken.
    static let settleTime = FailureVerdict.settleTime
    static let retryDelay = InboxLedger.retryDelay
    static let memoryAttempts = InboxLedger.memoryAttempts

    /// With a `timingsLog`, each photo's stage timings go to it.
    public init(configuration: Configuration, paths: DataPaths, database: AppDatabase, logger: Logger,
                notifier: SystemdNotifier = SystemdNotifier(), timingsLog: TimingsLog? = nil, workerLock: WorkerLock? = nil) {
        self.timingsLog = timingsLog
        self.workerLock = workerLock
        self.configuration = configuration
        self.paths = paths
        self.database = database
        self.logger = logger
        self.notifier = notifier
        disposal = Disposal(paths: paths, afterFiling: configuration.afterFiling)
        scanner = InboxScanner(paths: paths, rules: IgnoreRules(extraPatterns: configuration.ignore))
    }

    /// Runs until SIGTERM, SIGINT or SIGHUP, then finishes the photos in flight and returns; throws
    /// when a part of the worker failed or the database is damaged.
    public func run() async throws {
        for folder in [paths.inbox, paths.archive, paths.failed] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        let watcher = try InotifyWatcher(
            scanner: scanner, logger: logger,
            onFile: { [self] path in queue.push(path) },
            onUndecodable: { [self] name in giveShownName(name) },
            onOverflow: { [self] in scan() },
            onRootLost: { [self] in
                let note = "the inbox \(paths.inbox) was deleted or renamed at \(configuration.calendar.iso8601(Date())); photos wait until it is made again"
                logger.error("\(note), and the watch is armed again then")
                workerLock?.record(note: note)
                notifier.notify("STATUS=\(note)")
            })
        // Shut down in reverse: the filing first (the queue closes at once, the photos in flight are
        // finished while the watchdog is still fed), the inotify reader last.
        let services: [any Service] = [
            WatchService(inbox: self, watcher: watcher),
            HousekeepingService(inbox: self, watcher: watcher),
            WatchdogService(inbox: self),
            FilingService(inbox: self, watcher: watcher),
        ]
        var groupConfiguration = ServiceGroupConfiguration(
            services: services.map {
                .init(service: $0, successTerminationBehavior: .gracefullyShutdownGroup,
                      failureTerminationBehavior: .gracefullyShutdownGroup)
            },
            gracefulShutdownSignals: [.sigterm, .sigint, .sighup],
            logger: logger)
        // Past it the group cancels its services: the filing stops waiting for its threads.
        groupConfiguration.maximumGracefulShutdownDuration = .seconds(configuration.stopTimeout)
        let group = ServiceGroup(configuration: groupConfiguration)
        do {
            try await group.run()
        } catch {
            // A worker that could not start has nothing to account for.
            if isStopping { logger.info("stopped: \(statusLine())") }
            throw error
        }
        let abandoned = state.withLock { $0.abandoned }
        if abandoned.isEmpty {
            logger.info("stopped: \(statusLine())")
        } else {
            let names = abandoned.joined(separator: ", ")
            logger.warning("stopped: \(statusLine()); \(names) still being filed after \(configuration.stopTimeout) s (capture.stop_timeout): \(abandoned.count == 1 ? "it stays" : "they stay") in the inbox, to be filed at the next start")
        }
        workerLock?.record(note: nil)
    }

    /// Whether the stop's time ran out with photos still being filed: their threads cannot be stopped
    /// mid-photo, so the process must end at once (`_exit`), as systemd's SIGKILL would end it.
    public var leftPhotosInFlight: Bool { state.withLock { !$0.abandoned.isEmpty } }

    /// Starts the filer threads, each with its filer built, watches the inbox and scans it, says
    /// READY=1, then files until the queue closes. Throws when the worker cannot start, or stopped itself.
    func startAndFile(watcher: InotifyWatcher) async throws {
        defer { started.open(started: false) }
        let build = PhotoFiler.builder(database: database, configuration: configuration, language: configuration.defaultLanguage)
        let pool = try await onOwnThread(named: "start") { [self] in
            try FilerPool(
                count: configuration.workerCount, named: "worker",
                build: { [self] index in
                    let filer = try build(index)
                    if index == 0 { try announce(filer) }
                    return filer
                },
                work: { [self] filer in work(with: filer) })
        }
        if !isStopping {
            do {
                try watcher.start()
            } catch {
                queue.close()
                _ = await pool.done()
                throw error
            }
            scan()
            if let problem = SceneText.problem(configuredFolder: configuration.models) { logger.warning("\(problem)") }
            let workers = configuration.workerCount
            logger.info("watching \(paths.inbox) with \(workers) worker\(workers == 1 ? "" : "s"); filing into \(paths.database)")
            notifier.notify("READY=1\nSTATUS=\(statusLine())", mayDrop: false)
            started.open(started: true)
        }
        if await !pool.done() {
            // The stop's time ran out: what is in flight stays in the inbox, named in the last line.
            state.withLock { $0.abandoned = $0.inFlight.map(disposal.relativeName(of:)).sorted() }
            return
        }
        if let reason = state.withLock({ $0.ledger.halted }) { throw WorkerHalted(reason: reason) }
    }

    /// Says which languages and readers the worker reads with and which glosses it gives, and makes
    /// an inbox folder for each installed language, so a photo can be dropped into inbox/de/ on a fresh install.
    private func announce(_ filer: PhotoFiler) throws {
        let languages = try filer.installedLanguages()
        logger.info("reading \(languages.map(\.code).joined(separator: ", ")) with \(SceneText.problem(configuredFolder: configuration.models) == nil ? "the scene-text reader and Tesseract" : "Tesseract alone")")
        let started = Date()
        let glosses = filer.prepareGlosses(languages)
        if !glosses.isEmpty {
            logger.info("glosses in \(configuration.nativeLanguage) (dictionaries opened in \(String(format: "%.1f", Date().timeIntervalSince(started))) s): \(glosses.joined(separator: "; "))")
        }
        for language in languages {
            let folder = "\(paths.inbox)/\(language.code)"
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                logger.warning("could not create the language folder \(folder): \(error.localizedDescription)")
            }
        }
    }

    private var isStopping: Bool { state.withLock { $0.stopping } }

    /// Closes the queue first, so that what the log names as waiting is what stays in the inbox.
    func beginStopping() {
        let first = state.withLock { state in
            defer { state.stopping = true }
            return !state.stopping
        }
        guard first else { return }
        queue.close()
        logger.info("stopping: \(stoppingLine())")
        notifier.notify("STOPPING=1", mayDrop: false)
    }

    /// A part of the worker failed: the log, `status` (through the lock file) and systemd's STATUS= say why.
    func reportFailure(_ error: any Error) {
        logger.critical("\(error); the worker stops, so that it is started again (photos wait in the inbox)")
        workerLock?.record(note: "stopped at \(configuration.calendar.iso8601(Date())): \(error)")
        notifier.notify("STATUS=stopped: \(error)", mayDrop: false)
    }

    /// One round of housekeeping: an inbox made again is watched and locked again (a second worker
    /// is refused on it as on the first), settled files are taken, and the inbox is rescanned when due.
    func keepHouse(watcher: InotifyWatcher, lastRescan: inout Date) throws {
        if state.withLock({ $0.ledger.halted == nil }), let log = database.lostWriteAheadLog() {
            let reason = database.lostWriteAheadLogReason(log)
            return halt("every photo stays in the inbox: \(reason)", reason: reason)
        }
        watcher.checkInbox()
        if watcher.rearm() {
            try workerLock?.lockInboxAgain(paths.inbox)
            logger.info("the inbox \(paths.inbox) is there again: watching it again\(workerLock?.inboxNotLocked == nil && workerLock != nil ? ", and it is locked against a second worker again" : "")")
            workerLock?.record(note: nil)
            scan()
        }
        takeSettledFiles()
        if configuration.rescanInterval > 0, Date().timeIntervalSince(lastRescan) >= Double(configuration.rescanInterval) {
            lastRescan = Date()
            scan()
        }
    }

    /// Healthy while nothing waits, or while photos keep getting done.
    var isHealthy: Bool {
        let (busy, last) = state.withLock { ($0.inFlight, $0.lastProgress) }
        return (busy.isEmpty && queue.count == 0) || Date().timeIntervalSince(last) < Self.stallLimit
    }

    /// The photos being finished, by name, and how many wait for the next start.
    private func stoppingLine() -> String {
        let names = state.withLock { $0.inFlight }.map(disposal.relativeName(of:)).sorted()
        let waiting = queue.count
        let finishing = names.isEmpty
            ? "no photo in flight"
            : "finishing \(names.count) photo\(names.count == 1 ? "" : "s") in flight (\(names.joined(separator: ", ")))"
        return "\(finishing); \(waiting) waiting stay\(waiting == 1 ? "s" : "") in the inbox for the next start"
    }

    private func statusLine() -> String {
        let ledger = state.withLock { $0.ledger }
        let held = ledger.retryLater.count
        var line = "filed \(ledger.filed), duplicates \(ledger.duplicates), failed \(ledger.failed), waiting \(queue.count)"
        if held > 0 { line += ", \(held) held back to be tried again (see the log)" }
        return line
    }

    /// Queues every file in the inbox; files modified in the last moments wait until they settle.
    private func scan() {
        // Renamed first, then listed with the rest, so that they settle like the rest.
        scanner.undecodableNames().forEach { giveShownName($0, queueing: false) }
        let now = Date()
        for path in scanner.files() {
            let modified = InboxScanner.modificationDate(path)
            if let modified, FailureVerdict.mayBeWriting(modified: modified, now: now) {
                state.withLock { $0.ledger.settle(path, seenAt: now) }
            } else {
                if let modified, modified.timeIntervalSince(now) >= Self.settleTime {
                    logger.info("\(disposal.relativeName(of: path)) was modified at \(configuration.calendar.iso8601(modified)), in the future (a clock ahead, or a copy that kept such a time): it is taken as settled")
                }
                queue.push(path)
            }
        }
    }

    /// A name that is not UTF-8 is renamed to how it is shown (`caf%E9.jpg`), and the log says so;
    /// the photo under its new name is then filed like any other.
    private func giveShownName(_ name: UndecodableName, queueing: Bool = true) {
        do {
            let renamed = try NameRepair.rename(name)
            logger.warning("\(name.shownPath) has a name that is not UTF-8: renamed to \(renamed) to be filed")
            guard queueing else { return }
            var info = stat()
            if lstat(renamed, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
                scanner.files(under: renamed).forEach { queue.push($0) }
            } else {
                queue.push(renamed)
            }
        } catch {
            logger.error("\(error); it stays in the inbox, and the next scan tries again")
        }
    }

    private func takeSettledFiles() {
        let now = Date()
        state.withLock { $0.ledger.due(at: now, modified: InboxScanner.modificationDate) }.forEach { queue.push($0) }
    }

    /// The language a photo's folder names: `inbox/de/x.jpg` is German; anything else the default.
    func language(of path: String) -> Language {
        let components = disposal.relativeName(of: path).split(separator: "/")
        guard components.count >= 2 else { return configuration.defaultLanguage }
        let folder = String(components[0])
        if let language = Language(name: folder) { return language }
        let first = state.withLock { $0.unknownFolders.insert(folder).inserted }
        if first {
            logger.warning("the inbox folder '\(folder)' names no known language (\(Language.allowedNames)); its photos are read as \(configuration.defaultLanguage)")
        }
        return configuration.defaultLanguage
    }

    /// How long the inbox stays quiet before a worker thread lets go of what it keeps between photos
    /// (`PhotoFiler.letGoOfMemory`): a phone's photos sync within seconds of each other, and a burst
    /// keeps its buffers; a worker that waits for the next day's photos holds 100 MB less.
    static let idleBeforeLettingGo = Duration.seconds(10)

    private func work(with filer: PhotoFiler) {
        while let path = queue.pop(idle: Self.idleBeforeLettingGo, whenIdle: filer.letGoOfMemory) {
            state.withLock { _ = $0.inFlight.insert(path) }
            // Another file renamed over this one's name while it was filed: taken as soon as this one is done.
            var replaced = false
            defer {
                state.withLock { state in
                    state.inFlight.remove(path)
                    state.lastProgress = Date()
                }
                queue.finish(path)
                if replaced { queue.push(path) }
            }
            let name = disposal.relativeName(of: path)
            if let copy = state.withLock({ $0.ledger.leftBehind.removeValue(forKey: path) }), Disposal.sameFile(path, copy) {
                remove(path, copy: copy)
                continue
            }
            let observer = timingsLog == nil ? nil : StageObserver()
            let (outcome, identity) = filer.attempt(path: path, name: name, language: language(of: path), observer: observer)
            if let observer, let error = timingsLog?.write(observer.finished().jsonLine(file: name, outcome: outcome.name)) {
                logger.warning("the timings of \(name) could not be written: \(error)")
            }
            let next = state.withLock { $0.ledger.record(outcome, for: path, at: Date()) }
            switch next {
            case let .archive(day):
                if case let .filed(word, book) = outcome {
                    logger.info("filed \(name) as \"\(word.word)\" (#\(word.id ?? 0), confidence \(word.confidence), book \(book))")
                } else if case let .duplicate(word, _, _) = outcome {
                    logger.info("\(name) repeats #\(word.id ?? 0) (\"\(word.word)\"); not filed again")
                }
                replaced = !archive(path, day: day, identity: identity)
            case .settle:
                // Perhaps still being written: tried again once it has been left alone.
                logger.debug("\(name) is tried again once it is left alone: \(outcome.reason ?? "")")
                continue
            case let .fail(reason):
                replaced = !fail(path, name: name, identity: identity, reason: reason)
            case let .holdBack(attempt):
                let tries = attempt.map { " (try \($0) of \(Self.memoryAttempts))" } ?? ""
                logger.warning("\(name) stays in the inbox and is tried again in \(Int(Self.retryDelay)) s\(tries): \(outcome.reason ?? "")")
            case .nothing:
                break
            case let .halt(first):
                // Not the photo's fault: it stays in the inbox, and so does every other.
                let reason = outcome.reason ?? "the word book cannot be written"
                if first { stop("\(name) stays in the inbox, as every photo does: \(reason)", reason: reason) }
            }
            notifier.notify("STATUS=\(statusLine())")
        }
    }

    /// The worker stops of itself, once, for a reason of the database's: it cannot be written safely.
    private func halt(_ message: String, reason: String) {
        guard state.withLock({ $0.ledger.halt(reason) }) else { return }
        stop(message, reason: reason)
    }

    /// Says why the worker stops, then stops it.
    private func stop(_ message: String, reason: String) {
        logger.critical("\(message); the worker stops")
        workerLock?.record(note: "stopped at \(configuration.calendar.iso8601(Date())): \(reason)")
        notifier.notify("STATUS=stopped: \(reason)", mayDrop: false)
        beginStopping()
    }

    /// A photo that cannot be filed goes to failed/ with its reason beside it. False when another file
    /// had taken its name, which stays in the inbox.
    private func fail(_ path: String, name: String, identity: FileIdentity? = nil, reason: String) -> Bool {
        logger.error("\(name) failed: \(reason)")
        do {
            try disposal.fail(path, reason: reason, identity: identity)
        } catch {
            return keep(path, after: error, saying: "\(name) could not be moved to failed/: \(error)")
        }
        return true
    }

    private func holdBack(_ path: String) {
        state.withLock { $0.ledger.holdBack(path, at: Date()) }
    }

    /// False when another file had taken the photo's name, which stays in the inbox.
    private func archive(_ path: String, day: String, identity: FileIdentity?) -> Bool {
        do {
            try disposal.archive(path, day: day, identity: identity)
        } catch {
            return keep(path, after: error, saying: "\(error)")
        }
        return true
    }

    /// A photo its disposal left in the inbox: the log says why, and it is tried again later. False
    /// when the file left is another one renamed over its name, to be filed at once.
    @discardableResult
    private func keep(_ path: String, after error: Error, saying message: String) -> Bool {
        if let error = error as? DisposalError, error.left == .replaced {
            logger.warning("\(error)")
            return false
        }
        if let error = error as? DisposalError, error.left == .vanished {
            logger.info("\(error)")
            return true
        }
        if let error = error as? DisposalError, case let .copied(copy) = error.left {
            state.withLock { $0.ledger.leftBehind[path] = copy }
        }
        logger.error("\(message); it stays in the inbox and is tried again in \(Int(Self.retryDelay)) s")
        holdBack(path)
        return true
    }

    /// The next try for a photo already where it was going: only its inbox name goes.
    private func remove(_ path: String, copy: String) {
        do {
            try disposal.finishMove(path, copy: copy)
            logger.info("\(disposal.relativeName(of: path)) is removed from the inbox at last; it is kept as \(copy)")
        } catch {
            keep(path, after: error, saying: "\(error)")
        }
    }
}

/// The worker stopped of itself: its database is damaged. The message is what the learner reads.
public struct WorkerHalted: Error, CustomStringConvertible {
    public let reason: String

    public var description: String { "the worker stopped, leaving every photo in the inbox: \(reason)" }
}
