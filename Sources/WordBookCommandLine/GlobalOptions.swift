import ArgumentParser
import Foundation
import Logging
import WordBookSettings
import WordBookStore
import WordBookVocabulary

/// Options every command takes.
public struct GlobalOptions: ParsableArguments {
    public init() {}

    @Option(name: .long, help: ArgumentHelp("The SQLite file to use instead of the configured one.", valueName: "path"))
    public var db: Path?

    @Option(name: .long, help: ArgumentHelp("The configuration file (default: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).", valueName: "path"))
    public var config: Path?

    public func loadConfiguration() throws -> Configuration {
        try Configuration.load(explicitPath: config?.path)
    }

    public func paths(_ configuration: Configuration) throws -> DataPaths {
        let paths = try DataPaths.resolve(configuration, databaseOverride: db?.path)
        paths.shareWithGroupWhenSystemWide()
        return paths
    }

    /// The database for commands that read or settle words: it must exist already. A command that
    /// only reads opens it `readingOnly`, so that a word book this user may not write is still read,
    /// and nothing is left beside it (see `AppDatabase.openForReading`).
    public func openExisting(readingOnly: Bool = false) throws -> (AppDatabase, Configuration) {
        let configuration = try loadConfiguration()
        let path = try paths(configuration).database
        // SQLite would make a new, empty log and fail with "disk I/O error" on the worker's frames.
        let log = AppDatabase.writeAheadLogPath(of: path)
        if WorkerLock.holder(database: path) != nil, FileManager.default.fileExists(atPath: path + "-shm"),
           !FileManager.default.fileExists(atPath: log) {
            throw StoreError.other("the database's write-ahead log \(log) is missing: it was deleted while the worker runs, which saves the words it holds and stops by itself; start the worker again (wordbook run, or systemctl restart wordbook), then try again")
        }
        if readingOnly, !FileManager.default.fileExists(atPath: path) { throw StoreError.missing(path: path) }
        let database = try readingOnly ? AppDatabase.openForReading(path: path) : AppDatabase.open(path: path, create: false)
        return (database, configuration)
    }
}

public func makeLogger(_ label: String) -> Logger {
    var logger = Logger(label: label) { StderrLogHandler(label: $0) }
    logger.logLevel = .info
    return logger
}

/// A word ID as the learner types it.
public struct WordID: ExpressibleByArgument {
    public let value: Int64

    public init?(argument: String) {
        guard let value = Int64(argument.trimmingCharacters(in: CharacterSet(charactersIn: "#"))), value > 0 else { return nil }
        self.value = value
    }
}

/// A file or folder named on the command line; shells complete it as a file name.
public struct Path: ExpressibleByArgument, CustomStringConvertible {
    public let path: String

    public init?(argument: String) {
        guard !argument.isEmpty else { return nil }
        path = argument
    }

    public var description: String { path }

    public static var defaultCompletionKind: CompletionKind { .file() }
}

/// A language as the learner names it: `de`, `deu`, `german`, `deutsch`.
extension Language: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(name: argument)
    }

    public static var allValueStrings: [String] { supported.map(\.code) }

    public var defaultValueDescription: String { code }

    /// `--language`'s parsing: an unknown name is refused in one sentence that names the languages.
    public static func option(_ name: String) throws -> Language {
        guard let language = Language(argument: name) else {
            throw ValidationError("a language is one of \(allowedNames).")
        }
        return language
    }
}

/// `--workers`, for the commands that recognise photos.
public struct WorkerOption: ParsableArguments {
    public init() {}

    @Option(help: "Worker threads (default: capture.workers, or the number of cores).")
    public var workers: Int?

    public func validate() throws {
        let range = Configuration.workerRange
        if let workers, !range.contains(workers) {
            throw ValidationError("--workers must be from \(range.lowerBound) to \(range.upperBound).")
        }
    }
}

/// A date the learner types: `YYYY-MM-DD`.
public func parseDay(_ text: String, option: String, calendar: CaptureCalendar) throws -> String {
    guard calendar.startOfDay(text) != nil else {
        throw ValidationError("\(option) must be a date written YYYY-MM-DD, such as 2026-10-24, not '\(text)'.")
    }
    return text
}

/// The options that choose words by capture day, language, state and tag: `list` and
/// `export --format apkg`.
public struct WordFilter: ParsableArguments {
    public init() {}

    @Option(help: ArgumentHelp("Capture days from this one on.", valueName: "YYYY-MM-DD"))
    public var from: String?
    @Option(help: ArgumentHelp("Capture days up to this one.", valueName: "YYYY-MM-DD"))
    public var to: String?
    @Option(help: ArgumentHelp("Only words of this language: \(Language.allowedNames).", valueName: "L"),
            completion: .list(Language.allValueStrings), transform: Language.option)
    public var language: Language?
    @Option(help: "Only words in this state: proposed, confirmed or rejected.")
    public var status: WordStatus?
    @Option(help: ArgumentHelp("Only words with this tag.", valueName: "name"))
    public var tag: String?

    public var isEmpty: Bool { from == nil && to == nil && language == nil && status == nil && tag == nil }

    /// `query` narrowed by these options; a day that is not a date is a one-sentence error.
    public func applied(to query: WordQuery, calendar: CaptureCalendar) throws -> WordQuery {
        var query = query
        query.from = try from.map { try parseDay($0, option: "--from", calendar: calendar) }
        query.to = try to.map { try parseDay($0, option: "--to", calendar: calendar) }
        query.language = language
        query.status = status
        query.tag = tag
        return query
    }
}

extension WordStatus: ExpressibleByArgument {}
