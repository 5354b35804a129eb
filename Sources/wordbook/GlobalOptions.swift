import ArgumentParser
import Foundation
import Logging
import WordBookKit

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The SQLite file to use instead of the configured one.", valueName: "path"))
    var db: String?

    @Option(name: .long, help: ArgumentHelp("The configuration file (default: $WORDBOOK_CONFIG, then $XDG_CONFIG_HOME/wordbook/config.toml, then /etc/wordbook/config.toml).", valueName: "path"))
    var config: String?

    func loadConfiguration() throws -> Configuration {
        try Configuration.load(explicitPath: config)
    }

    func paths(_ configuration: Configuration) throws -> DataPaths {
        try DataPaths.resolve(configuration, databaseOverride: db)
    }

    /// The database for commands that read or settle words: it must exist already.
    func openExisting() throws -> (AppDatabase, Configuration) {
        let configuration = try loadConfiguration()
        let database = try AppDatabase.open(path: try paths(configuration).database, create: false)
        return (database, configuration)
    }
}

func makeLogger(_ label: String) -> Logger {
    var logger = Logger(label: label) { StderrLogHandler(label: $0) }
    logger.logLevel = .info
    return logger
}

/// A word ID as the learner types it.
struct WordID: ExpressibleByArgument {
    let value: Int64

    init?(argument: String) {
        guard let value = Int64(argument.trimmingCharacters(in: CharacterSet(charactersIn: "#"))), value > 0 else { return nil }
        self.value = value
    }
}

/// A date the learner types: `YYYY-MM-DD`.
func parseDay(_ text: String, option: String, calendar: CaptureCalendar) throws -> String {
    guard calendar.startOfDay(text) != nil else {
        throw ValidationError("\(option) must be a date written YYYY-MM-DD, such as 2026-10-24, not '\(text)'.")
    }
    return text
}
