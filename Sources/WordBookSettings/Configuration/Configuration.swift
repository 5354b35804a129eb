import Foundation
import TOMLKit
import WordBookVocabulary

public enum ConfigurationError: Error, CustomStringConvertible, Equatable {
    case unreadable(file: String, reason: String)
    case syntax(file: String, line: Int, reason: String)
    case unknownSection(file: String, section: String, allowed: [String])
    case unknownKey(file: String, key: String, allowed: [String])
    case badValue(file: String, key: String, allowed: String)

    public var description: String {
        switch self {
        case let .unreadable(file, reason):
            return "the configuration file \(file) could not be read: \(reason)"
        case let .syntax(file, line, reason):
            return "the configuration file \(file) is not valid TOML at line \(line): \(reason)"
        case let .unknownSection(file, section, allowed):
            return "\(file): unknown section [\(section)]; allowed sections are \(allowed.map { "[\($0)]" }.joined(separator: ", "))"
        case let .unknownKey(file, key, allowed):
            return "\(file): unknown key \(key); allowed keys here are \(allowed.joined(separator: ", "))"
        case let .badValue(file, key, allowed):
            return "\(file): \(key) must be \(allowed)"
        }
    }
}

/// What to do with the original photo once it is filed.
public enum AfterFiling: String, Sendable {
    case archive, delete
}

/// Which rule schedules the next review after a grade.
public enum SchedulerChoice: String, Sendable {
    /// The app's rule: fixed intervals by review count, scaled by the grade.
    case interval
    /// FSRS-6, as py-fsrs schedules it.
    case fsrs
}

/// How triage, review and show draw a word's photo.
public enum DisplayImages: String, Sendable, CaseIterable {
    /// The terminal's own image protocol when it has one (kitty, iTerm2, sixel), half blocks otherwise.
    case auto
    case kitty
    case iterm
    case sixel
    /// Unicode half blocks in 24-bit colour, which any terminal draws.
    case blocks
    /// No photo.
    case off

    /// "auto", "kitty", "iterm", "sixel", "blocks" or "off".
    public static let allowedNames = allCases.dropLast().map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        + " or \"\(DisplayImages.off.rawValue)\""
}

/// Every setting, with the defaults documented in config/wordbook.toml.
public struct Configuration: Sendable, Equatable {
    // [paths]; empty means "under the data folder".
    public var dataFolder: String = ""
    public var databasePath: String = ""
    public var inboxPath: String = ""
    public var archivePath: String = ""
    public var failedPath: String = ""
    // [capture]
    public var workers: Int = 0
    public var rescanInterval: Int = 300
    /// Seconds a stop waits for the photos in flight, a little under the unit's TimeoutStopSec=60:
    /// past it the worker ends of itself, saying which photos stay in the inbox.
    public var stopTimeout: Int = 50
    public var afterFiling: AfterFiling = .archive
    public var ignore: [String] = []
    public var maxPixels: Int = 100_000_000
    /// What decoding one image may take, in MB, its file's bytes included: 160 holds a 24-MP HEIC
    /// (an iPhone's default since the 15 Pro), which HEVC decodes only whole (155 MB).
    public var maxDecodeMegabytes: Int = 160
    public var maxFileMegabytes: Int = 200
    /// A proposal at least this confident is filed as confirmed; 0 files every proposal for the learner.
    public var autoConfirm: Int = 0
    // [recognition]
    public var defaultLanguage: Language = .english
    public var tessdata: String = ""
    /// The folder with the scene-text detector and recogniser; "" looks where the package and the build put them.
    public var models: String = ""
    // [storage]
    public var maxEdge: Int = 1600
    public var jpegQuality: Int = 80
    // [time]
    public var timeZoneName: String = ""
    // [review]
    public var scheduler: SchedulerChoice = .fsrs
    public var desiredRetention: Double = 0.9
    public var fsrsFuzz: Bool = false
    /// The local hour at which a review day starts, as Anki's "next day starts at".
    public var dayStartsAt: Int = 4
    /// How many new words a review day introduces at most.
    public var newPerDay: Int = 20
    /// FSRS's steps for a new word, and for a word forgotten, in seconds (Anki's defaults: 1 and 10 minutes; 10 minutes).
    public var learningSteps: [TimeInterval] = [60, 600]
    public var relearningSteps: [TimeInterval] = [600]
    // [display]
    public var images: DisplayImages = .auto
    // [gloss]
    /// Look up each word's meaning in the learner's own language when it is filed or corrected.
    public var glossEnabled: Bool = true
    /// The learner's own language, which glosses are written in; words in it get none.
    public var nativeLanguage: Language = .english
    /// Where the FreeDict dictionaries (`freedict-deu-eng.index`, `.dict.dz`) and hunspell's
    /// (`de_DE.aff`, `.dic`) are; Debian's packages put them here.
    public var dictionaryFolder: String = "/usr/share/dictd"
    public var hunspellFolder: String = "/usr/share/hunspell"
    /// Ding's German-English dictionary, as `trans-de-en` installs it.
    public var dingPath: String = "/usr/share/trans/de-en"
    /// Where Apertium's pairs (`apertium-eng-spa`, `apertium-fr-es`) put their analysers and tables.
    public var apertiumFolder: String = "/usr/share/apertium"

