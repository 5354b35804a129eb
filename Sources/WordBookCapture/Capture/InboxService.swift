import Foundation
import Glibc
import Logging
import WordBookPipeline
import WordBookSettings
import WordBookStore

/// `wordbook run`: watches the inbox, files every photo that arrives, and disposes of the original.
public final class InboxService: @unchecked Sendable {
    private let configuration: Configuration
    private let paths: DataPaths
    private let database: AppDatabase
    private let logger: Logger
    private let notifier: SystemdNotifier
    private let queue = WorkQueue()
    private let disposal: Disposal
    private let scanner: InboxScanner
    private let lock = NSLock()
    private let timingsLog: TimingsLog?
    /// Where `status` reads the worker's health.
    private let workerLock: WorkerLock?
    /// Files seen by a scan while perhaps still being written, with the time they were first seen.
    private var settling: [String: Date] = [:]
    /// Photos that could not be filed or moved for reasons outside them, with when that happened.
    private var retryLater: [String: Date] = [:]
    /// Photos filed and linked to where they were going, whose inbox name could not be removed yet:
    /// the next try only removes it.
    private var leftBehind: [String: String] = [:]
    private var unknownFolders = Set<String>()
    private var counts = (filed: 0, duplicates: 0, failed: 0)
    private var inFlight = Set<String>()
    private var lastProgress = Date()
    /// Signalled to stop: by SIGTERM or SIGINT, or by a damaged database.
    private let stop = DispatchSemaphore(value: 0)
    /// Why the worker stopped of itself, when it did.
    private var halted: String?

    /// A worker stuck this long on photos is unhealthy: the watchdog stops being fed and systemd restarts us.
    static let stallLimit: TimeInterval = 600

    /// How long a file found by a scan must stay unmodified before it is taken.
    static let settleTime = FailureVerdict.settleTime
    /// How long a photo that hit a full disk or a busy database waits before the next try.
    static let retryDelay: TimeInterval = 15

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

    /// Runs until SIGTERM or SIGINT, then finishes the photos in flight and returns.
    public func run() throws {
        for folder in [paths.inbox, paths.archive, paths.failed] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        let signalSources = [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [stop] in stop.signal() }
            source.resume()
            return source
        }

