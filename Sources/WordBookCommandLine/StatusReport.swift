import Foundation
import Glibc
import WordBookGloss
import WordBookSettings
import WordBookStore
import WordBookVocabulary

/// What `wordbook status` and the web app's status page say: whether the worker runs, what waits in
/// the inbox, what failed, what is missing for reading and glosses, and what was filed last.
public struct StatusReport: Sendable {
    public var paths: DataPaths
    /// The worker filing into this database, when one holds its lock.
    public var worker: WorkerLock.Holder?
    /// A worker watching this inbox for another database.
    public var otherWorker: WorkerLock.Holder?
    /// What the last worker said when it stopped, while none runs.
    public var lastNote: String?
    public var waiting: Int
    public var oldestWaiting: Date?
    public var failed: [String]
    /// Bytes free under the database's folder.
    public var freeBytes: UInt64?
    /// Debian packages that would gloss the languages filed and the default one; nil with glosses off.
    public var glossMissingPackages: [String]?
    /// Why photos are read by Tesseract alone: the scene-text models missing.
    public var sceneTextMissing: String?
    /// Why photos are read by Tesseract alone: the scene-text library, or OpenCV, missing.
    public var sceneTextLibraryMissing: SceneTextLibraryMissing?
    /// Nil when there is no database yet, or when it cannot be read.
    public var database: AppDatabase?
    /// Why the database could not be opened or read (damaged, not a database): the rest is still reported.
    public var databaseError: (any Error)?
    public var calendar: CaptureCalendar

    /// `database` is the word book when the caller has it open already. `checkingLibrary` loads the
    /// scene-text library as the worker would, to say whether it loads; the web app leaves that out,
    /// since loading it would bring OpenCV into its process.
    public init(configuration: Configuration, paths: DataPaths, database open: AppDatabase? = nil, checkingLibrary: Bool = true) throws {
        self.paths = paths
        calendar = configuration.calendar
        let rules = IgnoreRules(extraPatterns: configuration.ignore)
        let inbox = InboxScanner(paths: paths, rules: rules).files()
        waiting = inbox.count
        oldestWaiting = inbox.compactMap { InboxScanner.modificationDate($0) }.min()
        failed = InboxScanner(root: paths.failed, rules: rules).files()
        worker = WorkerLock.holder(database: paths.database)
        otherWorker = worker == nil ? WorkerLock.holder(inbox: paths.inbox) : nil
        lastNote = worker == nil ? WorkerLock.lastNote(database: paths.database) : nil
        freeBytes = Self.freeBytes(at: (paths.database as NSString).deletingLastPathComponent)
        var languages: [Language] = []
        do {
            database = try open ?? (FileManager.default.fileExists(atPath: paths.database) ? AppDatabase.openForReading(path: paths.database) : nil)
            languages = try database?.languages() ?? []
        } catch {
            database = nil
            databaseError = error
        }
        if configuration.glossEnabled {
            let wanted = Set(languages).union([configuration.defaultLanguage])
            glossMissingPackages = Glossary(configuration).missingPackages(for: wanted.sorted { $0.code < $1.code })
        }
        // The worker's own check: the files are there and are the ones this WordBook was built for.
        switch SceneTextFiles.locate(configured: configuration.models) {
        case let .failure(missing): sceneTextMissing = missing.description
        case let .success(files):
            if let mismatch = files.mismatch() { sceneTextMissing = "\(mismatch); photos are read by Tesseract alone" }
        }
        if checkingLibrary, case let .failure(missing) = SceneTextLibrary.open() { sceneTextLibraryMissing = missing }
    }

    /// Bytes free for an ordinary user on the file system holding `path`.
    public static func freeBytes(at path: String) -> UInt64? {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return nil }
        return UInt64(info.f_bavail) * UInt64(info.f_frsize)
    }

    /// The report as `wordbook status` prints it: a label and a sentence a line (an empty label goes on
    /// with the line before); control characters are left for the printer to escape.
    public func lines(now: Date = Date()) -> [(label: String, text: String)] {
        var lines: [(String, String)] = []
        if let worker {
            lines.append(("worker", "pid \(worker.pid.map(String.init) ?? "unknown") is filing into \(paths.database)"))
            if let note = worker.note { lines.append(("watch", note)) }
        } else if let other = otherWorker {
            lines.append(("worker", "none on this database; pid \(other.pid.map(String.init) ?? "unknown") watches \(paths.inbox) for another one"))
        } else if let lastNote {
            lines.append(("worker", "not running: the last one \(lastNote)"))
        } else {
            lines.append(("worker", "not running (start it with wordbook run, or systemctl start wordbook)"))
        }
        lines.append(("inbox", "\(waiting) photo\(waiting == 1 ? "" : "s") waiting in \(paths.inbox)"))
        if let oldestWaiting, now.timeIntervalSince(oldestWaiting) > 600 {
            let minutes = Int(now.timeIntervalSince(oldestWaiting) / 60)
            lines.append(("", "the oldest has waited \(minutes) minutes" + (worker == nil ? "" : ": the worker's log says why it is held back")))
        }
        let folder = (paths.database as NSString).deletingLastPathComponent
        if let freeBytes, freeBytes < 50 * 1_048_576 {
            lines.append(("disk", "only \(freeBytes / 1_048_576) MB free under \(folder): photos stay in the inbox while the disk is full"))
        }
        lines.append(("failed", "\(failed.count) in \(paths.failed)\(failed.isEmpty ? "" : " (each with NAME.error.txt)")"))
        if let missing = glossMissingPackages, !missing.isEmpty {
            lines.append(("glosses", "a dictionary is missing, words are filed without a gloss: sudo apt-get install \(missing.joined(separator: " "))"))
        }
        if let sceneTextMissing { lines.append(("reading", sceneTextMissing)) }
        if let sceneTextLibraryMissing { lines.append(("reading", sceneTextLibraryMissing.description)) }
        if let databaseError {
            lines.append(("database", "\(paths.database) cannot be read: \(databaseError)"))
            return lines
        }
        guard let database else {
            lines.append(("database", "none yet at \(paths.database)"))
            return lines
        }
        do {
            if let last = try database.lastFiled() {
                lines.append(("last filed", "#\(last.id ?? 0) \"\(last.word)\" at \(calendar.iso8601(last.createdAt)) from \(last.sourceName)"))
            } else {
                lines.append(("last filed", "nothing yet"))
            }
            let onFiling = try database.confirmedOnFilingCount()
            lines.append(("words", "\(try database.wordCount()) (\(try database.wordCount(status: .proposed)) waiting for you"
                + (onFiling > 0 ? ", \(onFiling) confirmed on filing by auto_confirm)" : ")")))
        } catch {
            lines.append(("database", "\(paths.database) cannot be read: \(error)"))
        }
        return lines
    }

    /// Why each photo in failed/ failed: its name and the first line of its note (`FailureNote`),
    /// without the name it starts with, newest first, at most `limit`.
    public func failures(limit: Int) -> [(name: String, reason: String)] {
        let photos = failed.filter { !FailureNote.isNote($0) }
            .map { ($0, InboxScanner.modificationDate($0) ?? .distantPast) }
            .sorted { $0.1 > $1.1 }.prefix(limit)
        return photos.map { path, _ in
            let name = (path as NSString).lastPathComponent
            var reason = (try? String(contentsOfFile: FailureNote.path(for: path), encoding: .utf8))?
                .split(separator: "\n").first.map(String.init) ?? "no note says why"
            if reason.hasPrefix(name + ": ") { reason.removeFirst(name.count + 2) }
            return (name, reason)
        }
    }
}