    // [web]
    /// Where the web app listens, `HOST:PORT`: loopback unless a LAN address is configured.
    public var webListen: String = "127.0.0.1:8080"
    /// How long a paired phone stays signed in, in days.
    public var webSessionDays: Int = 90
    /// PEM files for HTTPS served by the web app itself; both empty means plain HTTP.
    public var webTLSCertificate: String = ""
    public var webTLSKey: String = ""
    /// The address the phone opens (a reverse proxy's), for the pairing URL; "" means `listen`'s.
    public var webURL: String = ""

    /// The file the settings came from, or nil for the built-in defaults.
    public var source: String?

    public init() {}

    public var timeZone: TimeZone {
        TimeZone(identifier: timeZoneName) ?? TimeZone.current
    }

    /// Capture days and review dates in the configured time zone (`[capture] time_zone`).
    public var calendar: CaptureCalendar { CaptureCalendar(timeZone: timeZone, dayStartHour: dayStartsAt) }

    /// How many worker threads a command may ask for; `capture.workers` may also be 0, one per core.
    public static let workerRange = 1...64

    public var workerCount: Int {
        workers > 0 ? workers : ProcessInfo.processInfo.activeProcessorCount
    }

    public var tessdataPath: String? { tessdata.isEmpty ? nil : tessdata }

    /// `web.listen` split into its host and port; IPv6 hosts are written in brackets, `[::1]:8080`.
    public static func hostAndPort(_ listen: String) -> (host: String, port: Int)? {
        guard let colon = listen.lastIndex(of: ":"), let port = Int(listen[listen.index(after: colon)...]),
              (0...65_535).contains(port) else { return nil }
        var host = String(listen[..<colon])
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty, !host.contains(where: { $0 == " " || $0 == "/" }) else { return nil }
        return (host, port)
    }

    /// Where the web app listens.
    public var webAddress: (host: String, port: Int) { Self.hostAndPort(webListen) ?? ("127.0.0.1", 8080) }

    /// Whether the web app serves HTTPS itself.
    public var webServesTLS: Bool { !webTLSCertificate.isEmpty && !webTLSKey.isEmpty }

    /// Whether the phone reaches the web app over HTTPS: served by it, or by the reverse proxy that
    /// `url` names (`https://…`) in front of its plain HTTP. The session cookie is then `Secure`, so
    /// that the phone never sends it over plain HTTP, not even to the proxy's redirect.
    public var webReachedOverHTTPS: Bool { webServesTLS || webURL.lowercased().hasPrefix("https://") }
}

// MARK: - Loading