        let workerCount = configuration.workerCount
        let glossary = PhotoFiler.glossary(for: configuration)
        let filers = try (0..<workerCount).map { _ in
            let filer = try PhotoFiler(database: database, configuration: configuration, glossary: glossary)
            try filer.prepare(configuration.defaultLanguage)
            return filer
        }
        // A folder per installed language, so a photo can be dropped into inbox/de/ on a fresh install.
        for language in try filers.first?.installedLanguages() ?? [] {
            let folder = "\(paths.inbox)/\(language.code)"
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                logger.warning("could not create the language folder \(folder): \(error.localizedDescription)")
            }
        }
        let workersDone = DispatchGroup()
        for (index, filer) in filers.enumerated() {
            workersDone.enter()
            let thread = Thread { [self] in
                work(with: filer)
                workersDone.leave()
            }
            thread.name = "worker-\(index + 1)"
            thread.start()
        }

        let watcher = try InotifyWatcher(
            scanner: scanner, logger: logger,
            onFile: { [self] path in queue.push(path) },
            onUndecodable: { [self] name in giveShownName(name) },
            onOverflow: { [self] in scan() },
            onRootLost: { [self] in
                let note = "the inbox \(paths.inbox) was deleted or renamed at \(CaptureCalendar(timeZone: configuration.timeZone).iso8601(Date())); photos wait until it is made again"
                logger.error("\(note), and the watch is armed again then")
                workerLock?.record(note: note)
                notifier.notify("STATUS=\(note)")
            })
        try watcher.start()
        scan()

        let housekeeping = DispatchSource.makeTimerSource(queue: .global())
        housekeeping.schedule(deadline: .now() + 1, repeating: 1)
        var lastRescan = Date()
        housekeeping.setEventHandler { [self] in
            watcher.checkInbox()
            if watcher.rearm() {
                logger.info("the inbox \(paths.inbox) is there again: watching it again")
                workerLock?.record(note: nil)
                scan()
            }
            takeSettledFiles()
            if configuration.rescanInterval > 0, Date().timeIntervalSince(lastRescan) >= Double(configuration.rescanInterval) {
                lastRescan = Date()
                scan()
            }
        }
        // systemd wants WATCHDOG=1 at least every half of WATCHDOG_USEC: ping twice as often as that.
        var watchdog: DispatchSourceTimer?
        if let half = notifier.watchdogPing {
            let timer = DispatchSource.makeTimerSource(queue: .global())
            timer.schedule(deadline: .now(), repeating: half / 2)
            timer.setEventHandler { [self] in
                if isHealthy { notifier.notify("WATCHDOG=1") }
            }
            timer.resume()
            watchdog = timer
        }
        housekeeping.resume()

        if let problem = SceneText.problem(configuredFolder: configuration.models) { logger.warning("\(problem)") }
        logger.info("watching \(paths.inbox) with \(workerCount) worker\(workerCount == 1 ? "" : "s"); filing into \(paths.database)")
        notifier.notify("READY=1\nSTATUS=\(statusLine())", mayDrop: false)

        stop.wait()
        // Closed first, so that what the log names as waiting is what stays in the inbox.
        queue.close()
        logger.info("stopping: \(stoppingLine())")
        notifier.notify("STOPPING=1", mayDrop: false)
        housekeeping.cancel()
        watchdog?.cancel()
        watcher.stop()
        workersDone.wait()
        signalSources.forEach { $0.cancel() }
        logger.info("stopped: \(statusLine())")
        if let reason = lock.withLock({ halted }) { throw WorkerHalted(reason: reason) }
        workerLock?.record(note: nil)
    }

    /// Healthy while nothing waits, or while photos keep getting done.
    private var isHealthy: Bool {
        let (busy, last) = lock.withLock { (inFlight, lastProgress) }
        return (busy.isEmpty && queue.count == 0) || Date().timeIntervalSince(last) < Self.stallLimit
    }

    /// The photos being finished, by name, and how many wait for the next start.
    private func stoppingLine() -> String {
        let names = lock.withLock { inFlight }.map(disposal.relativeName(of:)).sorted()
        let waiting = queue.count
        let finishing = names.isEmpty
            ? "no photo in flight"
            : "finishing \(names.count) photo\(names.count == 1 ? "" : "s") in flight (\(names.joined(separator: ", ")))"
        return "\(finishing); \(waiting) waiting stay\(waiting == 1 ? "s" : "") in the inbox for the next start"
    }

    private func statusLine() -> String {
        let (snapshot, held) = lock.withLock { (counts, retryLater.count) }
        var line = "filed \(snapshot.filed), duplicates \(snapshot.duplicates), failed \(snapshot.failed), waiting \(queue.count)"
        if held > 0 { line += ", \(held) held back to be tried again (see the log)" }
        return line
    }

    /// Queues every file in the inbox; files modified in the last moments wait until they settle.
    private func scan() {
        // Renamed first, then listed with the rest, so that they settle like the rest.
        scanner.undecodableNames().forEach { giveShownName($0, queueing: false) }
        let now = Date()
        for path in scanner.files() {
            if let modified = InboxScanner.modificationDate(path), now.timeIntervalSince(modified) < Self.settleTime {
                lock.withLock { settling[path] = settling[path] ?? now }
            } else {
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
        let ready: [String] = lock.withLock {
            var ready = settling.keys.filter { path in
                guard let modified = InboxScanner.modificationDate(path) else { return true }
                return now.timeIntervalSince(modified) >= Self.settleTime
            }
            ready.forEach { settling.removeValue(forKey: $0) }
            let retry = retryLater.filter { now.timeIntervalSince($0.value) >= Self.retryDelay }.map(\.key)
            retry.forEach { retryLater.removeValue(forKey: $0) }
            ready += retry
            return ready
        }
        ready.forEach { queue.push($0) }
    }

    /// The language a photo's folder names: `inbox/de/x.jpg` is German; anything else the default.
    func language(of path: String) -> Language {
        let components = disposal.relativeName(of: path).split(separator: "/")
        guard components.count >= 2 else { return configuration.defaultLanguage }
        let folder = String(components[0])
        if let language = Language(name: folder) { return language }
        let first = lock.withLock { unknownFolders.insert(folder).inserted }
        if first {
            logger.warning("the inbox folder '\(folder)' names no known language (\(Language.allowedNames)); its photos are read as \(configuration.defaultLanguage)")
        }
        return configuration.defaultLanguage
    }

    private func work(with filer: PhotoFiler) {
        while let path = queue.pop() {
            lock.withLock { _ = inFlight.insert(path) }
            defer {
                lock.withLock {
                    inFlight.remove(path)
                    lastProgress = Date()
                }
                queue.finish(path)
            }
            let name = disposal.relativeName(of: path)
            if let copy = lock.withLock({ leftBehind.removeValue(forKey: path) }), Disposal.sameFile(path, copy) {
                remove(path, copy: copy)
                continue
            }
            let observer = timingsLog == nil ? nil : StageObserver()
            let outcome = filer.file(path: path, name: name, language: language(of: path), observer: observer)
            if let observer, let error = timingsLog?.write(observer.finished().jsonLine(file: name, outcome: outcome.name)) {
                logger.warning("the timings of \(name) could not be written: \(error)")
            }
            switch outcome {
            case let .filed(word, book):
                lock.withLock { counts.filed += 1 }
                logger.info("filed \(name) as \"\(word.word)\" (#\(word.id ?? 0), confidence \(word.confidence), book \(book))")
                archive(path, day: book)
            case let .duplicate(word, _, captureDay):
                lock.withLock { counts.duplicates += 1 }
                logger.info("\(name) repeats #\(word.id ?? 0) (\"\(word.word)\"); not filed again")
                archive(path, day: captureDay)
            case let .settling(reason):
                // Perhaps still being written: tried again once it has been left alone.
                logger.debug("\(name) is tried again once it is left alone: \(reason)")
                lock.withLock { settling[path] = Date() }
                continue
            case let .failed(reason):
                lock.withLock { counts.failed += 1 }
                logger.error("\(name) failed: \(reason)")
                do {
                    try disposal.fail(path, reason: reason)
                } catch {
                    keep(path, after: error, saying: "\(name) could not be moved to failed/: \(error)")
                }
            case let .deferred(reason):
                logger.warning("\(name) stays in the inbox and is tried again in \(Int(Self.retryDelay)) s: \(reason)")
                holdBack(path)
            case .gone:
                break
            case let .halted(reason):
                // Not the photo's fault: it stays in the inbox, and so does every other.
                let first = lock.withLock {
                    defer { halted = halted ?? reason }
                    return halted == nil
                }
                if first {
                    logger.critical("\(name) stays in the inbox, as every photo does: \(reason); the worker stops")
                    workerLock?.record(note: "stopped at \(CaptureCalendar(timeZone: configuration.timeZone).iso8601(Date())): \(reason)")
                    notifier.notify("STATUS=stopped: \(reason)", mayDrop: false)
                    queue.close()
                    stop.signal()
                }
            }
            notifier.notify("STATUS=\(statusLine())")
        }
    }

    private func holdBack(_ path: String) {
        lock.withLock { retryLater[path] = Date() }
    }

    private func archive(_ path: String, day: String) {
        do {
            try disposal.archive(path, day: day)
        } catch {
            keep(path, after: error, saying: "\(error)")
        }
    }

    /// A photo its disposal left in the inbox: the log says why, and it is tried again later.
    private func keep(_ path: String, after error: Error, saying message: String) {
        if let error = error as? DisposalError, case let .copied(copy) = error.left {
            lock.withLock { leftBehind[path] = copy }
        }
        logger.error("\(message); it stays in the inbox and is tried again in \(Int(Self.retryDelay)) s")
        holdBack(path)
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
