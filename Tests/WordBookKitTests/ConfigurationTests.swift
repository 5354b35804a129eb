import Foundation
import Testing
@testable import WordBookCommandLine
@testable import WordBookSettings
@testable import WordBookStore
import WordBookVocabulary

@Suite struct ConfigurationTests {
    @Test func theDocumentedFileParsesToTheDefaults() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("config/wordbook.toml").path
        var parsed = try Configuration.load(file: file)
        parsed.source = nil
        #expect(parsed == Configuration())
    }

    @Test func valuesAreRead() throws {
        let configuration = try Configuration.parse("""
            [paths]
            inbox = "/srv/sync/wordbook"
            [capture]
            workers = 3
            after_filing = "delete"
            ignore = ["*.heic"]
            [recognition]
            default_language = "de"
            [storage]
            max_edge = 1200
            [time]
            time_zone = "Europe/Berlin"
            """, file: "test.toml")
        #expect(configuration.inboxPath == "/srv/sync/wordbook")
        #expect(configuration.workerCount == 3)
        #expect(configuration.afterFiling == .delete)
        #expect(configuration.ignore == ["*.heic"])
        #expect(configuration.defaultLanguage == .german)
        #expect(configuration.maxEdge == 1200)
        #expect(configuration.timeZone.identifier == "Europe/Berlin")
    }

    @Test func theReviewSchedulerIsChosenInTheConfiguration() throws {
        // FSRS with Anki's steps by default, as Anki since 23.10; the app's rule on request.
        #expect(Configuration().reviewScheduler == .fsrs(FSRSScheduler(desiredRetention: 0.9, learningSteps: [60, 600], relearningSteps: [600], enableFuzzing: false)))
        #expect(try Configuration.parse("[review]\nscheduler = \"interval\"", file: "test.toml").reviewScheduler == .interval)
        let day = try Configuration.parse("[review]\nday_starts_at = 5\nnew_per_day = 7\nlearning_steps = [\"2m\", \"1h\"]\nrelearning_steps = []", file: "test.toml")
        #expect(day.calendar.dayStartHour == 5 && day.newPerDay == 7 && day.fsrs.learningSteps == [120, 3600] && day.fsrs.relearningSteps.isEmpty)
        #expect(throws: ConfigurationError.self) { try Configuration.parse("[review]\nlearning_steps = [\"10 minutes\"]", file: "test.toml") }
        #expect(throws: ConfigurationError.self) { try Configuration.parse("[review]\nday_starts_at = 24", file: "test.toml") }
        let configuration = try Configuration.parse("""
            [review]
            scheduler = "fsrs"
            desired_retention = 0.85
            """, file: "test.toml")
        #expect(configuration.reviewScheduler == .fsrs(FSRSScheduler(desiredRetention: 0.85, enableFuzzing: false)))
        let fuzzed = try Configuration.parse("[review]\nscheduler = \"fsrs\"\nfsrs_fuzz = true", file: "test.toml")
        #expect(fuzzed.reviewScheduler == .fsrs(FSRSScheduler(desiredRetention: 0.9, enableFuzzing: true)))
        #expect(throws: ConfigurationError.badValue(
            file: "w.toml", key: "review.desired_retention", allowed: "a number between 0 and 1 (not 0 or 1), such as 0.9")) {
            try Configuration.parse("[review]\ndesired_retention = 1.5", file: "w.toml")
        }
    }

    @Test func theGlossSectionNamesTheLearnersOwnLanguage() throws {
        #expect(Configuration().glossEnabled && Configuration().nativeLanguage == .english)
        let configuration = try Configuration.parse("[gloss]\nenabled = false\nnative_language = \"de\"", file: "test.toml")
        #expect(!configuration.glossEnabled)
        #expect(configuration.nativeLanguage == .german)
    }

    @Test func anUnknownKeyNamesTheFileTheKeyAndWhatIsAllowed() {
        #expect(throws: ConfigurationError.unknownKey(
            file: "w.toml", key: "storage.max_size", allowed: ["storage.max_edge", "storage.jpeg_quality"])) {
            try Configuration.parse("[storage]\nmax_size = 3", file: "w.toml")
        }
    }

    @Test(arguments: [
        ("[storage]\njpeg_quality = 101", "storage.jpeg_quality"),
        ("[storage]\njpeg_quality = \"high\"", "storage.jpeg_quality"),
        ("[capture]\nafter_filing = \"shred\"", "capture.after_filing"),
        ("[recognition]\ndefault_language = \"tlh\"", "recognition.default_language"),
        ("[time]\ntime_zone = \"Mars/Olympus\"", "time.time_zone"),
        ("[capture]\nworkers = -1", "capture.workers"),
        ("[review]\nscheduler = \"sm2\"", "review.scheduler"),
        ("[review]\ndesired_retention = 1.0", "review.desired_retention"),
        ("[review]\ndesired_retention = 0.0", "review.desired_retention"),
        ("[review]\ndesired_retention = 1", "review.desired_retention"),
        ("[review]\nfsrs_fuzz = \"no\"", "review.fsrs_fuzz"),
        ("[gloss]\nenabled = 1", "gloss.enabled"),
        ("[gloss]\nnative_language = \"klingon\"", "gloss.native_language"),
    ])
    func aBadValueNamesItsKey(text: String, key: String) {
        do {
            _ = try Configuration.parse(text, file: "/etc/wordbook/config.toml")
            Issue.record("accepted \(text)")
        } catch let error as ConfigurationError {
            guard case let .badValue(file, badKey, allowed) = error else { Issue.record("\(error)"); return }
            #expect(file == "/etc/wordbook/config.toml" && badKey == key && !allowed.isEmpty)
            #expect(error.description.hasPrefix("/etc/wordbook/config.toml: \(key) must be"))
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func unknownSectionsAndBrokenSyntaxAreReported() {
        #expect(throws: ConfigurationError.self) { try Configuration.parse("[camera]\nx = 1", file: "w.toml") }
        do {
            _ = try Configuration.parse("[storage\nmax_edge = 3", file: "w.toml")
            Issue.record("accepted broken TOML")
        } catch let error as ConfigurationError {
            guard case let .syntax(file, line, _) = error else { Issue.record("\(error)"); return }
            #expect(file == "w.toml" && line == 1)
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func theLookupOrderIsOptionThenEnvironmentThenXDGThenEtc() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wordbook-config-\(UUID())").path
        try FileManager.default.createDirectory(atPath: "\(folder)/xdg/wordbook", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "[storage]\nmax_edge = 1000".write(toFile: "\(folder)/xdg/wordbook/config.toml", atomically: true, encoding: .utf8)
        try "[storage]\nmax_edge = 900".write(toFile: "\(folder)/env.toml", atomically: true, encoding: .utf8)
        try "[storage]\nmax_edge = 800".write(toFile: "\(folder)/option.toml", atomically: true, encoding: .utf8)

        var environment = ["XDG_CONFIG_HOME": "\(folder)/xdg"]
        #expect(try Configuration.load(explicitPath: nil, environment: environment).maxEdge == 1000)
        environment["WORDBOOK_CONFIG"] = "\(folder)/env.toml"
        #expect(try Configuration.load(explicitPath: nil, environment: environment).maxEdge == 900)
        #expect(try Configuration.load(explicitPath: "\(folder)/option.toml", environment: environment).maxEdge == 800)
        #expect(throws: ConfigurationError.self) {
            try Configuration.load(explicitPath: "\(folder)/missing.toml", environment: environment)
        }
    }

    @Test func dataPathsFollowSystemdThenXDG() throws {
        let defaults = Configuration()
        let underSystemd = try DataPaths.resolve(defaults, environment: ["STATE_DIRECTORY": "/var/lib/wordbook", "HOME": "/root"])
        #expect(underSystemd.database == "/var/lib/wordbook/wordbook.sqlite")
        #expect(underSystemd.inbox == "/var/lib/wordbook/inbox")
        let xdg = try DataPaths.resolve(defaults, environment: ["XDG_DATA_HOME": "/home/a/.data", "HOME": "/home/a"])
        #expect(xdg.archive == "/home/a/.data/wordbook/archive")
        let home = try DataPaths.resolve(defaults, databaseOverride: "/tmp/x.sqlite", environment: ["HOME": "/home/a"])
        #expect(home.failed == "/home/a/.local/share/wordbook/failed")
        #expect(home.database == "/tmp/x.sqlite")
    }

    @Test func aTildeInAPathIsTheHomeFolder() throws {
        let configuration = try Configuration.parse("""
            [paths]
            data = "~/wordbook"
            inbox = "~"
            [recognition]
            models = "~/models"
            """, file: "test.toml", environment: ["HOME": "/home/ana"])
        #expect(configuration.dataFolder == "/home/ana/wordbook")
        #expect(configuration.inboxPath == "/home/ana")
        #expect(configuration.models == "/home/ana/models")
    }

    @Test(arguments: ["paths.data", "paths.inbox", "paths.archive", "paths.failed", "paths.database",
                      "recognition.models", "recognition.tessdata", "gloss.dictionaries"])
    func aRelativePathIsRefusedNamingTheKey(key: String) throws {
        let parts = key.split(separator: ".")
        let error = #expect(throws: ConfigurationError.self) {
            try Configuration.parse("[\(parts[0])]\n\(parts[1]) = \"photos/in\"", file: "w.toml", environment: ["HOME": "/home/ana"])
        }
        let message = error.map(String.init(describing:)) ?? ""
        #expect(message.contains(key) && message.contains("absolute") && message.contains("photos/in"), "\(message)")
    }

    @Test func aTildeWithoutHomeIsRefused() throws {
        let error = #expect(throws: ConfigurationError.self) {
            try Configuration.parse("[paths]\ninbox = \"~/in\"", file: "w.toml", environment: [:])
        }
        #expect(String(describing: error).contains("HOME"))
    }
}
