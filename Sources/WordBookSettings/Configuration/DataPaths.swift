import Foundation

public enum PathError: Error, CustomStringConvertible {
    case noDataFolder
    case sameFolder(key: String, folder: String)
    /// An inbox the worker would empty of files that are not photos: the root, a home folder, a system folder.
    case unsafeInbox(folder: String, what: String)

    public var description: String {
        switch self {
        case .noDataFolder:
            return "no data folder is known: set STATE_DIRECTORY, XDG_DATA_HOME or HOME, or paths.data in the configuration"
        case let .unsafeInbox(folder, what):
            return "paths.inbox is \(folder), \(what), whose files the worker would move to archive/ and failed/: give the inbox a folder of its own, such as \(folder == "/" ? "/srv/wordbook/inbox" : "~/wordbook-inbox")"
        case let .sameFolder(key, folder):
            return "\(key) is the inbox itself (\(folder)), where a photo could never leave the inbox: give it a folder of its own, such as \(folder)/\(key == "paths.archive" ? "archive" : "failed")"
        }
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

    /// The package's system-wide word book (/var/lib/wordbook: setgid group wordbook, mode 2770) is
    /// shared by the worker and every member of the group, so whatever either creates there (the
    /// database, SQLite's -wal and -shm, the lock, the inbox's folders) must stay writable by the
    /// group: on a database folder that is setgid and group-writable, the umask's group bits are
    /// cleared. Anywhere else the learner's own umask stands (077 keeps everything private).
    public func shareWithGroupWhenSystemWide() {
        var info = stat()
        let folder = (database as NSString).deletingLastPathComponent
        guard stat(folder.isEmpty ? "." : folder, &info) == 0,
              info.st_mode & S_ISGID != 0, info.st_mode & S_IWGRP != 0 else { return }
        let current = umask(0)
        umask(current & ~0o070)
    }

    /// Where the worker keeps a filed photo's original: `archive/DAY/NAME`, DAY its word book's day and
    /// NAME the file's own name; when that is taken (a photo of the same name filed that day before),
    /// the worker tries `NAME (2)`, `NAME (3)` and so on: `attempt` names those.
    public static func archivedOriginal(in archive: String, day: String, sourceName: String, attempt: Int = 1) -> String {
        let name = (sourceName as NSString).lastPathComponent as NSString
        return "\(archive)/\(day)/\(numberedName(stem: name.deletingPathExtension, ext: name.pathExtension, attempt))"
    }

    public func archivedOriginal(day: String, sourceName: String, attempt: Int = 1) -> String {
        Self.archivedOriginal(in: archive, day: day, sourceName: sourceName, attempt: attempt)
    }

    /// `stem.ext`, `stem (2).ext`, ..., the stem shortened to keep the name within 255 bytes.
    public static func numberedName(stem: String, ext: String, _ attempt: Int) -> String {
        let suffix = (attempt == 1 ? "" : " (\(attempt))") + (ext.isEmpty ? "" : ".\(ext)")
        var stem = stem
        while stem.utf8.count + suffix.utf8.count > 255 && !stem.isEmpty { stem.removeLast() }
        return stem + suffix
    }

    /// The database and the files SQLite and the worker keep beside it.
    public var ownFiles: [String] {
        [database, database + "-wal", database + "-shm", database + "-journal", WorkerLock.lockFile(database: database)]
    }

    /// Refuses the overlaps that cannot work: an archive or a failed folder that is the inbox itself
    /// (a photo moved there would still be in the inbox). The others are safe: the inbox's scan
    /// leaves out the archive, failed/ and the database wherever they are.
    public func checkOverlaps(home: String? = ProcessInfo.processInfo.environment["HOME"]) throws {
        for (key, folder) in [("paths.archive", archive), ("paths.failed", failed)] where Self.sameFolder(folder, inbox) {
            throw PathError.sameFolder(key: key, folder: inbox)
        }
        if let what = Self.unsafeInbox(inbox, home: home) { throw PathError.unsafeInbox(folder: inbox, what: what) }
    }

    /// Folders of the system, whose files are no photos for the learner to file.
    static let systemFolders = ["/bin", "/boot", "/dev", "/etc", "/lib", "/lib32", "/lib64", "/libx32", "/proc", "/run",
                                "/sbin", "/sys", "/usr", "/var/lib/dpkg", "/var/log"]

    /// What makes `inbox` no place for an inbox (the root, a home folder, a system folder), nil when nothing does.
    static func unsafeInbox(_ inbox: String, home: String?) -> String? {
        let path = URL(fileURLWithPath: inbox).standardizedFileURL.path
        if path == "/" || sameFolder(inbox, "/") { return "the root of the file system" }
        if let home, !home.isEmpty, home != "/", sameFolder(inbox, home) { return "your home folder" }
        if path == "/home" || (path.hasPrefix("/home/") && !path.dropFirst(6).contains("/")) { return "a home folder" }
        if let system = systemFolders.first(where: { path == $0 || path.hasPrefix($0 + "/") }) {
            return "in \(system), a folder of the system"
        }
        return nil
    }

    /// The same folder, by the file system's identity when both exist, else by their spelling.
    static func sameFolder(_ a: String, _ b: String) -> Bool {
        var first = stat(), second = stat()
        if stat(a, &first) == 0, stat(b, &second) == 0 {
            return first.st_dev == second.st_dev && first.st_ino == second.st_ino
        }
        return URL(fileURLWithPath: a).standardizedFileURL.path == URL(fileURLWithPath: b).standardizedFileURL.path
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
