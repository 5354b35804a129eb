import ArgumentParser
import Foundation
import WordBookCommandLine
import WordBookGloss
import WordBookSettings
import WordBookStore
import WordBookVocabulary

struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show whether the worker runs, what waits in the inbox, what failed, and what was filed last.",
        discussion: "Example: wordbook status")

    @OptionGroup var options: GlobalOptions

    @Flag(help: "Print one JSON document.")
    var json = false

    struct StatusJSON: Encodable {
        struct Last: Encodable {
            var id: Int64
            var word: String
            var filedAt: String
            var source: String
        }

        /// Whether a worker holds the database's lock, and its pid when known.
        var worker: Bool
        var workerPid: Int32?
        /// What the worker says is wrong (its inbox watch lost); absent while all is well.
        var workerNote: String?
        var inbox: String
        var waiting: Int
        var failedFolder: String
        var failed: Int
        var database: String
        var words: Int?
        var pending: Int?
        var confirmedOnFiling: Int?
        var lastFiled: Last?
        /// Debian packages that would give the words' languages a gloss; empty when none is missing.
        var glossMissingPackages: [String]
        /// Why photos are read by Tesseract alone, when the scene-text models are missing.
        var sceneTextMissing: String?
        /// Why photos are read by Tesseract alone, when the scene-text library (or OpenCV) is missing.
        var sceneTextLibraryMissing: String?
        /// The Debian package that would let the scene-text library load, when OpenCV is what is missing.
        var sceneTextMissingPackage: String?
    }

    /// The packages missing to gloss the languages filed so far and the default one; nil with glosses off.
    func missingGlossPackages(_ configuration: Configuration, database: AppDatabase?) throws -> [String]? {
        guard configuration.glossEnabled else { return nil }
        let languages = Set(try database?.languages() ?? []).union([configuration.defaultLanguage])
        return Glossary(configuration).missingPackages(for: languages.sorted { $0.code < $1.code })
    }

    /// The sentence saying the scene-text models are missing, or nil when they are in place. Only whether
    /// the files are there: the worker checks their SHA-256 when it loads them and logs a mismatch.
    func sceneTextMissing(_ configuration: Configuration) -> String? {
        if case let .failure(missing) = SceneTextFiles.locate(configured: configuration.models) { return missing.description }
        return nil
    }

    /// Why the scene-text library (libwordbook-scenetext.so) would not load in the worker, or nil when it
    /// loads: the same search and the same dynamic loader as the worker's.
    func sceneTextLibraryMissing() -> SceneTextLibraryMissing? {
        if case let .failure(missing) = SceneTextLibrary.open() { return missing }
        return nil
    }

    func run() throws {
        let configuration = try options.loadConfiguration()
        let paths = try options.paths(configuration)
        let rules = IgnoreRules(extraPatterns: configuration.ignore)
        let waiting = InboxScanner(paths: paths, rules: rules).files().count
        let failed = InboxScanner(root: paths.failed, rules: rules).files().count
        let worker = WorkerLock.holder(database: paths.database)
        let lastNote = worker == nil ? WorkerLock.lastNote(database: paths.database) : nil
        if json {
            var status = StatusJSON(worker: worker != nil, workerPid: worker?.pid, workerNote: worker?.note ?? lastNote, inbox: paths.inbox, waiting: waiting,
                                    failedFolder: paths.failed, failed: failed, database: paths.database,
                                    glossMissingPackages: try missingGlossPackages(configuration, database: nil) ?? [],
                                    sceneTextMissing: sceneTextMissing(configuration))
            let library = sceneTextLibraryMissing()
            status.sceneTextLibraryMissing = library?.description
            status.sceneTextMissingPackage = library?.missingPackage
            if FileManager.default.fileExists(atPath: paths.database) {
                let database = try AppDatabase.open(path: paths.database, create: false)
                status.glossMissingPackages = try missingGlossPackages(configuration, database: database) ?? []
                let calendar = configuration.calendar
                status.words = try database.wordCount()
                status.pending = try database.wordCount(status: .proposed)
                status.confirmedOnFiling = try database.confirmedOnFilingCount()
                status.lastFiled = try database.lastFiled().map {
                    StatusJSON.Last(id: $0.id ?? 0, word: $0.word, filedAt: calendar.iso8601($0.createdAt), source: $0.sourceName)
                }
            }
            try printJSON(status)
            return
        }
        if let worker {
            print("worker     pid \(worker.pid.map(String.init) ?? "unknown") is filing into \(paths.database)")
            if let note = worker.note { print("watch      \(note.escapingControlCharacters)") }
        } else if let other = WorkerLock.holder(inbox: paths.inbox) {
            print("worker     none on this database; pid \(other.pid.map(String.init) ?? "unknown") watches \(paths.inbox) for another one")
        } else if let lastNote {
            print("worker     not running: the last one \(lastNote.escapingControlCharacters)")
        } else {
            print("worker     not running (start it with wordbook run, or systemctl start wordbook)")
        }
        print("inbox      \(waiting) photo\(waiting == 1 ? "" : "s") waiting in \(paths.inbox)")
        let oldest = InboxScanner(paths: paths, rules: rules).files()
            .compactMap { InboxScanner.modificationDate($0) }.min()
        if let oldest, Date().timeIntervalSince(oldest) > 600 {
            let minutes = Int(Date().timeIntervalSince(oldest) / 60)
            print("           the oldest has waited \(minutes) minutes" + (worker == nil ? "" : ": the worker's log says why it is held back"))
        }
        let folder = (paths.database as NSString).deletingLastPathComponent
        if let free = freeBytes(at: folder), free < 50 * 1_048_576 {
            print("disk       only \(free / 1_048_576) MB free under \(folder): photos stay in the inbox while the disk is full")
        }
        print("failed     \(failed) in \(paths.failed)\(failed > 0 ? " (each with NAME.error.txt)" : "")")
        let database = FileManager.default.fileExists(atPath: paths.database)
            ? try AppDatabase.open(path: paths.database, create: false) : nil
        if let missing = try missingGlossPackages(configuration, database: database), !missing.isEmpty {
            print("glosses    a dictionary is missing, words are filed without a gloss: sudo apt-get install \(missing.joined(separator: " "))")
        }
        if let missing = sceneTextMissing(configuration) {
            print("reading    \(missing)")
        }
        if let missing = sceneTextLibraryMissing() {
            print("reading    \(missing)")
        }
        guard let database else {
            print("database   none yet at \(paths.database)")
            return
        }
        let calendar = configuration.calendar
        if let last = try database.lastFiled() {
            print("last filed #\(last.id ?? 0) \"\(last.word.escapingControlCharacters)\" at \(calendar.iso8601(last.createdAt)) from \(last.sourceName.escapingControlCharacters)")
        } else {
            print("last filed nothing yet")
        }
        let onFiling = try database.confirmedOnFilingCount()
        print("words      \(try database.wordCount()) (\(try database.wordCount(status: .proposed)) waiting for you"
            + (onFiling > 0 ? ", \(onFiling) confirmed on filing by auto_confirm)" : ")"))
    }
}

/// Bytes free for an ordinary user on the file system holding `path`.
func freeBytes(at path: String) -> UInt64? {
    var info = statvfs()
    guard statvfs(path, &info) == 0 else { return nil }
    return UInt64(info.f_bavail) * UInt64(info.f_frsize)
}