extension Configuration {
    /// Finds the file in this order (ARCHITECTURE.md, Where data lives): `--config`, `$WORDBOOK_CONFIG`,
    /// `$XDG_CONFIG_HOME/wordbook/config.toml`, `/etc/wordbook/config.toml`; defaults when none exists.
    public static func load(explicitPath: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Configuration {
        if let explicitPath {
            guard FileManager.default.fileExists(atPath: explicitPath) else {
                throw ConfigurationError.unreadable(file: explicitPath, reason: "no such file")
            }
            return try load(file: explicitPath)
        }
        if let fromEnvironment = environment["WORDBOOK_CONFIG"], !fromEnvironment.isEmpty {
            guard FileManager.default.fileExists(atPath: fromEnvironment) else {
                throw ConfigurationError.unreadable(file: fromEnvironment, reason: "no such file (named by WORDBOOK_CONFIG)")
            }
            return try load(file: fromEnvironment)
        }
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["HOME"].map { "\($0)/.config" }
        var candidates: [String] = []
        if let configHome { candidates.append("\(configHome)/wordbook/config.toml") }
        candidates.append("/etc/wordbook/config.toml")
        for candidate in candidates where FileManager.default.fileExists(atPath: candidate) {
            return try load(file: candidate)
        }
        return Configuration()
    }

    public static func load(file: String) throws -> Configuration {
        let text: String
        do {
            text = try String(contentsOfFile: file, encoding: .utf8)
        } catch {
            throw ConfigurationError.unreadable(file: file, reason: "it is missing, unreadable or not UTF-8")
        }
        var configuration = try parse(text, file: file)
        configuration.source = file
        return configuration
    }

    static let sections: [String: [String]] = [
        "paths": ["data", "database", "inbox", "archive", "failed"],
        "capture": ["workers", "rescan_interval", "stop_timeout", "after_filing", "ignore", "max_pixels", "max_decode_megabytes", "max_file_megabytes", "auto_confirm"],
        "recognition": ["default_language", "tessdata", "models"],
        "storage": ["max_edge", "jpeg_quality"],
        "time": ["time_zone"],
        "review": ["scheduler", "desired_retention", "fsrs_fuzz", "day_starts_at", "new_per_day", "learning_steps", "relearning_steps"],
        "display": ["images"],
        "gloss": ["enabled", "native_language", "dictionaries", "hunspell", "ding", "apertium"],
        "web": ["listen", "session_days", "tls_certificate", "tls_key", "url"],
    ]

    public static func parse(
        _ text: String, file: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> Configuration {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigurationError.syntax(file: file, line: error.source.begin.line, reason: error.description)
        }
        var configuration = Configuration()
        let reader = Reader(file: file, home: environment["HOME"].flatMap { $0.isEmpty ? nil : $0 })
        for (sectionName, value) in table {
            guard let allowed = sections[sectionName] else {
                throw ConfigurationError.unknownSection(file: file, section: sectionName, allowed: sections.keys.sorted())
            }
            guard let section = value.table else {
                throw ConfigurationError.badValue(file: file, key: sectionName, allowed: "a table ([\(sectionName)])")
            }
            for (key, value) in section {
                let name = "\(sectionName).\(key)"
                guard allowed.contains(key) else {
                    throw ConfigurationError.unknownKey(file: file, key: name, allowed: allowed.map { "\(sectionName).\($0)" })
                }
                switch name {
                case "paths.data": configuration.dataFolder = try reader.path(value, name)
                case "paths.database": configuration.databasePath = try reader.path(value, name)
                case "paths.inbox": configuration.inboxPath = try reader.path(value, name)
                case "paths.archive": configuration.archivePath = try reader.path(value, name)
                case "paths.failed": configuration.failedPath = try reader.path(value, name)
                case "capture.workers": configuration.workers = try reader.int(value, name, in: 0...workerRange.upperBound)
                case "capture.rescan_interval": configuration.rescanInterval = try reader.int(value, name, in: 0...86_400)
                case "capture.stop_timeout": configuration.stopTimeout = try reader.int(value, name, in: 1...3_600)
                case "capture.after_filing":
                    guard let choice = value.string.flatMap(AfterFiling.init(rawValue:)) else {
                        throw ConfigurationError.badValue(file: file, key: name, allowed: "\"archive\" or \"delete\"")
                    }
                    configuration.afterFiling = choice
                case "capture.ignore":
                    guard let array = value.array else {
                        throw ConfigurationError.badValue(file: file, key: name, allowed: "an array of file name patterns, such as [\"*.mov\"]")
                    }
                    configuration.ignore = try array.map { item in
                        guard let pattern = item.string, !pattern.isEmpty else {
                            throw ConfigurationError.badValue(file: file, key: name, allowed: "an array of file name patterns, such as [\"*.mov\"]")
                        }
                        return pattern
                    }
                case "capture.max_pixels": configuration.maxPixels = try reader.int(value, name, in: 1_000_000...1_000_000_000)
                case "capture.max_decode_megabytes": configuration.maxDecodeMegabytes = try reader.int(value, name, in: 16...4096)
                case "capture.max_file_megabytes": configuration.maxFileMegabytes = try reader.int(value, name, in: 1...4096)
                case "capture.auto_confirm": configuration.autoConfirm = try reader.int(value, name, in: 0...100)
                case "recognition.default_language": configuration.defaultLanguage = try reader.language(value, name)
                case "recognition.tessdata": configuration.tessdata = try reader.path(value, name)
                case "recognition.models": configuration.models = try reader.path(value, name)
                case "storage.max_edge": configuration.maxEdge = try reader.int(value, name, in: 64...10_000)
                case "storage.jpeg_quality": configuration.jpegQuality = try reader.int(value, name, in: 1...100)
                case "time.time_zone":
                    guard let zone = value.string, zone.isEmpty || TimeZone(identifier: zone) != nil else {
                        throw ConfigurationError.badValue(file: file, key: name, allowed: "an IANA time zone name such as \"Europe/Berlin\", or \"\" for the system's")
                    }
                    configuration.timeZoneName = zone
                case "review.scheduler":
                    guard let choice = value.string.flatMap(SchedulerChoice.init(rawValue:)) else {
                        throw ConfigurationError.badValue(file: file, key: name, allowed: "\"interval\" or \"fsrs\"")
                    }
                    configuration.scheduler = choice
                case "review.desired_retention":
                    guard let retention = value.double, retention > 0, retention < 1 else {
                        throw ConfigurationError.badValue(file: file, key: name, allowed: "a number between 0 and 1 (not 0 or 1), such as 0.9")
                    }
                    configuration.desiredRetention = retention
                case "review.fsrs_fuzz": configuration.fsrsFuzz = try reader.bool(value, name)
                case "review.day_starts_at": configuration.dayStartsAt = try reader.int(value, name, in: 0...23)
                case "review.new_per_day": configuration.newPerDay = try reader.int(value, name, in: 0...9999)
                case "review.learning_steps": configuration.learningSteps = try reader.steps(value, name)
                case "review.relearning_steps": configuration.relearningSteps = try reader.steps(value, name)
                case "display.images":
                    guard let choice = value.string.flatMap(DisplayImages.init(rawValue:)) else {
                        throw ConfigurationError.badValue(file: file, key: name, allowed: DisplayImages.allowedNames)
                    }
                    configuration.images = choice
                case "gloss.enabled": configuration.glossEnabled = try reader.bool(value, name)
                case "gloss.native_language": configuration.nativeLanguage = try reader.language(value, name)
                case "gloss.dictionaries": configuration.dictionaryFolder = try reader.folder(value, name)
                case "gloss.hunspell": configuration.hunspellFolder = try reader.folder(value, name)
                case "gloss.ding": configuration.dingPath = try reader.folder(value, name)
                case "gloss.apertium": configuration.apertiumFolder = try reader.folder(value, name)
                case "web.listen":
                    guard let listen = value.string, hostAndPort(listen) != nil else {
                        throw ConfigurationError.badValue(file: file, key: name, allowed: "an address and port such as \"127.0.0.1:8080\" or \"[::1]:8080\"")
                    }
                    configuration.webListen = listen
                case "web.session_days": configuration.webSessionDays = try reader.int(value, name, in: 1...3650)
                case "web.tls_certificate": configuration.webTLSCertificate = try reader.path(value, name)
                case "web.tls_key": configuration.webTLSKey = try reader.path(value, name)
                case "web.url":
                    guard let url = value.string, url.isEmpty || url.hasPrefix("http://") || url.hasPrefix("https://") else {
                        throw ConfigurationError.badValue(file: file, key: name, allowed: "an address starting with https:// or http://, or \"\" for listen's")
                    }
                    configuration.webURL = url
                default:
                    break
                }
            }
        }
        if configuration.webTLSCertificate.isEmpty != configuration.webTLSKey.isEmpty {
            throw ConfigurationError.badValue(
                file: file, key: configuration.webTLSKey.isEmpty ? "web.tls_key" : "web.tls_certificate",
                allowed: "set together with web.\(configuration.webTLSKey.isEmpty ? "tls_certificate" : "tls_key"): HTTPS needs both files")
        }
        return configuration
    }

    private struct Reader {
        let file: String
        /// What `~` stands for.
        let home: String?

        func path(_ value: TOMLValueConvertible, _ key: String) throws -> String {
            guard let text = value.string else {
                throw ConfigurationError.badValue(file: file, key: key, allowed: "a path in quotes, or \"\" for the default")
            }
            return text.isEmpty ? text : try absolute(text, key)
        }

        /// `~` and `~/...` expanded; a relative path refused, since the worker's current folder is
        /// not the learner's (systemd starts it in /).
        func absolute(_ text: String, _ key: String) throws -> String {
            var path = text
            if path == "~" || path.hasPrefix("~/") {
                guard let home else {
                    throw ConfigurationError.badValue(file: file, key: key, allowed: "a path starting with /, since HOME is not set to expand \"\(text)\"")
                }
                path = home + path.dropFirst()
            }
            guard path.hasPrefix("/") else {
                throw ConfigurationError.badValue(file: file, key: key, allowed: "an absolute path, starting with / or ~/, not the relative \"\(text)\"")
            }
            return path
        }

        func bool(_ value: TOMLValueConvertible, _ key: String) throws -> Bool {
            guard let flag = value.bool else {
                throw ConfigurationError.badValue(file: file, key: key, allowed: "true or false")
            }
            return flag
        }

        func language(_ value: TOMLValueConvertible, _ key: String) throws -> Language {
            guard let language = value.string.flatMap(Language.init(name:)) else {
                throw ConfigurationError.badValue(file: file, key: key, allowed: "one of \(Language.allowedNames)")
            }
            return language
        }

        func folder(_ value: TOMLValueConvertible, _ key: String) throws -> String {
            guard let text = value.string, !text.isEmpty else {
                throw ConfigurationError.badValue(file: file, key: key, allowed: "a folder's path in quotes")
            }
            return try absolute(text, key)
        }

        /// Steps as Anki writes them, `["1m", "10m"]`: each a whole number of minutes (m), hours (h)
        /// or days (d), shorter than a day in all; `[]` for none.
        func steps(_ value: TOMLValueConvertible, _ key: String) throws -> [TimeInterval] {
            let allowed = "a list of steps such as [\"1m\", \"10m\"] (minutes m, hours h), under a day in all, or [] for none"
            guard let array = value.array else { throw ConfigurationError.badValue(file: file, key: key, allowed: allowed) }
            let steps = try array.map { item -> TimeInterval in
                guard let text = item.string, let unit = text.last, let number = Int(text.dropLast()), number > 0,
                      let seconds = ["m": 60.0, "h": 3_600.0, "d": 86_400.0][String(unit)] else {
                    throw ConfigurationError.badValue(file: file, key: key, allowed: allowed)
                }
                return Double(number) * seconds
            }
            guard steps.reduce(0, +) < 86_400 else { throw ConfigurationError.badValue(file: file, key: key, allowed: allowed) }
            return steps
        }

        func int(_ value: TOMLValueConvertible, _ key: String, in range: ClosedRange<Int>) throws -> Int {
            guard let number = value.int, range.contains(number) else {
                throw ConfigurationError.badValue(file: file, key: key, allowed: "a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return number
        }
    }
}
