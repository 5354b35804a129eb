import Foundation

public enum PathError: Error, CustomStringConvertible {
    case noDataFolder

    public var description: String {
        "no data folder is known: set STATE_DIRECTORY, XDG_DATA_HOME or HOME, or paths.data in the configuration"
    }
}

/// Where the database, the inbox, the archive and the failed photos live.
public struct DataPaths: Sendable, Equatable {
    public var database: String
    public var inbox: String
    public var archive: String
    public var failed: String

    public init(database: String, inbox: String, archive: String, failed: String) {
        self.database = database
        self.inbox = inbox
        self.archive = archive
        self.failed = failed
    }

    /// The data folder is `$STATE_DIRECTORY` under systemd, else `$XDG_DATA_HOME/wordbook`
    /// (`~/.local/share/wordbook`); each path can be set in the configuration, and `--db` wins for the database.
    public static func resolve(
        _ configuration: Configuration, databaseOverride: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> DataPaths {
        func nonEmpty(_ key: String) -> String? { environment[key].flatMap { $0.isEmpty ? nil : $0 } }
        let data: String
        if !configuration.dataFolder.isEmpty {
            data = configuration.dataFolder
        } else if let state = nonEmpty("STATE_DIRECTORY") {
            // systemd may list several folders separated by colons; the first is ours.
            data = String(state.split(separator: ":").first ?? Substring(state))
        } else if let xdg = nonEmpty("XDG_DATA_HOME") {
            data = "\(xdg)/wordbook"
        } else if let home = nonEmpty("HOME") {
            data = "\(home)/.local/share/wordbook"
        } else {
            throw PathError.noDataFolder
        }
        func path(_ configured: String, _ name: String) -> String {
            configured.isEmpty ? "\(data)/\(name)" : configured
        }
        return DataPaths(
            database: databaseOverride ?? path(configuration.databasePath, "wordbook.sqlite"),
            inbox: path(configuration.inboxPath, "inbox"),
            archive: path(configuration.archivePath, "archive"),
            failed: path(configuration.failedPath, "failed"))
    }
}
